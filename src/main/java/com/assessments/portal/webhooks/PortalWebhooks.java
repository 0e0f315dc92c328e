package com.assessments.portal.webhooks;

import com.assessments.common.PageResult;
import com.assessments.portal.AuditLog;
import com.assessments.webhook.WebhookEndpoint;
import com.assessments.webhook.WebhookService;
import com.assessments.webhook.delivery.Deliveries;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Webhook endpoints and deliveries as an organization's members manage them in the portal, in both environments:
 * the webhook package's own service does the work (URL rules, secrets, resend and recover); this adds the audit trail.
 * The role check is the filter's (x-portal-role).
 */
@ApplicationScoped
public class PortalWebhooks {

    private final WebhookService webhooks;
    private final AuditLog audit;

    public PortalWebhooks(WebhookService webhooks, AuditLog audit) {
        this.webhooks = webhooks;
        this.audit = audit;
    }

    private static WebhookService.Owner anyEnvironment(String organizationId) {
        return new WebhookService.Owner(organizationId, null);
    }

    public PageResult<WebhookEndpoint> list(String organizationId, int limit, int offset) {
        return webhooks.list(anyEnvironment(organizationId), limit, offset);
    }

    @Transactional
    public WebhookService.WithSecret create(String organizationId, String userId, String environment, String url, List<String> events,
                                            String description) {
        var created = webhooks.create(new WebhookService.Owner(organizationId, environment), url, events, description);
        audit.record(organizationId, userId, "webhook.created", created.endpoint().id, Map.of("environment", environment));
        return created;
    }

    @Transactional
    public WebhookEndpoint update(String organizationId, String userId, String id, String url, List<String> events, String description,
                                  String status) {
        var updated = webhooks.update(anyEnvironment(organizationId), id, url, events, description, status);
        audit.record(organizationId, userId, "webhook.updated", id, status == null ? Map.of() : Map.of("status", status));
        return updated;
    }

    @Transactional
    public void delete(String organizationId, String userId, String id) {
        webhooks.delete(anyEnvironment(organizationId), id);
        audit.record(organizationId, userId, "webhook.deleted", id, Map.of());
    }

    @Transactional
    public WebhookService.WithSecret rotateSecret(String organizationId, String userId, String id, int overlapSeconds) {
        var rotated = webhooks.rotateSecret(anyEnvironment(organizationId), id, overlapSeconds);
        audit.record(organizationId, userId, "webhook.secret_rotated", id, Map.of("overlapSeconds", overlapSeconds));
        return rotated;
    }

    public PageResult<Deliveries.Row> deliveries(String organizationId, String id, String status, int limit, int offset) {
        return webhooks.deliveries(anyEnvironment(organizationId), id, status, limit, offset);
    }

    @Transactional
    public Deliveries.Row resend(String organizationId, String userId, String id, String deliveryId) {
        var row = webhooks.resend(anyEnvironment(organizationId), id, deliveryId);
        audit.record(organizationId, userId, "webhook.delivery_resent", deliveryId, Map.of("endpointId", id));
        return row;
    }

    @Transactional
    public int recover(String organizationId, String userId, String id, Instant since, Instant until) {
        int recovered = webhooks.recover(anyEnvironment(organizationId), id, since, until);
        audit.record(organizationId, userId, "webhook.deliveries_recovered", id, Map.of("recovered", recovered));
        return recovered;
    }
}
