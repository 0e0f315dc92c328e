package com.assessments.key;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.Optional;

/** The credentials' settings: the operator token and the API-key cache's intervals (assessments.admin-token, assessments.keys.*). */
@ConfigMapping(prefix = "assessments")
public interface KeyConfig {

    /** Operator token for /api/admin; empty means the operator API is off (it answers 404). */
    Optional<String> adminToken();

    Keys keys();

    interface Keys {
        /** How often each replica writes the lastUsedAt of the API keys used since its last write (or "off"). */
        @WithDefault("30s")
        String lastUsedFlushEvery();

        /** How often each replica checks whether any replica changed a key or an organization (or "off"). */
        @WithDefault("1s")
        String cacheCheckEvery();
    }
}
