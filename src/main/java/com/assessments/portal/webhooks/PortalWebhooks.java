package com.assessments.portal.webhooks;

import com.assessments.common.Ids;
import com.assessments.common.PageResult;
import com.assessments.common.Times;
import com.assessments.common.error.ApiException;
import com.assessments.events.EventRecorder;
import com.assessments.org.OrganizationService;
import com.assessments.portal.AuditLog;
import com.assessments.webhook.WebhookEndpoint;
import com.assessments.webhook.WebhookService;
import com.assessments.webhook.delivery.Deliveries;
import jakarta.persistence.EntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
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
    private final EventRecorder events;
    private final Deliveries deliveries;
    private final OrganizationService organizations;
    private final EntityManager em;
    private final Clock clock;

    public PortalWebhooks(WebhookService webhooks, AuditLog audit, EventRecorder events, Deliveries deliveries,
                          OrganizationService organizations, EntityManager em, Clock clock) {
        this.webhooks = webhooks;
        this.audit = audit;
        this.events = events;
        this.deliveries = deliveries;
        this.organizations = organizations;
        this.em = em;
        this.clock = clock;
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

    /**
     * The "send test event" button: records a webhook.test event through the outbox for this endpoint only (none may
     * subscribe to the kind), and the workers sign and send its one delivery like any other. Refused for a disabled
     * endpoint, which the workers skip.
     */
    @Transactional
    public Deliveries.Row sendTest(String organizationId, String userId, String id) {
        WebhookEndpoint endpoint = webhooks.get(anyEnvironment(organizationId), id);
        if (!WebhookEndpoint.ENABLED.equals(endpoint.status)) {
            throw ApiException.validation("status", "is disabled: enable the endpoint to send it a test event");
        }
        List<String> types = organizations.get(organizationId).organization().enabledAssessmentTypes;
        Map<String, Object> candidate = new LinkedHashMap<>();
        candidate.put("externalId", "test-candidate");
        candidate.put("email", null);
        candidate.put("name", "Test Candidate");
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("sessionId", Ids.id("ses_test"));
        data.put("assessmentType", types == null || types.isEmpty() ? "disc" : types.get(0));
        data.put("status", "created");
        data.put("candidate", candidate);
        data.put("results", null);
        data.put("metadata", Map.of("test", true));
        data.put("completedAt", null);
        data.put("reportUrl", null);
        EventRecorder.Targeted sent = events.recordFor(
                new EventRecorder.NewEvent(WebhookService.TEST_EVENT, organizationId, endpoint.environment, null, data), id);
        audit.record(organizationId, userId, "webhook.test_sent", id, Map.of("eventId", sent.eventId()));
        return deliveries.one(sent.deliveryId());
    }

    private static final String DELIVERY_COLUMNS = """
            d.id, d.endpoint_id, d.event_id, e.type, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at,
            d.last_response_status, d.last_error, d.created_at, d.delivered_at""";

    /**
     * The organization's dead-letter queue: dead deliveries of any of its endpoints (deleted ones too: their log stays)
     * that no resend or recover has replaced, newest first.
     */
    public PageResult<Deliveries.Row> deadLetters(String organizationId, String environment, int limit, int offset) {
        String where = " from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id"
                + " where d.organization_id = ?1 and d.status = 'dead' and d.superseded_by is null"
                + (environment == null ? "" : " and w.environment = ?2");
        var count = em.createNativeQuery("select count(*)" + where).setParameter(1, organizationId);
        var rows = em.createNativeQuery("select " + DELIVERY_COLUMNS + where.replace(" where ", " join events e on e.id = d.event_id where ")
                + " order by d.created_at desc, d.id desc limit " + limit + " offset " + offset).setParameter(1, organizationId);
        if (environment != null) {
            count.setParameter(2, environment);
            rows.setParameter(2, environment);
        }
        @SuppressWarnings("unchecked")
        List<Object[]> list = rows.getResultList();
        return new PageResult<>(list.stream().map(PortalWebhooks::row).toList(), ((Number) count.getSingleResult()).longValue());
    }

    /** Recover (as for one endpoint) on every endpoint of the organization not deleted, of one environment or both. */
    @Transactional
    public int recoverAll(String organizationId, String userId, String environment, Instant since, Instant until) {
        Instant end = until == null ? clock.instant() : until;
        if (!since.isBefore(end)) {
            throw ApiException.validation("since", "must be before until (or before now when until is omitted)");
        }
        List<WebhookEndpoint> endpoints = WebhookEndpoint.<WebhookEndpoint>list(
                        "organizationId = ?1 and deletedAt is null order by createdAt", organizationId).stream()
                .filter(endpoint -> environment == null || environment.equals(endpoint.environment)).toList();
        // every endpoint's events before the first endpoint's deliveries, as one recover locks them (no deadlock
        // with right to forget, which locks a session's events first)
        webhooks.lockEventsToRecover(endpoints.stream().map(endpoint -> endpoint.id).toList(), since, until);
        int recovered = 0;
        for (WebhookEndpoint endpoint : endpoints) {
            recovered += webhooks.recover(anyEnvironment(organizationId), endpoint.id, since, until);
        }
        audit.record(organizationId, userId, "webhook.dead_letters_recovered", null,
                environment == null ? Map.of("recovered", recovered) : Map.of("recovered", recovered, "environment", environment));
        return recovered;
    }

    private static Deliveries.Row row(Object[] r) {
        return new Deliveries.Row((String) r[0], (String) r[1], (String) r[2], (String) r[3], (String) r[4], ((Number) r[5]).intValue(),
                Times.instant(r[6]), Times.instant(r[7]), r[8] == null ? null : ((Number) r[8]).intValue(), (String) r[9],
                Times.instant(r[10]), Times.instant(r[11]));
    }
}
