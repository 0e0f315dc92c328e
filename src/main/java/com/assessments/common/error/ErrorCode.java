package com.assessments.common.error;

/**
 * The stable error codes of the API (the spec's table plus the ones we added on existing statuses).
 * A code is never renamed; the description is what /docs/errors shows.
 */
public enum ErrorCode {
    VALIDATION_ERROR(400, "The request failed validation: malformed JSON, a wrong type, an unknown enum value (the issue lists the allowed ones), a missing or out-of-range field, an empty or invalid query or header parameter (field is the parameter's name, e.g. limit or Idempotency-Key), or a per-assessment validity gate (FRA needs at least 90% of items answered). details.errors lists each problem as {field, issue}."),
    INVALID_CONFIG(400, "A tfd or tfd_plus session was created without config.occupationId."),
    INVALID_RESPONSES(400, "The submission passed validation but the live scoring engine cannot score it (for example a whole FRA scale unanswered). Reported as 400 rather than 500; the session is unchanged."),
    SESSION_NOT_COMPLETED(400, "A report was asked for a session that is not completed."),
    ORGANIZATION_REQUIRED(400, "A portal request of a user who belongs to several organizations did not say which one: send X-Organization-Id. details.organizations lists the user's organizations."),
    RESET_TOKEN_INVALID(400, "The password reset link is unknown, already used or expired. Ask for a new one."),
    INVALID_API_KEY(401, "The Authorization header is missing or malformed, or the API key is unknown, revoked or expired. Send Authorization: Bearer <key>."),
    INVALID_SESSION_TOKEN(401, "The session token in the Authorization header is missing, malformed or unknown."),
    INVALID_ADMIN_TOKEN(401, "The operator token for /api/admin is missing or wrong."),
    INVALID_PORTAL_SESSION(401, "A developer portal route was called without a live portal session cookie (missing, signed out, revoked, or past its idle or absolute timeout). Sign in again. API keys are not accepted on portal routes."),
    INVALID_CREDENTIALS(401, "Portal sign-in (or accepting an invitation with an existing account) with a wrong email or password; the answer does not say which."),
    NO_AVAILABLE_LICENSES(402, "The organization has no license left for this assessment type in live mode. Test keys consume none."),
    ORIGIN_NOT_ALLOWED(403, "A publishable key was used from an origin outside its allowlist (or without an Origin header)."),
    INSUFFICIENT_PERMISSIONS(403, "The key lacks the scope for this action or assessment type, or a publishable key was used where a secret key is required. details names what is missing."),
    ASSESSMENT_NOT_ENABLED(403, "The assessment type is not enabled for the organization."),
    CSRF_CHECK_FAILED(403, "A state-changing portal request did not carry the session's csrfToken in X-CSRF-Token, or came from another site (Origin or Sec-Fetch-Site)."),
    ORGANIZATION_ACCESS_DENIED(403, "X-Organization-Id names an organization the portal user is not a member of, or the user belongs to no organization."),
    NOT_FOUND(404, "No such route, or no such resource."),
    SESSION_NOT_FOUND(404, "The session does not belong to the caller's organization and environment, or was soft-deleted."),
    TFD_CONFIG_NOT_FOUND(404, "config.orgConfigId matches no TFD config of this organization."),
    WEBHOOK_NOT_FOUND(404, "No webhook endpoint with this id in the caller's organization and environment."),
    DELIVERY_NOT_FOUND(404, "No webhook delivery with this id for this endpoint."),
    EVENT_NOT_FOUND(404, "No event with this id in the caller's organization and environment."),
    CONVERSATION_NOT_FOUND(404, "conversationId names no coach conversation of this candidate in the caller's organization and environment."),
    KEY_NOT_FOUND(404, "No API key with this id in the caller's organization."),
    ORGANIZATION_NOT_FOUND(404, "No organization with this id (operator API)."),
    INVITATION_NOT_FOUND(404, "No portal invitation has this token."),
    MEMBER_NOT_FOUND(404, "No member with this user id in the organization (developer portal team)."),
    METHOD_NOT_ALLOWED(405, "The route exists but does not take this HTTP method; the Allow header lists the ones it takes."),
    NOT_ACCEPTABLE(406, "The Accept header asks for a representation this route cannot produce."),
    REQUEST_TIMEOUT(408, "The request announced a body (Content-Length or chunked) that did not arrive in time (10 seconds after the headers by default). The connection is closed; send the request again."),
    SESSION_ALREADY_COMPLETED(409, "Submit on a session that is already completed."),
    TFD_CONFIG_NOT_PUBLISHED(409, "config.orgConfigId names a TFD config that is not published (generating, reviewing or archived)."),
    IDEMPOTENCY_CONFLICT(409, "The Idempotency-Key was used before with a different request, on another route, by another API key (other than the key's own rotations), or for a session that has since been deleted. Choose a new key."),
    IDEMPOTENCY_IN_PROGRESS(409, "A request with this Idempotency-Key is still being processed. Retry after a short wait."),
    INVITATION_ALREADY_USED(409, "The portal invitation was already accepted, revoked, or replaced by a newer one; invitations are single use."),
    INVALID_STATUS_TRANSITION(409, "A TFD config cannot move from its current status to the one asked (generating to reviewing, reviewing to published or back to generating, published to archived, archived to published)."),
    LAST_OWNER(409, "The change would leave the organization without an owner; make someone else an owner first."),
    ALREADY_MEMBER(409, "The invited email already belongs to a member of the organization; change their role instead."),
    SESSION_EXPIRED(410, "The session passed expiresAt before it was submitted."),
    INVITATION_EXPIRED(410, "The portal invitation is past its expiry; ask for a new one."),
    PAYLOAD_TOO_LARGE(413, "The request body is larger than the limit (1 MiB)."),
    URI_TOO_LONG(414, "The request URI (path and query string) is longer than 4096 characters."),
    UNSUPPORTED_MEDIA_TYPE(415, "The request body must be sent as application/json: another media type, a wildcard (*/*), an empty or a missing Content-Type is refused when there is a body."),
    RATE_LIMIT_EXCEEDED(429, "The key's sliding-window rate limit is exceeded; wait for the number of seconds in Retry-After (X-RateLimit-Reset gives the instant as UNIX seconds)."),
    TOO_MANY_SIGN_IN_ATTEMPTS(429, "Too many failed portal sign-ins for this email: it is locked for a while. Wait for the number of seconds in Retry-After."),
    HEADERS_TOO_LARGE(431, "The request headers add up to more than 20 KiB."),
    INTERNAL_ERROR(500, "An unexpected server error. Nothing was changed; retry with backoff and quote the X-Request-Id header when reporting it."),
    NOT_IMPLEMENTED(501, "The assessment type is not yet scored in live mode; a test key works for integration."),
    SERVICE_UNAVAILABLE(503, "The service cannot reach its database right now (an outage, a failover or a restart). Retry after the number of seconds in Retry-After; where the route takes an Idempotency-Key, retry with the same key so that a request that did go through is not carried out twice.");

    private final int status;
    private final String description;

    ErrorCode(int status, String description) {
        this.status = status;
        this.description = description;
    }

    public int status() {
        return status;
    }

    public String description() {
        return description;
    }

    /** The wire form: lower snake case, as in the spec. */
    public String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
