package com.assessments.portal.auth;

import com.assessments.common.AppConfig;
import com.assessments.common.Hashing;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.key.Caller;
import com.assessments.key.ContractSecurity;
import com.assessments.key.RateLimiter;
import com.assessments.portal.PortalConfig;
import com.assessments.portal.Membership;
import com.assessments.portal.Role;
import com.assessments.portal.PortalSession;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.ContainerRequestContext;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import jakarta.ws.rs.core.Cookie;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Authenticates portal routes for the {@link com.assessments.key.AuthenticationFilter}, as openapi.yaml says
 * (schemes portalSession and portalCsrf, x-portal-role). Order of checks: the cookie's session (401
 * invalid_portal_session), the request's site and CSRF token on state-changing routes (403 csrf_check_failed), the
 * organization (400 organization_required, 403 organization_access_denied), the role (403 insufficient_permissions).
 * Between the session and the CSRF check, the person's request rate (429 rate_limit_exceeded).
 * Only the cookie is read: an Authorization header (an API key) is ignored here, so it never authenticates a portal
 * route; and the filter reads no cookie on other routes, so a portal cookie never authenticates the public API.
 */
@ApplicationScoped
public class PortalAuthenticator {

    public static final String COOKIE = "portal_session";
    public static final String CSRF_HEADER = "X-CSRF-Token";
    public static final String ORGANIZATION_HEADER = "X-Organization-Id";
    public static final String PATH_PREFIX = "/api/portal/";
    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");
    private static final Pattern ORGANIZATION_ID = Pattern.compile("org_[A-Za-z0-9]{1,60}");

    private final PortalSessions sessions;
    private final PortalRequest current;
    private final String publicOrigin;
    private final HttpServerRequest http;
    private final RateLimiter limiter;
    private final PortalConfig config;

    public PortalAuthenticator(PortalSessions sessions, PortalRequest current, AppConfig app, HttpServerRequest http,
                               RateLimiter limiter, PortalConfig config) {
        this.sessions = sessions;
        this.current = current;
        this.publicOrigin = origin(URI.create(app.publicBaseUrl()));
        this.http = http;
        this.limiter = limiter;
        this.config = config;
    }

    public static boolean isPortalPath(String path) {
        return path != null && (path.startsWith(PATH_PREFIX) || ("/" + path).startsWith(PATH_PREFIX));
    }

    /** A state-changing portal route without a session (sign-in, reset, invitation) still refuses other sites. */
    public void checkPublicRoute(ContainerRequestContext request) {
        note(request);
        if (!SAFE_METHODS.contains(request.getMethod().toUpperCase(Locale.ROOT))) {
            checkSameSite(request);
        }
    }

    public Caller.PortalPrincipal authenticate(ContainerRequestContext request, ContractSecurity.Requirement requirement) {
        note(request);
        Cookie cookie = request.getCookies().get(COOKIE);
        String token = cookie == null ? null : cookie.getValue();
        PortalSession session = sessions.authenticate(token).orElseThrow(() -> new ApiException(ErrorCode.INVALID_PORTAL_SESSION,
                "Sign in to the portal first; the session cookie is missing or its session has ended."));
        // per person, not per session: signing in again does not buy a fresh window
        RateLimiter.Decision decision = limiter.check("portal:" + session.userId, config.requestsPerMinute());
        if (!decision.allowed()) {
            throw decision.refusal("portal requests in the last minute by you");
        }
        String csrf = PortalSessions.csrfToken(token);
        if (requirement.accepts(ContractSecurity.PORTAL_CSRF)) {
            checkSameSite(request);
            if (!Hashing.constantTimeEquals(csrf, request.getHeaderString(CSRF_HEADER))) {
                throw new ApiException(ErrorCode.CSRF_CHECK_FAILED,
                        "Send the session's csrfToken (from sign-in or GET /api/portal/me) in the X-CSRF-Token header.");
            }
        }
        if (requirement.portalRole() == null) {
            return new Caller.PortalPrincipal(session.id, session.userId, csrf, null, null);
        }
        Membership membership = membership(session.userId, request.getHeaderString(ORGANIZATION_HEADER));
        Role required = Role.of(requirement.portalRole());
        Role role = membership.portalRole();
        if (!role.atLeast(required)) {
            throw new ApiException(ErrorCode.INSUFFICIENT_PERMISSIONS,
                    "This needs the role " + required.wire() + " or above; your role in this organization is " + role.wire() + ".",
                    Map.of("requiredRole", required.wire(), "role", role.wire()));
        }
        return new Caller.PortalPrincipal(session.id, session.userId, csrf, membership.organizationId, role.wire());
    }

    private void note(ContainerRequestContext request) {
        current.secure("https".equalsIgnoreCase(request.getUriInfo().getRequestUri().getScheme()));
        SocketAddress remote = http.remoteAddress();
        current.address(remote == null ? null : remote.hostAddress());
    }

    /** The organization named by X-Organization-Id, or the user's only one. */
    private static Membership membership(String userId, String header) {
        if (header != null) {
            if (!ORGANIZATION_ID.matcher(header).matches()) {
                throw ApiException.validation(ORGANIZATION_HEADER, "must be an organization id (org_…)");
            }
            return Membership.of(userId, header).orElseThrow(() -> new ApiException(ErrorCode.ORGANIZATION_ACCESS_DENIED,
                    "You are not a member of organization " + header + ".", Map.of("organizationId", header)));
        }
        List<Membership> all = Membership.ofUser(userId);
        if (all.isEmpty()) {
            throw new ApiException(ErrorCode.ORGANIZATION_ACCESS_DENIED, "You are not a member of any organization.");
        }
        if (all.size() > 1) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("organizations", all.stream().map(m -> m.organizationId).toList());
            throw new ApiException(ErrorCode.ORGANIZATION_REQUIRED,
                    "You belong to " + all.size() + " organizations: say which one this request is about with X-Organization-Id.",
                    details);
        }
        return all.get(0);
    }

    /**
     * Refuses a request a browser sent from another site: an Origin other than this service's own (as the request
     * reached it, or its public base URL), or, without Origin, Sec-Fetch-Site cross-site or same-site. Clients that
     * are not browsers send neither and pass (they still need the CSRF token on session routes).
     */
    void checkSameSite(ContainerRequestContext request) {
        String origin = request.getHeaderString("Origin");
        if (origin != null) {
            String own = origin(request.getUriInfo().getRequestUri());
            String given = origin.trim().toLowerCase(Locale.ROOT);
            if (!given.equals(own) && !given.equals(publicOrigin)) {
                throw new ApiException(ErrorCode.CSRF_CHECK_FAILED, "Portal requests must come from the portal's own site.",
                        Map.of("origin", origin));
            }
            return;
        }
        String site = request.getHeaderString("Sec-Fetch-Site");
        if (site != null && !site.equalsIgnoreCase("same-origin") && !site.equalsIgnoreCase("none")) {
            throw new ApiException(ErrorCode.CSRF_CHECK_FAILED, "Portal requests must come from the portal's own site.",
                    Map.of("secFetchSite", site));
        }
    }

    static String origin(URI uri) {
        String scheme = uri.getScheme() == null ? "http" : uri.getScheme().toLowerCase(Locale.ROOT);
        int port = uri.getPort();
        boolean defaultPort = port == -1 || (scheme.equals("http") && port == 80) || (scheme.equals("https") && port == 443);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        return scheme + "://" + host + (defaultPort ? "" : ":" + port);
    }
}
