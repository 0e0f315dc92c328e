package com.assessments.report;

import io.quarkus.arc.Unremovable;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The report job's settings (assessments.reports.*). */
@Unremovable // only @Scheduled's ${...} reads it: no bean injects it, and Quarkus registers an uninjected mapping only so
@ConfigMapping(prefix = "assessments.reports")
public interface ReportJobConfig {

    /** How often the report job renders the reports of newly completed sessions (or "off"). */
    @WithDefault("10s")
    String every();
}
