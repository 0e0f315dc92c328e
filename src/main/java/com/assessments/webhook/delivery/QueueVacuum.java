package com.assessments.webhook.delivery;

import com.assessments.jobs.JobRuns;
import com.assessments.webhook.WebhookConfig;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Vacuums webhook_deliveries as soon as enough of its row versions are dead, instead of waiting for autovacuum.
 * <p>
 * Why: every claim finds each endpoint's earliest due deliveries by walking webhook_deliveries_endpoint_due from its
 * oldest entry. Each delivery leaves two dead entries at that end of the index (the version its claim replaced, and
 * the claimed version its outcome replaced), and only VACUUM removes them. In the benchmark's webhook phase the walk
 * grew from 4 to 127 pages per claim in a minute, until autovacuum ran. Autovacuum runs a table once 20 % of its rows
 * are dead (and checks a database once a minute): delivered rows are kept, so on a table of ten million deliveries
 * the walk would reach two million dead entries before it is cleaned. Here the threshold is a floor of dead rows, or a
 * fraction of the live ones when that is larger, so that each vacuum's own cost (it reads every index of the table
 * whole) stays in proportion to the dead rows it removes.
 * <p>
 * On N replicas: a session advisory lock lets one vacuum at a time; the others skip, and so does a replica while
 * autovacuum holds the table (SKIP_LOCKED). INDEX_CLEANUP ON: without it, PostgreSQL skips the indexes when few heap
 * pages hold dead rows, which on a large table is always the case here, and the dead entries would stay.
 */
@ApplicationScoped
public class QueueVacuum {

    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class);
    /** Keys of the advisory lock that lets one replica vacuum at a time ("WHK1", 2). */
    static final int LOCK_CLASS = 0x57484b31;
    static final int LOCK_ID = 2;

    private final DataSource dataSource;
    private final WebhookConfig config;
    private final JobRuns runs;
    private final Timer vacuums;
    private volatile boolean refusedLogged;

    public QueueVacuum(DataSource dataSource, WebhookConfig config, JobRuns runs, MeterRegistry registry) {
        this.dataSource = dataSource;
        this.config = config;
        this.runs = runs;
        this.vacuums = Timer.builder("assessments.webhook.queue.vacuums")
                .description("VACUUMs of webhook_deliveries started by the service (its dead row versions reached the threshold)")
                .register(registry);
    }

    @Scheduled(identity = "webhook-queue-vacuum", every = "${assessments.webhooks.vacuum-every}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void check() {
        if (runs.draining()) {
            return;
        }
        try {
            vacuumIfDue(config.vacuumDeadRows(), config.vacuumDeadFraction());
        } catch (SQLException | RuntimeException e) {
            LOG.warn("could not vacuum webhook_deliveries; autovacuum still will", e);
        }
    }

    /**
     * Vacuums webhook_deliveries if its dead row versions (PostgreSQL's statistics, which lag by up to a second or so)
     * reach {@code minDead} and {@code fraction} of its live rows, no other session holds the vacuum's advisory lock,
     * and no other VACUUM holds the table. Returns whether it vacuumed.
     */
    boolean vacuumIfDue(long minDead, double fraction) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true); // VACUUM cannot run in a transaction
            boolean locked;
            try (PreparedStatement due = c.prepareStatement("""
                    select case when s.n_dead_tup >= greatest(?, s.n_live_tup * ?) then pg_try_advisory_lock(?, ?) else false end
                    from pg_stat_user_tables s where s.relid = 'webhook_deliveries'::regclass""")) {
                due.setLong(1, minDead);
                due.setDouble(2, fraction);
                due.setInt(3, LOCK_CLASS);
                due.setInt(4, LOCK_ID);
                try (ResultSet rs = due.executeQuery()) {
                    locked = rs.next() && rs.getBoolean(1);
                }
            }
            if (!locked) {
                return false;
            }
            try (Statement s = c.createStatement()) {
                long started = System.nanoTime();
                s.execute("vacuum (skip_locked, index_cleanup on) webhook_deliveries");
                java.sql.SQLWarning skipped = s.getWarnings(); // VACUUM skips a table with a warning, not an error
                if (skipped != null) {
                    if (skipped.getMessage().contains("lock not available")) { // autovacuum has the table
                        LOG.debugf("webhook_deliveries not vacuumed: %s", skipped.getMessage());
                    } else if (!refusedLogged) { // a database role that may not vacuum it: said once, autovacuum does it
                        refusedLogged = true;
                        LOG.warnf("webhook_deliveries not vacuumed (%s); left to autovacuum", skipped.getMessage());
                    }
                    return false;
                }
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                vacuums.record(took);
                LOG.debugf("vacuumed webhook_deliveries in %d ms", took.toMillis());
            } finally {
                try (Statement s = c.createStatement()) {
                    s.execute("select pg_advisory_unlock(" + LOCK_CLASS + ", " + LOCK_ID + ")");
                }
            }
            return true;
        }
    }
}
