package com.assessments.webhook.rest;

import com.assessments.api.WebhooksApi;
import com.assessments.api.model.DeletedObject;
import com.assessments.api.model.Environment;
import com.assessments.api.model.EventType;
import com.assessments.api.model.RecoverRequest;
import com.assessments.api.model.RecoverResult;
import com.assessments.api.model.RotateWebhookSecretRequest;
import com.assessments.api.model.WebhookDelivery;
import com.assessments.api.model.WebhookDeliveryList;
import com.assessments.api.model.WebhookDeliveryStatus;
import com.assessments.api.model.WebhookEndpointCreateRequest;
import com.assessments.api.model.WebhookEndpointList;
import com.assessments.api.model.WebhookEndpointStatus;
import com.assessments.api.model.WebhookEndpointUpdateRequest;
import com.assessments.api.model.WebhookEndpointWithSecret;
import com.assessments.common.Times;
import com.assessments.key.Caller;
import com.assessments.webhook.WebhookEndpoint;
import com.assessments.webhook.WebhookService;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.core.Response;

import java.net.URI;
import java.util.List;
import java.util.Map;

/** Webhook endpoint management and the delivery log; logic lives in {@link WebhookService}. */
public class WebhooksResource implements WebhooksApi {

    private final WebhookService webhooks;
    private final Caller caller;
    private final ObjectMapper mapper;

    public WebhooksResource(WebhookService webhooks, Caller caller, ObjectMapper mapper) {
        this.webhooks = webhooks;
        this.caller = caller;
        this.mapper = mapper;
    }

    @Override
    public Response createWebhookEndpoint(WebhookEndpointCreateRequest request) {
        var created = webhooks.create(caller.key(), request.getUrl(), names(request.getEvents()), request.getDescription());
        return Response.status(Response.Status.CREATED).entity(withSecret(created)).build();
    }

    @Override
    public Response listWebhookEndpoints(Integer limit, Integer offset) {
        var page = webhooks.list(caller.key(), limit, offset);
        return Response.ok(new WebhookEndpointList().data(page.items().stream().map(WebhooksResource::dto).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    @Override
    public Response getWebhookEndpoint(String id) {
        return Response.ok(dto(webhooks.get(caller.key(), id))).build();
    }

    @Override
    public Response updateWebhookEndpoint(String id, WebhookEndpointUpdateRequest request) {
        var updated = webhooks.update(caller.key(), id, request.getUrl(), names(request.getEvents()), request.getDescription(),
                request.getStatus() == null ? null : request.getStatus().toString());
        return Response.ok(dto(updated)).build();
    }

    @Override
    public Response deleteWebhookEndpoint(String id) {
        webhooks.delete(caller.key(), id);
        return Response.ok(new DeletedObject().id(id)._object(DeletedObject.ObjectEnum.WEBHOOK_ENDPOINT).deleted(true)).build();
    }

    @Override
    public Response rotateWebhookSecret(String id, RotateWebhookSecretRequest request) {
        int overlap = request == null || request.getOverlapSeconds() == null ? 86_400 : request.getOverlapSeconds();
        return Response.ok(withSecret(webhooks.rotateSecret(caller.key(), id, overlap))).build();
    }

    @Override
    public Response listWebhookDeliveries(String id, WebhookDeliveryStatus status, Integer limit, Integer offset) {
        var page = webhooks.deliveries(caller.key(), id, status == null ? null : status.toString(), limit, offset);
        return Response.ok(new WebhookDeliveryList().data(page.items().stream().map(this::delivery).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    @Override
    public Response resendWebhookDelivery(String id, String deliveryId) {
        return Response.status(Response.Status.ACCEPTED).entity(delivery(webhooks.resend(caller.key(), id, deliveryId))).build();
    }

    @Override
    public Response recoverWebhookDeliveries(String id, RecoverRequest request) {
        int recovered = webhooks.recover(caller.key(), id, request.getSince().toInstant(),
                request.getUntil() == null ? null : request.getUntil().toInstant());
        return Response.status(Response.Status.ACCEPTED).entity(new RecoverResult().recovered(recovered)).build();
    }

    private WebhookDelivery delivery(Map<String, Object> row) {
        return mapper.convertValue(row, WebhookDelivery.class);
    }

    static com.assessments.api.model.WebhookEndpoint dto(WebhookEndpoint e) {
        return new com.assessments.api.model.WebhookEndpoint()
                .id(e.id).url(URI.create(e.url)).events(e.events.stream().map(EventType::fromValue).toList())
                .description(e.description).status(WebhookEndpointStatus.fromValue(e.status)).disabledReason(e.disabledReason)
                .environment(Environment.fromValue(e.environment))
                .createdAt(Times.utc(e.createdAt)).updatedAt(Times.utc(e.updatedAt));
    }

    static WebhookEndpointWithSecret withSecret(WebhookService.WithSecret s) {
        WebhookEndpoint e = s.endpoint();
        return new WebhookEndpointWithSecret()
                .id(e.id).url(URI.create(e.url)).events(e.events.stream().map(EventType::fromValue).toList())
                .description(e.description).status(WebhookEndpointStatus.fromValue(e.status)).disabledReason(e.disabledReason)
                .environment(Environment.fromValue(e.environment))
                .createdAt(Times.utc(e.createdAt)).updatedAt(Times.utc(e.updatedAt))
                .secret(s.secret()).secretOverlapEndsAt(Times.utc(e.previousSecretExpiresAt));
    }

    private static List<String> names(java.util.Collection<EventType> events) {
        return events == null ? null : events.stream().map(EventType::toString).toList();
    }
}
