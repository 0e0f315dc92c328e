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
        String occupation = r.path("occupationName").asText("the occupation");
        String occId = r.path("occupationId").asText("");
        double fit = num(r, "fitScore");
        String fitBand = r.path("band").asText(ReportTexts.band(fit));
        doc.add(heading("Fit with " + occupation + (occId.isEmpty() ? "" : " (" + occId + ")")));
        doc.add(ReportCharts.singleBar("Fit score", fit, fmt1(fit), "Fit"));
        doc.add(interpretation("Fit score " + fmt1(fit) + " of 100 (" + fitBand + "). ",
                ReportTexts.tfdFit(fitBand, occupation)));

        JsonNode gaps = r.path("gaps");
        if (gaps.size() > 0) {
            gaps(doc, gaps);
        }
        JsonNode matches = r.path("topMatches");
        if (matches.size() > 0) {
            doc.add(heading("Best-fitting occupations"));
            doc.add(matches(matches, occId));
        }
    }

    private static void gaps(Document doc, JsonNode gaps) throws DocumentException {
        doc.add(heading("Work-style profile against the occupation's target"));
        List<Bar> bars = new ArrayList<>();
        for (JsonNode g : gaps) {
            double s = num(g, "score");
            bars.add(new Bar(ReportTexts.humanize(g.path("dimension").asText()), s, fmt1(s), num(g, "target")));
        }
        doc.add(ReportCharts.block(ReportCharts.barChartHeight(bars.size()) + 6,
                ReportCharts.barChart(bars, "Score")));
        doc.add(ReportCharts.block(14, ReportCharts.targetLegend()));
        doc.add(heading("What the scores suggest"));
        for (JsonNode g : gaps) {
            String dim = g.path("dimension").asText();
            double s = num(g, "score");
            double gap = num(g, "gap");
            doc.add(interpretation(ReportTexts.humanize(dim) + ": " + fmt1(s) + " against a target of "
                    + fmt1(num(g, "target")) + " (gap " + signed1(gap) + "). ",
                    ReportTexts.tfdDimension(dim, s) + " " + ReportTexts.tfdGap(gap)));
        }
    }

    /** The ranked table of top matches, the session's own occupation in bold. */
    private static PdfPTable matches(JsonNode matches, String occId) {
        PdfPTable t = new PdfPTable(new float[]{0.5f, 4f, 1.5f, 1.2f, 1.2f});
        t.setWidthPercentage(100);
        t.setHeaderRows(1);
        for (String h : List.of("#", "Occupation", "O*NET-SOC code", "Fit score", "Band")) {
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
            t.addCell(cell(m.path("occupationName").asText("") + (self ? " (this role)" : ""), font));
            t.addCell(cell(m.path("occupationId").asText(""), font));
            t.addCell(cell(fmt1(f), font));
            t.addCell(cell(ReportTexts.band(f), font));
        }
        return t;
    }
}
