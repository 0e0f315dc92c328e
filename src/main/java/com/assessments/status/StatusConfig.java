package com.assessments.status;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** GET /status's settings (assessments.version, assessments.cron-max-silence). */
@ConfigMapping(prefix = "assessments")
public interface StatusConfig {

    /** Service version reported by GET /status. */
    @WithDefault("1.0.0")
    String version();

    /** GET /status reports the scheduler as not ok when no job has run for this long (a few job intervals). */
    @WithDefault("3m")
    Duration cronMaxSilence();
}
