package com.assessments.observability;

import com.assessments.common.AssessmentTypes;
import com.assessments.jobs.HousekeepingJob;
import com.assessments.report.ReportService;
import com.assessments.session.ExpiryJob;
import com.assessments.webhook.delivery.Deliveries;
import com.assessments.webhook.delivery.DeliveryWorker;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Gauges read from the database, refreshed on a schedule rather than at scrape time (a scrape must not wait on the
 * database): licenses available per assessment type (all organizations together), the webhook delivery queue by
 * state, each background job's last finished run, and whether the database answered at all. Every replica reports the same values; dashboards take max(), not sum().
 */
@ApplicationScoped
public class DatabaseGauges {

    private static final Logger LOG = Logger.getLogger(DatabaseGauges.class);

    /** Delivery states as operators name them: pending (not tried yet), retrying (failed, will retry), dead. */
    static final Map<String, String> QUEUE_STATES = Map.of("pending", "pending", "failed", "retrying", "dead", "dead");

    /**
     * The queue by state, one count per state, each on the partial index that holds only that state's rows (V3, V10):
     * the cost follows the queue, not the table. Delivered rows are never deleted, and a single {@code status in (...)
     * group by status} scanned all of them, on every replica every refresh: 129 ms of two cores for a million
     * deliveries, against 5 ms this way (EXPLAIN ANALYZE, 2,000 queued). Dead counts the dead-letter queue, as /status
     * does: not the dead deliveries already resent or recovered (superseded_by).
     */
    static final String QUEUE_BY_STATE = """
            select (select count(*) from webhook_deliveries where status = 'pending'),
                   (select count(*) from webhook_deliveries where status = 'failed'),
                   """ + Deliveries.DEAD_LETTER_COUNT;

    private final EntityManager em;
    private final Map<String, AtomicLong> licensesAvailable = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> queue = new ConcurrentHashMap<>();
    private final AtomicLong databaseUp = new AtomicLong();
    private final Map<String, AtomicLong> jobsLastRun = new ConcurrentHashMap<>();
    private final MeterRegistry registry;

    public DatabaseGauges(EntityManager em, MeterRegistry registry) {
        this.em = em;
        this.registry = registry;
        List.of(ExpiryJob.NAME, ReportService.JOB, HousekeepingJob.NAME, DeliveryWorker.NAME).forEach(this::jobGauge);
        for (String type : AssessmentTypes.ALL) {
            AtomicLong value = licensesAvailable.computeIfAbsent(type, t -> new AtomicLong());
            Gauge.builder("assessments.licenses.available", value, AtomicLong::get)
                    .description("Live licenses left, all organizations together").tag("type", type).register(registry);
        }
        Gauge.builder("assessments.database.up", databaseUp, AtomicLong::get)
                .description("1 when this replica's last read of the database succeeded, else 0").register(registry);
        QUEUE_STATES.values().forEach(state -> {
            AtomicLong value = queue.computeIfAbsent(state, s -> new AtomicLong());
            Gauge.builder("assessments.webhook.queue", value, AtomicLong::get)
                    .description("Webhook deliveries waiting, by state").tag("state", state).register(registry);
        });
    }

    void atStart(@Observes StartupEvent start) {
        // fresh values from the first scrape on, but not on the start's main thread (its queries, the first
        // transaction of the JVM, were 0.1 s of a restart's critical path in a profile)
        Thread first = new Thread(this::refreshQuietly, "database-gauges-first-refresh");
        first.setDaemon(true);
        first.start();
    }

    @Scheduled(every = "${assessments.metrics.refresh-every:15s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        refreshQuietly();
    }

    private void refreshQuietly() {
        try {
            refresh();
            databaseUp.set(1);
        } catch (RuntimeException e) {
            databaseUp.set(0);
            LOG.debugf("database gauges not refreshed: %s", e.getClass().getSimpleName()); // the database is down: /status says so
        }
    }

    @Transactional
    @SuppressWarnings("unchecked")
    public void refresh() {
        Map<String, Long> available = new java.util.HashMap<>();
        for (Object[] row : (List<Object[]>) em.createNativeQuery(
                "select assessment_type, sum(capacity - used) from license_stripes group by assessment_type").getResultList()) {
            available.put((String) row[0], ((Number) row[1]).longValue());
        }
        licensesAvailable.forEach((type, value) -> value.set(available.getOrDefault(type, 0L)));
        Object[] byState = (Object[]) em.createNativeQuery(QUEUE_BY_STATE).getSingleResult();
        queue.get(QUEUE_STATES.get("pending")).set(((Number) byState[0]).longValue());
        queue.get(QUEUE_STATES.get("failed")).set(((Number) byState[1]).longValue());
        queue.get(QUEUE_STATES.get("dead")).set(((Number) byState[2]).longValue());
        // the last run of each job on any replica (job_runs is shared), as /status reads it
        for (Object[] row : (List<Object[]>) em.createNativeQuery(
                "select job, extract(epoch from last_run_at) from job_runs").getResultList()) {
            jobGauge((String) row[0]).set(((Number) row[1]).longValue());
        }
    }

    private AtomicLong jobGauge(String job) {
        return jobsLastRun.computeIfAbsent(job, j -> {
            AtomicLong value = new AtomicLong();
            Gauge.builder("assessments.jobs.last_success", value, AtomicLong::get).baseUnit("seconds")
                    .description("When the job last finished a run on any replica (epoch seconds; 0: never)")
                    .tag("job", j).register(registry);
            return value;
        });
    }
}
