package com.assessments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.lowagie.text.Document;
import com.lowagie.text.DocumentException;

/** The part of the report that shows one result kind's scores, charts and what they suggest. */
@FunctionalInterface
interface ResultSection {

    /** @param results the session's result JSON, of this section's kind */
    void render(Document doc, JsonNode results, ReportData data) throws DocumentException;
}
