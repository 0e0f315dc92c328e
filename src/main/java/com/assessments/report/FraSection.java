package com.assessments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.lowagie.text.Document;
import com.lowagie.text.DocumentException;

import java.util.ArrayList;
import java.util.List;

import static com.assessments.report.ReportBlocks.H3;
import static com.assessments.report.ReportBlocks.SMALL;
import static com.assessments.report.ReportBlocks.heading;
import static com.assessments.report.ReportBlocks.interpretation;
import static com.assessments.report.ReportBlocks.num;
import static com.assessments.report.ReportBlocks.ordinal;
import static com.assessments.report.ReportBlocks.para;
import static com.assessments.report.ReportCharts.Bar;
import static com.assessments.report.ReportCharts.fmt1;

/** FRA: the percentile of each scale, the composite, and a reading of each. */
final class FraSection implements ResultSection {

    @Override
    public void render(Document doc, JsonNode r, ReportData data) throws DocumentException {
        doc.add(heading("Scale results"));
        doc.add(para("Percentile against a provisional reference group (higher means lower self-reported risk). "
                + "Shading shows the low, moderate and high bands.", SMALL));
        List<Bar> bars = new ArrayList<>();
        for (JsonNode s : r.path("scales")) {
            double p = num(s, "percentile");
            bars.add(new Bar(ReportTexts.humanize(s.path("scale").asText()), p, Long.toString(Math.round(p)), null));
        }
        JsonNode comp = r.path("composite");
        if (!bars.isEmpty()) {
            doc.add(ReportCharts.block(ReportCharts.barChartHeight(bars.size()),
                    ReportCharts.barChart(bars, "Percentile")));
        }
        doc.add(para("Composite", H3));
        double cScore = num(comp, "score");
        doc.add(ReportCharts.singleBar("Composite score", cScore, fmt1(cScore), "Score"));

        doc.add(heading("What the scores suggest"));
        String cBand = comp.path("band").asText(ReportTexts.band(cScore));
        doc.add(interpretation("Composite: " + fmt1(cScore) + " (" + ordinal(num(comp, "percentile"))
                + " percentile, " + cBand + "). ", ReportTexts.fraComposite(cBand)));
        for (JsonNode s : r.path("scales")) {
            String scale = s.path("scale").asText();
            double p = num(s, "percentile");
            String band = s.path("band").asText(ReportTexts.band(p));
            doc.add(interpretation(ReportTexts.humanize(scale) + ": " + ordinal(p) + " percentile (" + band
                    + ", mean answer " + ReportTexts.fmt2(num(s, "mean")) + " of 5). ", ReportTexts.fra(scale, band)));
        }
    }
}
