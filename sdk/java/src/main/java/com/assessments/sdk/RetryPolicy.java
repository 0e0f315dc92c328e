package com.assessments.sdk;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When and how long to wait before retrying. A 429 is retried for every call (the request was not processed);
 * 5xx answers (but `501 not_implemented`), `409 idempotency_in_progress` and connection errors only for idempotent
 * calls (GET, DELETE, and create/submit, which always carry an `Idempotency-Key`). The wait is the response's
 * `Retry-After` when it has one (up to {@link #maxRetryAfter()}; a longer one is not waited for), else exponential
 * backoff from {@link #initialDelay()} to {@link #maxDelay()} with jitter, so many clients do not retry in step.
 *
 * @param maxRetries    retries after the first attempt (0 disables retrying)
 * @param initialDelay  the backoff before the first retry
 * @param maxDelay      the largest backoff
 * @param maxRetryAfter the longest `Retry-After` the client waits for
 */
public record RetryPolicy(int maxRetries, Duration initialDelay, Duration maxDelay, Duration maxRetryAfter) {

    /** 3 retries, 0.5 s doubling up to 8 s, `Retry-After` honoured up to 60 s. */
    public static final RetryPolicy DEFAULT = new RetryPolicy(3, Duration.ofMillis(500), Duration.ofSeconds(8), Duration.ofSeconds(60));

    public RetryPolicy {
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be >= 0");
        }
        Objects.requireNonNull(initialDelay, "initialDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        Objects.requireNonNull(maxRetryAfter, "maxRetryAfter");
    }

    /** No retries at all. */
    public static RetryPolicy none() {
        return new RetryPolicy(0, Duration.ZERO, Duration.ZERO, Duration.ZERO);
    }

    /** Whether an answer with this status (0 = no answer) and code may be retried. */
    public boolean retryable(int status, String code, boolean idempotent) {
        if (status == 429) {
            return true;
        }
        if (!idempotent) {
            return false;
        }
        return status == 0 || (status >= 500 && status != 501) || "idempotency_in_progress".equals(code);
    }

    /**
     * The wait before retry number {@code retry} (1 for the first), or null if the service asked for a longer wait
     * than {@link #maxRetryAfter()}.
     */
    public Duration delay(int retry, String retryAfterHeader) {
        Duration asked = parseRetryAfter(retryAfterHeader);
        if (asked != null) {
            return asked.compareTo(maxRetryAfter) > 0 ? null : asked;
        }
        long base = initialDelay.toMillis() << Math.min(retry - 1, 20);
        long capped = Math.min(base, maxDelay.toMillis());
        // "equal jitter": between half and all of the backoff
        return Duration.ofMillis(capped / 2 + ThreadLocalRandom.current().nextLong(capped / 2 + 1));
    }

    /** `Retry-After` as delta-seconds or an HTTP date; null when absent or unreadable. */
    static Duration parseRetryAfter(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.trim();
        if (v.matches("[0-9]{1,9}")) {
            return Duration.ofSeconds(Long.parseLong(v));
        }
        try {
            Duration until = Duration.between(ZonedDateTime.now(), ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME));
            return until.isNegative() ? Duration.ZERO : until;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
