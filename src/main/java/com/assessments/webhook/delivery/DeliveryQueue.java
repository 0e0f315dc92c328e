package com.assessments.webhook.delivery;

import com.assessments.common.Sql;
import com.assessments.webhook.WebhookConfig;
import jakarta.enterprise.context.ApplicationScoped;
import com.assessments.webhook.delivery.DeliveryOutcomes.Outcome;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The delivery worker's transactions on the queue (webhook_deliveries, webhook_attempts, and the endpoints' circuit
 * breakers): claim due deliveries under a lease (together with recording the outcomes that arrived meanwhile, see
 * {@link DeliveryOutcomes}), renew the leases of sends in flight. Stateless: the worker passes who it is ({@code claimer}, written to
 * claimed_by) and what it is sending ({@code mine}); {@link DeliveryWorker} describes the flow.
 * <p>
 * These transactions commit without waiting for the WAL flush ({@code synchronous_commit = off}, for them only): a
 * claim or an outcome is a step of a delivery whose row was written durably with its event, and the receiver
 * de-duplicates on webhook-id, so if PostgreSQL itself crashed and lost the last few hundred milliseconds of these
 * commits (at most three times wal_writer_delay), those deliveries would be sent again, never lost; what would be
 * lost is an attempt row or a step of a counter. A durable commit cost more than the rest of a delivery's cycle
 * (one flush per cycle, and a cycle frees an endpoint's room for the next claim), so it bounded one endpoint's rate.
 */
@ApplicationScoped
public class DeliveryQueue {

    /** Logged under the worker's category, as before the queue had a class of its own. */
    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class);
    /** First key of the advisory locks that serialize the claims of one endpoint across replicas ("WHK1"). */
    private static final int CLAIM_LOCKS = 0x57484b31;
    static final String LOST = "no outcome: the replica sending it stopped before recording one (its lease ran out)";

    /** What a claim hands to the sender; {@code attempt} is this attempt's number (attempts after the claim). */
    record Claimed(String id, String endpointId, String url, String eventId, int attempt, String payload,
                   byte[] secret, byte[] previousSecret, Instant previousSecretExpiresAt, String eventType,
                   Instant eventCreatedAt) {
    }

    /** A claim's rows, and (when it took fewer than it could) the next time something becomes claimable. */
    record Claim(List<Claimed> rows, Instant nextDue) {
    }

    private final Sql sql;
    private final WebhookConfig config;
    private final DeliveryOutcomes outcomes;
    private final int maxAttempts;

    public DeliveryQueue(Sql sql, WebhookConfig config, DeliveryOutcomes outcomes) {
        this.sql = sql;
        this.config = config;
        this.outcomes = outcomes;
        this.maxAttempts = config.retrySchedule().size() + 1;
    }

    /**
     * Claims up to {@code limit} due deliveries for {@code claimer}, first (when {@code sweep}) ending deliveries whose
     * last allowed attempt was lost. The deliveries in {@code mine} (the claimer's sends in flight) are never claimed
     * again by it, nor seen as lost, even if their lease looks expired (a renewal that came late, or a test clock moved
     * forward), and they count against their endpoint's cap. With {@code wantNextDue}, a claim that took nothing while
     * nothing is in flight also says when something next becomes claimable.
     */
    Claim claim(Instant now, int limit, boolean wantNextDue, String[] mine, String claimer, boolean sweep) {
        return recordAndClaim(List.of(), now, limit, wantNextDue, mine, claimer, sweep);
    }

    /** Records one outcome in a cycle of its own (when a batch could not be recorded). */
    void record(Outcome done, String claimer, Instant now) {
        recordAndClaim(List.of(done), now, 0, false, new String[0], claimer, false);
    }

    /**
     * The worker's cycle: records these outcomes, then claims as {@link #claim} does (nothing when {@code limit} is 0),
     * in one transaction: the recorded deliveries' leases no longer count against their endpoints' caps when the claim
     * counts room. Without a failure among the outcomes the whole cycle is one statement, {@code webhook_cycle} (V20),
     * run in auto-commit: one round trip, where it was five (its settings, the record, the endpoint scan, the claim and
     * the commit), and a finished send's slot is free again once the cycle that records it ends. A failure adds its
     * breaker's statements before and its cool-down's after, in the worker's transaction ({@link DeliveryOutcomes}).
     * Runs in no caller's transaction: the cycle's settings would end up in it (a commit that does not wait for the
     * WAL flush).
     */
    Claim recordAndClaim(List<Outcome> done, Instant now, int limit, boolean wantNextDue, String[] mine, String claimer, boolean sweep) {
        if (done.isEmpty() && limit == 0) {
            // nothing to do, so no transaction: at shutdown (a limit of 0) the database may already be gone
            return new Claim(List.of(), null);
        }
        if (sql.inTransaction()) {
            throw new IllegalStateException("the delivery worker's cycle cannot run inside another transaction");
        }
        Cycle cycle;
        if (DeliveryOutcomes.anyFailed(done)) {
            cycle = inWorkerTransaction(() -> {
                Cycle c = cycle(outcomes.batch(done, now), now, limit, wantNextDue, mine, claimer, sweep);
                outcomes.afterRecord(c.batch(), c.recorded(), now);
                return c;
            });
        } else {
            cycle = cycle(outcomes.batch(done, now), now, limit, wantNextDue, mine, claimer, sweep); // its own transaction
            outcomes.afterRecord(cycle.batch(), cycle.recorded(), now);
        }
        outcomes.count(cycle.batch(), cycle.recorded()); // committed
        return cycle.claim();
    }

    /** What one call of webhook_cycle did: the batch, the deliveries it recorded (still this claimer's), the claim. */
    private record Cycle(DeliveryOutcomes.Batch batch, Set<String> recorded, Claim claim) {
    }

    private Cycle cycle(DeliveryOutcomes.Batch batch, Instant now, int limit, boolean wantNextDue, String[] mine, String claimer,
                        boolean sweep) {
        // A lease holds its endpoint's room only while it is being renewed: one not renewed for two renewal intervals
        // belongs to a replica that died (or stalls), and waiting for it to run out would stop the whole endpoint for
        // up to a lease. Such a delivery is still not taken over before its lease runs out (no early second send).
        Instant heldIfEndsAfter = later(now, now.plus(config.claimLease()).minus(config.leaseRenewEvery().multipliedBy(2)));
        List<Object[]> rows = sql.rows("""
                        select * from webhook_cycle(cast(?1 as text), cast(?2 as timestamptz), cast(?3 as text[]), cast(?4 as text[]),
                            cast(?5 as text[]), cast(?6 as text[]), cast(?7 as text[]), cast(?8 as text[]), cast(?9 as text[]),
                            cast(?10 as text[]), cast(?11 as text[]), cast(?12 as integer), cast(?13 as integer), cast(?14 as integer),
                            cast(?15 as integer), cast(?16 as integer), cast(?17 as text[]), cast(?18 as timestamptz),
                            cast(?19 as timestamptz), cast(?20 as text), cast(?21 as boolean), cast(?22 as boolean))""",
                claimer, now, batch.ids(), batch.attempts(), batch.statuses(), batch.nexts(), batch.codes(), batch.errors(),
                batch.healthy(), batch.attemptErrors(), batch.durations(), limit, config.circuitBreakerFailures(),
                config.maxInFlightPerEndpoint(), maxAttempts, CLAIM_LOCKS, mine, heldIfEndsAfter, now.plus(config.claimLease()),
                LOST, sweep, wantNextDue);
        Set<String> recorded = new HashSet<>();
        List<Claimed> claimed = new ArrayList<>();
        Instant nextDue = null;
        for (Object[] r : rows) {
            switch ((String) r[0]) {
                case "recorded" -> recorded.add((String) r[1]);
                case "claimed" -> claimed.add(new Claimed((String) r[1], (String) r[2], (String) r[3], (String) r[4],
                        ((Number) r[5]).intValue(), (String) r[6], (byte[]) r[7], (byte[]) r[8], (Instant) r[9], (String) r[10],
                        (Instant) r[11]));
                case "next_due" -> nextDue = (Instant) r[11];
                default -> throw new IllegalStateException("webhook_cycle returned a row of kind " + r[0]);
            }
        }
        return new Cycle(batch, recorded, new Claim(claimed, nextDue));
    }

    /**
     * A new transaction that commits without waiting for the WAL flush (see the class comment) and runs the claim's and
     * the outcomes' statements on their generic plans, built once per pooled connection (pgJDBC prepares a statement on
     * the server from its fifth use; PL/pgSQL, webhook_cycle's statements at their first; webhook_cycle sets the same
     * settings itself, first, for the cycles it runs in auto-commit): with custom plans PostgreSQL planned each of them again at nearly every execution
     * (their array parameters keep the custom plan looking cheaper), 0.3 to 1.0 ms of planning per statement, about as
     * much as executing it. A generic plan lives as long as the pooled connection, so it must not depend on how big
     * the tables were when it was built: planned on a young webhook_attempts, the outcome statement's update of the
     * attempts became a sequential scan of the whole table at every call (1.5 ms per call once 13,000 attempts
     * existed, growing with every delivery). So sequential scans are off too: every table these statements read in bulk
     * has the index they need. Nor do they run in parallel: a generic plan estimates a range condition such as the
     * next-due lookup's {@code claimed_until > now} at a third of the table, and on a large, partly vacuumed table
     * PostgreSQL then started two parallel workers for an index that holds only the live leases (12-42 ms for an idle
     * poll instead of 0.2 ms, in a copy of the queue with 500,000 delivered rows). The settings end with the
     * transaction, and are set in one round trip. The transaction is a plain JDBC one ({@link Sql#inLocalTransaction}):
     * the worker runs one every few milliseconds under load, its statements are all {@link Sql}'s, and the transaction
     * manager's begin, enlistment and commit took about 30 % of the claim thread's CPU. So it cannot run inside a
     * caller's transaction either (none of its callers has one).
     */
    <T> T inWorkerTransaction(java.util.concurrent.Callable<T> work) {
        return sql.inLocalTransaction(() -> {
            sql.column("select set_config('synchronous_commit', 'off', true), set_config('plan_cache_mode', 'force_generic_plan', true),"
                    + " set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)");
            return work.call();
        });
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    /**
     * Extends the leases of these deliveries while {@code claimer} still holds them, so no other replica takes them over.
     * A delivery whose row another transaction holds is skipped, not waited for: it is almost always this replica's own
     * outcome being recorded, which ends the lease anyway. Waiting deadlocked with that recording (each locked rows
     * the other wanted, in no set order: one in a benchmark's webhook phase), and PostgreSQL broke it only after
     * deadlock_timeout, a second in which the worker claimed nothing. A lease skipped once is renewed the next time;
     * meanwhile it may stop holding its endpoint's room for a moment (the claim counts a lease as held only while it
     * ends more than two renewal intervals from now), but it is taken over only once it runs out, after about seven
     * renewals skipped in a row.
     */
    int renew(String[] ids, String claimer, Instant until) {
        return inWorkerTransaction(() -> sql.update("""
                        update webhook_deliveries set claimed_until = ?1
                        where id in (select id from webhook_deliveries
                                     where id = any (?2) and claimed_by = ?3 and claimed_until is not null
                                     for no key update skip locked)""",
                until, ids, claimer));
    }
}
