package com.assessments.status;

import com.assessments.common.AppConfig;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The real checks behind GET /status. It never throws: a failing check is reported, not raised.
 * Verdict: down when the database cannot be reached; degraded when it answers slowly (over
 * {@link #SLOW_DATABASE_MS} ms), when webhook deliveries are overdue by more than {@link #QUEUE_LAG}, or
 * when no scheduled job has run within assessments.cron-max-silence (3 minutes); healthy otherwise.
 */
@ApplicationScoped
public class PlatformHealth {

    static final long SLOW_DATABASE_MS = 500;
    static final Duration QUEUE_LAG = Duration.ofMinutes(5);
    private static final Logger LOG = Logger.getLogger(PlatformHealth.class);

    public record Report(String status, boolean databaseOk, long databaseLatencyMs, boolean queueOk, long pendingCount,
                         long dlqCount, boolean cronOk, Instant cronLastRunAt, Instant timestamp) {
    }

    private final DataSource dataSource;
    private final Clock clock;
    private final Duration cronMaxSilence;

    public PlatformHealth(DataSource dataSource, Clock clock, AppConfig config) {
        this.dataSource = dataSource;
        this.clock = clock;
        this.cronMaxSilence = config.cronMaxSilence();
    }

    public Report check() {
        Instant now = clock.instant();
        long started = System.nanoTime();
        try (Connection c = dataSource.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement("select 1"); ResultSet rs = ps.executeQuery()) {
                rs.next();
            }
            long latencyMs = (System.nanoTime() - started) / 1_000_000;
            long pending = 0, dead = 0, overdue = 0;
            // a dead delivery that was resent or recovered (superseded_by) has left the dead-letter queue
            try (PreparedStatement ps = c.prepareStatement("""
                    select count(*) filter (where status = 'pending'),
                           count(*) filter (where status = 'dead' and superseded_by is null),
                           count(*) filter (where status = 'pending' and next_attempt_at < ?)
                    from webhook_deliveries where status in ('pending', 'dead')""")) {
                ps.setTimestamp(1, Timestamp.from(now.minus(QUEUE_LAG)));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    pending = rs.getLong(1);
                    dead = rs.getLong(2);
                    overdue = rs.getLong(3);
                }
            }
            Instant lastRun = null;
            try (PreparedStatement ps = c.prepareStatement("select max(last_run_at) from job_runs");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                Timestamp t = rs.getTimestamp(1);
                lastRun = t == null ? null : t.toInstant();
            }
            boolean queueOk = overdue == 0;
            boolean cronOk = lastRun != null && lastRun.isAfter(now.minus(cronMaxSilence));
            String status = latencyMs > SLOW_DATABASE_MS || !queueOk || !cronOk ? "degraded" : "healthy";
            return new Report(status, true, latencyMs, queueOk, pending, dead, cronOk, lastRun, now);
        } catch (Exception e) {
            LOG.warnf("status check: database unreachable (%s)", e.getClass().getSimpleName());
            long latencyMs = (System.nanoTime() - started) / 1_000_000;
            return new Report("down", false, latencyMs, false, 0, 0, false, null, now);
        }
    }
}
