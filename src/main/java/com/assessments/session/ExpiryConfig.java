package com.assessments.session;

import io.quarkus.arc.Unremovable;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The expiry job's settings (assessments.expiry.*). */
@Unremovable // only @Scheduled's ${...} reads it: no bean injects it, and Quarkus registers an uninjected mapping only so
@ConfigMapping(prefix = "assessments.expiry")
public interface ExpiryConfig {

    /** How often expired sessions are moved to expired (Quarkus duration, or "off"). */
    @WithDefault("30s")
    String every();
}
