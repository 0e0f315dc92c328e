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
import java.util.Optional;

/** Webhook endpoints of the caller's organization and environment: register, change, rotate, delete, recover. */
@ApplicationScoped
public class WebhookService {

    /**
     * Whose endpoints a call is about: an API key's organization and environment, or (the developer portal, whose
     * members see both environments) an organization with a null environment.
     */
    public record Owner(String organizationId, String environment) {
        public static Owner of(Caller.KeyPrincipal key) {
            return new Owner(key.organizationId(), key.environment());
        }
    }

    /** An endpoint with its plain secret, on create and rotation only. */
    public record WithSecret(WebhookEndpoint endpoint, String secret) {
    }

    /**
     * The event kind of a test event (the portal's "send test event"): queued to one endpoint by name, never fanned
     * out, so no endpoint may subscribe to it.
     */
    public static final String TEST_EVENT = "webhook.test";

    /** First key of the advisory lock that serializes endpoint creation per organization and environment. */
    private static final int ENDPOINT_CAP_LOCK = 0x77656263; // "webc"

    private final EntityManager em;
    private final Clock clock;
    private final SecretBox box;
    private final WebhookConfig config;
    private final SsrfGuard guard;
    private final Deliveries deliveries;
    private final DeliveryWakeUp wakeUp;

    public WebhookService(EntityManager em, Clock clock, SecretBox box, WebhookConfig config, SsrfGuard guard,
                          Deliveries deliveries, DeliveryWakeUp wakeUp) {
        this.em = em;
        this.clock = clock;
        this.box = box;
        this.config = config;
        this.guard = guard;
        this.deliveries = deliveries;
        this.wakeUp = wakeUp;
    }

    @Transactional
    public WithSecret create(Owner key, String url, List<String> events, String description) {
        checkUrl(url, key.environment());
        checkEvents(events);
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

    public PageResult<WebhookEndpoint> list(Owner key, int limit, int offset) {
        if (key.environment() == null) {
            String where = "organizationId = ?1 and deletedAt is null";
            long total = WebhookEndpoint.count(where, key.organizationId());
            List<WebhookEndpoint> page = WebhookEndpoint.<WebhookEndpoint>find(where + " order by createdAt desc, id desc",
                    key.organizationId()).range(offset, offset + limit - 1).list();
            return new PageResult<>(page, total);
        }
        String where = "organizationId = ?1 and environment = ?2 and deletedAt is null";
        long total = WebhookEndpoint.count(where, key.organizationId(), key.environment());
        List<WebhookEndpoint> page = WebhookEndpoint.<WebhookEndpoint>find(where + " order by createdAt desc, id desc",
                key.organizationId(), key.environment()).range(offset, offset + limit - 1).list();
        return new PageResult<>(page, total);
    }

    public WebhookEndpoint get(Owner key, String id) {
        return (key.environment() == null ? WebhookEndpoint.findOwned(id, key.organizationId())
                : WebhookEndpoint.findOwned(id, key.organizationId(), key.environment()))
                .orElseThrow(() -> new ApiException(ErrorCode.WEBHOOK_NOT_FOUND, "No webhook endpoint " + id + "."));
    }

    /**
     * Changes what is given; enabling clears disabledReason, disabling sets it to manual. Null members keep their
     * value (the contract's PATCH rule), so a body of nulls only changes nothing and answers the endpoint as it is,
     * like the organization PATCH; an empty body is refused before this by the contract's minProperties.
     * <p>
     * A new URL's host is resolved (the SSRF check) before the first statement, as create resolves it: a slow
     * resolver holds no connection of the pool (DB_POOL_MAX). Its refusal is answered where it was before, after a
     * 404 and the https rule.
     */
    public WebhookEndpoint update(Owner key, String id, String url, List<String> events, String description,
                                  String status) {
        Optional<String> blocked = url == null ? Optional.empty() : tryParse(url).flatMap(this::blockedReason);
        return apply(key, id, url, blocked, events, description, status);
    }

    @Transactional
    WebhookEndpoint apply(Owner key, String id, String url, Optional<String> blocked, List<String> events,
                          String description, String status) {
        WebhookEndpoint e = get(key, id);
        if (url == null && events == null && description == null && status == null) {
            return e; // nulls only: nothing changes, updatedAt included
        }
        if (url != null) {
            checkScheme(parse(url), e.environment);
            if (blocked.isPresent()) {
                throw ApiException.validation("url", blocked.get());
            }
        }
        checkEvents(events);
        if (url != null) {
            e.url = url;
        }
        if (events != null) {
            e.events = new ArrayList<>(new LinkedHashSet<>(events));
        }
        if (description != null) {
            e.description = description.isEmpty() ? null : description;
        }
        if (WebhookEndpoint.ENABLED.equals(status)) {
            if (!WebhookEndpoint.ENABLED.equals(e.status)) {
                // its deliveries still pending are claimable again: no worker looked for them while it was disabled
                wakeUp.afterCommit();
            }
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
    public void delete(Owner key, String id) {
        WebhookEndpoint e = get(key, id);
        e.deletedAt = clock.instant();
        e.status = WebhookEndpoint.DISABLED;
        e.disabledReason = "deleted";
        e.updatedAt = e.deletedAt;
        em.flush();
        deliveries.cancelUnsent(id);
    }

    /** A new secret; the previous one keeps signing (as a second signature) for the overlap. */
    @Transactional
    public WithSecret rotateSecret(Owner key, String id, int overlapSeconds) {
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

    public PageResult<Deliveries.Row> deliveries(Owner key, String endpointId, String status, int limit, int offset) {
        get(key, endpointId);
        return deliveries.page(endpointId, status, limit, offset);
    }

    /**
     * Queues a new delivery of the delivery's event to this endpoint, on every call. A failed or dead original is
     * superseded by the first copy: it leaves the dead-letter count and recover skips it.
     */
    @Transactional
    public Deliveries.Row resend(Owner key, String endpointId, String deliveryId) {
        get(key, endpointId);
        String event = deliveries.eventOf(deliveryId, endpointId).orElseThrow(() -> new ApiException(
                ErrorCode.DELIVERY_NOT_FOUND, "No delivery " + deliveryId + " for endpoint " + endpointId + "."));
        Instant now = clock.instant();
        String id = deliveries.queue(key.organizationId(), endpointId, event, now);
        deliveries.supersede(deliveryId, id, now);
        wakeUp.afterCommit();
        return deliveries.one(id);
    }

    /**
     * Re-queues the failed and dead deliveries of the endpoint created in [since, until) that no resend or recover
     * has superseded yet, each once: repeating the call over the same range queues nothing new. A copy that fails
     * in turn can be recovered again.
     */
    @Transactional
    public int recover(Owner key, String endpointId, Instant since, Instant until) {
        get(key, endpointId);
        Instant now = clock.instant();
        Instant end = until == null ? now : until;
        if (!since.isBefore(end)) {
            throw ApiException.validation("since", "must be before until (or before now when until is omitted)");
        }
        List<Deliveries.Original> originals = deliveries.recoverable(endpointId, since, end, now);
        for (Deliveries.Original original : originals) {
            String copy = deliveries.queue(key.organizationId(), endpointId, original.eventId(), now);
            deliveries.supersede(original.id(), copy, now);
        }
        if (!originals.isEmpty()) {
            wakeUp.afterCommit();
        }
        return originals.size();
    }

    /** See {@link Deliveries#lockEventsToRecover}: before recovering several endpoints in one transaction. */
    public void lockEventsToRecover(List<String> endpointIds, Instant since, Instant until) {
        deliveries.lockEventsToRecover(endpointIds, since, until);
    }

    private static void checkEvents(List<String> events) {
        if (events != null && events.contains(TEST_EVENT)) {
            throw ApiException.validation("events", "cannot include " + TEST_EVENT
                    + ": test events are sent to one endpoint from the developer portal, not subscribed to");
        }
    }

    /** Live endpoints need https unless allow-http-live; test endpoints follow allow-http. */
    private void checkUrl(String url, String environment) {
        URI uri = parse(url);
        checkScheme(uri, environment);
        Optional<String> blocked = blockedReason(uri);
        if (blocked.isPresent()) {
            throw ApiException.validation("url", blocked.get());
        }
    }

    private static URI parse(String url) {
        return tryParse(url).orElseThrow(() -> ApiException.validation("url", "is not a valid URL"));
    }

    private static Optional<URI> tryParse(String url) {
        try {
            return Optional.of(URI.create(url));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private void checkScheme(URI uri, String environment) {
        boolean httpAllowed = "live".equals(environment) ? config.allowHttpLive() : config.allowHttp();
        if ("http".equalsIgnoreCase(uri.getScheme()) && !httpAllowed) {
            throw ApiException.validation("url", "must use https");
        }
    }

    /** Why the SSRF check refuses the URL's host (it resolves the host), if it does. */
    private Optional<String> blockedReason(URI uri) {
        try {
            guard.resolveAllowed(uri);
            return Optional.empty();
        } catch (SsrfGuard.Blocked e) {
            return Optional.of(e.getMessage());
        }
    }
}
