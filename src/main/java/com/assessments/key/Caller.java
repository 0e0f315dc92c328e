package com.assessments.key;

import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import jakarta.enterprise.context.RequestScoped;

import java.util.List;

/** Who is calling, as established by {@link AuthenticationFilter}; the API is scoped by the key. */
@RequestScoped
public class Caller {

    /**
     * What the filter learned from an API key: everything a request needs, nothing secret. {@code lineageId} is
     * the first key of the key's rotation chain: rate limits and idempotency records belong to the lineage.
     * {@code enabledTypes} are the organization's assessment types as of the key's look-up (cached with it: a change
     * reaches every replica within about a second, as a new rate limit does).
     */
    public record KeyPrincipal(String keyId, String lineageId, String organizationId, String kind, String environment,
                               List<String> scopes, List<String> products, List<String> allowedOrigins,
                               int rateLimitPerMinute, List<String> enabledTypes) {
    }

    /** What the filter learned from a session token: the one session the runner may act on. */
    public record SessionPrincipal(String sessionId, String organizationId, String environment) {
    }

    /**
     * What the filter learned from a portal session cookie: the person, their session, and (on routes with an
     * x-portal-role) the organization the request is about and the person's role in it. Never an API key.
     */
    public record PortalPrincipal(String sessionId, String userId, String csrfToken, String organizationId, String role) {
    }

    private KeyPrincipal key;
    private SessionPrincipal session;
    private PortalPrincipal portal;
    private RateLimiter.Decision rateLimit;

    void rateLimited(RateLimiter.Decision decision) {
        this.rateLimit = decision;
    }

    /** The rate-limit verdict of this request (null when the credential is not rate limited). */
    public RateLimiter.Decision rateLimit() {
        return rateLimit;
    }

    void authenticate(KeyPrincipal principal) {
        this.key = principal;
    }

    void authenticate(SessionPrincipal principal) {
        this.session = principal;
    }

    void authenticate(PortalPrincipal principal) {
        this.portal = principal;
    }

    public boolean hasPortalUser() {
        return portal != null;
    }

    public PortalPrincipal portal() {
        if (portal == null) {
            throw new ApiException(ErrorCode.INVALID_PORTAL_SESSION, "This route needs a portal session.");
        }
        return portal;
    }

    /** The organization of a portal request (routes with an x-portal-role only). */
    public String portalOrganizationId() {
        String id = portal().organizationId();
        if (id == null) {
            throw new IllegalStateException("this portal route has no x-portal-role, so no organization");
        }
        return id;
    }

    public boolean hasSession() {
        return session != null;
    }

    public SessionPrincipal session() {
        if (session == null) {
            throw new ApiException(ErrorCode.INVALID_SESSION_TOKEN, "This route needs a session token.");
        }
        return session;
    }

    public boolean isAuthenticated() {
        return key != null;
    }

    public KeyPrincipal key() {
        if (key == null) {
            throw new ApiException(ErrorCode.INVALID_API_KEY, "This route needs an API key.");
        }
        return key;
    }

    public String organizationId() {
        return key().organizationId();
    }

    public String environment() {
        return key().environment();
    }
}
