package com.assessments.events;

import com.assessments.api.EventsApi;
import com.assessments.api.model.EventType;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.key.Caller;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.persistence.EntityManager;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;
import java.util.List;

/** The polling fallback: events exactly as they are delivered to webhook endpoints. */
public class EventsResource implements EventsApi {

    private final EntityManager em;
    private final Caller caller;
    private final ObjectMapper mapper;

    public EventsResource(EntityManager em, Caller caller, ObjectMapper mapper) {
        this.em = em;
        this.caller = caller;
        this.mapper = mapper;
    }

    @Override
    public Response listEvents(EventType type, String sessionId, OffsetDateTime createdAfter, OffsetDateTime createdBefore,
                               Integer limit, Integer offset) {
        StringBuilder where = new StringBuilder(" where organization_id = :org and environment = :env");
        if (type != null) {
            where.append(" and type = :type");
        }
        if (sessionId != null) {
            where.append(" and session_id = :session");
        }
        if (createdAfter != null) {
            where.append(" and created_at >= :after");
        }
        if (createdBefore != null) {
            where.append(" and created_at < :before");
        }
        var count = bind(em.createNativeQuery("select count(*) from events" + where), type, sessionId, createdAfter, createdBefore);
        var rows = bind(em.createNativeQuery("select payload::text from events" + where
                + " order by created_at desc, seq desc limit " + limit + " offset " + offset), type, sessionId, createdAfter, createdBefore);
        @SuppressWarnings("unchecked")
        List<String> payloads = rows.getResultList();
        ObjectNode body = mapper.createObjectNode();
        ArrayNode data = body.putArray("data");
        payloads.forEach(p -> data.add(read(p)));
        body.put("total", ((Number) count.getSingleResult()).longValue()).put("limit", limit).put("offset", offset);
        return Response.ok(body).build();
    }

    @Override
    public Response getEvent(String id) {
        @SuppressWarnings("unchecked")
        List<String> payload = em.createNativeQuery("select payload::text from events where id = ?1 and organization_id = ?2 and environment = ?3")
                .setParameter(1, id).setParameter(2, caller.organizationId()).setParameter(3, caller.environment()).getResultList();
        if (payload.isEmpty()) {
            throw new ApiException(ErrorCode.EVENT_NOT_FOUND, "No event " + id + ".");
        }
        return Response.ok(payload.get(0), MediaType.APPLICATION_JSON_TYPE).build();
    }

    private jakarta.persistence.Query bind(jakarta.persistence.Query q, EventType type, String sessionId,
                                           OffsetDateTime after, OffsetDateTime before) {
        q.setParameter("org", caller.organizationId()).setParameter("env", caller.environment());
        if (type != null) {
            q.setParameter("type", type.toString());
        }
        if (sessionId != null) {
            q.setParameter("session", sessionId);
        }
        if (after != null) {
            q.setParameter("after", after.toInstant());
        }
        if (before != null) {
            q.setParameter("before", before.toInstant());
        }
        return q;
    }

    private ObjectNode read(String json) {
        try {
            return (ObjectNode) mapper.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
