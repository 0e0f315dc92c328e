package com.assessments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.lowagie.text.Document;
import com.lowagie.text.DocumentException;
import com.lowagie.text.PageSize;
import com.lowagie.text.pdf.PdfBoolean;
import com.lowagie.text.pdf.PdfDate;
import com.lowagie.text.pdf.PdfDictionary;
import com.lowagie.text.pdf.PdfName;
import com.lowagie.text.pdf.PdfObject;
import com.lowagie.text.pdf.PdfString;
import com.lowagie.text.pdf.PdfWriter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Calendar;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TimeZone;

import static com.assessments.report.ReportBlocks.blank;
import static com.assessments.report.ReportBlocks.orDash;

/**
 * Renders a completed session's PDF report with OpenPDF: a cover block ({@link CommonSections}), the section of
 * the result kind ({@link DiscSection}, {@link FraSection}, {@link TfdSection}, {@link AbilitySection}: vector
 * charts of the scores and plain-language interpretations), response quality, methodology and disclaimer.
 * Test sessions carry a TEST watermark and header on every page ({@link ReportPages}).
 *
 * <p>Pure and thread-safe: every call builds its own document; the only shared state is the two embedded
 * fonts of {@link ReportBlocks}. No java.awt code runs while rendering: colours are written as RGB/grey operators
 * (ReportCharts; OpenPDF's own colour setters build java.awt.Color objects), charts are PdfContentByte paths, and
 * the sRGB output intent's ICC profile is built in code (ReportNoAwtTest watches a whole rendering for java.awt).
 *
 * <p>Conformance: the file carries what PDF/A-2b asks for (embedded fonts, XMP metadata with pdfaid part 2 /
 * conformance B mirroring the information dictionary, an sRGB output intent, document language, no
 * encryption, no transparency). OpenPDF cannot validate PDF/A: ReportPdfAValidationTest checks every result kind,
 * live and test, with veraPDF's PDF/A-2b profile.
 */
public final class ReportRenderer {

    static final String CREATOR = "Assessment Platform report renderer";
    static final String DEFAULT_AUTHOR = "Assessment Platform";

    /** The section of each result kind (results.kind); other kinds get a short note instead. */
    private static final Map<String, ResultSection> SECTIONS = Map.of(
            "disc", new DiscSection(),
            "fra", new FraSection(),
            "tfd", new TfdSection(),
            "ability", new AbilitySection());

    private ReportRenderer() {
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
        boolean mock = r != null && r.path("mock").asBoolean(false);
        String name = orDash(data.assessmentName() != null ? data.assessmentName() : data.assessmentType());
        String candidate = orDash(data.candidate());
        boolean de = data.german();
        String title = (de ? "Bericht " + name : name + " report") + " – " + candidate;
        String author = blank(data.organizationName()) ? DEFAULT_AUTHOR : data.organizationName();
        String subject = (de ? "Assessment-Ergebnisse von " : "Assessment results of ") + candidate + " ("
                + orDash(data.assessmentType()) + (de ? ", Sitzung " : ", session ")
                + orDash(data.sessionId()) + ")";
        String keywords = "assessment report, " + orDash(data.assessmentType()) + ", " + kind
                + (data.test() ? ", test session" : "") + (mock ? ", mock" : "");

        ByteArrayOutputStream out = new ByteArrayOutputStream(48 * 1024);
        KeepWithNextDocument doc = new KeepWithNextDocument(PageSize.A4, 50, 50, 62, 58); // headings stay with what follows
        PdfWriter writer = PdfWriter.getInstance(doc, out);
        doc.attach(writer);
        writer.setPdfVersion(PdfWriter.VERSION_1_7);
        writer.setPageEvent(new ReportPages(data.test(), candidate + " · " + name + (de ? " · Sitzung " : " · session ")
                + orDash(data.sessionId()), de));
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
        String lang = de ? "de" : "en";
        writer.getExtraCatalog().put(PdfName.LANG, new PdfString(lang));
        // viewers show the title, not the file name (PDF/UA-1 7.1; WCAG 2.4.2 for PDF)
        writer.addViewerPreference(PdfName.DISPLAYDOCTITLE, PdfBoolean.PDFTRUE);
        PdfDictionary info = writer.getInfo();
        writer.setXmpMetadata(ReportConformance.xmp(title, author, subject, keywords, CREATOR,
                infoString(info, PdfName.PRODUCER), w3c(info.get(PdfName.CREATIONDATE), now),
                w3c(info.get(PdfName.MODDATE), now), lang));
        ReportConformance.addOutputIntent(writer);

        CommonSections.cover(doc, data, name, candidate, mock);
        ResultSection section = SECTIONS.get(kind);
        if (section != null) {
            section.render(doc, r, data);
        } else {
            CommonSections.noResult(doc, kind, de);
        }
        if (r != null) {
            CommonSections.quality(doc, r, kind, de);
        }
        CommonSections.about(doc, kind, mock, de);
        doc.close();
        return out.toByteArray();
    }

    private static String infoString(PdfDictionary info, PdfName key) {
        PdfObject o = info.get(key);
        return o instanceof PdfString s ? s.toUnicodeString() : "";
    }

    private static String w3c(PdfObject date, PdfDate fallback) {
        return PdfDate.getW3CDate((date instanceof PdfString s ? s : fallback).toString());
    }
}
