package com.assessments.report;

import com.assessments.scoring.Bands;
import com.assessments.scoring.disc.DiscScoring;
import com.lowagie.text.Element;
import com.lowagie.text.Rectangle;
import com.lowagie.text.pdf.BaseFont;
import com.lowagie.text.pdf.PdfContentByte;
import com.lowagie.text.pdf.PdfPCell;
import com.lowagie.text.pdf.PdfPTable;

import java.util.List;
import java.util.Locale;

/**
 * Vector charts drawn with PdfContentByte operations (no java.awt, no raster images). Each chart is a
 * fixed-height table cell whose cell event draws into the cell's rectangle, so charts flow with the text.
 */
final class ReportCharts {

    private static final int MODERATE_FROM = Bands.MODERATE_FROM;
    private static final int HIGH_FROM = Bands.HIGH_FROM;

    // Colours as RGB 0..1 (neutral blues: a high band is not "better" for every scale).
    private static final float[] ZONE_LOW = {0.95f, 0.96f, 0.98f};
    private static final float[] ZONE_MODERATE = {0.88f, 0.92f, 0.97f};
    private static final float[] ZONE_HIGH = {0.79f, 0.86f, 0.95f};
    private static final float[] BAR = {0.16f, 0.32f, 0.55f};
    private static final float[] TARGET = {0.85f, 0.42f, 0.10f};
    private static final float[] MARK = {0.16f, 0.32f, 0.55f};
    private static final float TEXT_GREY = 0.25f;

    /** One row of a bar chart; target is null when there is no second mark. */
    record Bar(String label, double value, String valueText, Double target) {
    }

    private ReportCharts() {
    }

    @FunctionalInterface
    interface Painter {
        void paint(PdfContentByte cb, float x, float y, float w, float h);
    }

    /** A borderless cell of the given height that paints itself with the painter. */
    static PdfPCell cell(float height, Painter painter) {
        PdfPCell cell = new PdfPCell();
        cell.setFixedHeight(height);
        cell.setBorder(Rectangle.NO_BORDER);
        cell.setPadding(0);
        cell.setCellEvent((c, pos, canvases) -> {
            PdfContentByte cb = canvases[PdfPTable.TEXTCANVAS];
            cb.saveState();
            painter.paint(cb, pos.getLeft(), pos.getBottom(), pos.getWidth(), pos.getHeight());
            cb.restoreState();
        });
        return cell;
    }

    /** Full-width single-cell table holding one chart. */
    static PdfPTable block(float height, Painter painter) {
        PdfPTable t = new PdfPTable(1);
        t.setWidthPercentage(100);
        t.setSpacingBefore(4);
        t.setSpacingAfter(6);
        t.addCell(cell(height, painter));
        t.setKeepTogether(true);
        return t;
    }

    static float barChartHeight(int rows) {
        return 30 + rows * 22f;
    }

    /** A one-bar chart (a composite, a fit score, a percentile) in its own block. */
    static PdfPTable singleBar(String label, double value, String valueText, String axisTitle) {
        return singleBar(label, value, valueText, axisTitle, false);
    }

    /** The same, with its zone captions in German when {@code german}. */
    static PdfPTable singleBar(String label, double value, String valueText, String axisTitle, boolean german) {
        return block(barChartHeight(1), barChart(List.of(new Bar(label, value, valueText, null)), axisTitle, german));
    }

    /**
     * Horizontal bars on a 0-100 axis with the low/moderate/high zones shaded, the value printed at each bar's
     * end and, when a row has a target, a second (orange) mark at the target.
     */
    static Painter barChart(List<Bar> bars, String axisTitle) {
        return barChart(bars, axisTitle, false);
    }

    /** The same, with its zone captions in German when {@code german}. */
    static Painter barChart(List<Bar> bars, String axisTitle, boolean german) {
        return (cb, x, y, w, h) -> {
            BaseFont font = ReportBlocks.REGULAR;
            BaseFont bold = ReportBlocks.BOLD;
            float labelW = 130;
            float px0 = x + labelW;
            float px1 = x + w - 36;
            float top = y + h - 14;      // zone captions above this line
            float bottom = y + 16;       // axis labels below this line
            float rowH = (top - bottom) / bars.size();
            // zones
            zone(cb, ZONE_LOW, px0, px(px0, px1, 0), px(px0, px1, MODERATE_FROM), bottom, top);
            zone(cb, ZONE_MODERATE, px0, px(px0, px1, MODERATE_FROM), px(px0, px1, HIGH_FROM), bottom, top);
            zone(cb, ZONE_HIGH, px0, px(px0, px1, HIGH_FROM), px(px0, px1, 100), bottom, top);
            text(cb, font, 7, Element.ALIGN_CENTER, german ? "Niedrig (unter " + MODERATE_FROM + ")" : "Low (below " + MODERATE_FROM + ")",
                    (px(px0, px1, 0) + px(px0, px1, MODERATE_FROM)) / 2, top + 4);
            text(cb, font, 7, Element.ALIGN_CENTER, german ? "Mittel (" + MODERATE_FROM + " bis " + (HIGH_FROM - 1) + ")"
                            : "Moderate (" + MODERATE_FROM + " to " + (HIGH_FROM - 1) + ")",
                    (px(px0, px1, MODERATE_FROM) + px(px0, px1, HIGH_FROM)) / 2, top + 4);
            text(cb, font, 7, Element.ALIGN_CENTER, german ? "Hoch (ab " + HIGH_FROM + ")" : "High (" + HIGH_FROM + " and above)",
                    (px(px0, px1, HIGH_FROM) + px(px0, px1, 100)) / 2, top + 4);
            // axis
            grayStroke(cb, 0.55f);
            cb.setLineWidth(0.5f);
            cb.moveTo(px0, bottom);
            cb.lineTo(px1, bottom);
            cb.stroke();
            for (int v = 0; v <= 100; v += 20) {
                float tx = px(px0, px1, v);
                cb.moveTo(tx, bottom);
                cb.lineTo(tx, bottom - 3);
                cb.stroke();
                text(cb, font, 7, Element.ALIGN_CENTER, Integer.toString(v), tx, bottom - 11);
            }
            if (axisTitle != null) {
                text(cb, font, 7, Element.ALIGN_LEFT, axisTitle, x, bottom - 11);
            }
            // bars
            for (int i = 0; i < bars.size(); i++) {
                Bar bar = bars.get(i);
                float cy = top - rowH * (i + 0.5f);
                boolean twoMarks = bar.target() != null;
                float barH = Math.min(12, rowH * 0.55f);
                float barY = twoMarks ? cy - barH / 2 + 1 : cy - barH / 2;
                text(cb, font, 8.5f, Element.ALIGN_LEFT, bar.label(), x, cy - 3);
                float bx1 = px(px0, px1, clamp(bar.value(), 0, 100));
                fill(cb, BAR);
                cb.rectangle(px0, barY, Math.max(0.5f, bx1 - px0), barH);
                cb.fill();
                float tx = twoMarks ? px(px0, px1, clamp(bar.target(), 0, 100)) : bx1;
                // value right of the bar, and right of the target mark when that is further out
                text(cb, bold, 8, Element.ALIGN_LEFT, bar.valueText(), Math.max(bx1, tx + 3) + 3, cy - 3);
                if (twoMarks) {
                    targetMark(cb, tx, barY - 2, barY + barH + 2, barY - 8);
                }
            }
        };
    }

    /** Legend line for score-vs-target charts. */
    static Painter targetLegend() {
        return targetLegend(false);
    }

    /** The same in German when {@code german}. */
    static Painter targetLegend(boolean german) {
        return (cb, x, y, w, h) -> {
            BaseFont font = ReportBlocks.REGULAR;
            float cy = y + h / 2;
            fill(cb, BAR);
            cb.rectangle(x, cy - 4, 16, 8);
            cb.fill();
            text(cb, font, 8, Element.ALIGN_LEFT, german ? "Wert der Person" : "Candidate score", x + 20, cy - 3);
            float tx = x + 110;
            targetMark(cb, tx, cy - 5, cy + 5, cy - 10);
            text(cb, font, 8, Element.ALIGN_LEFT, german ? "Zielwert des Berufs" : "Occupation target", tx + 8, cy - 3);
        };
    }

    /**
     * The D-I-S-C circle: D top-left (135°), I top-right (45°), S bottom-right (315°), C bottom-left (225°);
     * twelve 30° sectors ({@link DiscScoring#SECTORS}), the type12 sector filled and labelled.
     */
    static Painter discCircle(String type12) {
        return (cb, x, y, w, h) -> {
            BaseFont font = ReportBlocks.REGULAR;
            BaseFont bold = ReportBlocks.BOLD;
            float r = Math.min(w, h) / 2 - 16;
            float cx = x + w / 2;
            float cy = y + h / 2;
            Double start = sectorStart(type12);
            grayFill(cb, 0.97f);
            cb.circle(cx, cy, r);
            cb.fill();
            if (start != null) {
                fill(cb, ZONE_HIGH);
                cb.moveTo(cx, cy);
                for (int i = 0; i <= 15; i++) {
                    double a = Math.toRadians(start + i * 2);
                    cb.lineTo(cx + r * (float) Math.cos(a), cy + r * (float) Math.sin(a));
                }
                cb.closePath();
                cb.fill();
            }
            grayStroke(cb, 0.7f);
            cb.setLineWidth(0.4f);
            for (int a = 0; a < 360; a += 30) {
                if (a % 90 == 0) {
                    continue;
                }
                ray(cb, cx, cy, r, a);
            }
            grayStroke(cb, 0.3f);
            cb.setLineWidth(0.9f);
            for (int a = 0; a < 360; a += 90) {
                ray(cb, cx, cy, r, a);
            }
            cb.circle(cx, cy, r);
            cb.stroke();
            // sector labels
            List<String> labels = DiscScoring.SECTORS;
            for (int i = 0; i < 12; i++) {
                double a = Math.toRadians(i * 30 + 15);
                boolean mine = labels.get(i).equals(type12);
                text(cb, mine ? bold : font, mine ? 8.5f : 6.5f, Element.ALIGN_CENTER, labels.get(i),
                        cx + 0.72f * r * (float) Math.cos(a), cy + 0.72f * r * (float) Math.sin(a) - 2.5f);
            }
            // dimension letters outside the circle
            String[] dims = {"I", "D", "C", "S"};
            for (int i = 0; i < 4; i++) {
                double a = Math.toRadians(45 + i * 90);
                text(cb, bold, 12, Element.ALIGN_CENTER, dims[i],
                        cx + (r + 10) * (float) Math.cos(a), cy + (r + 10) * (float) Math.sin(a) - 4);
            }
            if (start != null) {
                // a dot at the middle of the marked sector
                double a = Math.toRadians(start + 15);
                fill(cb, MARK);
                cb.circle(cx + 0.42f * r * (float) Math.cos(a), cy + 0.42f * r * (float) Math.sin(a), 3.2f);
                cb.fill();
            }
        };
    }

    /** Start angle (degrees, counter-clockwise from 3 o'clock) of a type12 sector, null when unknown. */
    static Double sectorStart(String type12) {
        int i = type12 == null ? -1 : DiscScoring.SECTORS.indexOf(type12);
        return i < 0 ? null : i * 30.0;
    }

    /**
     * Theta on a -3..+3 scale: the standard normal reference curve, a shaded +/- 1 SE band and the estimate.
     */
    static Painter thetaScale(double theta, double se) {
        return (cb, x, y, w, h) -> {
            BaseFont font = ReportBlocks.REGULAR;
            BaseFont bold = ReportBlocks.BOLD;
            float px0 = x + 20;
            float px1 = x + w - 20;
            float base = y + 18;
            float curveH = h - 40;
            // SE band
            if (!Double.isNaN(se) && se > 0) {
                float b0 = tx(px0, px1, clamp(theta - se, -3, 3));
                float b1 = tx(px0, px1, clamp(theta + se, -3, 3));
                fill(cb, ZONE_MODERATE);
                cb.rectangle(b0, base, Math.max(0.5f, b1 - b0), curveH + 6);
                cb.fill();
            }
            // normal curve
            grayStroke(cb, 0.45f);
            cb.setLineWidth(0.8f);
            for (int i = 0; i <= 120; i++) {
                double t = -3 + i * 0.05;
                float cxp = tx(px0, px1, t);
                float cyp = base + curveH * (float) Math.exp(-t * t / 2);
                if (i == 0) {
                    cb.moveTo(cxp, cyp);
                } else {
                    cb.lineTo(cxp, cyp);
                }
            }
            cb.stroke();
            // axis
            grayStroke(cb, 0.35f);
            cb.setLineWidth(0.6f);
            cb.moveTo(px0, base);
            cb.lineTo(px1, base);
            cb.stroke();
            for (int v = -3; v <= 3; v++) {
                float t = tx(px0, px1, v);
                cb.moveTo(t, base);
                cb.lineTo(t, base - 3);
                cb.stroke();
                text(cb, font, 7, Element.ALIGN_CENTER, (v > 0 ? "+" : "") + v, t, base - 11);
            }
            // estimate
            if (!Double.isNaN(theta)) {
                float t = tx(px0, px1, clamp(theta, -3, 3));
                rgbStroke(cb, BAR);
                cb.setLineWidth(2f);
                cb.moveTo(t, base);
                cb.lineTo(t, base + curveH + 6);
                cb.stroke();
                fill(cb, BAR);
                cb.circle(t, base + curveH + 6, 3f);
                cb.fill();
                String label = "θ = " + ReportTexts.signed(theta)
                        + (Double.isNaN(se) ? "" : "  (±1 SE: " + ReportTexts.signed(theta - se) + " to "
                        + ReportTexts.signed(theta + se) + ")");
                int align = t > (px0 + px1) / 2 ? Element.ALIGN_RIGHT : Element.ALIGN_LEFT;
                text(cb, bold, 8, align, label, align == Element.ALIGN_RIGHT ? t - 6 : t + 6, base + curveH + 4);
            }
            text(cb, font, 7, Element.ALIGN_LEFT, "lower", px0, y + h - 8);
            text(cb, font, 7, Element.ALIGN_RIGHT, "higher ability", px1, y + h - 8);
        };
    }

    /** A thin grey rule under a table cell (header rows). */
    static void underline(PdfPCell cell) {
        cell.setCellEvent((c, pos, canvases) -> {
            PdfContentByte cb = canvases[PdfPTable.LINECANVAS];
            cb.saveState();
            grayStroke(cb, 0.6f);
            cb.setLineWidth(0.6f);
            cb.moveTo(pos.getLeft(), pos.getBottom());
            cb.lineTo(pos.getRight(), pos.getBottom());
            cb.stroke();
            cb.restoreState();
        });
    }

    // ---- primitives ---------------------------------------------------------------------------------------

    static void text(PdfContentByte cb, BaseFont font, float size, int align, String s, float x, float y) {
        cb.beginText();
        grayFill(cb, TEXT_GREY);
        cb.setFontAndSize(font, size);
        cb.showTextAligned(align, s, x, y, 0);
        cb.endText();
    }

    /** The target mark: an orange line from bottom to top with a triangle pointing up at the bottom end. */
    private static void targetMark(PdfContentByte cb, float tx, float bottom, float top, float triangleBase) {
        rgbStroke(cb, TARGET);
        cb.setLineWidth(2f);
        cb.moveTo(tx, bottom);
        cb.lineTo(tx, top);
        cb.stroke();
        fill(cb, TARGET);
        cb.moveTo(tx, bottom);
        cb.lineTo(tx - 4, triangleBase);
        cb.lineTo(tx + 4, triangleBase);
        cb.closePath();
        cb.fill();
    }

    private static void zone(PdfContentByte cb, float[] rgb, float px0, float from, float to, float bottom, float top) {
        fill(cb, rgb);
        cb.rectangle(from, bottom, to - from, top - bottom);
        cb.fill();
    }

    private static void ray(PdfContentByte cb, float cx, float cy, float r, double degrees) {
        double a = Math.toRadians(degrees);
        cb.moveTo(cx, cy);
        cb.lineTo(cx + r * (float) Math.cos(a), cy + r * (float) Math.sin(a));
        cb.stroke();
    }

    private static void fill(PdfContentByte cb, float[] rgb) {
        rgbFill(cb, rgb);
    }

    // ---- colours, written as PDF operators ------------------------------------------------------------------
    // OpenPDF's own setGrayFill/setGrayStroke/setRGBColorFill*/Stroke* build GrayColor/RGBColor objects, which
    // extend java.awt.Color: a native image without AWT fails on those at run time. The operators are the same
    // bytes those methods write (ReportNoAwtTest renders every kind in a JVM that watches java.awt).

    static void grayFill(PdfContentByte cb, float gray) {
        cb.setLiteral(num(gray) + " g\n");
    }

    static void grayStroke(PdfContentByte cb, float gray) {
        cb.setLiteral(num(gray) + " G\n");
    }

    static void rgbFill(PdfContentByte cb, float[] rgb) {
        cb.setLiteral(num(rgb[0]) + ' ' + num(rgb[1]) + ' ' + num(rgb[2]) + " rg\n");
    }

    static void rgbStroke(PdfContentByte cb, float[] rgb) {
        cb.setLiteral(num(rgb[0]) + ' ' + num(rgb[1]) + ' ' + num(rgb[2]) + " RG\n");
    }

    private static String num(float v) {
        return com.lowagie.text.pdf.ByteBuffer.formatDouble(v);
    }

    private static float px(float px0, float px1, double v) {
        return px0 + (px1 - px0) * (float) (v / 100.0);
    }

    private static float tx(float px0, float px1, double theta) {
        return px0 + (px1 - px0) * (float) ((theta + 3) / 6.0);
    }

    static double clamp(double v, double lo, double hi) {
        return Double.isNaN(v) ? lo : Math.max(lo, Math.min(hi, v));
    }

    static String fmt1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
