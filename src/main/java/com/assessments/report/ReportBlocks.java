package com.assessments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.lowagie.text.Chunk;
import com.lowagie.text.DocumentException;
import com.lowagie.text.Font;
import com.lowagie.text.Paragraph;
import com.lowagie.text.Phrase;
import com.lowagie.text.Rectangle;
import com.lowagie.text.pdf.BaseFont;
import com.lowagie.text.pdf.PdfPCell;
import com.lowagie.text.pdf.PdfPTable;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * The building blocks every part of the report uses: the two embedded DejaVu fonts (read once from the class
 * path; BaseFont is read-only after creation, per-document subsets are tracked by each PdfWriter), the type
 * sizes, paragraphs, fact tables, framed notes, and reading and formatting the result's numbers.
 */
final class ReportBlocks {

    static final BaseFont REGULAR = loadFont("DejaVuSans.ttf");
    static final BaseFont BOLD = loadFont("DejaVuSans-Bold.ttf");

    static final Font TITLE = new Font(BOLD, 20);
    static final Font H2 = new Font(BOLD, 13);
    static final Font H3 = new Font(BOLD, 10.5f);
    static final Font BODY = new Font(REGULAR, 9.5f);
    static final Font BODY_BOLD = new Font(BOLD, 9.5f);
    static final Font SMALL = new Font(REGULAR, 8);
    static final Font SMALL_BOLD = new Font(BOLD, 8);

    private ReportBlocks() {
    }

    static Paragraph heading(String text) {
        Paragraph p = new Heading(text, H2);
        p.setSpacingBefore(10);
        p.setSpacingAfter(4);
        p.setKeepTogether(true);
        return p;
    }

    /** A smaller heading, kept with what follows it too. */
    static Paragraph subheading(String text) {
        Paragraph p = new Heading(text, H3);
        p.setLeading(H3.getSize() * 1.4f);
        return p;
    }

    static Paragraph para(String text, Font font) {
        Paragraph p = new Paragraph(text, font);
        p.setLeading(font.getSize() * 1.4f);
        return p;
    }

    static Paragraph labelled(String label, String value) {
        Paragraph p = new Paragraph("", BODY);
        p.setLeading(BODY.getSize() * 1.5f);
        p.add(new Chunk(label, BODY_BOLD));
        p.add(new Chunk(value, BODY));
        return p;
    }

    /** A bold lead-in (the score as read) followed by its plain-language reading. */
    static Paragraph interpretation(String lead, String text) {
        Paragraph p = new Paragraph("", BODY);
        p.setLeading(BODY.getSize() * 1.4f);
        p.setSpacingAfter(4);
        p.add(new Chunk(lead, BODY_BOLD));
        p.add(new Chunk(text, BODY));
        return p;
    }

    /** A framed note (drawn as cell borders in the default colour: no java.awt.Color needed). */
    static PdfPTable note(String text) {
        PdfPTable t = new PdfPTable(1);
        t.setWidthPercentage(100);
        t.setSpacingBefore(4);
        t.setSpacingAfter(6);
        PdfPCell c = new PdfPCell(new Phrase(text, BODY_BOLD));
        c.setBorderWidth(0.8f);
        c.setPadding(6);
        t.addCell(c);
        return t;
    }

    /** A borderless two-column table of label / value facts. */
    static PdfPTable facts(float labelWidth, float spacingAfter) {
        PdfPTable facts = new PdfPTable(new float[]{labelWidth, 4f});
        facts.setWidthPercentage(100);
        facts.setSpacingAfter(spacingAfter);
        return facts;
    }

    static void fact(PdfPTable t, String label, String value) {
        t.addCell(cell(label, BODY_BOLD));
        t.addCell(cell(value, BODY));
    }

    static PdfPCell cell(String text, Font font) {
        PdfPCell c = new PdfPCell(new Phrase(text, font));
        c.setBorder(Rectangle.NO_BORDER);
        c.setPaddingTop(2);
        c.setPaddingBottom(4);
        return c;
    }

    /** A number of the result, NaN when missing or not a number. */
    static double num(JsonNode n, String field) {
        JsonNode v = n == null ? null : n.get(field);
        return v != null && v.isNumber() ? v.asDouble() : Double.NaN;
    }

    static String ordinal(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        long n = Math.round(v);
        long mod100 = n % 100;
        String suffix = mod100 >= 11 && mod100 <= 13 ? "th"
                : switch ((int) (n % 10)) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return n + suffix;
    }

    static String signed1(double v) {
        return String.format(Locale.ROOT, "%+.1f", v).replace("-", "−");
    }

    static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    static String orDash(String s) {
        return blank(s) ? "–" : s;
    }

    private static BaseFont loadFont(String file) {
        try (InputStream in = ReportBlocks.class.getResourceAsStream("/fonts/" + file)) {
            if (in == null) {
                throw new IllegalStateException("Font fonts/" + file + " is missing from the class path");
            }
            BaseFont font = BaseFont.createFont(file, BaseFont.IDENTITY_H, BaseFont.EMBEDDED, false, in.readAllBytes(), null);
            // PDF/A-2 makes the CIDSet optional, and OpenPDF's names only the glyphs used, not every glyph its subset
            // carries (composite parts, .notdef): veraPDF fails that CIDSet under 6.2.11.4.2, so none is written
            font.setIncludeCidSet(false);
            return font;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (DocumentException e) {
            throw new IllegalStateException("Cannot load font " + file, e);
        }
    }
}
