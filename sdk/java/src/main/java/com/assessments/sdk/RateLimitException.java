package com.assessments.sdk;

import java.time.Duration;
import java.util.Map;

/** 429 `rate_limit_exceeded`, thrown once the retries are used up (or when the wait asked for is too long). */
public class RateLimitException extends AssessmentsException {

    private final Duration retryAfter;

    public RateLimitException(String message, int status, String code, String requestId, String docUrl,
                              Map<String, Object> details, Duration retryAfter, Throwable cause) {
        super(message, status, code, requestId, docUrl, details, cause);
        this.retryAfter = retryAfter;
    }

    /** The `Retry-After` the service asked for, or null. */
    public Duration getRetryAfter() {
        return retryAfter;
    }
}
