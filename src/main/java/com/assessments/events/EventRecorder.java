package com.assessments.events;

import com.assessments.common.Ids;
import com.assessments.common.Times;
import com.assessments.session.Session;
import com.assessments.session.SessionMapper;
import com.assessments.webhook.EventFanOut;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;

/**
 * The outbox: an event is written in the same transaction as the state change that caused it (callers
 * must already be in one), so a change is never committed without its event nor an event without its
 * change. The payload is the contract's Event envelope, stored whole so it is delivered and listed as is; one
 * pending delivery per subscribed endpoint is queued in the same transaction.
 */
@ApplicationScoped
public class EventRecorder {

    public static final String SESSION_CREATED = "session.created";
    public static final String SESSION_STARTED = "session.started";
    public static final String SESSION_COMPLETED = "session.completed";
    public static final String SESSION_FAILED = "session.failed";
    public static final String SESSION_EXPIRED = "session.expired";
    public static final String REPORT_GENERATED = "report.generated";

    private final EntityManager em;
    private final ObjectMapper mapper;
    private final Clock clock;
    private final SessionMapper sessions;
    private final EventFanOut fanOut;

    public EventRecorder(EntityManager em, ObjectMapper mapper, Clock clock, SessionMapper sessions, EventFanOut fanOut) {
        this.fanOut = fanOut;
        this.em = em;
        this.mapper = mapper;
        this.clock = clock;
        this.sessions = sessions;
    }

    /** Records {@code type} for the session as it is now; returns the event id. */
    @Transactional(Transactional.TxType.MANDATORY)
    public String record(String type, Session session) {
        String id = Ids.id("evt_");
        Instant now = clock.instant();
        ObjectNode event = mapper.createObjectNode();
        event.put("id", id);
        event.put("event", type);
        event.put("createdAt", Times.utc(now).toString());
        JsonNode data = mapper.valueToTree(sessions.toEventData(session));
        event.set("data", data);
        em.flush(); // the session row must exist before its event references it
        em.createNativeQuery("""
                        insert into events (id, organization_id, environment, type, session_id, payload, created_at)
                        values (?1, ?2, ?3, ?4, ?5, cast(?6 as jsonb), ?7)""")
                .setParameter(1, id).setParameter(2, session.organizationId).setParameter(3, session.environment)
                .setParameter(4, type).setParameter(5, session.id).setParameter(6, event.toString()).setParameter(7, now)
                .executeUpdate();
        fanOut.fanOut(session.organizationId, session.environment, id, type, now);
        return id;
    }
}
