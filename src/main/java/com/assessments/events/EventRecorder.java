package com.assessments.events;

import com.assessments.common.Ids;
import com.assessments.common.Sql;
import com.assessments.common.Times;
import com.assessments.webhook.delivery.EventFanOut;
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
 * pending delivery per subscribed endpoint is queued in the same transaction. The feature that changed state
 * hands over the event ready made ({@link NewEvent}): the outbox knows no feature's types.
 */
@ApplicationScoped
public class EventRecorder {

    /**
     * An event to record: its type (an EventType value), whose it is, the session it is about (or null), and its
     * {@code data} (any value Jackson serialises; for session events the contract's EventData).
     */
    public record NewEvent(String type, String organizationId, String environment, String sessionId, Object data) {
    }

    private static final String INSERT = """
            insert into events (id, organization_id, environment, type, session_id, payload, created_at)
            values (?1, ?2, ?3, ?4, ?5, cast(?6 as jsonb), ?7)""";

    private final EntityManager em;
    private final Sql sql;
    private final ObjectMapper mapper;
    private final Clock clock;
    private final EventFanOut fanOut;

    public EventRecorder(EntityManager em, Sql sql, ObjectMapper mapper, Clock clock, EventFanOut fanOut) {
        this.fanOut = fanOut;
        this.em = em;
        this.sql = sql;
        this.mapper = mapper;
        this.clock = clock;
    }

    /** Records the event as of now and queues a delivery to every endpoint subscribed to its type; returns its id. */
    @Transactional(Transactional.TxType.MANDATORY)
    public String record(NewEvent e) {
        Instant now = clock.instant();
        String id = Ids.id("evt_");
        sql.queue(INSERT, row(id, e, now)); // sent with the fan-out's statement, in one round trip
        fanOut.fanOut(e.organizationId(), e.environment(), id, e.type(), now);
        return id;
    }

    /** An event recorded for one endpoint only, and the delivery queued to it. */
    public record Targeted(String eventId, String deliveryId) {
    }

    /**
     * Records the event as of now and queues one delivery of it to {@code endpointId} alone, whatever the endpoint
     * subscribes to (the portal's test event: no endpoint may subscribe to its kind, so a fan-out would find none).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Targeted recordFor(NewEvent e, String endpointId) {
        Instant now = clock.instant();
        String id = Ids.id("evt_");
        sql.update(INSERT, row(id, e, now)); // not queued: the delivery's insert below is Hibernate's, which sends no queue
        return new Targeted(id, fanOut.queueTo(e.organizationId(), endpointId, id, now));
    }

    /** The event's row: its payload is the contract's Event envelope, stored whole. */
    private Object[] row(String id, NewEvent e, Instant now) {
        ObjectNode event = mapper.createObjectNode();
        event.put("id", id);
        event.put("event", e.type());
        event.put("createdAt", Times.utc(now).toString());
        event.set("data", mapper.valueToTree(e.data()));
        return new Object[]{id, e.organizationId(), e.environment(), e.type(), e.sessionId(), event.toString(), now};
    }

    /**
     * Right to forget: the session's events go, and before them their webhook deliveries (which reference them). The
     * events are locked first: a resend or recover that copies one of their deliveries takes a KEY SHARE lock on the
     * event before it locks any delivery (Deliveries.eventOf, Deliveries.recoverable), so the two wait for each other
     * in one order (no deadlock), and a copy committed while this waited is seen by the delete of the deliveries below
     * (the delete of the events would otherwise fail on it).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void forget(String sessionId) {
        em.createNativeQuery("select id from events where session_id = ?1 order by id for update")
                .setParameter(1, sessionId).getResultList();
        fanOut.forget(sessionId);
        em.createNativeQuery("delete from events where session_id = ?1").setParameter(1, sessionId).executeUpdate();
    }
}
