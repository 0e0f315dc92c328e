package com.assessments.webhook.delivery;

import com.assessments.common.Times;
import com.assessments.webhook.WebhookConfig;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import org.jboss.logging.Logger;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The delivery worker's transactions on the queue (webhook_deliveries, webhook_attempts, and the endpoints' circuit
 * breakers), each in a transaction of its own: claim due deliveries under a lease, renew the leases of sends in
 * flight, record an attempt's outcome. Stateless: the worker passes who it is ({@code claimer}, written to
 * claimed_by) and what it is sending ({@code mine}); {@link DeliveryWorker} describes the flow.
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
                   byte[] secret, byte[] previousSecret, Instant previousSecretExpiresAt) {
    }

    /** A claim's rows, and (when it took fewer than it could) the next time something becomes claimable. */
    record Claim(List<Claimed> rows, Instant nextDue) {
    }

    private final EntityManager em;
    private final WebhookConfig config;
    private final int maxAttempts;

    public DeliveryQueue(EntityManager em, WebhookConfig config) {
        this.em = em;
        this.config = config;
        this.maxAttempts = config.retrySchedule().size() + 1;
    }

    /**
     * Claims up to {@code limit} due deliveries for {@code claimer}, first (when {@code sweep}) ending deliveries whose
     * last allowed attempt was lost. The deliveries in {@code mine} (the claimer's sends in flight) are never claimed
     * again by it, nor seen as lost, even if their lease looks expired (a renewal that came late, or a test clock moved
     * forward), and they count against their endpoint's cap. With {@code wantNextDue}, a claim that took fewer than
     * {@code limit} also says when something next becomes claimable.
     */
    Claim claim(Instant now, int limit, boolean wantNextDue, String[] mine, String claimer, boolean sweep) {
        return QuarkusTransaction.requiringNew().call(() -> claimInTransaction(now, limit, wantNextDue, mine, claimer, sweep));
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
        @SuppressWarnings("unchecked")
        List<Object> endpoints = em.createNativeQuery("""
                        with ready as materialized (
                            select w.id,
                                   (select min(d.next_attempt_at) from webhook_deliveries d
                                    where d.endpoint_id = w.id and d.status in ('pending', 'failed') and d.next_attempt_at <= ?1
                                      and (d.claimed_until is null or d.claimed_until <= ?1) and d.attempts < ?5
                                      and d.id <> all (?7)) as due
                            from webhook_endpoints w
                            where w.status = 'enabled' and w.deleted_at is null
                              and (w.circuit_open_until is null or w.circuit_open_until <= ?1)
                              and (case when w.consecutive_failures >= ?3 then 1 else ?4 end)
                                  > (select count(*) from webhook_deliveries l where l.endpoint_id = w.id and l.claimed_until > ?8)
                                    + (select count(*) from webhook_deliveries l where l.id = any (?7) and l.endpoint_id = w.id
                                       and l.claimed_until <= ?8)),
                        ordered as materialized (select id from ready where due is not null order by due)
                        select id from ordered where pg_try_advisory_xact_lock(?6, hashtext(id)) limit ?2""")
                .setParameter(1, now).setParameter(2, limit).setParameter(3, config.circuitBreakerFailures())
                .setParameter(4, config.maxInFlightPerEndpoint()).setParameter(5, maxAttempts).setParameter(6, CLAIM_LOCKS)
                .setParameter(7, mine).setParameter(8, heldIfEndsAfter).getResultList();
        List<Claimed> claimed = new ArrayList<>();
        List<String> takenOver = new ArrayList<>();
        if (!endpoints.isEmpty()) {
            // 2. per locked endpoint, its earliest due deliveries up to its room (cap minus live leases, counted now)
            @SuppressWarnings("unchecked")
            List<Object[]> rows = em.createNativeQuery("""
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
                                select d.id, d.endpoint_id, d.event_id, d.attempts, d.status, d.next_attempt_at, d.claimed_until
                                from webhook_deliveries d
                                where d.id = any (array(select id from picked))
                                for update skip locked)
                            select l.id, l.endpoint_id, w.url, l.event_id, l.attempts, e.payload::text,
                                   w.secret_ciphertext, w.previous_secret_ciphertext, w.previous_secret_expires_at, l.claimed_until is not null
                            from locked l
                            join webhook_endpoints w on w.id = l.endpoint_id
                            join events e on e.id = l.event_id
                            where l.status in ('pending', 'failed') and l.next_attempt_at <= ?1
                              and (l.claimed_until is null or l.claimed_until <= ?1) and l.attempts < ?6
                              and w.status = 'enabled' and w.deleted_at is null
                            order by l.next_attempt_at
                            limit ?2""")
                    .setParameter(1, now).setParameter(2, limit).setParameter(3, endpoints.stream().map(String.class::cast).toArray(String[]::new))
                    .setParameter(4, config.circuitBreakerFailures()).setParameter(5, config.maxInFlightPerEndpoint())
                    .setParameter(6, maxAttempts).setParameter(7, mine).setParameter(8, heldIfEndsAfter).getResultList();
            for (Object[] r : rows) {
                if (Boolean.TRUE.equals(r[9])) {
                    takenOver.add((String) r[0]);
                }
                claimed.add(new Claimed((String) r[0], (String) r[1], (String) r[2], (String) r[3], ((Number) r[4]).intValue() + 1,
                        (String) r[5], (byte[]) r[6], (byte[]) r[7], Times.instant(r[8])));
            }
        }
        if (!claimed.isEmpty()) {
            String[] ids = claimed.stream().map(Claimed::id).toArray(String[]::new);
            if (!takenOver.isEmpty()) {
                // an attempt left in flight by a replica that died: its outcome is unknown
                em.createNativeQuery("""
                                update webhook_attempts set in_flight = false, error = ?2
                                where id in (select id from webhook_attempts where delivery_id = any (?1) and in_flight for update skip locked)""")
                        .setParameter(1, takenOver.toArray(String[]::new)).setParameter(2, LOST).executeUpdate();
            }
            // 3. lease, and count the attempt now: it is made even if this replica dies before recording its outcome
            em.createNativeQuery("""
                            with c as (
                                update webhook_deliveries set attempts = attempts + 1, claimed_until = ?2, claimed_by = ?3, last_attempt_at = ?1
                                where id = any (?4)
                                returning id, attempts)
                            insert into webhook_attempts (delivery_id, attempt, attempted_at, response_status, error, duration_ms, in_flight)
                            select id, attempts, ?1, null, null, 0, true from c""")
                    .setParameter(1, now).setParameter(2, now.plus(config.claimLease())).setParameter(3, claimer)
                    .setParameter(4, ids).executeUpdate();
        }
        Instant nextDue = null;
        if (wantNextDue && claimed.size() < limit) {
            // the next time something may become claimable: a retry falls due, a lease runs out, a cool-down ends
            Object next = em.createNativeQuery("""
                            select least(
                                (select min(next_attempt_at) from webhook_deliveries
                                 where status in ('pending', 'failed') and next_attempt_at > ?1),
                                (select min(claimed_until) from webhook_deliveries where claimed_until is not null and claimed_until > ?1),
                                (select min(circuit_open_until) from webhook_endpoints
                                 where circuit_open_until > ?1 and status = 'enabled' and deleted_at is null))""")
                    .setParameter(1, now).getSingleResult();
            nextDue = Times.instant(next);
        }
        return new Claim(claimed, nextDue);
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    /** A lost attempt that was the last one allowed: the delivery is dead (its outcome will never be known). */
    private void sweepLostLastAttempts(Instant now, String[] mine) {
        em.createNativeQuery("""
                        with lost as (
                            update webhook_deliveries set status = 'dead', next_attempt_at = null, claimed_until = null,
                                claimed_by = null, last_error = ?3
                            where id in (select id from webhook_deliveries
                                         where claimed_until <= ?1 and status in ('pending', 'failed') and attempts >= ?2
                                           and id <> all (?4)
                                         for update skip locked)
                            returning id)
                        update webhook_attempts a set in_flight = false, error = ?3
                        from lost where a.delivery_id = lost.id and a.in_flight""")
                .setParameter(1, now).setParameter(2, maxAttempts).setParameter(3, LOST).setParameter(4, mine).executeUpdate();
    }

    /** Extends the leases of these deliveries while {@code claimer} still holds them, so no other replica takes them over. */
    int renew(String[] ids, String claimer, Instant until) {
        return QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery("""
                        update webhook_deliveries set claimed_until = ?1
                        where id = any (?2) and claimed_by = ?3 and claimed_until is not null""")
                .setParameter(1, until).setParameter(2, ids).setParameter(3, claimer).executeUpdate());
    }

    /**
     * Records one attempt: success, a scheduled retry, the dead-letter queue, or (on 410) a disabled endpoint; and
     * the endpoint's circuit breaker. The delivery is updated only if {@code claimer} still holds this attempt's claim
     * (another replica may have taken it over after the lease ran out).
     */
    void record(Claimed c, WebhookHttp.Result result, String claimer, Instant now) {
        QuarkusTransaction.requiringNew().run(() -> recordInTransaction(c, result, claimer, now));
    }

    private void recordInTransaction(Claimed c, WebhookHttp.Result result, String claimer, Instant now) {
        int attempt = c.attempt();
        String error = result.error() == null && !result.succeeded() ? "HTTP " + result.status() : result.error();
        // the endpoint row first (as deleting an endpoint does), then the delivery's rows
        Instant circuitOpenUntil = null;
        if (result.succeeded()) {
            em.createNativeQuery("""
                            update webhook_endpoints set consecutive_failures = 0, circuit_open_until = null
                            where id = ?1 and (consecutive_failures <> 0 or circuit_open_until is not null)""")
                    .setParameter(1, c.endpointId()).executeUpdate();
        } else if (result.status() != null && result.status() == 410) {
            em.createNativeQuery("update webhook_endpoints set status = 'disabled', disabled_reason = 'gone', updated_at = ?2 where id = ?1")
                    .setParameter(1, c.endpointId()).setParameter(2, now).executeUpdate();
        } else {
            Instant openUntil = now.plus(config.circuitBreakerCoolDown());
            @SuppressWarnings("unchecked")
            List<Object> opened = em.createNativeQuery("""
                            update webhook_endpoints set consecutive_failures = consecutive_failures + 1,
                                circuit_open_until = case when consecutive_failures + 1 >= ?2 then ?3 else circuit_open_until end
                            where id = ?1
                            returning case when consecutive_failures >= ?2 then 1 else 0 end""")
                    .setParameter(1, c.endpointId()).setParameter(2, config.circuitBreakerFailures()).setParameter(3, openUntil)
                    .getResultList();
            if (!opened.isEmpty() && ((Number) opened.get(0)).intValue() == 1) {
                circuitOpenUntil = openUntil;
                // the endpoint's waiting deliveries show when they can go next (and do not count as overdue meanwhile)
                em.createNativeQuery("""
                                update webhook_deliveries set next_attempt_at = ?2
                                where id in (select id from webhook_deliveries
                                             where endpoint_id = ?1 and status in ('pending', 'failed') and next_attempt_at < ?2
                                               and (claimed_until is null or claimed_until <= ?3)
                                             for update skip locked)""")
                        .setParameter(1, c.endpointId()).setParameter(2, openUntil).setParameter(3, now).executeUpdate();
                LOG.infof("webhook endpoint %s failed %d times in a row: its deliveries wait until %s", c.endpointId(),
                        config.circuitBreakerFailures(), openUntil);
            }
        }
        String status;
        Instant next = null;
        if (result.succeeded()) {
            status = "succeeded";
        } else if (result.status() != null && result.status() == 410) {
            status = "dead";
        } else if (attempt >= maxAttempts) {
            status = "dead";
        } else {
            status = "failed";
            next = now.plus(retryDelay(attempt, result.retryAfterSeconds()));
            if (circuitOpenUntil != null && next.isBefore(circuitOpenUntil)) {
                next = circuitOpenUntil;
            }
        }
        int updated = em.createNativeQuery("""
                        update webhook_deliveries set status = ?2, next_attempt_at = ?3, last_response_status = ?4, last_error = ?5,
                            claimed_until = null, claimed_by = null,
                            delivered_at = case when ?2 = 'succeeded' then ?6 else delivered_at end
                        where id = ?1 and attempts = ?7 and claimed_by = ?8""")
                .setParameter(1, c.id()).setParameter(2, status).setParameter(3, next == null ? null : Timestamp.from(next))
                .setParameter(4, result.status()).setParameter(5, error).setParameter(6, now)
                .setParameter(7, attempt).setParameter(8, claimer)
                .executeUpdate();
        // the attempt after its delivery: rows are locked in the order a session's deletion cascades (delivery,
        // then its attempts), else the two deadlock
        em.createNativeQuery("""
                        update webhook_attempts set in_flight = false, response_status = ?3, error = ?4, duration_ms = ?5
                        where delivery_id = ?1 and attempt = ?2""")
                .setParameter(1, c.id()).setParameter(2, attempt).setParameter(3, result.status()).setParameter(4, result.error())
                .setParameter(5, (int) Math.min(Integer.MAX_VALUE, result.durationMs())).executeUpdate();
        if (updated == 0) {
            LOG.infof("webhook delivery %s attempt %d ended (%s) after its lease had run out; the delivery's state is another claim's",
                    c.id(), attempt, result.succeeded() ? "succeeded" : error);
        }
    }

    /** The schedule's wait for this retry plus jitter, or the receiver's Retry-After when that is longer (capped at 24 h). */
    Duration retryDelay(int failedAttempts, Long retryAfterSeconds) {
        Duration base = config.retrySchedule().get(failedAttempts - 1);
        long jitterMs = (long) (base.toMillis() * config.retryJitter() * ThreadLocalRandom.current().nextDouble());
        Duration delay = base.plusMillis(jitterMs);
        if (retryAfterSeconds != null) {
            Duration asked = Duration.ofSeconds(Math.min(retryAfterSeconds, Duration.ofHours(24).toSeconds()));
            if (asked.compareTo(delay) > 0) {
                delay = asked;
            }
        }
        return delay;
    }
}
