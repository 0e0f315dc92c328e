package com.assessments.events;

import com.assessments.common.PageResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Reads the outbox for the polling API: events exactly as stored (and delivered), as JSON text. */
@ApplicationScoped
public class EventLog {

    /** What a list is narrowed to; null members do not narrow it. */
    public record Filter(String type, String sessionId, Instant createdAfter, Instant createdBefore) {
    }

    private final EntityManager em;

    public EventLog(EntityManager em) {
        this.em = em;
    }

    /** A page of the organization's events in one environment, newest first (same instant: latest written first). */
    public PageResult<String> list(String organizationId, String environment, Filter filter, int limit, int offset) {
        StringBuilder where = new StringBuilder(" where organization_id = :org and environment = :env");
        if (filter.type() != null) {
            where.append(" and type = :type");
        }
        if (filter.sessionId() != null) {
            where.append(" and session_id = :session");
        }
        if (filter.createdAfter() != null) {
            where.append(" and created_at >= :after");
        }
        if (filter.createdBefore() != null) {
            where.append(" and created_at < :before");
        }
        Query count = bind(em.createNativeQuery("select count(*) from events" + where), organizationId, environment, filter);
        Query rows = bind(em.createNativeQuery("select payload::text from events" + where
                + " order by created_at desc, seq desc limit " + limit + " offset " + offset), organizationId, environment, filter);
        @SuppressWarnings("unchecked")
        List<String> payloads = rows.getResultList();
        return new PageResult<>(payloads, ((Number) count.getSingleResult()).longValue());
    }

    /** One event of the organization in that environment. */
    public Optional<String> find(String id, String organizationId, String environment) {
        @SuppressWarnings("unchecked")
        List<String> payload = em.createNativeQuery("select payload::text from events where id = ?1 and organization_id = ?2 and environment = ?3")
                .setParameter(1, id).setParameter(2, organizationId).setParameter(3, environment).getResultList();
        return payload.stream().findFirst();
    }

    private static Query bind(Query q, String organizationId, String environment, Filter filter) {
        q.setParameter("org", organizationId).setParameter("env", environment);
        if (filter.type() != null) {
            q.setParameter("type", filter.type());
        }
        if (filter.sessionId() != null) {
            q.setParameter("session", filter.sessionId());
        }
        if (filter.createdAfter() != null) {
            q.setParameter("after", filter.createdAfter());
        }
        if (filter.createdBefore() != null) {
            q.setParameter("before", filter.createdBefore());
        }
        return q;
    }
}
