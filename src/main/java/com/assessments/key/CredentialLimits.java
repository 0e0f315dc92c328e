package com.assessments.key;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

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
}
