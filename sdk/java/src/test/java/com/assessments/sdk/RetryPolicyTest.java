package com.assessments.sdk;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RetryPolicyTest {

    final RetryPolicy policy = new RetryPolicy(5, Duration.ofMillis(400), Duration.ofMillis(3000), Duration.ofSeconds(30));

    @Test
    void backoffDoublesWithJitterUpToTheCap() {
        long[] full = {400, 800, 1600, 3000, 3000};
        for (int retry = 1; retry <= 5; retry++) {
            for (int i = 0; i < 50; i++) {
                long ms = policy.delay(retry, null).toMillis();
                assertTrue(ms >= full[retry - 1] / 2 && ms <= full[retry - 1], "retry " + retry + ": " + ms);
            }
        }
    }

    @Test
    void retryAfterWinsOverBackoffUntilItIsTooLong() {
        assertEquals(Duration.ofSeconds(7), policy.delay(1, "7"));
        assertEquals(Duration.ZERO, policy.delay(3, "0"));
        assertNull(policy.delay(1, "31"), "longer than maxRetryAfter: give up rather than block");
        String date = ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(10).format(DateTimeFormatter.RFC_1123_DATE_TIME);
        long ms = policy.delay(1, date).toMillis();
        assertTrue(ms > 8000 && ms <= 10000, "HTTP-date Retry-After " + ms);
        long fallback = policy.delay(1, "soon").toMillis();
        assertTrue(fallback >= 200 && fallback <= 400, "unreadable Retry-After falls back to backoff: " + fallback);
    }

    @Test
    void whatIsRetried() {
        assertTrue(policy.retryable(429, "rate_limit_exceeded", false), "429: nothing was done, always safe");
        assertTrue(policy.retryable(503, "service_unavailable", true));
        assertTrue(policy.retryable(500, "internal_error", true));
        assertTrue(policy.retryable(0, null, true), "connection error on an idempotent call");
        assertTrue(policy.retryable(409, "idempotency_in_progress", true));
        assertFalse(policy.retryable(500, "internal_error", false), "a 5xx on a non-idempotent call may have done it");
        assertFalse(policy.retryable(0, null, false));
        assertFalse(policy.retryable(501, "not_implemented", true), "retrying does not implement it");
        assertFalse(policy.retryable(400, "validation_error", true));
        assertFalse(policy.retryable(409, "idempotency_conflict", true));
    }
}
