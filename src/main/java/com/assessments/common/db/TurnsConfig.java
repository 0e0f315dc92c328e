package com.assessments.common.db;

import io.smallrye.config.ConfigMapping;

/** {@link ConnectionTurns}' setting. */
@ConfigMapping(prefix = "assessments.db")
public interface TurnsConfig {

    /** How many {@link InTurn} calls run at once on a replica (application.properties: the pool's size). */
    int turns();
}
