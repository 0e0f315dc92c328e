package com.assessments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.lowagie.text.Document;
import com.lowagie.text.DocumentException;

import java.util.ArrayList;
import java.util.List;

import static com.assessments.report.ReportBlocks.H3;
import static com.assessments.report.ReportBlocks.SMALL;
import static com.assessments.report.ReportBlocks.heading;
import static com.assessments.report.ReportBlocks.subheading;
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
        boolean de = data.german();
        doc.add(heading(de ? "Ergebnisse der Skalen" : "Scale results"));
        doc.add(para(de ? "Perzentil im Vergleich mit einer vorläufigen Vergleichsgruppe (höher bedeutet ein geringeres "
                + "selbst berichtetes Risiko). Die Schattierung zeigt die Bereiche niedrig, mittel und hoch."
                : "Percentile against a provisional reference group (higher means lower self-reported risk). "
                + "Shading shows the low, moderate and high bands.", SMALL));
        List<Bar> bars = new ArrayList<>();
        for (JsonNode s : r.path("scales")) {
            double p = num(s, "percentile");
            bars.add(new Bar(scaleName(s.path("scale").asText(), de), p, Long.toString(Math.round(p)), null));
        }
        JsonNode comp = r.path("composite");
        if (!bars.isEmpty()) {
            doc.add(ReportCharts.block(ReportCharts.barChartHeight(bars.size()),
                    ReportCharts.barChart(bars, de ? "Perzentil" : "Percentile", de)));
        }
        doc.add(subheading(de ? "Gesamtwert" : "Composite"));
        double cScore = num(comp, "score");
        doc.add(ReportCharts.singleBar(de ? "Gesamtwert" : "Composite score", cScore, ReportTextsDe.number(fmt1(cScore), de),
                de ? "Wert" : "Score", de));

        doc.add(heading(de ? "Was die Werte nahelegen" : "What the scores suggest"));
        String cBand = comp.path("band").asText(ReportTexts.band(cScore));
        if (de) {
            doc.add(interpretation("Gesamtwert: " + ReportTextsDe.number(fmt1(cScore), true) + " ("
                    + ReportTextsDe.ordinal(num(comp, "percentile")) + " Perzentil, " + ReportTextsDe.band(cBand) + "). ",
                    ReportTextsDe.fraComposite(cBand)));
        } else {
            doc.add(interpretation("Composite: " + fmt1(cScore) + " (" + ordinal(num(comp, "percentile"))
                    + " percentile, " + cBand + "). ", ReportTexts.fraComposite(cBand)));
        }
        for (JsonNode s : r.path("scales")) {
            String scale = s.path("scale").asText();
            double p = num(s, "percentile");
            String band = s.path("band").asText(ReportTexts.band(p));
            if (de) {
                doc.add(interpretation(scaleName(scale, true) + ": " + ReportTextsDe.ordinal(p) + " Perzentil ("
                        + ReportTextsDe.band(band) + ", mittlere Antwort " + ReportTextsDe.number(ReportTexts.fmt2(num(s, "mean")), true)
                        + " von 5). ", ReportTextsDe.fra(scale, band)));
            } else {
                doc.add(interpretation(ReportTexts.humanize(scale) + ": " + ordinal(p) + " percentile (" + band
                        + ", mean answer " + ReportTexts.fmt2(num(s, "mean")) + " of 5). ", ReportTexts.fra(scale, band)));
            }
        }
    }

    private static String scaleName(String scale, boolean de) {
        return de ? ReportTextsDe.FRA_SCALES.getOrDefault(scale, ReportTexts.humanize(scale)) : ReportTexts.humanize(scale);
    }
}
