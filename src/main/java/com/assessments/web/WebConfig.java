package com.assessments.web;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The web pages' settings (assessments.demo-enabled). */
@ConfigMapping(prefix = "assessments")
public interface WebConfig {

    /** Serve the demo host page at /demo (dev and test only). */
    @WithDefault("false")
    boolean demoEnabled();
}
