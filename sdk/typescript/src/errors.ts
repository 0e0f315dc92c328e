// Typed errors, chosen from the envelope's stable `code`, then (for a code this SDK does not know yet) from the status.

export interface ErrorFields {
    status: number;
    code: string | null;
    requestId: string | null;
    docUrl: string | null;
    details: Record<string, unknown>;
}

/** An error answered by the API, or no answer at all (ApiConnectionError). Map on `code`. */
export class AssessmentsError extends Error {
    /** The HTTP status; 0 when no response arrived. */
    readonly status: number;
    /** `error.code` of the envelope (`session_not_found`, `validation_error`, ...), or null. */
    readonly code: string | null;
    /** The response's `X-Request-Id`: quote it when reporting a problem. */
    readonly requestId: string | null;
    readonly docUrl: string | null;
    /** `error.details` (for `validation_error`: `errors`, a list of `{field, issue}`); `{}` when absent. */
    readonly details: Record<string, unknown>;

    constructor(message: string, fields: ErrorFields, options?: { cause?: unknown }) {
        super(message, options);
        this.name = new.target.name;
        this.status = fields.status;
        this.code = fields.code;
        this.requestId = fields.requestId;
        this.docUrl = fields.docUrl;
        this.details = fields.details;
    }
}

/** 401: the key is missing, malformed, unknown, revoked or expired. */
export class AuthenticationError extends AssessmentsError {}
/** 403: the key lacks the scope or product, or the assessment type is not enabled. */
export class PermissionError extends AssessmentsError {}
/** 402: no license left for the assessment type (live keys only). */
export class LicenseError extends AssessmentsError {}
/** 400 and other 4xx: the request is invalid (`validation_error` with `details.errors`, `session_not_completed`, ...). */
export class InvalidRequestError extends AssessmentsError {}
/** 404: the object does not exist for this key's organization and environment. */
export class NotFoundError extends InvalidRequestError {}
/** 409/410: the object's state forbids the request (`session_already_completed`, `session_expired`, ...). */
export class ConflictError extends AssessmentsError {}
/** 5xx: the service failed, or does not score this type live (`not_implemented`). */
export class ApiServerError extends AssessmentsError {}

/** 429 `rate_limit_exceeded`, once the retries are used up or the wait asked for is too long. */
export class RateLimitError extends AssessmentsError {
    /** The `Retry-After` the service asked for, in milliseconds, or null. */
    readonly retryAfterMs: number | null;

    constructor(message: string, fields: ErrorFields, retryAfterMs: number | null) {
        super(message, fields);
        this.retryAfterMs = retryAfterMs;
    }
}

/** No response: the connection failed or timed out. */
export class ApiConnectionError extends AssessmentsError {
    constructor(message: string, cause: unknown) {
        super(message, { status: 0, code: null, requestId: null, docUrl: null, details: {} }, { cause });
    }
}

const BY_CODE: Record<string, new (message: string, fields: ErrorFields) => AssessmentsError> = {
    invalid_api_key: AuthenticationError,
    invalid_session_token: AuthenticationError,
    invalid_admin_token: AuthenticationError,
    insufficient_permissions: PermissionError,
    origin_not_allowed: PermissionError,
    assessment_not_enabled: PermissionError,
    no_available_licenses: LicenseError,
    session_already_completed: ConflictError,
    session_expired: ConflictError,
    idempotency_conflict: ConflictError,
    idempotency_in_progress: ConflictError,
    tfd_config_not_published: ConflictError,
    internal_error: ApiServerError,
    not_implemented: ApiServerError,
    service_unavailable: ApiServerError,
};

/** The typed error for a non-2xx answer with the given (possibly non-JSON) body. */
export function errorFromResponse(status: number, headers: Headers, bodyText: string, retryAfterMs: number | null): AssessmentsError {
    let code: string | null = null;
    let message: string | null = null;
    let docUrl: string | null = null;
    let details: Record<string, unknown> = {};
    try {
        const parsed: unknown = JSON.parse(bodyText);
        const error = typeof parsed === 'object' && parsed !== null ? (parsed as { error?: unknown }).error : undefined;
        if (typeof error === 'object' && error !== null) {
            const e = error as Record<string, unknown>;
            code = typeof e.code === 'string' ? e.code : null;
            message = typeof e.message === 'string' ? e.message : null;
            docUrl = typeof e.doc_url === 'string' ? e.doc_url : null;
            if (typeof e.details === 'object' && e.details !== null && !Array.isArray(e.details)) {
                details = e.details as Record<string, unknown>;
            }
        }
    } catch {
        // not the error envelope (a proxy's page, say): the status and request id still tell what happened
    }
    const requestId = headers.get('x-request-id');
    const fields: ErrorFields = { status, code, requestId, docUrl, details };
    const text = `${code === null ? `HTTP ${status}` : `${code} (${status})`}${message === null ? '' : `: ${message}`}`
        + (requestId === null ? '' : ` [request ${requestId}]`);
    if (code === 'rate_limit_exceeded' || (status === 429 && (code === null || BY_CODE[code] === undefined))) {
        return new RateLimitError(text, fields, retryAfterMs);
    }
    const known = code === null ? undefined : BY_CODE[code];
    if (known !== undefined) {
        return new known(text, fields);
    }
    if (status === 404 || (code !== null && code.endsWith('not_found'))) return new NotFoundError(text, fields);
    if (status === 401) return new AuthenticationError(text, fields);
    if (status === 402) return new LicenseError(text, fields);
    if (status === 403) return new PermissionError(text, fields);
    if (status === 409 || status === 410) return new ConflictError(text, fields);
    if (status >= 500) return new ApiServerError(text, fields);
    if (status >= 400) return new InvalidRequestError(text, fields);
    return new AssessmentsError(text, fields);
}
