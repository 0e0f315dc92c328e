package com.assessments.key;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * Rate limits of the credentials that are not API keys (API keys use their organization's or their own limit).
 * Every credential has a window: session tokens travel in browser URLs, and the operator token guards everything.
 */
@ConfigMapping(prefix = "assessments.rate-limit")
public interface CredentialLimits {

    /** Requests per minute per session (the runner saves progress after each answer: room for a fast candidate). */
    @WithDefault("120")
    int sessionTokenPerMinute();

    /** Requests per minute with the operator token, across all replicas. */
    @WithDefault("600")
    int operatorPerMinute();

    /**
     * How often each replica writes the requests it counted and reads the other replicas' counts (RateLimiter); 0
     * writes only when a request must (first of its window, or limit / 50 unwritten ones).
     */
    @WithDefault("100ms")
    Duration flushEvery();
}
