package com.assessments.report;

import com.lowagie.text.Document;
import com.lowagie.text.Element;
import com.lowagie.text.Rectangle;
import com.lowagie.text.pdf.PdfContentByte;
import com.lowagie.text.pdf.PdfPageEventHelper;
import com.lowagie.text.pdf.PdfTemplate;
import com.lowagie.text.pdf.PdfWriter;

import static com.assessments.report.ReportBlocks.BOLD;
import static com.assessments.report.ReportBlocks.REGULAR;

/** Page decoration: a footer with "Page n of m", and on test sessions the TEST header and watermark. */
final class ReportPages extends PdfPageEventHelper {

    private static final float FOOTER_SIZE = 7.5f;
    private final boolean test;
    private final String footer;
    private PdfTemplate total;

    private final boolean german;

    ReportPages(boolean test, String footer) {
        this(test, footer, false);
    }

    ReportPages(boolean test, String footer, boolean german) {
        this.test = test;
        this.footer = footer;
        this.german = german;
    }

    @Override
    public void onOpenDocument(PdfWriter writer, Document document) {
        total = writer.getDirectContent().createTemplate(30, 12);
    }

    @Override
    public void onEndPage(PdfWriter writer, Document document) {
        Rectangle page = document.getPageSize();
        float left = document.left();
        float right = document.right();
        PdfContentByte cb = writer.getDirectContent();
        cb.saveState();
        ReportCharts.grayStroke(cb, 0.7f);
        cb.setLineWidth(0.5f);
        cb.moveTo(left, 42);
        cb.lineTo(right, 42);
        cb.stroke();
        String pageText = (german ? "Seite " : "Page ") + writer.getPageNumber() + (german ? " von " : " of ");
        float digits = REGULAR.getWidthPoint("000", FOOTER_SIZE);
        float pageX = right - digits - REGULAR.getWidthPoint(pageText, FOOTER_SIZE);
        ReportCharts.text(cb, REGULAR, FOOTER_SIZE, Element.ALIGN_LEFT, fit(footer, pageX - left - 10), left, 30);
        ReportCharts.text(cb, REGULAR, FOOTER_SIZE, Element.ALIGN_LEFT, pageText, pageX, 30);
        cb.addTemplate(total, right - digits, 30);
        if (test) {
            ReportCharts.text(cb, BOLD, 9, Element.ALIGN_CENTER, german ? ReportTextsDe.TEST_HEADER : ReportTexts.TEST_HEADER,
                    (page.getLeft() + page.getRight()) / 2, page.getTop() - 34);
            // Outlined (stroked, unfilled) grey letters over the content: visible above the charts' shading,
            // text underneath stays readable, and no transparency is needed (PDF/A friendly).
            cb.beginText();
            cb.setTextRenderingMode(PdfContentByte.TEXT_RENDER_MODE_STROKE);
            ReportCharts.grayStroke(cb, 0.62f);
            cb.setLineWidth(1.6f);
            cb.setFontAndSize(BOLD, 150);
            cb.showTextAligned(Element.ALIGN_CENTER, "TEST", (page.getLeft() + page.getRight()) / 2,
                    (page.getBottom() + page.getTop()) / 2 - 50, 50);
            cb.endText();
        }
        cb.restoreState();
    }

    @Override
    public void onCloseDocument(PdfWriter writer, Document document) {
        total.beginText();
        ReportCharts.grayFill(total, 0.25f);
        total.setFontAndSize(REGULAR, FOOTER_SIZE);
        total.showText(Integer.toString(writer.getPageNumber() - 1));
        total.endText();
    }

    /** The text, cut with an ellipsis to fit the width. */
    private static String fit(String s, float width) {
        if (REGULAR.getWidthPoint(s, FOOTER_SIZE) <= width) {
            return s;
        }
        String t = s;
        while (t.length() > 1 && REGULAR.getWidthPoint(t + "…", FOOTER_SIZE) > width) {
            t = t.substring(0, t.length() - 1);
        }
        return t + "…";
    }
}
