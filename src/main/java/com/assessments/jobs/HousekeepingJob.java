package com.assessments.jobs;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;

/**
 * Deletes Idempotency-Key records past their 24 hours and stale rate-limit windows. Safe on every replica at once: each batch claims
 * its rows with FOR UPDATE SKIP LOCKED, so two replicas never wait for, or delete, the same rows.
 */
@ApplicationScoped
public class HousekeepingJob {

    public static final String NAME = "housekeeping";
    static final int BATCH = 500;

    private final EntityManager em;
    private final Clock clock;
    private final JobRuns runs;

    public HousekeepingJob(EntityManager em, Clock clock, JobRuns runs) {
        this.em = em;
        this.clock = clock;
        this.runs = runs;
    }

    @Scheduled(identity = NAME, every = "${assessments.housekeeping.every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void run() {
        Instant now = clock.instant();
        deleteOldRateLimitWindows(now);
        runs.runInBatches(NAME, now, BATCH, this::deleteExpiredIdempotencyRecords);
    }

    /** Rate-limit windows older than the previous minute are never read again. */
    @Transactional
    void deleteOldRateLimitWindows(Instant now) {
        em.createNativeQuery("delete from rate_limit_windows where window_start < ?1")
                .setParameter(1, now.minusSeconds(180)).executeUpdate();
    }

    @Transactional
    int deleteExpiredIdempotencyRecords(Instant now) {
        return em.createNativeQuery("""
                        delete from idempotency_records where ctid in (
                            select ctid from idempotency_records where expires_at <= ?1
                            limit ?2 for update skip locked)
                        """)
                .setParameter(1, now).setParameter(2, BATCH)
                .executeUpdate();
    }
}
