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
        checkVacuum(config.vacuumDeadRows(), config.vacuumDeadFraction());
    }

    /** @throws IllegalStateException when the value is above {@link #MAX_ENDPOINTS}; the service does not start */
    static void check(int maxEndpoints) {
        if (maxEndpoints > MAX_ENDPOINTS) {
            throw new IllegalStateException("assessments.webhooks.max-endpoints is " + maxEndpoints + "; it must be at most "
                    + MAX_ENDPOINTS + " (a fanned-out delivery's id numbers its endpoint in two base-62 characters)");
        }
    }

    /**
     * @throws IllegalStateException when the delivery queue's VACUUM threshold is not a positive count and a fraction
     * in [0, 1]: a floor of 0 or less would vacuum at every check whatever the table (QueueVacuum)
     */
    static void checkVacuum(long deadRows, double deadFraction) {
        if (deadRows < 1) {
            throw new IllegalStateException("assessments.webhooks.vacuum-dead-rows is " + deadRows + "; it must be at least 1");
        }
        if (!(deadFraction >= 0 && deadFraction <= 1)) { // NaN too
            throw new IllegalStateException("assessments.webhooks.vacuum-dead-fraction is " + deadFraction
                    + "; it must be between 0 and 1");
        }
    }
}
