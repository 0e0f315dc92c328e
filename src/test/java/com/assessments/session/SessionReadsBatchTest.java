package com.assessments.session;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.narayana.jta.QuarkusTransactionException;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link SessionReads} lets reads that arrive while a statement is in flight share the next one. Shown against the
 * real database: with the sessions table locked, the first read's statement waits, the reads that come meanwhile
 * queue, and they then go as one statement; a statement that fails fails its own readers only (all of them); a
 * caller in a transaction reads alone, seeing its own writes; many concurrent readers each get their own row (a copy of
 * their own), none another organization's, and fewer statements than reads; a reader struck by an Error never leaves
 * with the lead.
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
        List<String> ids = sessionsOf(tenant, 13);
        List<String> eleven = ids.subList(1, 12);
        String last = ids.get(12);
        long statementsBefore = reads.statements.sum();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
             Connection holder = dataSource.getConnection()) {
            holder.setAutoCommit(false);
            lockSessions(holder);
            // the first read leads: its statement waits for the lock
            Future<Optional<Session>> first = pool.submit(() -> reads.owned(ids.get(0), tenant.orgId(), "test"));
            awaitTrue(() -> blockedReads(holder) == 1, "the first read's statement to wait for the lock");
            List<Future<Optional<Session>>> queued = queue(pool, eleven, tenant);
            assertEquals(1, reads.statements.sum() - statementsBefore, "only the first read's statement is in flight");

            // the first statement fails; its reader gets the failure, and the eleven go as one statement
            cancelReadWaitingFor(holder);
            assertFailed(first, ids.get(0));
            awaitTrue(() -> reads.statements.sum() - statementsBefore == 2, "the eleven queued reads' statement");
            awaitTrue(() -> blockedReads(holder) == 1, "the eleven's statement to wait for the lock");

            // that statement fails too: all eleven of its readers get the failure, none "no such session"; a read that
            // queued meanwhile is not in it and goes on to its own statement
            List<Future<Optional<Session>>> after = queue(pool, List.of(last), tenant);
            cancelReadWaitingFor(holder);
            for (int i = 0; i < eleven.size(); i++) {
                assertFailed(queued.get(i), eleven.get(i));
            }
            awaitTrue(() -> reads.statements.sum() - statementsBefore == 3, "the last read's statement");
            holder.rollback(); // the lock goes
            assertEquals(last, after.get(0).get(20, TimeUnit.SECONDS).orElseThrow().id);
            assertEquals(3, reads.statements.sum() - statementsBefore, "thirteen reads, three statements");
        }
        for (String id : ids) { // nothing of the failures stays
            assertEquals(id, reads.owned(id, tenant.orgId(), "test").orElseThrow().id);
        }
    }

    @Test
    void aCallerInATransactionReadsAloneOnItsOwnConnection() {
        Admin.Keys tenant = Admin.newTenant("test");
        String id = Sessions.created(tenant.secretKey(), "disc")[0];
        long statementsBefore = reads.statements.sum();
        long queuedBefore = reads.reads.sum();
        AtomicReference<String> readInside = new AtomicReference<>();
        // rolled back at its end (marked so, the commit refuses)
        assertThrows(QuarkusTransactionException.class, () -> QuarkusTransaction.requiringNew().run(() -> {
            db.update("update sessions set candidate_name = 'Written in this transaction' where id = ?", id);
            readInside.set(reads.owned(id, tenant.orgId(), "test").orElseThrow().candidateName);
            QuarkusTransaction.setRollbackOnly();
        }));
        assertEquals("Written in this transaction", readInside.get(), "it reads its own write");
        assertEquals(1, reads.statements.sum() - statementsBefore);
        assertEquals(0, reads.reads.sum() - queuedBefore, "not queued with the others");
        assertTrue(reads.owned(id, tenant.orgId(), "test").orElseThrow().candidateName.startsWith("Ada "),
                "outside, the write rolled back");
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
        AtomicLong neverSent = new AtomicLong(); // reads of ids with NUL: answered without a statement
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
                            if (id.indexOf('\0') >= 0) {
                                neverSent.incrementAndGet();
                            }
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
        long sent = reads.reads.sum() - readsBefore - neverSent.get();
        assertTrue(sent > readers * each, "reads counted: " + sent);
        assertTrue(statements < sent, statements + " statements for " + sent + " reads of the database");
    }

    /**
     * An {@code Error} (out of memory, stack overflow) can strike a reader at any call between joining the queue and
     * leading. Whether it strikes before, while or after the lead comes to it, the reader leaves with the error and the
     * reads behind it go on: the lead is never left with a reader that is gone (else every later read would wait).
     */
    @Test
    void aReaderStruckByAnErrorNeverLeavesWithTheLead() throws Exception {
        struckReader(SessionReads.Step.QUEUED, false);
        struckReader(SessionReads.Step.PARKING, false); // it leaves while a leader's statement runs
        struckReader(SessionReads.Step.PARKING, true); // the lead comes to it in the moment it fails
        struckReader(SessionReads.Step.LEADING, false); // told to lead, it fails first
    }

    @Test
    void aReaderThatTookTheLeadItselfPassesItOnWhenStruck() throws Exception {
        Admin.Keys tenant = Admin.newTenant("test");
        String id = Sessions.created(tenant.secretKey(), "disc")[0];
        reads.faults = strike(SessionReads.Step.LEADING, null, null);
        try {
            assertStruck(struckThread(() -> reads.owned(id, tenant.orgId(), "test")));
        } finally {
            reads.faults = null;
        }
        assertEquals(id, readSoon(id, tenant).id, "the next read leads");
    }

    /**
     * A reader whose row another leader's batch has already read, struck before it saw that, must not think it holds
     * the lead: passing on a lead it does not hold would make a second leader while the first still reads.
     */
    @Test
    void aReaderStruckAfterItsRowWasReadPassesNoLeadItDoesNotHold() throws Exception {
        Admin.Keys tenant = Admin.newTenant("test");
        List<String> ids = sessionsOf(tenant, 5);
        CountDownLatch atStep = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor(); // not closed: see struckReader
        try (Connection holder = dataSource.getConnection()) {
            holder.setAutoCommit(false);
            lockSessions(holder);
            Future<Optional<Session>> first = pool.submit(() -> reads.owned(ids.get(0), tenant.orgId(), "test"));
            awaitTrue(() -> blockedReads(holder) == 1, "the first leader's statement to wait for the lock");
            List<Future<Optional<Session>>> second = queue(pool, List.of(ids.get(1)), tenant);
            reads.faults = strike(SessionReads.Step.PARKING, atStep, gate);
            Future<Optional<Session>> struck = struckThread(() -> reads.owned(ids.get(2), tenant.orgId(), "test"));
            assertTrue(atStep.await(20, TimeUnit.SECONDS), "the struck reader queues behind the second");
            holder.rollback(); // the first leader ends; the second leads and reads its own row and the struck one's
            assertEquals(ids.get(0), first.get(20, TimeUnit.SECONDS).orElseThrow().id);
            assertEquals(ids.get(1), second.get(0).get(20, TimeUnit.SECONDS).orElseThrow().id);

            lockSessions(holder); // a third leader now holds the lead, a fourth read waits for it
            Future<Optional<Session>> third = pool.submit(() -> reads.owned(ids.get(3), tenant.orgId(), "test"));
            awaitTrue(() -> blockedReads(holder) == 1, "the third leader's statement to wait for the lock");
            List<Future<Optional<Session>>> fourth = queue(pool, List.of(ids.get(4)), tenant);
            gate.countDown(); // the struck reader, its row read long ago, fails now
            assertStruck(struck);
            Thread.sleep(300);
            assertEquals(1, blockedReads(holder), "one statement in flight: the struck reader handed on no lead");
            holder.rollback();
            assertEquals(ids.get(3), third.get(20, TimeUnit.SECONDS).orElseThrow().id);
            assertEquals(ids.get(4), fourth.get(0).get(20, TimeUnit.SECONDS).orElseThrow().id);
        } finally {
            reads.faults = null;
            pool.shutdown();
        }
    }

    private static void lockSessions(Connection holder) throws SQLException {
        try (Statement lock = holder.createStatement()) {
            lock.execute("lock table sessions in access exclusive mode");
        }
    }

    /**
     * With a leader's statement waiting for a lock, a reader queues and is struck at {@code step} (after the leader has
     * handed it the lead, when {@code afterHandOff}); a reader queued behind it must still get its row.
     */
    private void struckReader(SessionReads.Step step, boolean afterHandOff) throws Exception {
        Admin.Keys tenant = Admin.newTenant("test");
        String leader = Sessions.created(tenant.secretKey(), "disc")[0];
        String victim = Sessions.created(tenant.secretKey(), "disc")[0];
        String behind = Sessions.created(tenant.secretKey(), "disc")[0];
        CountDownLatch atStep = new CountDownLatch(1);
        CountDownLatch leaderDone = new CountDownLatch(1);
        // not closed at the end: a read left waiting (the failure this test looks for) would keep close() waiting
        ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
        try (Connection holder = dataSource.getConnection()) {
            holder.setAutoCommit(false);
            lockSessions(holder);
            Future<Optional<Session>> first = pool.submit(() -> reads.owned(leader, tenant.orgId(), "test"));
            awaitTrue(() -> blockedReads(holder) == 1, "the leader's statement to wait for the lock");
            reads.faults = strike(step, atStep, afterHandOff ? leaderDone : null);
            long queuedBefore = reads.reads.sum();
            Future<Optional<Session>> struck = struckThread(() -> reads.owned(victim, tenant.orgId(), "test"));
            if (step == SessionReads.Step.LEADING) { // it waits like any reader until the lead comes to it
                awaitTrue(() -> reads.reads.sum() - queuedBefore == 1, "the struck reader to queue");
            } else {
                assertTrue(atStep.await(20, TimeUnit.SECONDS), "the struck reader reaches " + step);
                if (!afterHandOff) {
                    assertStruck(struck); // gone while the leader's statement still waits
                }
            }
            List<Future<Optional<Session>>> after = queue(pool, List.of(behind), tenant);
            holder.rollback(); // the lock goes: the leader's statement ends and it passes the lead on
            assertEquals(leader, first.get(20, TimeUnit.SECONDS).orElseThrow().id);
            leaderDone.countDown();
            assertStruck(struck);
            assertEquals(behind, after.get(0).get(20, TimeUnit.SECONDS).orElseThrow().id,
                    "the reader behind the struck one (" + step + (afterHandOff ? ", after the hand-off" : "") + ")");
        } finally {
            reads.faults = null;
            pool.shutdown();
        }
        assertEquals(victim, readSoon(victim, tenant).id, "reads go on");
    }

    /** The read, failing the test (not hanging it) when it does not come within 20 s. */
    private Session readSoon(String id, Admin.Keys tenant) throws Exception {
        FutureTask<Optional<Session>> read = new FutureTask<>(() -> reads.owned(id, tenant.orgId(), "test"));
        Thread.ofVirtual().start(read);
        return read.get(20, TimeUnit.SECONDS).orElseThrow();
    }

    /** Throws an OutOfMemoryError at the step on the struck thread, once it is told to (afterwards when {@code gate}). */
    private static Consumer<SessionReads.Step> strike(SessionReads.Step step, CountDownLatch reached,
                                                      CountDownLatch gate) {
        return at -> {
            if (at != step || !Thread.currentThread().getName().equals(STRUCK)) {
                return;
            }
            if (reached != null) {
                reached.countDown();
            }
            if (gate != null) {
                try {
                    gate.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            throw new OutOfMemoryError("struck at " + at);
        };
    }

    private static final String STRUCK = "struck session reader";

    private static <T> Future<T> struckThread(Callable<T> read) {
        FutureTask<T> task = new FutureTask<>(read);
        Thread.ofPlatform().name(STRUCK).daemon().start(task);
        return task;
    }

    private static void assertStruck(Future<Optional<Session>> struck) throws Exception {
        ExecutionException e = assertThrows(ExecutionException.class, () -> struck.get(20, TimeUnit.SECONDS));
        assertInstanceOf(OutOfMemoryError.class, e.getCause());
        assertTrue(e.getCause().getMessage().startsWith("struck at"), e.getCause().getMessage());
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

    private List<Future<Optional<Session>>> queue(ExecutorService pool, List<String> ids, Admin.Keys tenant)
            throws InterruptedException {
        long queuedBefore = reads.reads.sum();
        List<Future<Optional<Session>>> futures = new ArrayList<>();
        for (String id : ids) {
            futures.add(pool.submit(() -> reads.owned(id, tenant.orgId(), "test")));
        }
        awaitTrue(() -> reads.reads.sum() - queuedBefore == ids.size(), ids.size() + " reads to queue");
        return futures;
    }

    /** Session reads waiting for the holder's lock (the service's jobs may wait for it too: they are not counted). */
    private long blockedReads(Connection holder) {
        return db.count("select count(*) from pg_stat_activity where cast(? as integer) = any (pg_blocking_pids(pid))"
                + " and query like ?", pid(holder), READ_STATEMENT);
    }

    /** Cancels the session read that waits for the holder's lock: its statement fails. */
    private void cancelReadWaitingFor(Connection holder) {
        assertEquals(1, db.count("select count(*) from (select pg_cancel_backend(pid) from pg_stat_activity"
                + " where cast(? as integer) = any (pg_blocking_pids(pid)) and query like ?) cancelled",
                pid(holder), READ_STATEMENT));
    }

    private static int pid(Connection holder) {
        try (Statement s = holder.createStatement(); ResultSet rs = s.executeQuery("select pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void assertFailed(Future<Optional<Session>> read, String id) throws Exception {
        try {
            Optional<Session> got = read.get(20, TimeUnit.SECONDS);
            throw new AssertionError("the read of " + id + " did not fail: " + got);
        } catch (ExecutionException e) {
            assertInstanceOf(IllegalStateException.class, e.getCause());
            assertTrue(e.getCause().getMessage().contains(id), e.getCause().getMessage());
        }
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

    /** {@code n} new DISC sessions of the tenant, their ids in creation order. */
    private static List<String> sessionsOf(Admin.Keys tenant, int n) {
        List<String> ids = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ids.add(Sessions.created(tenant.secretKey(), "disc")[0]);
        }
        return ids;
    }
}
