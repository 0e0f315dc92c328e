package com.assessments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.lowagie.text.Chunk;
import com.lowagie.text.Document;
import com.lowagie.text.DocumentException;
import com.lowagie.text.Element;
import com.lowagie.text.Font;
import com.lowagie.text.PageSize;
import com.lowagie.text.Paragraph;
import com.lowagie.text.Phrase;
import com.lowagie.text.Rectangle;
import com.lowagie.text.pdf.BaseFont;
import com.lowagie.text.pdf.PdfContentByte;
import com.lowagie.text.pdf.PdfDate;
import com.lowagie.text.pdf.PdfDictionary;
import com.lowagie.text.pdf.PdfName;
import com.lowagie.text.pdf.PdfObject;
import com.lowagie.text.pdf.PdfPCell;
import com.lowagie.text.pdf.PdfPTable;
import com.lowagie.text.pdf.PdfPageEventHelper;
import com.lowagie.text.pdf.PdfString;
import com.lowagie.text.pdf.PdfTemplate;
import com.lowagie.text.pdf.PdfWriter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.TimeZone;

import static com.assessments.report.ReportCharts.Bar;
import static com.assessments.report.ReportCharts.fmt1;

/**
 * Renders a completed session's PDF report with OpenPDF: a cover block, vector charts of the scores per result
 * kind (disc, fra, tfd, ability), plain-language interpretations, response quality, methodology and disclaimer.
 * Test sessions carry a TEST watermark and header on every page.
 *
 * <p>Pure and thread-safe: every call builds its own document; the only shared state is the two embedded
 * DejaVu fonts (read once from the class path; BaseFont is read-only after creation, per-document subsets are
 * tracked by each PdfWriter). No java.awt classes are used by this package: colours are set as RGB/grey
 * operators, charts are PdfContentByte paths, and the sRGB output intent's ICC profile is built in code.
 *
 * <p>Conformance: the file carries what PDF/A-2b asks for (embedded fonts, XMP metadata with pdfaid part 2 /
 * conformance B mirroring the information dictionary, an sRGB output intent, document language, no
 * encryption, no transparency), but OpenPDF cannot validate PDF/A; it has not been checked with veraPDF.
 */
public final class ReportRenderer {

    static final String CREATOR = "Assessment Platform report renderer";
    static final String DEFAULT_AUTHOR = "Assessment Platform";

    private static final BaseFont REGULAR = loadFont("DejaVuSans.ttf");
    private static final BaseFont BOLD = loadFont("DejaVuSans-Bold.ttf");

    private static final Font TITLE = new Font(BOLD, 20);
    private static final Font H2 = new Font(BOLD, 13);
    private static final Font H3 = new Font(BOLD, 10.5f);
    private static final Font BODY = new Font(REGULAR, 9.5f);
    private static final Font BODY_BOLD = new Font(BOLD, 9.5f);
    private static final Font SMALL = new Font(REGULAR, 8);
    private static final Font SMALL_BOLD = new Font(BOLD, 8);

    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("d MMMM uuuu", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private ReportRenderer() {
    }

    static BaseFont regular() {
        return REGULAR;
    }

    static BaseFont bold() {
        return BOLD;
    }

    /** The PDF bytes of the report. Unchecked exceptions only (IllegalStateException if OpenPDF fails). */
    public static byte[] render(ReportData data) {
        Objects.requireNonNull(data, "data");
        try {
            return doRender(data);
        } catch (DocumentException | IOException e) {
            throw new IllegalStateException("PDF report rendering failed for session " + data.sessionId(), e);
        }
    }

    private static byte[] doRender(ReportData data) throws DocumentException, IOException {
        JsonNode r = data.results();
        String kind = r == null ? "" : r.path("kind").asText("");
        String name = orDash(data.assessmentName() != null ? data.assessmentName() : data.assessmentType());
        String candidate = orDash(data.candidate());
        String title = name + " report – " + candidate;
        String author = blank(data.organizationName()) ? DEFAULT_AUTHOR : data.organizationName();
        String subject = "Assessment results of " + candidate + " (" + orDash(data.assessmentType()) + ", session "
                + orDash(data.sessionId()) + ")";
        String keywords = "assessment report, " + orDash(data.assessmentType()) + ", " + kind
                + (data.test() ? ", test session" : "") + (r != null && r.path("mock").asBoolean(false) ? ", mock" : "");

        ByteArrayOutputStream out = new ByteArrayOutputStream(48 * 1024);
        Document doc = new Document(PageSize.A4, 50, 50, 62, 58);
        PdfWriter writer = PdfWriter.getInstance(doc, out);
        writer.setPdfVersion(PdfWriter.VERSION_1_7);
        writer.setPageEvent(new Pages(data.test(), candidate + " · " + name + " · session " + orDash(data.sessionId())));
        doc.addTitle(title);
        doc.addAuthor(author);
        doc.addSubject(subject);
        doc.addKeywords(keywords);
        doc.addCreator(CREATOR);
        PdfDate now = new PdfDate(Calendar.getInstance(TimeZone.getTimeZone("UTC"), Locale.ROOT));
        doc.addCreationDate(now);
        doc.addModificationDate(now);
        doc.open();

        // Metadata for PDF/A-2b: language, XMP mirroring the info dictionary, sRGB output intent.
        writer.getExtraCatalog().put(PdfName.LANG, new PdfString("en"));
        PdfDictionary info = writer.getInfo();
        writer.setXmpMetadata(ReportConformance.xmp(title, author, subject, keywords, CREATOR,
                infoString(info, PdfName.PRODUCER), w3c(info.get(PdfName.CREATIONDATE), now),
                w3c(info.get(PdfName.MODDATE), now), "en"));
        ReportConformance.addOutputIntent(writer);

        cover(doc, data, name, candidate);
        if (r != null && r.path("mock").asBoolean(false)) {
            doc.add(note(ReportTexts.MOCK_NOTE));
        }
        switch (kind) {
            case "disc" -> disc(doc, r);
            case "fra" -> fra(doc, r);
            case "tfd" -> tfd(doc, r);
            case "ability" -> ability(doc, r, data.assessmentType());
            default -> doc.add(para("No result summary in a known format is available for this session"
                    + (kind.isEmpty() ? "." : " (result kind \"" + kind + "\")."), BODY));
        }
        if (r != null) {
            quality(doc, r, kind);
        }
        about(doc, kind, r != null && r.path("mock").asBoolean(false));
        doc.close();
        return out.toByteArray();
    }

    // ---- sections ------------------------------------------------------------------------------------------

    private static void cover(Document doc, ReportData data, String name, String candidate) throws DocumentException {
        Paragraph t = new Paragraph(name + " report", TITLE);
        t.setSpacingAfter(2);
        doc.add(t);
        Paragraph sub = para("Summary of results for the hiring team", SMALL);
        sub.setSpacingAfter(10);
        doc.add(sub);
        PdfPTable facts = new PdfPTable(new float[]{1.2f, 4f});
        facts.setWidthPercentage(100);
        facts.setSpacingAfter(8);
        fact(facts, "Candidate", candidate);
        fact(facts, "Assessment", name + (data.assessmentType() == null ? "" : " (" + data.assessmentType() + ")"));
        fact(facts, "Completed", data.completedAt() == null ? "not recorded" : DATE.format(data.completedAt()) + " (UTC)");
        fact(facts, "Organization", orDash(data.organizationName()));
        fact(facts, "Session ID", orDash(data.sessionId()));
        doc.add(facts);
    }

    private static void disc(Document doc, JsonNode r) throws DocumentException {
        JsonNode norm = r.path("normalizedScores");
        JsonNode bands = r.path("bands");
        JsonNode likert = r.path("likertScores");
        doc.add(heading("Work-style scores"));
        doc.add(para("Each dimension on a 0 to 100 scale. Shading shows the low, moderate and high bands.", SMALL));
        List<Bar> bars = new ArrayList<>();
        for (String d : List.of("D", "I", "S", "C")) {
            double v = num(norm, d);
            bars.add(new Bar(d + "  " + ReportTexts.DISC_NAMES.get(d), v, fmt1(v), null));
        }
        doc.add(ReportCharts.block(ReportCharts.barChartHeight(4), ReportCharts.barChart(bars, "Score")));

        String primary = r.path("primaryType").asText("");
        String secondary = r.path("secondaryType").asText("");
        String type12 = r.path("type12").asText("");
        PdfPTable style = new PdfPTable(new float[]{3f, 2f});
        style.setWidthPercentage(100);
        style.setKeepTogether(true);
        PdfPCell left = new PdfPCell();
        left.setBorder(Rectangle.NO_BORDER);
        left.setVerticalAlignment(Element.ALIGN_MIDDLE);
        left.addElement(para("Style", H3));
        left.addElement(labelled("Primary style: ", primary + " – " + ReportTexts.DISC_NAMES.getOrDefault(primary, "?")));
        left.addElement(labelled("Secondary style: ", secondary + " – "
                + ReportTexts.DISC_NAMES.getOrDefault(secondary, "?")));
        left.addElement(labelled("Style position: ", ReportTexts.type12(type12)));
        left.addElement(para("The circle places the whole profile in one of 12 sectors: each dimension owns a "
                + "quarter, and the outer sectors of a quarter lean towards the neighbouring dimension. Only "
                + "neighbouring dimensions combine (never D with S, nor I with C).", SMALL));
        style.addCell(left);
        style.addCell(ReportCharts.cell(160, ReportCharts.discCircle(type12)));
        doc.add(style);

        doc.add(heading("What the scores suggest"));
        for (String d : List.of("D", "I", "S", "C")) {
            String band = bands.path(d).asText(ReportTexts.band(num(norm, d)));
            doc.add(interpretation(d + " – " + ReportTexts.DISC_NAMES.get(d) + ": " + fmt1(num(norm, d)) + " ("
                    + band + ", mean answer " + ReportTexts.fmt2(num(likert, d)) + " of 5). ", ReportTexts.disc(d, band)));
        }
    }

    private static void fra(Document doc, JsonNode r) throws DocumentException {
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
        doc.add(ReportCharts.block(ReportCharts.barChartHeight(1), ReportCharts.barChart(
                List.of(new Bar("Composite score", cScore, fmt1(cScore), null)), "Score")));

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

    private static void tfd(Document doc, JsonNode r) throws DocumentException {
        String occupation = r.path("occupationName").asText("the occupation");
        String occId = r.path("occupationId").asText("");
        double fit = num(r, "fitScore");
        String fitBand = r.path("band").asText(ReportTexts.band(fit));
        doc.add(heading("Fit with " + occupation + (occId.isEmpty() ? "" : " (" + occId + ")")));
        doc.add(ReportCharts.block(ReportCharts.barChartHeight(1), ReportCharts.barChart(
                List.of(new Bar("Fit score", fit, fmt1(fit), null)), "Fit")));
        doc.add(interpretation("Fit score " + fmt1(fit) + " of 100 (" + fitBand + "). ",
                ReportTexts.tfdFit(fitBand, occupation)));

        JsonNode gaps = r.path("gaps");
        if (gaps.size() > 0) {
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

        JsonNode matches = r.path("topMatches");
        if (matches.size() > 0) {
            doc.add(heading("Best-fitting occupations"));
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
            doc.add(t);
        }
    }

    private static void ability(Document doc, JsonNode r, String assessmentType) throws DocumentException {
        long correct = r.path("numberCorrect").asLong();
        long answered = r.path("numberAnswered").asLong();
        double theta = num(r, "theta");
        double se = num(r, "standardError");
        double pct = num(r, "percentile");
        String band = ReportTexts.band(pct);
        doc.add(heading("Results"));
        PdfPTable facts = new PdfPTable(new float[]{1.6f, 4f});
        facts.setWidthPercentage(100);
        facts.setSpacingAfter(6);
        fact(facts, "Test", ReportTexts.abilityTestName(assessmentType));
        fact(facts, "Correct answers", correct + " of " + answered + " answered");
        fact(facts, "Ability (theta)", ReportTexts.signed(theta) + " (standard error " + ReportTexts.fmt2(se) + ")");
        fact(facts, "Percentile", ordinal(pct) + " (" + band + ")");
        doc.add(facts);
        doc.add(para("Ability estimate on the −3 to +3 scale (reference population centred on 0), with the ±1 "
                + "standard error band shaded.", SMALL));
        doc.add(ReportCharts.block(110, ReportCharts.thetaScale(theta, se)));
        doc.add(ReportCharts.block(ReportCharts.barChartHeight(1), ReportCharts.barChart(
                List.of(new Bar("Percentile", pct, Long.toString(Math.round(pct)), null)), "Percentile")));
        doc.add(heading("What the scores suggest"));
        doc.add(interpretation("Percentile " + Math.round(pct) + " (" + band + "). ",
                ReportTexts.ability(band, Math.round(pct)) + " " + ReportTexts.precision(se)));
    }

    private static void quality(Document doc, JsonNode r, String kind) throws DocumentException {
        doc.add(heading("Response quality"));
        if (r.has("reliabilityScore") || r.has("reliabilityLevel")) {
            String level = r.path("reliabilityLevel").asText("");
            doc.add(interpretation("Reliability: " + ReportTexts.fmt2(num(r, "reliabilityScore"))
                    + (level.isEmpty() ? "" : " (" + level + ")") + " on a 0 to 1 scale. ", ReportTexts.reliability(level)));
        }
        if (r.has("answeredRatio")) {
            doc.add(interpretation("Questions answered: " + fmt1(num(r, "answeredRatio") * 100) + "%. ",
                    "Scores use the answered questions; at least 90% must be answered for a valid result."));
        }
        if ("ability".equals(kind)) {
            doc.add(interpretation("Questions answered: " + r.path("numberAnswered").asLong() + ". ",
                    "Unanswered questions are skipped rather than counted as wrong, so the estimate rests on the "
                            + "answered ones."));
        }
        JsonNode flags = r.path("qualityFlags");
        if (flags.size() == 0) {
            doc.add(para("No response-quality warnings were raised.", BODY));
        } else {
            for (JsonNode f : flags) {
                doc.add(interpretation("Warning – " + ReportTexts.flagTitle(f.asText()) + ": ", ReportTexts.flag(f.asText())));
            }
        }
    }

    private static void about(Document doc, String kind, boolean mock) throws DocumentException {
        doc.add(heading("How to read this report"));
        doc.add(para(ReportTexts.methodology(kind), BODY));
        if (mock) {
            doc.add(note(ReportTexts.MOCK_NOTE));
        }
        Paragraph p = new Paragraph("", BODY);
        p.setLeading(BODY.getSize() * 1.4f);
        p.setSpacingBefore(6);
        p.add(new Chunk("Important: ", BODY_BOLD));
        p.add(new Chunk(ReportTexts.DISCLAIMER, BODY));
        doc.add(p);
    }

    // ---- building blocks -----------------------------------------------------------------------------------

    private static Paragraph heading(String text) {
        Paragraph p = new Paragraph(text, H2);
        p.setSpacingBefore(10);
        p.setSpacingAfter(4);
        p.setKeepTogether(true);
        return p;
    }

    private static Paragraph para(String text, Font font) {
        Paragraph p = new Paragraph(text, font);
        p.setLeading(font.getSize() * 1.4f);
        return p;
    }

    private static Paragraph labelled(String label, String value) {
        Paragraph p = new Paragraph("", BODY);
        p.setLeading(BODY.getSize() * 1.5f);
        p.add(new Chunk(label, BODY_BOLD));
        p.add(new Chunk(value, BODY));
        return p;
    }

    private static Paragraph interpretation(String lead, String text) {
        Paragraph p = new Paragraph("", BODY);
        p.setLeading(BODY.getSize() * 1.4f);
        p.setSpacingAfter(4);
        p.add(new Chunk(lead, BODY_BOLD));
        p.add(new Chunk(text, BODY));
        return p;
    }

    /** A framed note (drawn as cell borders in the default colour: no java.awt.Color needed). */
    private static PdfPTable note(String text) {
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

    private static void fact(PdfPTable t, String label, String value) {
        t.addCell(cell(label, BODY_BOLD));
        t.addCell(cell(value, BODY));
    }

    private static PdfPCell cell(String text, Font font) {
        PdfPCell c = new PdfPCell(new Phrase(text, font));
        c.setBorder(Rectangle.NO_BORDER);
        c.setPaddingTop(2);
        c.setPaddingBottom(4);
        return c;
    }

    // ---- page decoration: footer with "Page n of m", TEST stamp ---------------------------------------------

    private static final class Pages extends PdfPageEventHelper {
        private static final float FOOTER_SIZE = 7.5f;
        private final boolean test;
        private final String footer;
        private PdfTemplate total;

        Pages(boolean test, String footer) {
            this.test = test;
            this.footer = footer;
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
            cb.setGrayStroke(0.7f);
            cb.setLineWidth(0.5f);
            cb.moveTo(left, 42);
            cb.lineTo(right, 42);
            cb.stroke();
            String pageText = "Page " + writer.getPageNumber() + " of ";
            float digits = REGULAR.getWidthPoint("000", FOOTER_SIZE);
            float pageX = right - digits - REGULAR.getWidthPoint(pageText, FOOTER_SIZE);
            ReportCharts.text(cb, REGULAR, FOOTER_SIZE, Element.ALIGN_LEFT, fit(footer, pageX - left - 10), left, 30);
            ReportCharts.text(cb, REGULAR, FOOTER_SIZE, Element.ALIGN_LEFT, pageText, pageX, 30);
            cb.addTemplate(total, right - digits, 30);
            if (test) {
                ReportCharts.text(cb, BOLD, 9, Element.ALIGN_CENTER, ReportTexts.TEST_HEADER,
                        (page.getLeft() + page.getRight()) / 2, page.getTop() - 34);
            }
            if (test) {
                // Outlined (stroked, unfilled) grey letters over the content: visible above the charts' shading,
                // text underneath stays readable, and no transparency is needed (PDF/A friendly).
                cb.beginText();
                cb.setTextRenderingMode(PdfContentByte.TEXT_RENDER_MODE_STROKE);
                cb.setGrayStroke(0.62f);
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
            total.setGrayFill(0.25f);
            total.setFontAndSize(REGULAR, FOOTER_SIZE);
            total.showText(Integer.toString(writer.getPageNumber() - 1));
            total.endText();
        }

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

    // ---- helpers -------------------------------------------------------------------------------------------

    private static BaseFont loadFont(String file) {
        try (InputStream in = ReportRenderer.class.getResourceAsStream("/fonts/" + file)) {
            if (in == null) {
                throw new IllegalStateException("Font fonts/" + file + " is missing from the class path");
            }
            return BaseFont.createFont(file, BaseFont.IDENTITY_H, BaseFont.EMBEDDED, false, in.readAllBytes(), null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (DocumentException e) {
            throw new IllegalStateException("Cannot load font " + file, e);
        }
    }

    private static double num(JsonNode n, String field) {
        JsonNode v = n == null ? null : n.get(field);
        return v != null && v.isNumber() ? v.asDouble() : Double.NaN;
    }

    private static String infoString(PdfDictionary info, PdfName key) {
        PdfObject o = info.get(key);
        return o instanceof PdfString s ? s.toUnicodeString() : "";
    }

    private static String w3c(PdfObject date, PdfDate fallback) {
        return PdfDate.getW3CDate((date instanceof PdfString s ? s : fallback).toString());
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

    private static String signed1(double v) {
        return String.format(Locale.ROOT, "%+.1f", v).replace("-", "−");
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static String orDash(String s) {
        return blank(s) ? "–" : s;
    }
}
