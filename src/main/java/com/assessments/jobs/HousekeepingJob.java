package com.assessments.jobs;

import com.assessments.idempotency.Idempotency;
import com.assessments.key.RateLimiter;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Clock;
import java.time.Instant;

/**
 * Has Idempotency-Key records past their 24 hours and stale rate-limit windows deleted, each by the owner of its
 * table. Safe on every replica at once: each batch claims its rows with FOR UPDATE SKIP LOCKED, so two replicas never
 * wait for, or delete, the same rows.
 */
@ApplicationScoped
public class HousekeepingJob {

    public static final String NAME = "housekeeping";
    static final int BATCH = 500;

    private final Clock clock;
    private final JobRuns runs;
    private final RateLimiter rateLimiter;
    private final Idempotency idempotency;

    public HousekeepingJob(Clock clock, JobRuns runs, RateLimiter rateLimiter, Idempotency idempotency) {
        this.clock = clock;
        this.runs = runs;
        this.rateLimiter = rateLimiter;
        this.idempotency = idempotency;
    }

    @Scheduled(identity = NAME, every = "${assessments.housekeeping.every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void run() {
        Instant now = clock.instant();
        rateLimiter.deleteStaleWindows(now);
        runs.runInBatches(NAME, now, BATCH, at -> idempotency.deleteExpired(at, BATCH));
    }
}
