package com.assessments.webhook;

import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;

/**
 * Refuses at start a webhook configuration the code cannot honour. Checked here rather than with a Bean Validation
 * constraint on {@link WebhookConfig}: the service has no Bean Validation (a constraint on a configuration mapping
 * alone made Quarkus build a validator factory during static init, 0.3 s of every start's main thread, session 8).
 */
@Startup
@Singleton
public class WebhookConfigCheck {

    /** A fanned-out delivery's id numbers its endpoint in two base-62 characters. */
    static final int MAX_ENDPOINTS = 62 * 62;

    WebhookConfigCheck(WebhookConfig config) {
        check(config.maxEndpoints());
    }

    /** @throws IllegalStateException when the value is above {@link #MAX_ENDPOINTS}; the service does not start */
    static void check(int maxEndpoints) {
        if (maxEndpoints > MAX_ENDPOINTS) {
            throw new IllegalStateException("assessments.webhooks.max-endpoints is " + maxEndpoints + "; it must be at most "
                    + MAX_ENDPOINTS + " (a fanned-out delivery's id numbers its endpoint in two base-62 characters)");
        }
    }
}
