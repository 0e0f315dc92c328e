package com.assessments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.lowagie.text.Document;
import com.lowagie.text.DocumentException;
import com.lowagie.text.Element;
import com.lowagie.text.Rectangle;
import com.lowagie.text.pdf.PdfPCell;
import com.lowagie.text.pdf.PdfPTable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.assessments.report.ReportBlocks.H3;
import static com.assessments.report.ReportBlocks.SMALL;
import static com.assessments.report.ReportBlocks.heading;
import static com.assessments.report.ReportBlocks.interpretation;
import static com.assessments.report.ReportBlocks.labelled;
import static com.assessments.report.ReportBlocks.num;
import static com.assessments.report.ReportBlocks.para;
import static com.assessments.report.ReportCharts.Bar;
import static com.assessments.report.ReportCharts.fmt1;

/** DISC: the four work-style scores, the style position on the D-I-S-C circle, and a reading per dimension. */
final class DiscSection implements ResultSection {

    private static final List<String> DIMENSIONS = List.of("D", "I", "S", "C");

    @Override
    public void render(Document doc, JsonNode r, ReportData data) throws DocumentException {
        boolean de = data.german();
        Map<String, String> names = de ? ReportTextsDe.DISC_NAMES : ReportTexts.DISC_NAMES;
        JsonNode norm = r.path("normalizedScores");
        JsonNode bands = r.path("bands");
        JsonNode likert = r.path("likertScores");
        doc.add(heading(de ? "Arbeitsstil-Werte" : "Work-style scores"));
        doc.add(para(de ? "Jede Dimension auf einer Skala von 0 bis 100. Die Schattierung zeigt die Bereiche niedrig, mittel und hoch."
                : "Each dimension on a 0 to 100 scale. Shading shows the low, moderate and high bands.", SMALL));
        List<Bar> bars = new ArrayList<>();
        for (String d : DIMENSIONS) {
            double v = num(norm, d);
            bars.add(new Bar(d + "  " + names.get(d), v, ReportTextsDe.number(fmt1(v), de), null));
        }
        doc.add(ReportCharts.block(ReportCharts.barChartHeight(4), ReportCharts.barChart(bars, de ? "Wert" : "Score", de)));
        doc.add(style(r.path("primaryType").asText(""), r.path("secondaryType").asText(""), r.path("type12").asText(""), de));

        doc.add(heading(de ? "Was die Werte nahelegen" : "What the scores suggest"));
        for (String d : DIMENSIONS) {
            String band = bands.path(d).asText(ReportTexts.band(num(norm, d)));
            if (de) {
                doc.add(interpretation(d + " – " + names.get(d) + ": " + ReportTextsDe.number(fmt1(num(norm, d)), true) + " ("
                        + ReportTextsDe.band(band) + ", mittlere Antwort " + ReportTextsDe.number(ReportTexts.fmt2(num(likert, d)), true)
                        + " von 5" + (r.path("percentiles").has(d) ? ", " + ReportTextsDe.ordinal(num(r.path("percentiles"), d))
                        + " Perzentil" : "") + "). ", ReportTextsDe.disc(d, band)));
            } else {
                doc.add(interpretation(d + " – " + names.get(d) + ": " + fmt1(num(norm, d)) + " ("
                        + band + ", mean answer " + ReportTexts.fmt2(num(likert, d)) + " of 5"
                        + (r.path("percentiles").has(d) ? ", " + ReportBlocks.ordinal(num(r.path("percentiles"), d)) + " percentile" : "")
                        + "). ", ReportTexts.disc(d, band)));
            }
        }
    }

    /** Primary and secondary style and the style position, beside the circle that shows it. */
    private static PdfPTable style(String primary, String secondary, String type12, boolean de) {
        Map<String, String> names = de ? ReportTextsDe.DISC_NAMES : ReportTexts.DISC_NAMES;
        PdfPTable style = new PdfPTable(new float[]{3f, 2f});
        style.setWidthPercentage(100);
        style.setKeepTogether(true);
        PdfPCell left = new PdfPCell();
        left.setBorder(Rectangle.NO_BORDER);
        left.setVerticalAlignment(Element.ALIGN_MIDDLE);
        left.addElement(para(de ? "Stil" : "Style", H3));
        left.addElement(labelled(de ? "Hauptstil: " : "Primary style: ", primary + " – " + names.getOrDefault(primary, "?")));
        left.addElement(labelled(de ? "Nebenstil: " : "Secondary style: ", secondary + " – "
                + names.getOrDefault(secondary, "?")));
        left.addElement(labelled(de ? "Stilposition: " : "Style position: ", de ? ReportTextsDe.type12(type12) : ReportTexts.type12(type12)));
        left.addElement(para(de ? "Der Kreis ordnet das Gesamtprofil einem von 12 Sektoren zu: Jede Dimension hat ein "
                + "Viertel, und die äußeren Sektoren eines Viertels neigen zur benachbarten Dimension. Nur benachbarte "
                + "Dimensionen verbinden sich (nie D mit S, nie I mit C)."
                : "The circle places the whole profile in one of 12 sectors: each dimension owns a "
                + "quarter, and the outer sectors of a quarter lean towards the neighbouring dimension. Only "
                + "neighbouring dimensions combine (never D with S, nor I with C).", SMALL));
        style.addCell(left);
        style.addCell(ReportCharts.cell(160, ReportCharts.discCircle(type12)));
        return style;
    }
}
