package com.assessments.sdk;

import com.assessments.sdk.internal.api.WebhooksApi;
import com.assessments.sdk.model.DeletedObject;
import com.assessments.sdk.model.RecoverRequest;
import com.assessments.sdk.model.RecoverResult;
import com.assessments.sdk.model.RotateWebhookSecretRequest;
import com.assessments.sdk.model.WebhookDelivery;
import com.assessments.sdk.model.WebhookDeliveryList;
import com.assessments.sdk.model.WebhookDeliveryStatus;
import com.assessments.sdk.model.WebhookEndpoint;
import com.assessments.sdk.model.WebhookEndpointCreateRequest;
import com.assessments.sdk.model.WebhookEndpointList;
import com.assessments.sdk.model.WebhookEndpointUpdateRequest;
import com.assessments.sdk.model.WebhookEndpointWithSecret;

/**
 * Webhook endpoints and their delivery log. Creating, rotating, resending and recovering are not idempotent (the
 * routes take no `Idempotency-Key`), so they are retried only after a 429, never after a 5xx or a lost connection.
 */
public final class WebhookEndpointsService {

    private final WebhooksApi api;
    private final Transport transport;

    WebhookEndpointsService(WebhooksApi api, Transport transport) {
        this.api = api;
        this.transport = transport;
    }

    /** Registers an endpoint; the answer carries its signing `secret` (`whsec_...`), shown only here. */
    public WebhookEndpointWithSecret create(WebhookEndpointCreateRequest request) {
        return transport.execute(false, () -> api.createWebhookEndpointWithHttpInfo(request));
    }

    public WebhookEndpoint retrieve(String id) {
        return transport.execute(true, () -> api.getWebhookEndpointWithHttpInfo(id));
    }

    /** The first page of endpoints ({@code limit} null for the service's default). */
    public Page<WebhookEndpoint> list(Integer limit) {
        return listAt(limit, 0);
    }

    private Page<WebhookEndpoint> listAt(Integer limit, int offset) {
        WebhookEndpointList list = transport.execute(true, () -> api.listWebhookEndpointsWithHttpInfo(limit, offset));
        return new Page<>(list.getData(), list.getTotal(), list.getLimit(), list.getOffset(), next -> listAt(limit, next));
    }

    /** PATCH semantics: null members stay unchanged. */
    public WebhookEndpoint update(String id, WebhookEndpointUpdateRequest request) {
        // the same PATCH twice leaves the same state
        return transport.execute(true, () -> api.updateWebhookEndpointWithHttpInfo(id, request));
    }

    public DeletedObject delete(String id) {
        return transport.execute(true, () -> api.deleteWebhookEndpointWithHttpInfo(id));
    }

    /** A new signing secret; the old one keeps signing for the overlap the request asks for. */
    public WebhookEndpointWithSecret rotateSecret(String id, RotateWebhookSecretRequest request) {
        return transport.execute(false, () -> api.rotateWebhookSecretWithHttpInfo(id, request));
    }

    /** The first page of the endpoint's deliveries ({@code status} and {@code limit} may be null). */
    public Page<WebhookDelivery> listDeliveries(String id, WebhookDeliveryStatus status, Integer limit) {
        return deliveriesAt(id, status, limit, 0);
    }

    private Page<WebhookDelivery> deliveriesAt(String id, WebhookDeliveryStatus status, Integer limit, int offset) {
        WebhookDeliveryList list = transport.execute(true, () -> api.listWebhookDeliveriesWithHttpInfo(id, status, limit, offset));
        return new Page<>(list.getData(), list.getTotal(), list.getLimit(), list.getOffset(),
                next -> deliveriesAt(id, status, limit, next));
    }

    public WebhookDelivery resendDelivery(String id, String deliveryId) {
        return transport.execute(false, () -> api.resendWebhookDeliveryWithHttpInfo(id, deliveryId));
    }

    /** Requeues the endpoint's dead deliveries. */
    public RecoverResult recover(String id, RecoverRequest request) {
        return transport.execute(false, () -> api.recoverWebhookDeliveriesWithHttpInfo(id, request));
    }
}
