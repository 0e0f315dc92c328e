package com.assessments.session;

import jakarta.inject.Singleton;
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.TransactionManager;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The read of one session for showing it (GET, the most frequent request, and the coach's grounding): a prepared
 * primary-key select on a pooled connection, outside any transaction, into a detached {@link Session} that is never
 * written back. Hibernate's find cost more than the query itself here (its session, entity instantiation and
 * bookkeeping: about half of the GET handler's CPU in a profile). The copy carries every column a reader may show;
 * the token hash, the saved progress and the submitted answers are not loaded (they stay null).
 *
 * <p>Reads that arrive while another is in flight share one statement ({@code id = any(?)}): the first reader to
 * find none running leads, reading every id waiting (up to {@link #MAX_BATCH}) in one round trip, then the next batch
 * until its own row is read, and then hands the lead to the oldest reader still waiting. One client alone reads as
 * before, one statement each; sixteen share their round trips, the connection's system calls and PostgreSQL's wake-ups
 * (#14, README "Session 23"). A read waits for the statement in flight and then its own (one more for every 64 readers
 * ahead of it), and every statement starts after each of its readers arrived, so a read sees every commit made before
 * its request came. A caller inside a transaction reads alone, on that transaction's connection.
 */
@Singleton // no client proxy in front of each call: on the GET session path, proxies were 9 % of its CPU in a profile
public class SessionReads {

    /** The most ids one statement reads (a leader's batch); the rest wait for the next. */
    static final int MAX_BATCH = 64;

    private static final String SELECT = """
            select id, organization_id, environment, assessment_type, status, candidate_external_id, candidate_email,
                   candidate_name, config, metadata, redirect_url, results, license_consumed, created_by_key_id,
                   idempotency_key, created_at, updated_at, expires_at, started_at, completed_at, failed_at, expired_at,
                   report_generated_at, locale,
                   -- kept by PostgreSQL (V19); counted here only on rows written before it
                   coalesce(answered, session_answered(status, responses, progress))
            from sessions where id = any(?) and deleted_at is null""";

    private final DataSource dataSource;
    private final TransactionManager transactions;
    /** Readers whose id no statement has read yet, oldest first. */
    private final ConcurrentLinkedQueue<Reader> waiting = new ConcurrentLinkedQueue<>();
    /** Whether a reader leads: reads the waiting ids, or is about to. */
    private final AtomicBoolean led = new AtomicBoolean();
    /** Statements run and ids read, for the tests that show reads sharing statements. */
    final LongAdder statements = new LongAdder();
    final LongAdder reads = new LongAdder();

    public SessionReads(DataSource dataSource, TransactionManager transactions) {
        this.dataSource = dataSource;
        this.transactions = transactions;
    }

    /** One of the organization's sessions in that environment, unless deleted. */
    public Optional<Session> owned(String id, String organizationId, String environment) {
        Session s = read(id);
        if (s == null || !organizationId.equals(s.organizationId) || !environment.equals(s.environment)) {
            return Optional.empty();
        }
        return Optional.of(s);
    }

    /**
     * A reader waiting for its row: it waits until it is read ({@code READ}) or told to lead ({@code LEAD}), unless it
     * leaves first on an {@code Error} ({@code ABANDONED}).
     */
    private static final class Reader {
        static final int WAITING = 0, READ = 1, LEAD = 2, ABANDONED = 3;

        final String id;
        final Thread thread = Thread.currentThread();
        final AtomicInteger state = new AtomicInteger(WAITING);
        /** Set before {@code state} becomes READ (its volatile write publishes them). */
        Session row;
        Throwable failure;

        Reader(String id) {
            this.id = id;
        }

        /** Whether PostgreSQL's text can hold the id: NUL it cannot, and the driver would fail the whole statement. */
        boolean readable() {
            return id.indexOf('\0') < 0;
        }

        /** Told to lead, unless it has left: the lead must never go to a reader that is no longer there to pass it on. */
        boolean handLead() {
            return state.compareAndSet(WAITING, LEAD);
        }

        /** Leaves while waiting, unless it was told to lead meanwhile (then it holds the lead and must pass it on). */
        boolean abandon() {
            return state.compareAndSet(WAITING, ABANDONED);
        }
    }

    /** Where a reader is between joining the queue and leading: the points a test makes fail ({@link #faults}). */
    enum Step { QUEUED, PARKING, LEADING }

    /**
     * Null in production. A test sets it to throw an {@code Error} at a {@link Step}, as an out-of-memory or
     * stack-overflow error could there: the reader must leave without taking the lead with it.
     */
    volatile Consumer<Step> faults;

    private void step(Step step) {
        Consumer<Step> f = faults;
        if (f != null) {
            f.accept(step);
        }
    }

    /** The session's row (null when there is none, or it is deleted), read alone or with the other waiting reads. */
    private Session read(String id) {
        Reader mine = new Reader(id);
        if (inTransaction()) {
            // alone, on the transaction's own connection: the caller may read what it wrote, and no other reader's
            // statement runs in (or fails with) a transaction that is not its own
            readBatch(List.of(mine));
        } else {
            readShared(mine);
        }
        if (mine.failure instanceof Error error) {
            throw error;
        }
        if (mine.failure != null) { // made here, so that its stack is this reader's
            throw new IllegalStateException("cannot read session " + id, mine.failure);
        }
        return mine.row;
    }

    /**
     * Queues the reader and waits until a leader has read its row, or leads. Whatever is thrown on the way (an
     * {@code Error} can strike at any call), a reader that holds the lead passes it on before it leaves, and one that
     * does not makes sure nobody hands it the lead afterwards: else every later read would wait for a reader gone.
     * Not covered: a stack overflow inside this recovery itself, or in a leader between handing the lead over and
     * waking its new holder (the JVM keeps some stack in reserve for handlers, but does not promise it).
     */
    private void readShared(Reader mine) {
        // a pending interrupt would fail the socket read of a whole batch when this reader leads (pgJDBC answers it as
        // a broken connection): it is kept aside until the read is over
        boolean interrupted = Thread.interrupted();
        boolean leads = false;
        try {
            waiting.add(mine);
            step(Step.QUEUED);
            reads.increment(); // after the queue: a read counted is a read queued
            leads = led.compareAndSet(false, true);
            if (!leads) { // until a leader has read this row or passed the lead on
                int state;
                while ((state = mine.state.get()) == Reader.WAITING) {
                    step(Step.PARKING);
                    LockSupport.park(mine); // a spurious return loops; an unpark before the park returns at once
                    interrupted |= Thread.interrupted(); // else park would return at once until the statement ends
                }
                leads = state == Reader.LEAD;
            }
            if (leads) {
                step(Step.LEADING);
                while (mine.state.get() != Reader.READ) {
                    readBatch(nextBatch()); // mine stays queued until a batch takes it
                }
            }
        } catch (Throwable e) {
            if (!leads) {
                leads = !mine.abandon() && mine.state.get() == Reader.LEAD; // told to lead before it could leave
            }
            throw e;
        } finally {
            if (leads) {
                if (mine.state.get() != Reader.READ) {
                    waiting.remove(mine); // failed before its row was read: the lead must not come back to it
                }
                passLead();
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private boolean inTransaction() {
        try {
            return transactions.getStatus() != Status.STATUS_NO_TRANSACTION;
        } catch (SystemException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * To the oldest reader still waiting (it wakes and leads), or nobody. A reader that arrived after the queue was
     * found empty but before the lead was given up found the lead taken: the second look takes the lead back for it.
     */
    private void passLead() {
        while (true) {
            Reader next = waiting.peek();
            if (next != null) {
                if (next.handLead()) {
                    LockSupport.unpark(next.thread);
                    return;
                }
                waiting.remove(next); // it left (abandoned): the next one
                continue;
            }
            led.set(false);
            if (waiting.isEmpty() || !led.compareAndSet(false, true)) {
                return;
            }
        }
    }

    /** Up to MAX_BATCH waiting readers, oldest first. */
    private List<Reader> nextBatch() {
        // sized before the first poll: an add that allocated could fail (out of memory) with readers taken off the
        // queue and not yet in the batch, and they would wait forever
        List<Reader> batch = new ArrayList<>(MAX_BATCH);
        Reader r;
        while (batch.size() < MAX_BATCH && (r = waiting.poll()) != null) {
            if (r.state.get() != Reader.ABANDONED) { // one that left has nobody to answer
                batch.add(r);
            }
        }
        return batch;
    }

    /** These readers' rows in one statement, each its own copy; every reader of it is answered, whatever happens. */
    private void readBatch(List<Reader> batch) {
        try {
            List<String> ids = new ArrayList<>(batch.size());
            for (Reader reader : batch) {
                if (reader.readable()) {
                    ids.add(reader.id);
                }
            }
            if (!ids.isEmpty()) {
                statements.increment();
                select(ids, batch);
            }
        } catch (Throwable e) { // whatever it is, no reader of the batch may take it for "no such session"
            for (int i = 0; i < batch.size(); i++) { // indexed: no iterator to allocate where memory may have run out
                Reader reader = batch.get(i);
                if (reader.readable()) {
                    reader.row = null;
                    reader.failure = e;
                }
            }
        } finally {
            Thread self = Thread.currentThread();
            for (int i = 0; i < batch.size(); i++) {
                Reader reader = batch.get(i);
                reader.state.set(Reader.READ);
                if (reader.thread != self) {
                    LockSupport.unpark(reader.thread);
                }
            }
        }
    }

    private void select(List<String> ids, List<Reader> batch) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(SELECT)) {
            statement.setArray(1, connection.createArrayOf("text", ids.toArray(new String[0])));
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    String id = row.getString(1);
                    for (Reader reader : batch) {
                        if (reader.id.equals(id)) {
                            reader.row = session(id, row); // a copy each: two reads of one id share nothing
                        }
                    }
                }
            }
        }
    }

    private static Session session(String id, ResultSet row) throws SQLException {
        Session s = new Session();
        s.id = id;
        s.organizationId = row.getString(2);
        s.environment = row.getString(3);
        s.assessmentType = row.getString(4);
        s.status = row.getString(5);
        s.candidateExternalId = row.getString(6);
        s.candidateEmail = row.getString(7);
        s.candidateName = row.getString(8);
        s.config = row.getString(9);
        s.metadata = row.getString(10);
        s.redirectUrl = row.getString(11);
        s.results = row.getString(12);
        s.licenseConsumed = row.getBoolean(13);
        s.createdByKeyId = row.getString(14);
        s.idempotencyKey = row.getString(15);
        s.createdAt = instant(row, 16);
        s.updatedAt = instant(row, 17);
        s.expiresAt = instant(row, 18);
        s.startedAt = instant(row, 19);
        s.completedAt = instant(row, 20);
        s.failedAt = instant(row, 21);
        s.expiredAt = instant(row, 22);
        s.reportGeneratedAt = instant(row, 23);
        s.locale = row.getString(24);
        s.answeredCount = row.getInt(25); // the progress (V19): the answers themselves stay unloaded
        return s;
    }

    private static Instant instant(ResultSet row, int column) throws SQLException {
        OffsetDateTime t = row.getObject(column, OffsetDateTime.class); // timestamptz: the instant, whatever the zone
        return t == null ? null : t.toInstant();
    }
}
