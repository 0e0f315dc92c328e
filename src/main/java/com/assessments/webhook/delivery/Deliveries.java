package com.assessments.webhook.delivery;

import com.assessments.common.Ids;
import com.assessments.common.PageResult;
import com.assessments.common.Sql;
import com.assessments.common.Times;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The delivery log (webhook_deliveries) for the outbox and the API: queue, fan out, supersede, cancel, forget, read.
 * Every delivery id is made here, the {@link Ids} way like every other id. (Rows queued by fan-out before this were
 * given hex ids by the database; they still read and match the contract's {@code whd_} pattern.) The worker's claims,
 * leases and outcomes are in {@link DeliveryQueue}.
 */
@ApplicationScoped
public class Deliveries {

    static final String PREFIX = "whd_";
    /**
     * The dead-letter queue's size, as a scalar subquery, for the gauges and /status alike: dead deliveries that were
     * not resent or recovered since (superseded_by), counted on the partial index of dead rows (V10).
     */
    public static final String DEAD_LETTER_COUNT =
            "(select count(*) from webhook_deliveries where status = 'dead' and superseded_by is null)";
    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    /** One delivery as the API shows it. */
    public record Row(String id, String endpointId, String eventId, String eventType, String status, int attempts,
                      Instant nextAttemptAt, Instant lastAttemptAt, Integer lastResponseStatus, String lastError,
                      Instant createdAt, Instant deliveredAt) {
    }

    /** A failed or dead delivery that recover copies. */
    public record Original(String id, String eventId) {
    }

    private static final String COLUMNS = """
            d.id, d.endpoint_id, d.event_id, e.type, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at,
            d.last_response_status, d.last_error, d.created_at, d.delivered_at""";

    private final EntityManager em;
    private final Sql sql;

    public Deliveries(EntityManager em, Sql sql) {
        this.em = em;
        this.sql = sql;
    }

    /** One new pending delivery, due now. */
    public String queue(String organizationId, String endpointId, String eventId, Instant now) {
        String id = Ids.id(PREFIX);
        em.createNativeQuery("""
                        insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)
                        values (?1, ?2, ?3, ?4, 'pending', 0, ?5, ?5)""")
                .setParameter(1, id).setParameter(2, organizationId).setParameter(3, endpointId).setParameter(4, eventId)
                .setParameter(5, now).executeUpdate();
        return id;
    }

    /**
     * Marks a failed or dead delivery as replaced by {@code copyId} (a resend or recover): it stops retrying, leaves
     * the dead-letter count and is not recovered again. No-op for one already superseded, pending, succeeded or in flight.
     * A lease that ran out (its sender died after claiming a retry) ends here with the attempt it left in flight, as a
     * claim taking it over would end them: kept, such leases would stay in the index of live leases for good.
     */
    public void supersede(String id, String copyId, Instant now) {
        em.createNativeQuery("""
                        with superseded as (
                            update webhook_deliveries set superseded_by = ?2, status = 'dead', next_attempt_at = null,
                                claimed_until = null, claimed_by = null
                            where id = ?1 and status in ('failed', 'dead') and superseded_by is null
                              and (claimed_until is null or claimed_until <= ?3)
                            returning id)
                        update webhook_attempts a set in_flight = false, error = ?4
                        from superseded s where a.delivery_id = s.id and a.in_flight""")
                .setParameter(1, id).setParameter(2, copyId).setParameter(3, now).setParameter(4, DeliveryQueue.LOST)
                .executeUpdate();
    }

    /**
     * A circuit that closes sooner than this counts as closed for the fan-out's wake-up: longer than a create's or a
     * submit's transaction and than the replicas' clocks differ, so a worker that claimed at the circuit's close just
     * before the fan-out committed is woken again by it (the poll catches anything later, at most one interval late).
     */
    static final Duration WAKE_MARGIN = Duration.ofSeconds(10);

    /**
     * The outbox fan-out: one pending delivery per enabled endpoint of the event's org and environment subscribed to its
     * type. Returns how many of them are due soon: their endpoint's circuit is closed, half-open, or closes within
     * {@link #WAKE_MARGIN} (the per-endpoint cap on sends in flight is not looked at: a wake-up too many, never one too
     * few).
     */
    int fanOut(String organizationId, String environment, String eventId, String type, Instant now) {
        // One round trip on the create and submit paths: the subscribed endpoints are found and a delivery per endpoint
        // is queued (the workers are woken after the commit: DeliveryWakeUp). A delivery's id has the form of every other
        // id (the prefix and 16 base62 characters): 14 random ones drawn here, one draw per event, then the endpoint's
        // ordinal in two (WebhookConfig caps endpoints well below 62^2). The deliveries of an endpoint whose circuit stays
        // open longer than WAKE_MARGIN are not due soon: a worker that saw the circuit open wakes when it closes
        // (DeliveryQueue's next due), and every worker polls.
        List<Object> dueSoon = sql.column("""
                        with targets as (
                          select w.id, w.circuit_open_until, cast(row_number() over (order by w.id) - 1 as int) as n
                          from webhook_endpoints w
                          where w.organization_id = ?1 and w.environment = ?2 and w.status = 'enabled' and w.deleted_at is null
                            and ?3 = any (w.events)),
                        queued as (
                          insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)
                          select ?4 || substr(?7, n / 62 + 1, 1) || substr(?7, n % 62 + 1, 1), ?1, w.id, ?5, 'pending', 0, ?6, ?6
                          from targets w)
                        select count(*) from targets where circuit_open_until is null or circuit_open_until <= ?8""",
                organizationId, environment, type, Ids.id(PREFIX).substring(0, PREFIX.length() + 14), eventId, now, BASE62,
                now.plus(WAKE_MARGIN));
        return ((Number) dueSoon.get(0)).intValue(); // the insert ran all the same: a data-modifying CTE always does
    }

    /**
     * Right to forget: the deliveries of the session's events (their attempts go with them: on delete cascade, V10),
     * locked in id order as the worker's outcome statement locks deliveries, so the two cannot deadlock.
     */
    int forgetSession(String sessionId) {
        return em.createNativeQuery("""
                        delete from webhook_deliveries where id in (
                            select id from webhook_deliveries where event_id in (select id from events where session_id = ?1)
                            order by id for update)""")
                .setParameter(1, sessionId).executeUpdate();
    }

    /**
     * A deleted endpoint's deliveries not yet made are dropped (their attempts go with them: on delete cascade, V10),
     * locked in id order as the worker's outcome statement locks deliveries, so the two cannot deadlock.
     */
    public int cancelUnsent(String endpointId) {
        return em.createNativeQuery("""
                        delete from webhook_deliveries where id in (
                            select id from webhook_deliveries where endpoint_id = ?1 and status in ('pending', 'failed')
                            order by id for update)""")
                .setParameter(1, endpointId).executeUpdate();
    }

    /**
     * The event a delivery of this endpoint carries, for a copy of it (resend); empty when the endpoint has no such
     * delivery, or once its session was forgotten. The event is locked KEY SHARE before any delivery is, as right to
     * forget locks events before deliveries (EventRecorder.forget): a forget under way is waited for, and then its
     * delivery is gone.
     */
    public Optional<String> eventOf(String id, String endpointId) {
        @SuppressWarnings("unchecked")
        List<String> events = em.createNativeQuery("""
                        select e.id from webhook_deliveries d join events e on e.id = d.event_id
                        where d.id = ?1 and d.endpoint_id = ?2
                        for key share of e""")
                .setParameter(1, id).setParameter(2, endpointId).getResultList();
        return events.stream().findFirst();
    }

    /**
     * The endpoint's failed and dead deliveries created in [since, until) that nothing superseded yet, oldest first,
     * locked (FOR UPDATE: a concurrent recover waits here, then finds them superseded and skips them). Deliveries in
     * flight (claimed) are left alone: their outcome is not known yet. Their events are locked first
     * ({@link #lockEventsToRecover}), and only deliveries of those events are taken; the deliveries are locked in id
     * order, as every other statement that locks several of them does.
     */
    public List<Original> recoverable(String endpointId, Instant since, Instant until, Instant now) {
        List<String> events = lockEventsToRecover(List.of(endpointId), since, until);
        if (events.isEmpty()) {
            return List.of();
        }
        List<Object[]> rows = sql.rows("""
                        select id, event_id, created_at from webhook_deliveries
                        where endpoint_id = ?1 and status in ('failed', 'dead') and superseded_by is null
                          and created_at >= ?2 and created_at < ?3 and (claimed_until is null or claimed_until <= ?4)
                          and event_id = any (?5)
                        order by id for update""",
                endpointId, since, until, now, events.toArray(String[]::new));
        return rows.stream()
                .sorted(Comparator.comparing((Object[] r) -> (Instant) r[2]).thenComparing(r -> (String) r[0]))
                .map(r -> new Original((String) r[0], (String) r[1])).toList();
    }

    /**
     * KEY SHARE locks, in id order, on the events of the endpoints' failed and dead deliveries created in [since,
     * until) (no end when until is null) that nothing superseded yet: every event a recover over them may copy a
     * delivery of. Right to forget locks a session's events before its deliveries (EventRecorder.forget), and a
     * copy's insert needs its event, so a recover locks them first too: the two then wait for each other in one
     * order and cannot deadlock. A recover over several endpoints in one transaction (the portal's) calls this for
     * all of them before the first. Returns the events' ids.
     */
    public List<String> lockEventsToRecover(List<String> endpointIds, Instant since, Instant until) {
        return sql.column("""
                        select id from events where id in (
                          select event_id from webhook_deliveries
                          where endpoint_id = any (?1) and status in ('failed', 'dead') and superseded_by is null
                            and created_at >= ?2 and (cast(?3 as timestamptz) is null or created_at < ?3))
                        order by id for key share""",
                endpointIds.toArray(String[]::new), since, until).stream().map(String.class::cast).toList();
    }

    public PageResult<Row> page(String endpointId, String status, int limit, int offset) {
        String where = " where d.endpoint_id = ?1" + (status == null ? "" : " and d.status = ?2");
        var count = em.createNativeQuery("select count(*) from webhook_deliveries d" + where).setParameter(1, endpointId);
        var rows = em.createNativeQuery("select " + COLUMNS + " from webhook_deliveries d join events e on e.id = d.event_id"
                + where + " order by d.created_at desc, d.id desc limit " + limit + " offset " + offset).setParameter(1, endpointId);
        if (status != null) {
            count.setParameter(2, status);
            rows.setParameter(2, status);
        }
        @SuppressWarnings("unchecked")
        List<Object[]> list = rows.getResultList();
        return new PageResult<>(list.stream().map(Deliveries::row).toList(), ((Number) count.getSingleResult()).longValue());
    }

    public Row one(String id) {
        Object[] row = (Object[]) em.createNativeQuery("select " + COLUMNS + " from webhook_deliveries d join events e on e.id = d.event_id"
                + " where d.id = ?1").setParameter(1, id).getSingleResult();
        return row(row);
    }

    private static Row row(Object[] r) {
        return new Row((String) r[0], (String) r[1], (String) r[2], (String) r[3], (String) r[4], ((Number) r[5]).intValue(),
                Times.instant(r[6]), Times.instant(r[7]), r[8] == null ? null : ((Number) r[8]).intValue(), (String) r[9],
                Times.instant(r[10]), Times.instant(r[11]));
    }
}
