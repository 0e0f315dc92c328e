package com.assessments.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;

/**
 * What a PDF report shows: the completed session's facts and its result summary (the contract's result JSON
 * of its type: results.kind is disc, fra, tfd or ability).
 *
 * @param candidate  the candidate's name, or their external id when no name was given
 * @param test       a test-environment session: every page is stamped TEST
 * @param language   the report's language ("en" or "de": the session locale's language)
 */
public record ReportData(String sessionId, String assessmentType, String assessmentName, String candidate,
                         String organizationName, Instant completedAt, boolean test, JsonNode results, String language) {

    /** An English report. */
    public ReportData(String sessionId, String assessmentType, String assessmentName, String candidate,
                      String organizationName, Instant completedAt, boolean test, JsonNode results) {
        this(sessionId, assessmentType, assessmentName, candidate, organizationName, completedAt, test, results, "en");
    }

    /** A German report. */
    boolean german() {
        return "de".equals(language);
    }
}
