package com.assessments.webhook.delivery;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Instant;

/**
 * Called by the outbox in the event's own transaction: queues its deliveries (to the subscribed endpoints, or to one
 * named endpoint) and wakes the workers once it commits; and, when a session's events are forgotten, drops their
 * deliveries first. A fan-out whose every delivery waits for a circuit that stays open wakes no one: with a receiver
 * down, each event would otherwise wake every replica's worker to find nothing it may send (a worker that saw the
 * circuit open wakes when it closes, and every worker polls: {@link Deliveries#WAKE_MARGIN}).
 */
@ApplicationScoped
public class EventFanOut {

    private final Deliveries deliveries;
    private final DeliveryWakeUp wakeUp;

    public EventFanOut(Deliveries deliveries, DeliveryWakeUp wakeUp) {
        this.deliveries = deliveries;
        this.wakeUp = wakeUp;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void fanOut(String organizationId, String environment, String eventId, String type, Instant now) {
        if (deliveries.fanOut(organizationId, environment, eventId, type, now) > 0) {
            wakeUp.afterCommit();
        }
    }

    /** One delivery of the event to this endpoint only (whatever it subscribes to); every replica is woken on commit. */
    @Transactional(Transactional.TxType.MANDATORY)
    public String queueTo(String organizationId, String endpointId, String eventId, Instant now) {
        String deliveryId = deliveries.queue(organizationId, endpointId, eventId, now);
        wakeUp.afterCommit();
        return deliveryId;
    }

    /** Right to forget: the deliveries of the session's events go (with their attempts), whatever their state. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void forget(String sessionId) {
        deliveries.forgetSession(sessionId);
    }
}
