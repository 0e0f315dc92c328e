package com.assessments.status;

import com.assessments.webhook.delivery.Deliveries;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The real checks behind GET /status. It never throws: a failing check is reported, not raised, and it answers within
 * {@link #CHECK_DEADLINE} even when the database does not answer at all (the probe runs on its own thread, its
 * statements have their own network timeout, and concurrent callers share one probe instead of piling up).
 *
 * <p>Verdict: {@code down} when the database cannot be reached within the deadline; {@code degraded} when it answers
 * slowly (over {@link #SLOW_DATABASE_MS} ms), when the webhook queue is not ok, or when no scheduled job has run within
 * assessments.cron-max-silence (3 minutes); {@code healthy} otherwise. The webhook queue is not ok when a delivery
 * due for an attempt is more than {@link #QUEUE_LAG} late (the workers are not keeping up), or when at least
 * {@link #RETRYING_DEGRADED} deliveries are waiting to retry and they go to at least {@link #RETRYING_ENDPOINTS_DEGRADED}
 * endpoints: failures spread over several receivers point at our side of the delivery (egress, DNS, TLS, the
 * workers), while failures at one or two receivers are those receivers' business and do not degrade the platform.
 *
 * <p>Queue counts cover the deliveries the workers are expected to send, those of enabled endpoints; deliveries of a
 * disabled endpoint are held (they are not attempted until it is enabled again) and counted apart.
 */
@ApplicationScoped
public class PlatformHealth {

    static final long SLOW_DATABASE_MS = 500;
    static final Duration QUEUE_LAG = Duration.ofMinutes(5);
    /** The whole check answers within this; a database that has not answered by then is reported down. */
    static final Duration CHECK_DEADLINE = Duration.ofMillis(800);
    /** Network (socket read) timeout of the probe's statements. */
    static final int PROBE_NETWORK_TIMEOUT_MS = 750;
    static final int RETRYING_DEGRADED = 10;
    static final int RETRYING_ENDPOINTS_DEGRADED = 3;
    private static final Logger LOG = Logger.getLogger(PlatformHealth.class);

    /**
     * The webhook delivery queue. {@code pending}: waiting for an attempt ({@code pending} or {@code failed}, enabled
     * endpoints); {@code retrying}: of those, the ones whose last attempt failed; {@code retryingEndpoints}: how many
     * endpoints those go to; {@code overdue}: due more than {@link #QUEUE_LAG} ago; {@code held}: waiting on a disabled
     * endpoint; {@code dead}: in the dead-letter queue (not resent or recovered); {@code undelivered}: everything not
     * delivered and not replaced, i.e. pending + held + dead.
     */
    public record Queue(long pending, long retrying, long retryingEndpoints, long overdue, long held, long dead) {

        public static final Queue EMPTY = new Queue(0, 0, 0, 0, 0, 0);

        public long undelivered() {
            return pending + held + dead;
        }

        public boolean ok() {
            return overdue == 0 && !(retrying >= RETRYING_DEGRADED && retryingEndpoints >= RETRYING_ENDPOINTS_DEGRADED);
        }
    }

    public record Report(String status, boolean databaseOk, long databaseLatencyMs, boolean queueOk, Queue queue,
                         boolean cronOk, Instant cronLastRunAt, Instant timestamp) {

        public long pendingCount() {
            return queue.pending();
        }

        public long dlqCount() {
            return queue.dead();
        }
    }

    private final DataSource dataSource;
    private final Clock clock;
    private final Duration cronMaxSilence;
    private final AtomicReference<CompletableFuture<Report>> inFlight = new AtomicReference<>();
    private final ExecutorService probes = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "status-probe");
        t.setDaemon(true);
        return t;
    });

    public PlatformHealth(DataSource dataSource, Clock clock, StatusConfig config) {
        this.dataSource = dataSource;
        this.clock = clock;
        this.cronMaxSilence = config.cronMaxSilence();
    }

    public Report check() {
        long started = System.nanoTime();
        CompletableFuture<Report> mine = new CompletableFuture<>();
        CompletableFuture<Report> probe = inFlight.compareAndExchange(null, mine);
        if (probe == null) {
            probe = mine;
            try {
                probes.execute(() -> {
                    Report report = probe();
                    inFlight.compareAndSet(mine, null); // before completing: a later caller starts a fresh probe
                    mine.complete(report);
                });
            } catch (RuntimeException e) { // rejected: shutting down
                inFlight.compareAndSet(mine, null);
                mine.complete(down(clock.instant(), started));
            }
        }
        Report report;
        try {
            report = probe.get(CHECK_DEADLINE.toNanos() - (System.nanoTime() - started), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            LOG.warnf("status check: the database did not answer within %d ms", CHECK_DEADLINE.toMillis());
            return down(clock.instant(), started);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return down(clock.instant(), started);
        } catch (ExecutionException e) {
            return down(clock.instant(), started);
        }
        if (!report.databaseOk()) {
            LOG.warn("status check: database unreachable");
        }
        return report;
    }

    private Report down(Instant now, long started) {
        return new Report("down", false, (System.nanoTime() - started) / 1_000_000, false, Queue.EMPTY, false, null, now);
    }

    /** One round of checks on the probe thread. Never throws. */
    Report probe() {
        Instant now = clock.instant();
        long started = System.nanoTime();
        try (Connection c = dataSource.getConnection()) {
            int networkTimeout = c.getNetworkTimeout();
            c.setNetworkTimeout(Runnable::run, PROBE_NETWORK_TIMEOUT_MS);
            try {
                return probe(c, now, started);
            } finally {
                c.setNetworkTimeout(Runnable::run, networkTimeout);
            }
        } catch (Exception e) {
            LOG.debugf("status probe failed: %s", e);
            return down(now, started);
        }
    }

    private Report probe(Connection c, Instant now, long started) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select 1"); ResultSet rs = ps.executeQuery()) {
            rs.next();
        }
        long latencyMs = (System.nanoTime() - started) / 1_000_000;
        Queue queue = queue(c, now);
        Instant lastRun = null;
        try (PreparedStatement ps = c.prepareStatement("select max(last_run_at) from job_runs");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            Timestamp t = rs.getTimestamp(1);
            lastRun = t == null ? null : t.toInstant();
        }
        boolean cronOk = lastRun != null && lastRun.isAfter(now.minus(cronMaxSilence));
        String status = latencyMs > SLOW_DATABASE_MS || !queue.ok() || !cronOk ? "degraded" : "healthy";
        return new Report(status, true, latencyMs, queue.ok(), queue, cronOk, lastRun, now);
    }

    /**
     * The webhook queue as /status reports it, read through the partial indexes of the queue's states (V3, V10): the
     * cost follows the queue and the dead deliveries, not the history. One scan of {@code status in ('pending',
     * 'failed', 'dead')} read every delivery ever made (they are kept): 123 ms on both cores for a million rows,
     * against about 24 ms this way with 3,400 queued and 5,000 dead (the dead-letter count reads each dead row for
     * superseded_by), on a probe that gives up after 800 ms. A dead delivery that was resent or recovered (superseded_by) has left the dead-letter
     * queue (a pending or failed one is never superseded); the workers send only to enabled endpoints, and a deleted
     * endpoint's unsent deliveries are cancelled.
     */
    static final String QUEUE = """
            select count(*) filter (where sendable),
                   count(*) filter (where d.status = 'failed' and sendable),
                   count(distinct d.endpoint_id) filter (where d.status = 'failed' and sendable),
                   count(*) filter (where sendable and d.next_attempt_at < ?),
                   count(*) filter (where not sendable and w.deleted_at is null),
            """ + Deliveries.DEAD_LETTER_COUNT + "\n" + """
            from webhook_deliveries d
            join webhook_endpoints w on w.id = d.endpoint_id,
            lateral (select w.status = 'enabled' and w.deleted_at is null as sendable) f
            where d.status in ('pending', 'failed')""";

    private Queue queue(Connection c, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(QUEUE)) {
            ps.setTimestamp(1, Timestamp.from(now.minus(QUEUE_LAG)));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new Queue(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getLong(6));
            }
        }
    }

    @PreDestroy
    void stop() {
        probes.shutdownNow();
    }
}
