package com.assessments.webhook.delivery;

import com.assessments.common.Sql;
import com.assessments.common.Times;
import com.assessments.webhook.WebhookConfig;
import jakarta.enterprise.context.ApplicationScoped;
import com.assessments.webhook.delivery.DeliveryOutcomes.Outcome;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

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
        return inWorkerTransaction(() -> claimInTransaction(now, limit, wantNextDue, mine, claimer, sweep));
    }

    /**
     * Records these outcomes ({@link DeliveryOutcomes#recordAll}), then claims as {@link #claim} does (nothing when
     * {@code limit} is 0), in one transaction: one commit for both, and the recorded deliveries' leases no longer
     * count against their endpoints' caps when the claim counts room.
     */
    Claim recordAndClaim(List<Outcome> done, Instant now, int limit, boolean wantNextDue, String[] mine, String claimer, boolean sweep) {
        if (done.isEmpty() && limit == 0) {
            // nothing to do, so no transaction: at shutdown (a limit of 0) the database may already be gone
            return new Claim(List.of(), null);
        }
        return inWorkerTransaction(() -> {
            outcomes.recordAll(done, claimer, now);
            return limit > 0 ? claimInTransaction(now, limit, wantNextDue, mine, claimer, sweep) : new Claim(List.of(), null);
        });
    }

    /** Records one outcome in a transaction of its own (when a batch could not be recorded). */
    void record(Outcome done, String claimer, Instant now) {
        inWorkerTransaction(() -> {
            outcomes.recordAll(List.of(done), claimer, now);
            return null;
        });
    }

    /**
     * A new transaction that commits without waiting for the WAL flush (see the class comment) and runs the claim's and
     * the outcomes' statements on their generic plans, built once per pooled connection (pgJDBC prepares a statement on
     * the server from its fifth use): with custom plans PostgreSQL planned each of them again at nearly every execution
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

    private Claim claimInTransaction(Instant now, int limit, boolean wantNextDue, String[] mine, String claimer, boolean sweep) {
        if (sweep) {
            sweepLostLastAttempts(now, mine);
        }

        // A lease holds its endpoint's room only while it is being renewed: one not renewed for two renewal intervals
        // belongs to a replica that died (or stalls), and waiting for it to run out would stop the whole endpoint for
        // up to a lease. Such a delivery is still not taken over before its lease runs out (no early second send).
        Instant heldIfEndsAfter = later(now, now.plus(config.claimLease()).minus(config.leaseRenewEvery().multipliedBy(2)));

        // 1. endpoints with due deliveries and room under their cap, oldest due first; lock each one's claims
        //    (advisory, until commit) so the room counted next cannot be taken by another replica meanwhile.
        List<Object> endpoints = sql.column("""
                        with ready as materialized (
                            select w.id, due.at as due
                            from webhook_endpoints w
                            cross join lateral (
                                select d.next_attempt_at as at from webhook_deliveries d
                                where d.endpoint_id = w.id and d.status in ('pending', 'failed') and d.next_attempt_at <= ?1
                                  and (d.claimed_until is null or d.claimed_until <= ?1) and d.attempts < ?5
                                  and d.id <> all (?7)
                                order by d.next_attempt_at
                                limit 1) due
                            where w.status = 'enabled' and w.deleted_at is null
                              and (w.circuit_open_until is null or w.circuit_open_until <= ?1)
                              and (case when w.consecutive_failures >= ?3 then 1 else ?4 end)
                                  > (select count(*) from webhook_deliveries l where l.endpoint_id = w.id and l.claimed_until > ?8)
                                    + (select count(*) from webhook_deliveries l where l.id = any (?7) and l.endpoint_id = w.id
                                       and l.claimed_until <= ?8)),
                        ordered as materialized (select id from ready order by due)
                        select id from ordered where pg_try_advisory_xact_lock(?6, hashtext(id)) limit ?2""",
                now, limit, config.circuitBreakerFailures(), config.maxInFlightPerEndpoint(), maxAttempts, CLAIM_LOCKS, mine,
                heldIfEndsAfter);
        List<Claimed> claimed = new ArrayList<>();
        if (!endpoints.isEmpty()) {
            // 2. per locked endpoint, its earliest due deliveries up to its room (cap minus live leases, counted now);
            //    lease them and count the attempt now (made even if this replica dies before recording its outcome);
            //    an attempt left in flight by a replica that died (a lease taken over) has no known outcome
            List<Object[]> rows = sql.rows("""
                            with room as materialized (
                                select r.id, greatest(0, (case when r.consecutive_failures >= ?4 then 1 else ?5 end)
                                    - (select count(*) from webhook_deliveries l where l.endpoint_id = r.id and l.claimed_until > ?8)
                                    - (select count(*) from webhook_deliveries l where l.id = any (?7) and l.endpoint_id = r.id
                                       and l.claimed_until <= ?8)) as room
                                from webhook_endpoints r where r.id = any (?3)),
                            picked as materialized (
                                select p.id from room cross join lateral (
                                    select d2.id from webhook_deliveries d2
                                    where d2.endpoint_id = room.id and d2.status in ('pending', 'failed') and d2.next_attempt_at <= ?1
                                      and (d2.claimed_until is null or d2.claimed_until <= ?1) and d2.attempts < ?6
                                      and d2.id <> all (?7)
                                    order by d2.next_attempt_at
                                    limit room.room) p),
                            locked as materialized (
                                select d.id, d.next_attempt_at, d.claimed_until is not null as taken_over
                                from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
                                where d.id = any (array(select id from picked))
                                  and d.status in ('pending', 'failed') and d.next_attempt_at <= ?1
                                  and (d.claimed_until is null or d.claimed_until <= ?1) and d.attempts < ?6
                                  and w.status = 'enabled' and w.deleted_at is null
                                order by d.next_attempt_at
                                limit ?2
                                for update of d skip locked),
                            c as (
                                update webhook_deliveries d set attempts = d.attempts + 1, claimed_until = ?9, claimed_by = ?10,
                                    last_attempt_at = ?1
                                from locked l where d.id = l.id
                                returning d.id, d.endpoint_id, d.event_id, d.attempts, l.taken_over, l.next_attempt_at),
                            lost as (
                                update webhook_attempts set in_flight = false, error = ?11
                                where id in (select a.id from webhook_attempts a join c on c.id = a.delivery_id
                                             where c.taken_over and a.in_flight for update of a skip locked)),
                            attempt as (
                                insert into webhook_attempts (delivery_id, attempt, attempted_at, response_status, error, duration_ms, in_flight)
                                select id, attempts, ?1, null, null, 0, true from c)
                            select c.id, c.endpoint_id, w.url, c.event_id, c.attempts, e.payload::text,
                                   w.secret_ciphertext, w.previous_secret_ciphertext, w.previous_secret_expires_at,
                                   e.type, e.created_at
                            from c
                            join webhook_endpoints w on w.id = c.endpoint_id
                            join events e on e.id = c.event_id
                            order by c.next_attempt_at""",
                    now, limit, endpoints.stream().map(String.class::cast).toArray(String[]::new), config.circuitBreakerFailures(),
                    config.maxInFlightPerEndpoint(), maxAttempts, mine, heldIfEndsAfter, now.plus(config.claimLease()), claimer, LOST);
            for (Object[] r : rows) {
                claimed.add(new Claimed((String) r[0], (String) r[1], (String) r[2], (String) r[3], ((Number) r[4]).intValue(),
                        (String) r[5], (byte[]) r[6], (byte[]) r[7], Times.instant(r[8]), (String) r[9], Times.instant(r[10])));
            }
        }
        Instant nextDue = null;
        if (wantNextDue && claimed.isEmpty() && mine.length == 0) {
            // the next time something may become claimable: a retry falls due, a lease runs out, a cool-down ends (only
            // asked when nothing is in flight: otherwise a finishing send wakes the worker, which claims what is due);
            // only enabled endpoints' retries, as a claim takes (enabling one wakes the workers), so deleted endpoints,
            // which are kept, do not add a probe each
            Object next = sql.column("""
                            select least(
                                (select min(n.at) from webhook_endpoints w cross join lateral (
                                     select d.next_attempt_at as at from webhook_deliveries d
                                     where d.endpoint_id = w.id and d.status in ('pending', 'failed') and d.next_attempt_at > ?1
                                     order by d.next_attempt_at limit 1) n
                                 where w.status = 'enabled' and w.deleted_at is null),
                                (select min(claimed_until) from webhook_deliveries where claimed_until is not null and claimed_until > ?1),
                                (select min(circuit_open_until) from webhook_endpoints
                                 where circuit_open_until > ?1 and status = 'enabled' and deleted_at is null))""",
                    now).get(0);
            nextDue = Times.instant(next);
        }
        return new Claim(claimed, nextDue);
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    /** A lost attempt that was the last one allowed: the delivery is dead (its outcome will never be known). */
    private void sweepLostLastAttempts(Instant now, String[] mine) {
        sql.update("""
                        with lost as (
                            update webhook_deliveries set status = 'dead', next_attempt_at = null, claimed_until = null,
                                claimed_by = null, last_error = ?3
                            where id in (select id from webhook_deliveries
                                         where claimed_until <= ?1 and status in ('pending', 'failed') and attempts >= ?2
                                           and id <> all (?4)
                                         for update skip locked)
                            returning id)
                        update webhook_attempts a set in_flight = false, error = ?3
                        from lost where a.delivery_id = lost.id and a.in_flight""",
                now, maxAttempts, LOST, mine);
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
