package com.assessments.common;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The settings every feature shares. A feature's own settings are in its own mapping with the same property names
 * (key/KeyConfig, org/OrgConfig, web/WebConfig, status/StatusConfig, jobs/HousekeepingConfig, session/ExpiryConfig,
 * report/ReportJobConfig, webhook/WebhookConfig, key/CredentialLimits, common/http/HttpLimits).
 */
@ConfigMapping(prefix = "assessments")
public interface AppConfig {

    /** Public base URL of this service (scheme, host, port), used in assessmentUrl, doc_url and reportUrl. */
    @WithDefault("http://localhost:8080")
    String publicBaseUrl();

    /** Base64 of 32 random bytes: the AES-256-GCM key for stored secrets and replayable responses. */
    String encryptionKey();

    /** Largest accepted request body in bytes; larger ones get 413 payload_too_large. */
    @WithDefault("1048576")
    int maxBodyBytes();

    /** Still here because scoring/Scoring reads it (scoring/ is being refactored elsewhere); it belongs in scoring/. */
    ScoringRelease scoring();

    interface ScoringRelease {
        /** Types scored for live keys; the others answer 501 not_implemented to live keys (test keys always work). */
        @WithDefault("disc,fra,tfd,tfd_plus")
        java.util.Set<String> liveTypes();
    }
}
