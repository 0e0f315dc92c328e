package com.assessments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.lowagie.text.Document;
import com.lowagie.text.DocumentException;
import com.lowagie.text.pdf.PdfPTable;

import static com.assessments.report.ReportBlocks.SMALL;
import static com.assessments.report.ReportBlocks.fact;
import static com.assessments.report.ReportBlocks.facts;
import static com.assessments.report.ReportBlocks.heading;
import static com.assessments.report.ReportBlocks.interpretation;
import static com.assessments.report.ReportBlocks.num;
import static com.assessments.report.ReportBlocks.ordinal;
import static com.assessments.report.ReportBlocks.para;

/** Ability tests (aapa, lpm, lpm_u): correct answers, theta with its standard error, and the percentile. */
final class AbilitySection implements ResultSection {

    @Override
    public void render(Document doc, JsonNode r, ReportData data) throws DocumentException {
        long correct = r.path("numberCorrect").asLong();
        long answered = r.path("numberAnswered").asLong();
        double theta = num(r, "theta");
        double se = num(r, "standardError");
        double pct = num(r, "percentile");
        String band = ReportTexts.band(pct);
        doc.add(heading("Results"));
        PdfPTable facts = facts(1.6f, 6);
        fact(facts, "Test", ReportTexts.abilityTestName(data.assessmentType()));
        fact(facts, "Correct answers", correct + " of " + answered + " answered");
        fact(facts, "Ability (theta)", ReportTexts.signed(theta) + " (standard error " + ReportTexts.fmt2(se) + ")");
        fact(facts, "Percentile", ordinal(pct) + " (" + band + ")");
        doc.add(facts);
        doc.add(para("Ability estimate on the −3 to +3 scale (reference population centred on 0), with the ±1 "
                + "standard error band shaded.", SMALL));
        doc.add(ReportCharts.block(110, ReportCharts.thetaScale(theta, se)));
        doc.add(ReportCharts.singleBar("Percentile", pct, Long.toString(Math.round(pct)), "Percentile"));
        doc.add(heading("What the scores suggest"));
        doc.add(interpretation("Percentile " + Math.round(pct) + " (" + band + "). ",
                ReportTexts.ability(band, Math.round(pct)) + " " + ReportTexts.precision(se)));
    }
}
