package com.assessments.webhook.delivery;

import com.assessments.common.PageResult;
import com.assessments.common.Times;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** SQL on webhook_deliveries shared by the outbox, the API and the worker. Rows come back as contract-shaped maps. */
public final class Deliveries {

    private static final String COLUMNS = """
            d.id, d.endpoint_id, d.event_id, e.type, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at,
            d.last_response_status, d.last_error, d.created_at, d.delivered_at""";

    private Deliveries() {
    }

    /** One new pending delivery, due now. */
    public static String queue(EntityManager em, String organizationId, String endpointId, String eventId, Instant now) {
        String id = com.assessments.common.Ids.id("whd_");
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
     */
    public static void supersede(EntityManager em, String id, String copyId, Instant now) {
        em.createNativeQuery("""
                        update webhook_deliveries set superseded_by = ?2, status = 'dead', next_attempt_at = null
                        where id = ?1 and status in ('failed', 'dead') and superseded_by is null
                          and (claimed_until is null or claimed_until <= ?3)""")
                .setParameter(1, id).setParameter(2, copyId).setParameter(3, now).executeUpdate();
    }

    /** The outbox fan-out: one pending delivery per enabled endpoint of the event's org and environment subscribed to its type. */
    static int fanOut(EntityManager em, String organizationId, String environment, String eventId, String type, Instant now) {
        return em.createNativeQuery("""
                        insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)
                        select 'whd_' || substr(md5(random()::text || clock_timestamp()::text || w.id), 1, 20), w.organization_id, w.id,
                               ?3, 'pending', 0, ?5, ?5
                        from webhook_endpoints w
                        where w.organization_id = ?1 and w.environment = ?2 and w.status = 'enabled' and w.deleted_at is null
                          and ?4 = any (w.events)""")
                .setParameter(1, organizationId).setParameter(2, environment).setParameter(3, eventId)
                .setParameter(4, type).setParameter(5, now).executeUpdate();
    }

    /** Right to forget: the deliveries of the session's events (their attempts go with them: on delete cascade, V10). */
    static int forgetSession(EntityManager em, String sessionId) {
        return em.createNativeQuery("delete from webhook_deliveries where event_id in (select id from events where session_id = ?1)")
                .setParameter(1, sessionId).executeUpdate();
    }

    public static PageResult<Map<String, Object>> page(EntityManager em, String endpointId, String status, int limit, int offset) {
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
        return new PageResult<>(list.stream().map(Deliveries::toMap).toList(), ((Number) count.getSingleResult()).longValue());
    }

    public static Map<String, Object> one(EntityManager em, String id) {
        Object[] row = (Object[]) em.createNativeQuery("select " + COLUMNS + " from webhook_deliveries d join events e on e.id = d.event_id"
                + " where d.id = ?1").setParameter(1, id).getSingleResult();
        return toMap(row);
    }

    private static Map<String, Object> toMap(Object[] r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", r[0]);
        m.put("endpointId", r[1]);
        m.put("eventId", r[2]);
        m.put("eventType", r[3]);
        m.put("status", r[4]);
        m.put("attempts", ((Number) r[5]).intValue());
        m.put("nextAttemptAt", time(r[6]));
        m.put("lastAttemptAt", time(r[7]));
        m.put("lastResponseStatus", r[8] == null ? null : ((Number) r[8]).intValue());
        m.put("lastError", r[9]);
        m.put("createdAt", time(r[10]));
        m.put("deliveredAt", time(r[11]));
        return m;
    }

    private static String time(Object value) {
        Instant instant = Times.instant(value);
        return instant == null ? null : Times.utc(instant).toString();
    }
}
