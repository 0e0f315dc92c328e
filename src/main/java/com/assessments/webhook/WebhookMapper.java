package com.assessments.webhook;

import com.assessments.api.model.Environment;
import com.assessments.api.model.EventType;
import com.assessments.api.model.WebhookDelivery;
import com.assessments.api.model.WebhookDeliveryStatus;
import com.assessments.api.model.WebhookEndpointStatus;
import com.assessments.api.model.WebhookEndpointWithSecret;
import com.assessments.common.Times;
import com.assessments.webhook.delivery.Deliveries;

import java.net.URI;

/** Webhook endpoints to the contract's WebhookEndpoint (never the secret) and WebhookEndpointWithSecret; deliveries to WebhookDelivery. */
public final class WebhookMapper {

    private WebhookMapper() {
    }

    public static com.assessments.api.model.WebhookEndpoint toDto(WebhookEndpoint e) {
        return new com.assessments.api.model.WebhookEndpoint()
                .id(e.id).url(URI.create(e.url)).events(e.events.stream().map(EventType::fromValue).toList())
                .description(e.description).status(WebhookEndpointStatus.fromValue(e.status)).disabledReason(e.disabledReason)
                .environment(Environment.fromValue(e.environment))
                .createdAt(Times.utc(e.createdAt)).updatedAt(Times.utc(e.updatedAt));
    }

    public static WebhookEndpointWithSecret toDtoWithSecret(WebhookService.WithSecret s) {
        WebhookEndpoint e = s.endpoint();
        return new WebhookEndpointWithSecret()
                .id(e.id).url(URI.create(e.url)).events(e.events.stream().map(EventType::fromValue).toList())
                .description(e.description).status(WebhookEndpointStatus.fromValue(e.status)).disabledReason(e.disabledReason)
                .environment(Environment.fromValue(e.environment))
                .createdAt(Times.utc(e.createdAt)).updatedAt(Times.utc(e.updatedAt))
                .secret(s.secret()).secretOverlapEndsAt(Times.utc(e.previousSecretExpiresAt));
    }

    public static WebhookDelivery toDto(Deliveries.Row d) {
        return new WebhookDelivery()
                .id(d.id()).endpointId(d.endpointId()).eventId(d.eventId()).eventType(EventType.fromValue(d.eventType()))
                .status(WebhookDeliveryStatus.fromValue(d.status())).attempts(d.attempts())
                .nextAttemptAt(Times.utc(d.nextAttemptAt())).lastAttemptAt(Times.utc(d.lastAttemptAt()))
                .lastResponseStatus(d.lastResponseStatus()).lastError(d.lastError())
                .createdAt(Times.utc(d.createdAt())).deliveredAt(Times.utc(d.deliveredAt()));
    }
}
