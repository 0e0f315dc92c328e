package com.assessments.jobs;

import io.quarkus.arc.Unremovable;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The housekeeping job's settings (assessments.housekeeping.*). */
@Unremovable // only @Scheduled's ${...} reads it: no bean injects it, and Quarkus registers an uninjected mapping only so
@ConfigMapping(prefix = "assessments.housekeeping")
public interface HousekeepingConfig {

    /** How often the housekeeping job runs (Quarkus duration, or "off"). */
    @WithDefault("60s")
    String every();
}
