package com.assessments.key;

import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A sliding-window limit per credential (API key lineage, session, operator) that holds across replicas. Counters are
 * one row per subject and one-minute window in PostgreSQL (rate_limit_windows, UNLOGGED: a counter does not need
 * durability, so its writes never wait for a WAL flush); the estimate is previous * (share of the previous window
 * still inside the last minute) + current. Requests over the limit are counted too, so a client that keeps hammering
 * stays limited.
 *
 * <p>Each replica counts in memory and writes its counts in batches: every {@link CredentialLimits#flushEvery()}
 * (100 ms) one statement adds what it counted since the last write and one reads back every active subject's totals,
 * which brings in the other replicas' counts. A request writes at once (on its own thread) only when its replica has
 * no count yet for the subject's current window (first request of the minute: write what is left of the last one,
 * read both windows), or when the replica holds {@link #unwritten(int) B = max(1, limit / 50)} counted requests of
 * the subject that are not written yet. So no replica ever admits more than B requests of a subject that the database
 * has not seen, whatever the load; the bound (argued at RateLimitTest#replicasTogetherOvershootByAtMostRPlusOneTimesB):
 * <b>in a window, R replicas together admit at most limit + (R + 1) * B requests of one subject</b> (limit 120: B = 2,
 * two replicas at most 126; one replica exactly the limit, as before). The counts another replica holds are at most
 * one flush interval (plus B requests) old.
 *
 * <p>When the database cannot answer, the request is let through (fail open) rather than taking the API down with
 * the limiter; counts that could not be written are kept for the next flush. After a request's write failed, requests
 * are let through uncounted for {@link #FAIL_OPEN_NANOS} without asking the database again, those already waiting
 * behind that write included (one after the other, each would have waited the pool's timeout): the bound above does
 * not hold then. A request's write can also miss the pool's wait under load alone, with the database up, and open
 * the limiter the same way. A failed flush does not open it (it runs every 100 ms, and would keep the limit off for as
 * long as the load lasts): its counts wait for the next one. The price in an outage: a failing flush holds the write
 * lock for the pool's wait, so when the 5 s are over the next request that must write may wait behind it and then
 * for its own attempt, about twice the pool's wait, before the limiter opens again.
 */
@ApplicationScoped
public class RateLimiter {

    private static final Logger LOG = Logger.getLogger(RateLimiter.class);

    static final long WINDOW_MS = 60_000;

    /** The share of a limit one replica may count without writing it: limit / 50, at least 1. */
    static final int UNWRITTEN_DIVISOR = 50;

    /** The verdict for one request, with what the X-RateLimit-* headers say. */
    public record Decision(boolean allowed, int limit, int remaining, long resetEpochSeconds, long retryAfterSeconds) {

        /** The 429 for a refused request; {@code what} completes "More than N ...". */
        public ApiException refusal(String what) {
            return new ApiException(ErrorCode.RATE_LIMIT_EXCEEDED, "More than " + limit + " " + what + "; retry after "
                    + retryAfterSeconds + " s.", Map.of("limit", limit, "retryAfterSeconds", retryAfterSeconds),
                    Map.of("Retry-After", String.valueOf(retryAfterSeconds)));
        }
    }

    /** After the database failed a check, checks are skipped (let through) this long. */
    static final long FAIL_OPEN_NANOS = Duration.ofSeconds(5).toNanos();

    /** This replica's view of one subject: guarded by its own monitor. */
    private static final class Window {
        long start = Long.MIN_VALUE; // the window the counts are about; MIN_VALUE: none yet
        int shared;                  // the database's count of that window at the last read (ours written so far included)
        int previous;                // the database's count of the window before, at the last read
        int pending;                 // counted here, not written yet
        int inFlight;                // counted here, being written by a flush right now
        long lastUsedMs;
        boolean evicted;
    }

    private volatile long failOpenUntilNanos = System.nanoTime();
    private final DataSource dataSource;
    private final Clock clock;
    private final CredentialLimits limits;
    private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();
    /** One write to the database at a time per replica (a flush, or a request's own), so reads apply in order. */
    private final ReentrantLock writing = new ReentrantLock();
    private ScheduledExecutorService flusher;

    private final MeterRegistry registry;

    public RateLimiter(DataSource dataSource, Clock clock, CredentialLimits limits, MeterRegistry registry) {
        this.registry = registry;
        this.dataSource = dataSource;
        this.clock = clock;
        this.limits = limits;
    }

    /** The limits of session tokens and the operator token (API keys carry their own). */
    public CredentialLimits limits() {
        return limits;
    }

    /** B: how many counted requests of a subject one replica may hold without writing them. */
    static int unwritten(int limit) {
        return Math.max(1, limit / UNWRITTEN_DIVISOR);
    }

    void onStart(@Observes StartupEvent event) {
        long every = limits.flushEvery().toMillis();
        if (every <= 0) {
            return;
        }
        flusher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "rate-limit-flush");
            t.setDaemon(true);
            return t;
        });
        flusher.scheduleWithFixedDelay(() -> {
            try {
                flush();
            } catch (RuntimeException e) {
                LOG.warnf("rate-limit flush failed: %s", e.getMessage());
            }
        }, every, every, TimeUnit.MILLISECONDS);
    }

    void onStop(@Observes ShutdownEvent event) {
        if (flusher != null) {
            flusher.shutdownNow();
        }
        flush();
    }

    /**
     * Counts the request in the subject's window. Refusals are counted in assessments_rate_limit_refusals_total,
     * labelled by the kind of credential (the subject's prefix: key, session, operator, coach), never by subject.
     */
    public Decision check(String subject, int limit) {
        Decision decision = count(subject, limit);
        if (!decision.allowed()) {
            int colon = subject.indexOf(':');
            String credential = colon > 0 ? subject.substring(0, colon) : subject; // "operator" has no id part
            Counter.builder("assessments.rate_limit.refusals").description("Requests refused by a rate limit")
                    .tag("credential", credential).register(registry).increment();
        }
        return decision;
    }

    private Decision count(String subject, int limit) {
        long nowMs = clock.instant().toEpochMilli();
        long start = nowMs - Math.floorMod(nowMs, WINDOW_MS);
        if (isFailingOpen()) {
            // the database just failed us: do not make every request wait for it a second time (the request's own
            // work answers 503 quickly); try again after a few seconds
            return failOpenDecision(limit, start);
        }
        int allowance = unwritten(limit);
        while (true) {
            Window w = windows.computeIfAbsent(subject, s -> new Window());
            synchronized (w) {
                if (w.evicted) {
                    continue;
                }
                if (w.start == start && w.pending + 1 < allowance) {
                    w.pending++;
                    w.lastUsedMs = nowMs;
                    return decide(limit, w.shared + w.inFlight + w.pending, w.previous, nowMs, start);
                }
            }
            // the first request of this window on this replica, or B unwritten ones: count it in the database now
            writing.lock();
            try {
                synchronized (w) {
                    if (w.evicted) {
                        continue;
                    }
                    if (w.start == start && w.pending + 1 < allowance) { // another request wrote meanwhile
                        w.pending++;
                        w.lastUsedMs = nowMs;
                        return decide(limit, w.shared + w.inFlight + w.pending, w.previous, nowMs, start);
                    }
                    if (isFailingOpen()) { // the write this one waited behind failed: do not wait for the database
                        return failOpenDecision(limit, start);
                    }
                    return writeNow(subject, w, limit, nowMs, start);
                }
            } finally {
                writing.unlock();
            }
        }
    }

    private boolean isFailingOpen() {
        return System.nanoTime() - failOpenUntilNanos < 0;
    }

    /** Let through uncounted: a request's write failed within the last {@link #FAIL_OPEN_NANOS}. */
    private static Decision failOpenDecision(int limit, long windowStart) {
        return new Decision(true, limit, limit, (windowStart + WINDOW_MS) / 1000, 0);
    }

    /** Under {@link #writing} and the window's monitor (no flush in flight: inFlight is 0). */
    private Decision writeNow(String subject, Window w, int limit, long nowMs, long start) {
        List<Count> writes = new ArrayList<>(2);
        if (w.start != start && w.start != Long.MIN_VALUE && w.pending > 0) {
            writes.add(new Count(subject, w.start, w.pending)); // what is left of its last window
        }
        writes.add(new Count(subject, start, w.start == start ? w.pending + 1 : 1));
        Map<String, int[]> read;
        try (Connection c = dataSource.getConnection()) {
            write(c, writes);
            read = read(c, List.of(subject), start);
        } catch (SQLException e) {
            failOpenUntilNanos = System.nanoTime() + FAIL_OPEN_NANOS;
            return failOpenDecision(limit, start);
        }
        int[] counts = read.getOrDefault(subject, new int[2]);
        w.start = start;
        w.shared = counts[0];
        w.previous = counts[1];
        w.pending = 0;
        w.lastUsedMs = nowMs;
        return decide(limit, w.shared, w.previous, nowMs, start);
    }

    /**
     * Writes what this replica counted since the last write (one statement) and reads the current totals of the
     * subjects used in the current window (one statement), which brings in the other replicas' counts. Runs every
     * {@link CredentialLimits#flushEvery()}, and at shutdown; forgets subjects unused for two windows.
     */
    public void flush() {
        writing.lock();
        try {
            long nowMs = clock.instant().toEpochMilli();
            long start = nowMs - Math.floorMod(nowMs, WINDOW_MS);
            List<Count> writes = new ArrayList<>();
            List<String> reads = new ArrayList<>();
            Map<String, Window> involved = new HashMap<>();
            for (Map.Entry<String, Window> e : windows.entrySet()) {
                Window w = e.getValue();
                synchronized (w) {
                    if (w.pending > 0) {
                        w.inFlight = w.pending;
                        w.pending = 0;
                        writes.add(new Count(e.getKey(), w.start, w.inFlight));
                        involved.put(e.getKey(), w);
                    }
                    if (w.start == start && nowMs - w.lastUsedMs < WINDOW_MS) {
                        reads.add(e.getKey());
                        involved.put(e.getKey(), w);
                    } else if (w.inFlight == 0 && nowMs - w.lastUsedMs > 2 * WINDOW_MS) {
                        w.evicted = true;
                        windows.remove(e.getKey(), w);
                    }
                }
            }
            if (involved.isEmpty()) {
                return;
            }
            Map<String, int[]> read;
            try (Connection c = dataSource.getConnection()) {
                write(c, writes);
                read = reads.isEmpty() ? Map.of() : read(c, reads, start);
            } catch (SQLException e) {
                for (Window w : involved.values()) {
                    synchronized (w) {
                        w.pending += w.inFlight; // kept for the next flush
                        w.inFlight = 0;
                    }
                }
                LOG.warnf("could not write the rate-limit counts of %d credentials: %s", writes.size(), e.getMessage());
                return;
            }
            for (Map.Entry<String, Window> e : involved.entrySet()) {
                Window w = e.getValue();
                synchronized (w) {
                    int[] counts = read.get(e.getKey());
                    if (counts != null && w.start == start) {
                        w.shared = counts[0]; // includes what was in flight
                        w.previous = counts[1];
                    } else {
                        w.shared += w.inFlight;
                    }
                    w.inFlight = 0;
                }
            }
        } finally {
            writing.unlock();
        }
    }

    private record Count(String subject, long windowStart, int count) {
    }

    /** One statement; rows in one order (subject, window), so two replicas' flushes cannot deadlock. */
    private static void write(Connection c, List<Count> counts) throws SQLException {
        if (counts.isEmpty()) {
            return;
        }
        List<Count> sorted = new ArrayList<>(counts);
        sorted.sort(Comparator.comparing(Count::subject).thenComparingLong(Count::windowStart));
        try (PreparedStatement ps = c.prepareStatement("""
                insert into rate_limit_windows (subject, window_start, count)
                select * from unnest(?::text[], ?::timestamptz[], ?::integer[])
                on conflict (subject, window_start) do update set count = rate_limit_windows.count + excluded.count""")) {
            ps.setArray(1, c.createArrayOf("text", sorted.stream().map(Count::subject).toArray()));
            ps.setArray(2, c.createArrayOf("timestamptz", sorted.stream().map(x -> new Timestamp(x.windowStart())).toArray()));
            ps.setArray(3, c.createArrayOf("integer", sorted.stream().map(Count::count).toArray()));
            ps.executeUpdate();
        }
    }

    /** subject -> {count of the window starting at start, count of the window before}. */
    private static Map<String, int[]> read(Connection c, List<String> subjects, long start) throws SQLException {
        Map<String, int[]> out = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("""
                select u.subject, coalesce(cur.count, 0), coalesce(prev.count, 0)
                from unnest(?::text[]) as u(subject)
                left join rate_limit_windows cur on cur.subject = u.subject and cur.window_start = ?
                left join rate_limit_windows prev on prev.subject = u.subject and prev.window_start = ?""")) {
            ps.setArray(1, c.createArrayOf("text", subjects.toArray()));
            ps.setTimestamp(2, new Timestamp(start));
            ps.setTimestamp(3, new Timestamp(start - WINDOW_MS));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), new int[]{rs.getInt(2), rs.getInt(3)});
                }
            }
        }
        return out;
    }

    /**
     * Housekeeping: windows older than the previous minute are never read again; deletes those that started more than
     * 3 minutes ago (in one statement, autocommitted like the counts).
     */
    public int deleteStaleWindows(Instant now) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("delete from rate_limit_windows where window_start < ?")) {
            ps.setTimestamp(1, Timestamp.from(now.minusSeconds(180)));
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not delete stale rate-limit windows", e);
        }
    }

    /** Pure arithmetic of the sliding window (unit-testable); {@code current} includes this request. */
    static Decision decide(int limit, int current, int previous, long nowMs, long windowStartMs) {
        double elapsed = (nowMs - windowStartMs) / (double) WINDOW_MS;
        double estimate = previous * (1 - elapsed) + current;
        boolean allowed = estimate <= limit;
        int remaining = (int) Math.max(0, Math.floor(limit - estimate));
        if (allowed) {
            return new Decision(true, limit, remaining, (windowStartMs + WINDOW_MS) / 1000, 0);
        }
        // When will one more request fit? previous * (1 - e) + current + 1 <= limit, in this window or the next.
        double waitMs;
        if (previous > 0 && current + 1 <= limit) {
            double e = 1 - (double) (limit - current - 1) / previous;
            waitMs = (e - elapsed) * WINDOW_MS;
        } else {
            double e = Math.max(0, 1 - (double) (limit - 1) / current);
            waitMs = (1 - elapsed) * WINDOW_MS + e * WINDOW_MS;
        }
        long retryAfter = Math.max(1, (long) Math.ceil(waitMs / 1000));
        return new Decision(false, limit, 0, nowMs / 1000 + retryAfter, retryAfter);
    }
}
