package com.assessments.session;

import com.assessments.jobs.JobRuns;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
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

    private final EntityManager em;
    private final Clock clock;
    private final SessionLifecycle lifecycle;
    private final JobRuns runs;

    public ExpiryJob(EntityManager em, Clock clock, SessionLifecycle lifecycle, JobRuns runs) {
        this.em = em;
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
        @SuppressWarnings("unchecked")
        List<String> ids = em.createNativeQuery("""
                        select id from sessions
                        where status in ('created', 'in_progress', 'failed') and deleted_at is null and expires_at <= ?1
                        order by expires_at limit ?2 for update skip locked""")
                .setParameter(1, now).setParameter(2, BATCH).getResultList();
        for (String id : ids) {
            lifecycle.expire(Session.findById(id));
        }
        return ids.size();
    }
}
