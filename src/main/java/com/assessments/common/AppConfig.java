package com.assessments.common;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.Optional;

@ConfigMapping(prefix = "assessments")
public interface AppConfig {

    /** Public base URL of this service (scheme, host, port), used in assessmentUrl, doc_url and reportUrl. */
    @WithDefault("http://localhost:8080")
    String publicBaseUrl();

    /** Operator token for /api/admin; empty means the operator API is off (it answers 404). */
    Optional<String> adminToken();

    /** Base64 of 32 random bytes: the AES-256-GCM key for stored secrets and replayable responses. */
    String encryptionKey();

    /** Largest accepted request body in bytes; larger ones get 413 payload_too_large. */
    @WithDefault("1048576")
    int maxBodyBytes();

    /** Create a demo organization with test and live keys on first start (dev mode only). */
    @WithDefault("false")
    boolean seedDemo();

    /** Serve the demo host page at /demo (dev and test only). */
    @WithDefault("false")
    boolean demoEnabled();

    /** Service version reported by GET /status. */
    @WithDefault("1.0.0")
    String version();

    Housekeeping housekeeping();

    /** GET /status reports the scheduler as not ok when no job has run for this long (a few job intervals). */
    @WithDefault("3m")
    java.time.Duration cronMaxSilence();

    Expiry expiry();

    ScoringRelease scoring();

    Reports reports();

    Keys keys();

    interface Keys {
        /** How often each replica writes the lastUsedAt of the API keys used since its last write (or "off"). */
        @WithDefault("30s")
        String lastUsedFlushEvery();

        /** How often each replica checks whether any replica changed a key or an organization (or "off"). */
        @WithDefault("1s")
        String cacheCheckEvery();
    }

    interface Reports {
        /** How often the report job renders the reports of newly completed sessions (or "off"). */
        @WithDefault("10s")
        String every();
    }

    interface ScoringRelease {
        /** Types scored for live keys; the others answer 501 not_implemented to live keys (test keys always work). */
        @WithDefault("disc,fra,tfd,tfd_plus")
        java.util.Set<String> liveTypes();
    }

    interface Expiry {
        /** How often expired sessions are moved to expired (Quarkus duration, or "off"). */
        @WithDefault("30s")
        String every();
    }

    interface Housekeeping {
        /** How often the housekeeping job runs (Quarkus duration, or "off"). */
        @WithDefault("60s")
        String every();
    }
}
