package com.assessments.observability;

import com.assessments.session.SessionTransition;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;

/**
 * assessments_sessions_total{event, type, environment}: session transitions, counted once their transaction
 * committed (a create refused for want of a license rolls back and is not counted). Labels are bounded: events,
 * assessment types and the two environments.
 */
@ApplicationScoped
public class SessionMetrics {

    private final MeterRegistry registry;

    public SessionMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void committed(@Observes(during = TransactionPhase.AFTER_SUCCESS) SessionTransition transition) {
        Counter.builder("assessments.sessions").description("Session transitions (created, started, completed, failed, expired)")
                .tag("event", transition.event()).tag("type", transition.assessmentType())
                .tag("environment", transition.environment()).register(registry).increment();
    }
}
