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
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;

/**
 * Vacuums webhook_deliveries as soon as enough of its row versions are dead, instead of waiting for autovacuum.
 * <p>
 * Why: every claim finds each endpoint's earliest due deliveries by walking webhook_deliveries_endpoint_due from its
 * oldest entry. Each delivery leaves two dead entries at that end of the index (the version its claim replaced, and
 * the claimed version its outcome replaced), and only VACUUM removes them. In the benchmark's webhook phase the walk
 * grew from 4 to 127 pages per lookup in about a minute (autovacuum ran once meanwhile). Autovacuum takes a table once
 * 20 % of its rows are dead (and checks a database once a minute): delivered rows are kept, so on a table of ten
 * million deliveries the walk would reach two million dead entries before it is cleaned. Here the threshold is a
 * floor of dead rows, or a fraction of the live ones when that is larger, so that each vacuum's own cost (it reads
 * every index of the table whole) stays in proportion to the dead rows it removes.
 * <p>
 * On N replicas: a VACUUM holds the table against any other (SKIP_LOCKED: a replica whose VACUUM finds the table
 * taken, by another replica or by autovacuum, skips it), and the check reads the statistics the last VACUUM reset, so
 * two replicas vacuum one after the other only if one checked while the other was vacuuming. Dead rows a VACUUM had
 * to leave (an open transaction still sees them) do not count towards the next: behind a long transaction every
 * replica would otherwise vacuum at every check and remove nothing. INDEX_CLEANUP ON:
 * without it, PostgreSQL skips the indexes when few heap pages hold dead rows, which on a large table is always the
 * case here. TRUNCATE OFF: giving empty trailing pages back would take the table's exclusive lock, which claims and
 * inserts wait for. Unlike autovacuum, this VACUUM does not give way to a migration's ALTER of the table, which waits
 * for it to end.
 * <p>
 * Not recorded in job_runs (whose rows say when each job last ran): it runs only when due, so its last run says
 * nothing about its health; {@code assessments_webhook_queue_vacuums_seconds} times the vacuums it ran.
 */
@ApplicationScoped
public class QueueVacuum {

    private static final Logger LOG = Logger.getLogger(QueueVacuum.class);
    /** A VACUUM reads every index of the table whole: more than the pool's read timeout on a large table. */
    private static final int VACUUM_TIMEOUT_MS = (int) Duration.ofMinutes(30).toMillis();

    private final DataSource dataSource;
    private final WebhookConfig config;
    private final JobRuns runs;
    private final Timer vacuums;
    private volatile boolean skipLogged;
    /** Dead row versions the last VACUUM run here left (only check() and tests call it: one caller at a time). */
    private volatile long leftByLastVacuum;

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
        } catch (SQLException | RuntimeException e) { // the database away: said in one line, every 2 s per replica
            LOG.warnf("could not vacuum webhook_deliveries (%s); autovacuum still will", e.getMessage());
        }
    }

    /**
     * Vacuums webhook_deliveries if its dead row versions (PostgreSQL's statistics, which lag by up to a second or so)
     * reach {@code minDead} and {@code fraction} of its live rows, not counting those the last VACUUM seen here had to
     * leave (an open transaction still sees them: vacuuming again would not remove them either), and no other VACUUM
     * holds the table. Returns whether it vacuumed (PostgreSQL's count of manual vacuums of the table went up, and
     * this one did not skip it).
     */
    boolean vacuumIfDue(long minDead, double fraction) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true); // VACUUM cannot run in a transaction
            long[] before = deadLiveAndCount(c);
            if (before == null) {
                return false;
            }
            long left = Math.min(leftByLastVacuum, before[0]); // fewer now: removed since (autovacuum, another replica)
            leftByLastVacuum = left;
            if (before[0] - left < Math.max(minDead, (long) (before[1] * fraction))) {
                return false;
            }
            long started = System.nanoTime();
            SQLWarning warnings;
            // the pool sets a changed timeout back to its own when the connection returns (network-timeout, QueueVacuumTest)
            c.setNetworkTimeout(Runnable::run, VACUUM_TIMEOUT_MS);
            try (Statement s = c.createStatement()) {
                s.execute("vacuum (skip_locked, index_cleanup on, truncate off) webhook_deliveries");
                warnings = s.getWarnings();
            }
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            long[] after = deadLiveAndCount(c);
            boolean vacuumed = after != null && after[2] > before[2] && !skipped(warnings);
            if (vacuumed) {
                leftByLastVacuum = after[0];
                vacuums.record(took);
                LOG.debugf("vacuumed webhook_deliveries in %d ms; %d dead row versions left", took.toMillis(), after[0]);
            } else if (!skipLogged && warnings != null && !skipped(warnings)) {
                // not a lock held by another VACUUM (the usual skip): a role that may not vacuum the table, say
                skipLogged = true;
                LOG.warnf("webhook_deliveries not vacuumed (%s); left to autovacuum", warnings.getMessage());
            }
            return vacuumed;
        }
    }

    /** The table's dead and live row versions and manual vacuums so far, as PostgreSQL's statistics have them. */
    private static long[] deadLiveAndCount(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("""
                select n_dead_tup, n_live_tup, vacuum_count from pg_stat_user_tables
                where relid = 'webhook_deliveries'::regclass""")) {
            return rs.next() ? new long[]{rs.getLong(1), rs.getLong(2), rs.getLong(3)} : null;
        }
    }

    /** Whether VACUUM skipped the table because another VACUUM held it (55P03, lock not available). */
    private static boolean skipped(SQLWarning warnings) {
        for (SQLWarning w = warnings; w != null; w = w.getNextWarning()) {
            if ("55P03".equals(w.getSQLState())) {
                return true;
            }
        }
        return false;
    }
}
