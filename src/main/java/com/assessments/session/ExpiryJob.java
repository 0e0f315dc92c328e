package com.assessments.session;

import com.assessments.jobs.JobRuns;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Expires sessions whose expiresAt has passed without a successful submission. Safe on every replica at
 * once: each batch claims its rows with FOR UPDATE SKIP LOCKED in its own transaction, so replicas share
 * the work and never expire a session twice (nor one that a submit holds locked at that moment).
 */
@ApplicationScoped
public class ExpiryJob {

    public static final String NAME = "session-expiry";
    static final int BATCH = 200;

    private final Clock clock;
    private final SessionLifecycle lifecycle;
    private final JobRuns runs;

    public ExpiryJob(Clock clock, SessionLifecycle lifecycle, JobRuns runs) {
        this.clock = clock;
        this.lifecycle = lifecycle;
        this.runs = runs;
    }

    @Scheduled(identity = NAME, every = "${assessments.expiry.every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void run() {
        runs.runInBatches(NAME, clock.instant(), BATCH, this::expireBatch);
    }

    @Transactional
    int expireBatch(Instant now) {
        List<Session> due = Session.lockDueToExpire(now, BATCH);
        due.forEach(lifecycle::expire);
        return due.size();
    }
}
