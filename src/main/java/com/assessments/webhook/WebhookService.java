package com.assessments.webhook;

import com.assessments.common.Ids;
import com.assessments.common.PageResult;
import com.assessments.common.SecretBox;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.key.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Webhook endpoints of the caller's organization and environment: register, change, rotate, delete, recover. */
@ApplicationScoped
public class WebhookService {

    /** An endpoint with its plain secret, on create and rotation only. */
    public record WithSecret(WebhookEndpoint endpoint, String secret) {
    }

    private final EntityManager em;
    private final Clock clock;
    private final SecretBox box;
    private final WebhookConfig config;
    private final SsrfGuard guard;
    private final DeliveryWakeUp wakeUp;

    public WebhookService(EntityManager em, Clock clock, SecretBox box, WebhookConfig config, DeliveryWakeUp wakeUp) {
        this.em = em;
        this.clock = clock;
        this.box = box;
        this.config = config;
        this.guard = new SsrfGuard(config.allowedHosts().orElse(Set.of()));
        this.wakeUp = wakeUp;
    }

    @Transactional
    public WithSecret create(Caller.KeyPrincipal key, String url, List<String> events, String description) {
        checkUrl(url);
        long existing = WebhookEndpoint.count("organizationId = ?1 and environment = ?2 and deletedAt is null",
                key.organizationId(), key.environment());
        if (existing >= config.maxEndpoints()) {
            throw ApiException.validation("url", "cannot be added: this organization already has " + existing
                    + " endpoints in " + key.environment() + " (the limit is " + config.maxEndpoints() + ")");
        }
        Instant now = clock.instant();
        String secret = WebhookSigner.newSecret();
        WebhookEndpoint e = new WebhookEndpoint();
        e.id = Ids.id("we_");
        e.organizationId = key.organizationId();
        e.environment = key.environment();
        e.url = url;
        e.events = new ArrayList<>(new LinkedHashSet<>(events));
        e.description = description == null || description.isEmpty() ? null : description;
        e.status = WebhookEndpoint.ENABLED;
        e.secretCiphertext = box.seal(secret);
        e.createdAt = now;
        e.updatedAt = now;
        e.persist();
        return new WithSecret(e, secret);
    }

    public PageResult<WebhookEndpoint> list(Caller.KeyPrincipal key, int limit, int offset) {
        String where = "organizationId = ?1 and environment = ?2 and deletedAt is null";
        long total = WebhookEndpoint.count(where, key.organizationId(), key.environment());
        List<WebhookEndpoint> page = WebhookEndpoint.<WebhookEndpoint>find(where + " order by createdAt desc, id desc",
                key.organizationId(), key.environment()).range(offset, offset + limit - 1).list();
        return new PageResult<>(page, total);
    }

    public WebhookEndpoint get(Caller.KeyPrincipal key, String id) {
        return WebhookEndpoint.<WebhookEndpoint>find("id = ?1 and organizationId = ?2 and environment = ?3 and deletedAt is null",
                        id, key.organizationId(), key.environment())
                .firstResultOptional()
                .orElseThrow(() -> new ApiException(ErrorCode.WEBHOOK_NOT_FOUND, "No webhook endpoint " + id + "."));
    }

    /** Changes what is given; enabling clears disabledReason, disabling sets it to manual. */
    @Transactional
    public WebhookEndpoint update(Caller.KeyPrincipal key, String id, String url, List<String> events, String description,
                                  String status) {
        if (url == null && events == null && description == null && status == null) {
            throw ApiException.validation("body", "must change at least one of url, events, description, status");
        }
        WebhookEndpoint e = get(key, id);
        if (url != null) {
            checkUrl(url);
            e.url = url;
        }
        if (events != null) {
            e.events = new ArrayList<>(new LinkedHashSet<>(events));
        }
        if (description != null) {
            e.description = description.isEmpty() ? null : description;
        }
        if (WebhookEndpoint.ENABLED.equals(status)) {
            e.status = WebhookEndpoint.ENABLED;
            e.disabledReason = null;
        } else if (WebhookEndpoint.DISABLED.equals(status) && WebhookEndpoint.ENABLED.equals(e.status)) {
            e.status = WebhookEndpoint.DISABLED;
            e.disabledReason = "manual";
        }
        e.updatedAt = clock.instant();
        return e;
    }

    /** Deletes the endpoint; its deliveries not yet made are cancelled (dropped), the log of made ones stays. */
    @Transactional
    public void delete(Caller.KeyPrincipal key, String id) {
        WebhookEndpoint e = get(key, id);
        e.deletedAt = clock.instant();
        e.status = WebhookEndpoint.DISABLED;
        e.disabledReason = "deleted";
        e.updatedAt = e.deletedAt;
        em.flush();
        em.createNativeQuery("delete from webhook_attempts where delivery_id in (select id from webhook_deliveries"
                + " where endpoint_id = ?1 and status in ('pending', 'failed'))").setParameter(1, id).executeUpdate();
        em.createNativeQuery("delete from webhook_deliveries where endpoint_id = ?1 and status in ('pending', 'failed')")
                .setParameter(1, id).executeUpdate();
    }

    /** A new secret; the previous one keeps signing (as a second signature) for the overlap. */
    @Transactional
    public WithSecret rotateSecret(Caller.KeyPrincipal key, String id, int overlapSeconds) {
        WebhookEndpoint e = get(key, id);
        Instant now = clock.instant();
        String secret = WebhookSigner.newSecret();
        if (overlapSeconds > 0) {
            e.previousSecretCiphertext = e.secretCiphertext;
            e.previousSecretExpiresAt = now.plusSeconds(overlapSeconds);
        } else {
            e.previousSecretCiphertext = null;
            e.previousSecretExpiresAt = null;
        }
        e.secretCiphertext = box.seal(secret);
        e.updatedAt = now;
        return new WithSecret(e, secret);
    }

    public PageResult<Map<String, Object>> deliveries(Caller.KeyPrincipal key, String endpointId, String status, int limit, int offset) {
        get(key, endpointId);
        return Deliveries.page(em, endpointId, status, limit, offset);
    }

    /** Queues a new delivery of the delivery's event to this endpoint. */
    @Transactional
    public Map<String, Object> resend(Caller.KeyPrincipal key, String endpointId, String deliveryId) {
        get(key, endpointId);
        @SuppressWarnings("unchecked")
        List<String> events = em.createNativeQuery("select event_id from webhook_deliveries where id = ?1 and endpoint_id = ?2")
                .setParameter(1, deliveryId).setParameter(2, endpointId).getResultList();
        if (events.isEmpty()) {
            throw new ApiException(ErrorCode.DELIVERY_NOT_FOUND, "No delivery " + deliveryId + " for endpoint " + endpointId + ".");
        }
        String id = Deliveries.queue(em, key.organizationId(), endpointId, events.get(0), clock.instant());
        wakeUp.afterCommit();
        return Deliveries.one(em, id);
    }

    /** Re-queues the failed and dead deliveries of the endpoint created in [since, until). */
    @Transactional
    public int recover(Caller.KeyPrincipal key, String endpointId, Instant since, Instant until) {
        get(key, endpointId);
        Instant end = until == null ? clock.instant() : until;
        if (!since.isBefore(end)) {
            throw ApiException.validation("since", "must be before until (or before now when until is omitted)");
        }
        @SuppressWarnings("unchecked")
        List<String> events = em.createNativeQuery("""
                        select event_id from webhook_deliveries
                        where endpoint_id = ?1 and status in ('failed', 'dead') and created_at >= ?2 and created_at < ?3
                        order by created_at""")
                .setParameter(1, endpointId).setParameter(2, since).setParameter(3, end).getResultList();
        Instant now = clock.instant();
        for (String eventId : events) {
            Deliveries.queue(em, key.organizationId(), endpointId, eventId, now);
        }
        // the originals are superseded: a failed one must not also retry on its own
        em.createNativeQuery("""
                        update webhook_deliveries set status = 'dead', next_attempt_at = null
                        where endpoint_id = ?1 and status = 'failed' and created_at >= ?2 and created_at < ?3""")
                .setParameter(1, endpointId).setParameter(2, since).setParameter(3, end).executeUpdate();
        if (!events.isEmpty()) {
            wakeUp.afterCommit();
        }
        return events.size();
    }

    private void checkUrl(String url) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw ApiException.validation("url", "is not a valid URL");
        }
        if ("http".equalsIgnoreCase(uri.getScheme()) && !config.allowHttp()) {
            throw ApiException.validation("url", "must use https");
        }
        try {
            guard.resolveAllowed(uri);
        } catch (SsrfGuard.Blocked e) {
            throw ApiException.validation("url", e.getMessage());
        }
    }
}
