package com.assessments.jobs;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.Optional;

/** Records each scheduled job's last run in the database, so /status sees the runs of every replica. */
@ApplicationScoped
public class JobRuns {

    /** Stable per process; the pod name on Kubernetes. */
    public static final String INSTANCE = Optional.ofNullable(System.getenv("HOSTNAME"))
            .orElse("local-" + ProcessHandle.current().pid());

    private final EntityManager em;
    private final Drain drain;
    private final MeterRegistry registry;

    public JobRuns(EntityManager em, Drain drain, MeterRegistry registry) {
        this.registry = registry;
        this.em = em;
        this.drain = drain;
    }

    /**
     * Runs {@code batch} (each call one transaction claiming at most {@code batchSize} rows with SKIP LOCKED and
     * returning how many it handled) until a batch comes back short, or until the replica starts draining (a
     * shutdown claims nothing new: the run in progress ends after its current batch), then records the run.
     */
    public int runInBatches(String job, Instant now, int batchSize, java.util.function.ToIntFunction<Instant> batch) {
        long started = System.nanoTime();
        int total = 0;
        int handled;
        do {
            handled = batch.applyAsInt(now);
            total += handled;
        } while (handled == batchSize && !drain.draining());
        record(job, now, (System.nanoTime() - started) / 1_000_000, total);
        return total;
    }

    /** True once the replica is shutting down: background work claims nothing new (see {@link Drain}). */
    public boolean draining() {
        return drain.draining();
    }

    /**
     * A finished run: its row in job_runs (what /status reads, and assessments_jobs_last_success_seconds: see
     * observability/DatabaseGauges) and this replica's assessments_jobs_duration_seconds{job}.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void record(String job, Instant at, long durationMs, int processed) {
        Timer.builder("assessments.jobs.duration").description("Background job runs").tag("job", job).register(registry)
                .record(java.time.Duration.ofMillis(durationMs));

        em.createNativeQuery("""
                        insert into job_runs (job, last_run_at, instance, duration_ms, processed)
                        values (?1, ?2, ?3, ?4, ?5)
                        on conflict (job) do update set last_run_at = excluded.last_run_at,
                            instance = excluded.instance, duration_ms = excluded.duration_ms, processed = excluded.processed
                        """)
                .setParameter(1, job).setParameter(2, at).setParameter(3, INSTANCE)
                .setParameter(4, (int) Math.min(durationMs, Integer.MAX_VALUE)).setParameter(5, processed)
                .executeUpdate();
    }
}
