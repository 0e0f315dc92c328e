package com.assessments.observability;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * The telemetry of webhook delivery attempts: one CLIENT span per attempt (its W3C {@code traceparent} goes out with
 * the request, so a receiver's own trace joins ours), and assessments_webhook_delivery_latency_seconds{event_group}:
 * from the event's commit (its createdAt, stamped in the committing transaction) to the 2xx that ended its delivery,
 * retries included. Attributes are ids, counts and bounded words: never the URL (it may carry a receiver's token),
 * the payload or a header value.
 */
@ApplicationScoped
public class DeliveryTelemetry {

    public static final String LATENCY = "assessments.webhook.delivery.latency";
    /** Event types grouped by their first word (session.*, report.*): the histogram's only label. */
    static final java.util.List<String> EVENT_GROUPS = java.util.List.of("session", "report", "webhook"); // webhook: the portal's test events

    static final AttributeKey<String> DELIVERY_ID = AttributeKey.stringKey("webhook.delivery.id");
    static final AttributeKey<String> ENDPOINT_ID = AttributeKey.stringKey("webhook.endpoint.id");
    static final AttributeKey<String> EVENT_TYPE = AttributeKey.stringKey("webhook.event.type");
    static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("webhook.attempt");
    static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    private final Tracer tracer;
    private final MeterRegistry registry;

    public DeliveryTelemetry(Tracer tracer, MeterRegistry registry) {
        this.tracer = tracer;
        this.registry = registry;
    }

    /** One attempt, traced from its start (DNS check and signing included) to its response or failure. */
    public final class Attempt {
        private final Span span;
        private final String eventType;

        private Attempt(Span span, String eventType) {
            this.span = span;
            this.eventType = eventType;
        }

        /** Adds {@code traceparent} (and {@code tracestate} when there is one) naming this attempt's span. */
        public void inject(Map<String, String> headers) {
            if (span.getSpanContext().isValid()) {
                W3CTraceContextPropagator.getInstance().inject(Context.root().with(span), headers, Map::put);
            }
        }

        public String traceId() {
            return span.getSpanContext().getTraceId();
        }

        /**
         * Ends the span with the attempt's status (null: no response) and, for a 2xx, records the delivery's latency
         * from {@code eventCreatedAt} to {@code receivedAt} (both on the service clock).
         */
        public void end(Integer status, String error, Instant eventCreatedAt, Instant receivedAt) {
            boolean succeeded = status != null && status >= 200 && status < 300;
            if (status != null) {
                span.setAttribute(STATUS, status.longValue());
            }
            if (!succeeded) {
                span.setAttribute(ERROR_TYPE, errorType(status, error));
                span.setStatus(StatusCode.ERROR);
            }
            span.end();
            if (succeeded && eventCreatedAt != null && receivedAt != null) {
                Duration lag = Duration.between(eventCreatedAt, receivedAt);
                latency(registry, group(eventType)).record(lag.isNegative() ? Duration.ZERO : lag); // a test clock moved back
            }
        }
    }

    public Attempt begin(String deliveryId, String endpointId, String eventType, int attempt) {
        Span span = tracer.spanBuilder("webhook deliver").setSpanKind(SpanKind.CLIENT).setNoParent()
                .setAttribute(DELIVERY_ID, deliveryId).setAttribute(ENDPOINT_ID, endpointId)
                .setAttribute(EVENT_TYPE, eventType == null ? "unknown" : eventType).setAttribute(ATTEMPT, (long) attempt)
                .setAttribute("http.request.method", "POST").startSpan();
        return new Attempt(span, eventType);
    }

    static Timer latency(MeterRegistry registry, String group) {
        return Timer.builder(LATENCY).description("Webhook delivery latency: event committed to 2xx received, retries included")
                .tag("event_group", group).register(registry);
    }

    /** session.completed -> session; anything unexpected -> other (the label stays bounded). */
    static String group(String eventType) {
        if (eventType != null) {
            int dot = eventType.indexOf('.');
            String group = dot > 0 ? eventType.substring(0, dot) : eventType;
            if (EVENT_GROUPS.contains(group)) {
                return group;
            }
        }
        return "other";
    }

    /** A bounded word for the failure: the status class, or the kind of error the sender reported. */
    static String errorType(Integer status, String error) {
        if (status != null) {
            return Integer.toString(status);
        }
        if (error == null) {
            return "error";
        }
        int colon = error.indexOf(':');
        String kind = (colon > 0 ? error.substring(0, colon) : error).trim();
        return kind.length() <= 40 && kind.matches("[a-z_ -]+") ? kind : "error";
    }
}
