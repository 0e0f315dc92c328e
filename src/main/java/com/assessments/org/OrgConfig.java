package com.assessments.org;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The organizations' settings (assessments.seed-demo). */
@ConfigMapping(prefix = "assessments")
public interface OrgConfig {

    /** Create a demo organization with test and live keys on first start (dev mode only). */
    @WithDefault("false")
    boolean seedDemo();
}
