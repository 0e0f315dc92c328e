package com.assessments.sdk;

import java.util.Map;

/**
 * An error answered by the API (or no answer at all, {@link ApiConnectionException}). Map on {@link #getCode()}, the
 * stable error code (`session_not_found`, `validation_error`, ...); the subclass says the family, chosen from the code
 * and, for a code this SDK does not know yet, from the HTTP status. Unchecked so that lambdas and auto-paging stay
 * readable; catch it (or a subclass) where you handle API failures.
 */
public class AssessmentsException extends RuntimeException {

    private final int status;
    private final String code;
    private final String requestId;
    private final String docUrl;
    private final Map<String, Object> details;

    public AssessmentsException(String message, int status, String code, String requestId, String docUrl,
                                Map<String, Object> details, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.code = code;
        this.requestId = requestId;
        this.docUrl = docUrl;
        this.details = details == null ? Map.of() : Map.copyOf(details);
    }

    /** The HTTP status, or 0 when no response arrived. */
    public int getStatus() {
        return status;
    }

    /** The error code of the response's envelope (`error.code`), or null when there was none. */
    public String getCode() {
        return code;
    }

    /** The response's `X-Request-Id`: quote it when reporting a problem. Null when no response arrived. */
    public String getRequestId() {
        return requestId;
    }

    /** `error.doc_url`, a link to the code's documentation. */
    public String getDocUrl() {
        return docUrl;
    }

    /** `error.details` (for `validation_error`: `errors`, a list of `{field, issue}`); empty when absent. */
    public Map<String, Object> getDetails() {
        return details;
    }
}
