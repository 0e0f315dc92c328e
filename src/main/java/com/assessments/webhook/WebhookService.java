package com.assessments.webhook;

import com.assessments.common.Ids;
import com.assessments.common.PageResult;
import com.assessments.common.SecretBox;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.key.Caller;
import com.assessments.webhook.delivery.Deliveries;
import com.assessments.webhook.delivery.DeliveryWakeUp;
import com.assessments.webhook.delivery.SsrfGuard;
import com.assessments.webhook.delivery.WebhookSigner;
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

/** Webhook endpoints of the caller's organization and environment: register, change, rotate, delete, recover. */
@ApplicationScoped
public class WebhookService {

    /** An endpoint with its plain secret, on create and rotation only. */
    public record WithSecret(WebhookEndpoint endpoint, String secret) {
    }

    /** First key of the advisory lock that serializes endpoint creation per organization and environment. */
    private static final int ENDPOINT_CAP_LOCK = 0x77656263; // "webc"

    private final EntityManager em;
    private final Clock clock;
    private final SecretBox box;
    private final WebhookConfig config;
    private final SsrfGuard guard;
    private final DeliveryWakeUp wakeUp;

    public WebhookService(EntityManager em, Clock clock, SecretBox box, WebhookConfig config, SsrfGuard guard, DeliveryWakeUp wakeUp) {
        this.em = em;
        this.clock = clock;
        this.box = box;
        this.config = config;
        this.guard = guard;
        this.wakeUp = wakeUp;
    }

    @Transactional
    public WithSecret create(Caller.KeyPrincipal key, String url, List<String> events, String description) {
        checkUrl(url, key.environment());
        // count and insert under one lock per organization and environment, held to commit: concurrent creates
        // would otherwise all count below the cap and all insert
        em.createNativeQuery("select pg_advisory_xact_lock(?1, hashtext(?2 || '/' || ?3))")
                .setParameter(1, ENDPOINT_CAP_LOCK).setParameter(2, key.organizationId()).setParameter(3, key.environment())
                .getSingleResult();
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
        return WebhookEndpoint.findOwned(id, key.organizationId(), key.environment())
                .orElseThrow(() -> new ApiException(ErrorCode.WEBHOOK_NOT_FOUND, "No webhook endpoint " + id + "."));
    }

    /**
     * Changes what is given; enabling clears disabledReason, disabling sets it to manual. Null members keep their
     * value (the contract's PATCH rule), so a body of nulls only changes nothing and answers the endpoint as it is,
     * like the organization PATCH; an empty body is refused before this by the contract's minProperties.
     */
    @Transactional
    public WebhookEndpoint update(Caller.KeyPrincipal key, String id, String url, List<String> events, String description,
                                  String status) {
        WebhookEndpoint e = get(key, id);
        if (url == null && events == null && description == null && status == null) {
            return e; // nulls only: nothing changes, updatedAt included
        }
        if (url != null) {
            checkUrl(url, e.environment);
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
        // attempts of the dropped deliveries go with them (on delete cascade, V10)
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

    /**
     * Queues a new delivery of the delivery's event to this endpoint, on every call. A failed or dead original is
     * superseded by the first copy: it leaves the dead-letter count and recover skips it.
     */
    @Transactional
    public Map<String, Object> resend(Caller.KeyPrincipal key, String endpointId, String deliveryId) {
        get(key, endpointId);
        @SuppressWarnings("unchecked")
        List<String> events = em.createNativeQuery("select event_id from webhook_deliveries where id = ?1 and endpoint_id = ?2")
                .setParameter(1, deliveryId).setParameter(2, endpointId).getResultList();
        if (events.isEmpty()) {
            throw new ApiException(ErrorCode.DELIVERY_NOT_FOUND, "No delivery " + deliveryId + " for endpoint " + endpointId + ".");
        }
        Instant now = clock.instant();
        String id = Deliveries.queue(em, key.organizationId(), endpointId, events.get(0), now);
        Deliveries.supersede(em, deliveryId, id, now);
        wakeUp.afterCommit();
        return Deliveries.one(em, id);
    }

    /**
     * Re-queues the failed and dead deliveries of the endpoint created in [since, until) that no resend or recover
     * has superseded yet, each once: repeating the call over the same range queues nothing new. A copy that fails
     * in turn can be recovered again.
     */
    @Transactional
    public int recover(Caller.KeyPrincipal key, String endpointId, Instant since, Instant until) {
        get(key, endpointId);
        Instant now = clock.instant();
        Instant end = until == null ? now : until;
        if (!since.isBefore(end)) {
            throw ApiException.validation("since", "must be before until (or before now when until is omitted)");
        }
        // FOR UPDATE: a concurrent recover waits here, then finds these rows superseded and skips them.
        // Deliveries in flight (claimed) are left alone: their outcome is not known yet.
        @SuppressWarnings("unchecked")
        List<Object[]> originals = em.createNativeQuery("""
                        select id, event_id from webhook_deliveries
                        where endpoint_id = ?1 and status in ('failed', 'dead') and superseded_by is null
                          and created_at >= ?2 and created_at < ?3 and (claimed_until is null or claimed_until <= ?4)
                        order by created_at, id
                        for update""")
                .setParameter(1, endpointId).setParameter(2, since).setParameter(3, end).setParameter(4, now).getResultList();
        for (Object[] original : originals) {
            String copy = Deliveries.queue(em, key.organizationId(), endpointId, (String) original[1], now);
            Deliveries.supersede(em, (String) original[0], copy, now);
        }
        if (!originals.isEmpty()) {
            wakeUp.afterCommit();
        }
        return originals.size();
    }

    /** Live endpoints need https unless allow-http-live; test endpoints follow allow-http. */
    private void checkUrl(String url, String environment) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw ApiException.validation("url", "is not a valid URL");
        }
        boolean httpAllowed = "live".equals(environment) ? config.allowHttpLive() : config.allowHttp();
        if ("http".equalsIgnoreCase(uri.getScheme()) && !httpAllowed) {
            throw ApiException.validation("url", "must use https");
        }
        try {
            guard.resolveAllowed(uri);
        } catch (SsrfGuard.Blocked e) {
            throw ApiException.validation("url", e.getMessage());
        }
    }
}
