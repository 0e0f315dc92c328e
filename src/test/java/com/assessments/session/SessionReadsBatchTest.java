package com.assessments.session;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link SessionReads} lets reads that arrive while a statement is in flight share the next one. Shown against the
 * real database: with the sessions table locked, the first read's statement waits, the reads that come meanwhile
 * queue, and they then go as one statement; a statement that fails fails its own readers only; many concurrent
 * readers each get their own row (a copy of their own), none another organization's, and fewer statements than reads.
 */
@QuarkusTest
class SessionReadsBatchTest {

    private static final String READ_STATEMENT = "%from sessions where id = any%";

    @Inject
    SessionReads reads;
    @Inject
    TestDb db;
    @Inject
    DataSource dataSource;

    @Test
    void readsThatArriveDuringAStatementShareTheNextAndAFailedStatementFailsOnlyItsReaders() throws Exception {
        Admin.Keys tenant = Admin.newTenant("test");
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            ids.add(Sessions.created(tenant.secretKey(), "disc")[0]);
        }
        long statementsBefore = reads.statements.sum();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
             Connection holder = dataSource.getConnection()) {
            holder.setAutoCommit(false);
            try (Statement lock = holder.createStatement()) {
                lock.execute("lock table sessions in access exclusive mode");
            }
            // the first read leads: its statement waits for the lock
            Future<Optional<Session>> first = pool.submit(() -> reads.owned(ids.get(0), tenant.orgId(), "test"));
            db.awaitWaitingFor(holder, first, Duration.ofSeconds(20), "the first read");
            long readsBefore = reads.reads.sum();
            List<Future<Optional<Session>>> rest = new ArrayList<>();
            for (String id : ids.subList(1, ids.size())) {
                rest.add(pool.submit(() -> reads.owned(id, tenant.orgId(), "test")));
            }
            awaitTrue(() -> reads.reads.sum() - readsBefore == ids.size() - 1, "the other reads to queue");
            assertEquals(1, reads.statements.sum() - statementsBefore, "only the first read's statement is in flight");

            // the first statement fails (cancelled); its reader gets the failure, the lead passes to the queue
            assertEquals(1, db.count("select count(*) from (select pg_cancel_backend(pid) from pg_stat_activity"
                    + " where query like ? and state = 'active') cancelled", READ_STATEMENT));
            ExecutionException failed = null;
            try {
                first.get(20, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                failed = e;
            }
            assertTrue(failed != null, "the cancelled statement's reader got its failure");
            assertInstanceOf(IllegalStateException.class, failed.getCause());
            assertTrue(failed.getCause().getMessage().contains(ids.get(0)), failed.getCause().getMessage());

            // the eleven queued reads are one statement, which waits for the lock in turn
            awaitTrue(() -> reads.statements.sum() - statementsBefore == 2, "the queued reads' statement");
            holder.rollback(); // the lock goes
            for (int i = 0; i < rest.size(); i++) {
                Session s = rest.get(i).get(20, TimeUnit.SECONDS).orElseThrow();
                assertEquals(ids.get(i + 1), s.id);
                assertEquals(tenant.orgId(), s.organizationId);
            }
            assertEquals(2, reads.statements.sum() - statementsBefore, "eleven queued reads, one statement");
        }
    }

    @Test
    void concurrentReadersEachGetTheirOwnRowAndShareStatements() throws Exception {
        Admin.Keys a = Admin.newTenant("test");
        Admin.Keys b = Admin.newTenant("test");
        Map<String, Admin.Keys> owner = new java.util.HashMap<>();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            for (Admin.Keys tenant : List.of(a, b)) {
                String id = Sessions.created(tenant.secretKey(), "disc")[0];
                owner.put(id, tenant);
                ids.add(id);
            }
        }
        String deleted = ids.get(3);
        db.update("update sessions set deleted_at = now() where id = ?", deleted);
        // ids the database never sees: PostgreSQL's text cannot hold NUL (the driver would fail the whole statement)
        List<String> strangers = List.of("ses_missing", "ses_\0nul", "\0", "");

        int readers = 48;
        int each = 60;
        long statementsBefore = reads.statements.sum();
        long readsBefore = reads.reads.sum();
        Set<Session> returned = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < readers; t++) {
                int reader = t;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int r = 0; r < each; r++) {
                        int pick = (reader * 7 + r) % (ids.size() + strangers.size());
                        if (pick >= ids.size()) {
                            String id = strangers.get(pick - ids.size());
                            reads.owned(id, a.orgId(), "test").ifPresent(s -> wrong.add("read a stranger " + id));
                            continue;
                        }
                        String id = ids.get(pick);
                        Admin.Keys mine = owner.get(id);
                        Admin.Keys other = mine == a ? b : a;
                        Optional<Session> read = reads.owned(id, mine.orgId(), "test");
                        if (id.equals(deleted)) {
                            read.ifPresent(s -> wrong.add("read the deleted " + id));
                        } else if (read.isEmpty()) {
                            wrong.add("missed " + id);
                        } else {
                            Session s = read.get();
                            if (!id.equals(s.id) || !mine.orgId().equals(s.organizationId)) {
                                wrong.add("asked " + id + " of " + mine.orgId() + ", got " + s.id + " of " + s.organizationId);
                            }
                            if (!returned.add(s)) {
                                wrong.add("one Session object returned twice (" + id + ")");
                            }
                        }
                        reads.owned(id, other.orgId(), "test").ifPresent(s -> wrong.add("another organization read " + id));
                        reads.owned(id, mine.orgId(), "live").ifPresent(s -> wrong.add("the live environment read " + id));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        }
        assertEquals(List.of(), List.copyOf(wrong));
        long statements = reads.statements.sum() - statementsBefore;
        long made = reads.reads.sum() - readsBefore;
        assertTrue(made > readers * each, "reads counted: " + made);
        assertTrue(statements < made, statements + " statements for " + made + " reads");
    }

    @Test
    void oneReaderAloneReadsOneStatementEach() {
        Admin.Keys tenant = Admin.newTenant("test");
        String id = Sessions.created(tenant.secretKey(), "disc")[0];
        long statementsBefore = reads.statements.sum();
        for (int i = 0; i < 5; i++) {
            assertEquals(id, reads.owned(id, tenant.orgId(), "test").orElseThrow().id);
        }
        assertTrue(reads.owned("ses_\0", tenant.orgId(), "test").isEmpty(), "NUL: no such session, no statement");
        assertEquals(5, reads.statements.sum() - statementsBefore);
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(10);
        }
    }
}
