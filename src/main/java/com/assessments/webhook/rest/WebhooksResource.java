package com.assessments.webhook.rest;

import com.assessments.api.WebhooksApi;
import com.assessments.api.model.DeletedObject;
import com.assessments.api.model.EventType;
import com.assessments.api.model.RecoverRequest;
import com.assessments.api.model.RecoverResult;
import com.assessments.api.model.RotateWebhookSecretRequest;
import com.assessments.api.model.WebhookDeliveryList;
import com.assessments.api.model.WebhookDeliveryStatus;
import com.assessments.api.model.WebhookEndpointCreateRequest;
import com.assessments.api.model.WebhookEndpointList;
import com.assessments.api.model.WebhookEndpointUpdateRequest;
import com.assessments.key.Caller;
import com.assessments.webhook.WebhookMapper;
import com.assessments.webhook.WebhookService;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.core.Response;

import java.util.List;

/** Webhook endpoint management and the delivery log; logic lives in {@link WebhookService}. */
public class WebhooksResource implements WebhooksApi {

    private final WebhookService webhooks;
    private final Caller caller;

    public WebhooksResource(WebhookService webhooks, Caller caller) {
        this.webhooks = webhooks;
        this.caller = caller;
    }

    @Override
    public Response createWebhookEndpoint(WebhookEndpointCreateRequest request) {
        var created = webhooks.create(owner(), request.getUrl(), names(request.getEvents()), request.getDescription());
        return Response.status(Response.Status.CREATED).entity(WebhookMapper.toDtoWithSecret(created)).build();
    }

    @Override
    @RunOnVirtualThread
    public Response listWebhookEndpoints(Integer limit, Integer offset) {
        var page = webhooks.list(owner(), limit, offset);
        return Response.ok(new WebhookEndpointList().data(page.items().stream().map(WebhookMapper::toDto).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    @Override
    @RunOnVirtualThread
    public Response getWebhookEndpoint(String id) {
        return Response.ok(WebhookMapper.toDto(webhooks.get(owner(), id))).build();
    }

    @Override
    public Response updateWebhookEndpoint(String id, WebhookEndpointUpdateRequest request) {
        var updated = webhooks.update(owner(), id, request.getUrl(), names(request.getEvents()), request.getDescription(),
                request.getStatus() == null ? null : request.getStatus().toString());
        return Response.ok(WebhookMapper.toDto(updated)).build();
    }

    @Override
    public Response deleteWebhookEndpoint(String id) {
        webhooks.delete(owner(), id);
        return Response.ok(new DeletedObject().id(id)._object(DeletedObject.ObjectEnum.WEBHOOK_ENDPOINT).deleted(true)).build();
    }

    @Override
    public Response rotateWebhookSecret(String id, RotateWebhookSecretRequest request) {
        int overlap = request == null || request.getOverlapSeconds() == null ? 86_400 : request.getOverlapSeconds();
        return Response.ok(WebhookMapper.toDtoWithSecret(webhooks.rotateSecret(owner(), id, overlap))).build();
    }

    @Override
    @RunOnVirtualThread
    public Response listWebhookDeliveries(String id, WebhookDeliveryStatus status, Integer limit, Integer offset) {
        var page = webhooks.deliveries(owner(), id, status == null ? null : status.toString(), limit, offset);
        return Response.ok(new WebhookDeliveryList().data(page.items().stream().map(WebhookMapper::toDto).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    @Override
    public Response resendWebhookDelivery(String id, String deliveryId) {
        return Response.status(Response.Status.ACCEPTED).entity(WebhookMapper.toDto(webhooks.resend(owner(), id, deliveryId))).build();
    }

    @Override
    public Response recoverWebhookDeliveries(String id, RecoverRequest request) {
        int recovered = webhooks.recover(owner(), id, request.getSince().toInstant(),
                request.getUntil() == null ? null : request.getUntil().toInstant());
        return Response.status(Response.Status.ACCEPTED).entity(new RecoverResult().recovered(recovered)).build();
    }

    private WebhookService.Owner owner() {
        return WebhookService.Owner.of(caller.key());
    }

    private static List<String> names(java.util.Collection<EventType> events) {
        return events == null ? null : events.stream().map(EventType::toString).toList();
    }
}
