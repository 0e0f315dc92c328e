package com.assessments.key;

import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.common.http.ContractResources;
import com.assessments.portal.auth.PortalAuthenticator;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveResourceInfo;

import java.util.Map;

/**
 * Providers are created at static init, so everything injected here is a lazily resolved normal-scoped bean.
 * Authenticates every contract operation as openapi.yaml says: which credential kinds it accepts and
 * which scope it needs. Order of checks: credential present and well formed (401), key known and
 * usable (401), publishable key origin (403 origin_not_allowed), key kind (403), scope (403).
 * Portal routes (scheme portalSession) are authenticated by the portal session cookie alone
 * ({@link PortalAuthenticator}); no other route reads that cookie.
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
public class AuthenticationFilter implements ContainerRequestFilter {

    static final String BEARER = "Bearer ";
    static final String SESSION_TOKEN_PREFIX = "vst_";

    @Inject
    ContractSecurity contract;

    @Inject
    ApiKeyService keys;

    @Inject
    Caller caller;

    @Inject
    SessionTokens sessionTokens;

    @Inject
    RateLimiter rateLimiter;

    @Inject
    OperatorToken operatorToken;

    @Inject
    PortalAuthenticator portal;

    @Override
    public void filter(ContainerRequestContext request) {
        ResteasyReactiveResourceInfo method = ContractResources.matched(request);
        if (method == null) {
            return;
        }
        var found = contract.forOperation(method.getName());
        if (found.isEmpty() && ContractResources.implementsContract(method.getResourceClass())) {
            // fail closed: a contract route whose operation the contract does not know must not run unauthenticated
            throw new IllegalStateException("no security requirement for " + method.getName());
        }
        if (found.isEmpty()) {
            return; // not a contract operation (docs pages)
        }
        ContractSecurity.Requirement requirement = found.get();
        if (requirement.isPublic()) {
            if (PortalAuthenticator.isPortalPath(request.getUriInfo().getPath())) {
                portal.checkPublicRoute(request); // sign-in, password reset, invitations: same site only
            }
            return; // a public operation (GET /status)
        }
        if (requirement.accepts(ContractSecurity.PORTAL_SESSION)) {
            // the cookie only: an Authorization header (an API key) is not looked at on portal routes
            caller.authenticate(portal.authenticate(request, requirement));
            return;
        }
        String token = bearerToken(request.getHeaderString(HttpHeaders.AUTHORIZATION));

        if (requirement.accepts(ContractSecurity.ADMIN_TOKEN)) {
            checkAdminToken(token);
            return;
        }
        if (requirement.accepts(ContractSecurity.SESSION_TOKEN)
                && (token == null || token.startsWith(SESSION_TOKEN_PREFIX) || !requirement.accepts(ContractSecurity.SECRET_KEY))) {
            authenticateSession(token);
            return;
        }
        if (requirement.accepts(ContractSecurity.SECRET_KEY) || requirement.accepts(ContractSecurity.PUBLISHABLE_KEY)) {
            authenticateKey(request, requirement, token);
            return;
        }
        throw new ApiException(ErrorCode.INTERNAL_ERROR, "This route's credential kind is not supported yet.");
    }

    private void authenticateKey(ContainerRequestContext request, ContractSecurity.Requirement requirement, String token) {
        if (token == null) {
            throw new ApiException(ErrorCode.INVALID_API_KEY,
                    "Missing or malformed Authorization header. Send Authorization: Bearer <API key>.");
        }
        if (!ApiKeyService.looksLikeKey(token)) {
            throw new ApiException(ErrorCode.INVALID_API_KEY,
                    "Malformed API key. Keys start with service_sk_ or service_pk_, then test_ or live_.");
        }
        Caller.KeyPrincipal key = keys.authenticate(token)
                .orElseThrow(() -> new ApiException(ErrorCode.INVALID_API_KEY, "Unknown, revoked or expired API key."));

        if (ApiKey.PUBLISHABLE.equals(key.kind())) {
            checkOrigin(browserOrigin(request), key);
        }
        String scheme = ApiKey.PUBLISHABLE.equals(key.kind()) ? ContractSecurity.PUBLISHABLE_KEY : ContractSecurity.SECRET_KEY;
        if (!requirement.accepts(scheme)) {
            throw new ApiException(ErrorCode.INSUFFICIENT_PERMISSIONS,
                    "This route needs a secret key; publishable keys are for browsers and can only read the public catalogue.",
                    Map.of("requiredKeyKind", "secret", "keyKind", key.kind()));
        }
        if (requirement.scope() != null && !key.scopes().contains(requirement.scope())) {
            throw new ApiException(ErrorCode.INSUFFICIENT_PERMISSIONS,
                    "This key lacks the scope " + requirement.scope() + ".",
                    Map.of("missingScope", requirement.scope(), "keyScopes", key.scopes()));
        }
        caller.authenticate(key);
        limit("key:" + key.lineageId(), key.rateLimitPerMinute(), "with this key (and the keys it was rotated from)");
    }

    /** Counts the request in the credential's window; 429 with Retry-After when the window is full. */
    private void limit(String subject, int perMinute, String credential) {
        RateLimiter.Decision decision = rateLimiter.check(subject, perMinute);
        caller.rateLimited(decision);
        if (!decision.allowed()) {
            throw decision.refusal("requests in the last minute " + credential);
        }
    }

    private void authenticateSession(String token) {
        if (token == null || !token.startsWith(SESSION_TOKEN_PREFIX)) {
            throw new ApiException(ErrorCode.INVALID_SESSION_TOKEN,
                    "Missing or malformed session token. Send Authorization: Bearer vst_...");
        }
        Caller.SessionPrincipal session = sessionTokens.authenticate(token).orElseThrow(() -> new ApiException(
                ErrorCode.INVALID_SESSION_TOKEN, "Unknown session token, or its session was deleted."));
        caller.authenticate(session);
        limit("session:" + session.sessionId(), rateLimiter.limits().sessionTokenPerMinute(), "with this session token");
    }

    /**
     * The page origin a browser request comes from: the Origin header, or, for a same-origin GET (browsers send
     * no Origin then, but do send Sec-Fetch-Site), this service's own origin.
     */
    static String browserOrigin(ContainerRequestContext request) {
        String origin = request.getHeaderString("Origin");
        if (origin == null && "same-origin".equalsIgnoreCase(request.getHeaderString("Sec-Fetch-Site"))) {
            var base = request.getUriInfo().getBaseUri();
            origin = base.getScheme() + "://" + base.getAuthority();
        }
        return origin;
    }

    private void checkOrigin(String origin, Caller.KeyPrincipal key) {
        String normalized = Origins.normalize(origin);
        if (normalized == null || !key.allowedOrigins().contains(normalized)) {
            throw new ApiException(ErrorCode.ORIGIN_NOT_ALLOWED,
                    origin == null
                            ? "A publishable key must be used from a browser origin on its allowlist; this request has no Origin header."
                            : "The origin " + origin + " is not on this publishable key's allowlist.",
                    origin == null ? Map.of() : Map.of("origin", origin));
        }
    }

    private void checkAdminToken(String token) {
        if (!operatorToken.isConfigured()) {
            // The operator API is off: behave as if it did not exist.
            throw new ApiException(ErrorCode.NOT_FOUND, "No such route. See /q/openapi for the routes of this API.");
        }
        if (!operatorToken.matches(token)) {
            throw new ApiException(ErrorCode.INVALID_ADMIN_TOKEN, "Missing or wrong operator token.");
        }
        limit("operator", rateLimiter.limits().operatorPerMinute(), "with the operator token");
    }

    /** The token of "Bearer <token>" (scheme case-insensitive), or null when absent or malformed. */
    static String bearerToken(String header) {
        if (header == null || header.length() <= BEARER.length()
                || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return null;
        }
        String token = header.substring(BEARER.length()).trim();
        return token.isEmpty() || token.contains(" ") ? null : token;
    }
}
