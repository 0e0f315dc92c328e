package com.assessments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.lowagie.text.Document;
import com.lowagie.text.DocumentException;
import com.lowagie.text.Font;
import com.lowagie.text.pdf.PdfPCell;
import com.lowagie.text.pdf.PdfPTable;

import java.util.ArrayList;
import java.util.List;

import static com.assessments.report.ReportBlocks.BODY;
import static com.assessments.report.ReportBlocks.BODY_BOLD;
import static com.assessments.report.ReportBlocks.SMALL_BOLD;
import static com.assessments.report.ReportBlocks.cell;
import static com.assessments.report.ReportBlocks.heading;
import static com.assessments.report.ReportBlocks.interpretation;
import static com.assessments.report.ReportBlocks.num;
import static com.assessments.report.ReportBlocks.signed1;
import static com.assessments.report.ReportCharts.Bar;
import static com.assessments.report.ReportCharts.fmt1;

/** TFD and TFD Plus: the fit with the occupation, the profile against its target, and the best-fitting occupations. */
final class TfdSection implements ResultSection {

    @Override
    public void render(Document doc, JsonNode r, ReportData data) throws DocumentException {
        boolean de = data.german();
        String occupation = r.path("occupationName").asText(de ? "den Beruf" : "the occupation");
        String occId = r.path("occupationId").asText("");
        double fit = num(r, "fitScore");
        String fitBand = r.path("band").asText(ReportTexts.band(fit));
        doc.add(heading((de ? "Passung mit " : "Fit with ") + occupation + (occId.isEmpty() ? "" : " (" + occId + ")")));
        doc.add(ReportCharts.singleBar(de ? "Passungswert" : "Fit score", fit, ReportTextsDe.number(fmt1(fit), de), de ? "Passung" : "Fit", de));
        doc.add(de ? interpretation("Passungswert " + ReportTextsDe.number(fmt1(fit), true) + " von 100 (" + ReportTextsDe.band(fitBand) + "). ",
                        ReportTextsDe.tfdFit(fitBand, occupation))
                : interpretation("Fit score " + fmt1(fit) + " of 100 (" + fitBand + "). ", ReportTexts.tfdFit(fitBand, occupation)));

        JsonNode gaps = r.path("gaps");
        if (gaps.size() > 0) {
            gaps(doc, gaps, r.path("percentiles"), de);
        }
        JsonNode matches = r.path("topMatches");
        if (matches.size() > 0) {
            doc.add(heading(de ? "Am besten passende Berufe" : "Best-fitting occupations"));
            doc.add(matches(matches, occId, de));
        }
    }

    private static void gaps(Document doc, JsonNode gaps, JsonNode percentiles, boolean de) throws DocumentException {
        doc.add(heading(de ? "Arbeitsstilprofil im Vergleich mit dem Ziel des Berufs" : "Work-style profile against the occupation's target"));
        List<Bar> bars = new ArrayList<>();
        for (JsonNode g : gaps) {
            double s = num(g, "score");
            bars.add(new Bar(dimension(g.path("dimension").asText(), de), s, ReportTextsDe.number(fmt1(s), de), num(g, "target")));
        }
        doc.add(ReportCharts.block(ReportCharts.barChartHeight(bars.size()) + 6,
                ReportCharts.barChart(bars, de ? "Wert" : "Score", de)));
        doc.add(ReportCharts.block(14, ReportCharts.targetLegend(de)));
        doc.add(heading(de ? "Was die Werte nahelegen" : "What the scores suggest"));
        for (JsonNode g : gaps) {
            String dim = g.path("dimension").asText();
            double s = num(g, "score");
            double gap = num(g, "gap");
            if (de) {
                doc.add(interpretation(dimension(dim, true) + ": " + ReportTextsDe.number(fmt1(s), true) + " bei einem Zielwert von "
                        + ReportTextsDe.number(fmt1(num(g, "target")), true) + " (Abweichung " + ReportTextsDe.number(signed1(gap), true)
                        + (percentiles.has(dim) ? "; " + ReportTextsDe.ordinal(num(percentiles, dim)) + " Perzentil" : "") + "). ",
                        ReportTextsDe.tfdDimension(dim, s) + " " + ReportTextsDe.tfdGap(gap)));
            } else {
                doc.add(interpretation(ReportTexts.humanize(dim) + ": " + fmt1(s) + " against a target of "
                        + fmt1(num(g, "target")) + " (gap " + signed1(gap)
                        + (percentiles.has(dim) ? "; " + ReportBlocks.ordinal(num(percentiles, dim)) + " percentile" : "") + "). ",
                        ReportTexts.tfdDimension(dim, s) + " " + ReportTexts.tfdGap(gap)));
            }
        }
    }

    private static String dimension(String dim, boolean de) {
        String key = dim.toLowerCase(java.util.Locale.ROOT);
        return de ? ReportTextsDe.TFD_DIMENSIONS.getOrDefault(key, ReportTexts.humanize(dim)) : ReportTexts.humanize(dim);
    }

    /** The ranked table of top matches, the session's own occupation in bold. */
    private static PdfPTable matches(JsonNode matches, String occId, boolean de) {
        PdfPTable t = new PdfPTable(new float[]{0.5f, 4f, 1.5f, 1.2f, 1.2f});
        t.setWidthPercentage(100);
        t.setHeaderRows(1);
        for (String h : de ? List.of("#", "Beruf", "O*NET-SOC-Code", "Passung", "Bereich")
                : List.of("#", "Occupation", "O*NET-SOC code", "Fit score", "Band")) {
            PdfPCell c = cell(h, SMALL_BOLD);
            ReportCharts.underline(c);
            t.addCell(c);
        }
        int rank = 1;
        for (JsonNode m : matches) {
            double f = num(m, "fitScore");
            boolean self = occId.equals(m.path("occupationId").asText());
            Font font = self ? BODY_BOLD : BODY;
            t.addCell(cell(Integer.toString(rank++), font));
            t.addCell(cell(m.path("occupationName").asText("") + (self ? (de ? " (diese Stelle)" : " (this role)") : ""), font));
            t.addCell(cell(m.path("occupationId").asText(""), font));
            t.addCell(cell(ReportTextsDe.number(fmt1(f), de), font));
            t.addCell(cell(de ? ReportTextsDe.band(ReportTexts.band(f)) : ReportTexts.band(f), font));
        }
        return t;
    }
}
