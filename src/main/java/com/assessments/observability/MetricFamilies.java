package com.assessments.observability;

import com.assessments.common.AssessmentTypes;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.List;

/**
 * Registers the counters and timers at zero when the replica starts, so that every family and label set is in the
 * first scrape: a rate() over a series that does not exist yet is empty, and an alert on a ratio of two would stay
 * silent. The beans that count use the same names and labels (Micrometer returns the registered meter).
 */
@ApplicationScoped
public class MetricFamilies {

    static final List<String> SESSION_EVENTS = List.of("created", "started", "completed", "failed", "expired");
    static final List<String> DELIVERY_OUTCOMES = List.of("succeeded", "retrying", "dead");
    static final List<String> CREDENTIALS = List.of("key", "session", "operator", "coach");

    void register(@Observes StartupEvent start, MeterRegistry registry) {
        for (String type : AssessmentTypes.ALL) {
            for (String environment : List.of("test", "live")) {
                SESSION_EVENTS.forEach(event -> Counter.builder("assessments.sessions").tag("event", event)
                        .tag("type", type).tag("environment", environment).register(registry));
            }
            for (String mode : List.of("mock", "live")) {
                Timer.builder("assessments.scoring.duration").tag("type", type).tag("mode", mode).register(registry);
            }
        }
        DELIVERY_OUTCOMES.forEach(outcome -> Counter.builder("assessments.webhook.deliveries").tag("outcome", outcome)
                .register(registry));
        DeliveryTelemetry.EVENT_GROUPS.forEach(group -> DeliveryTelemetry.latency(registry, group));
        CREDENTIALS.forEach(credential -> Counter.builder("assessments.rate_limit.refusals").tag("credential", credential)
                .register(registry));
    }
}
