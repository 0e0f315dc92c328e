package com.assessments.report;

import com.assessments.catalogue.AssessmentCatalogue;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The PDF report in German, read back with PDFBox: the German text is there (umlauts, ß, German quotes, decimal
 * commas), no English heading is left, every glyph shown is in its embedded font and maps back to the character
 * that was meant, the document says it is German, every line stays inside the page's margins, and no heading is the
 * last line of a page (keep-with-next), in German and in English.
 */
class GermanReportTest {

    /** The headings of both languages: none may end a page. */
    static final Set<String> HEADINGS = Set.of("Work-style scores", "What the scores suggest", "Response quality",
            "How to read this report", "Scale results", "Composite", "Results", "Best-fitting occupations",
            "Work-style profile against the occupation's target",
            "Arbeitsstil-Werte", "Was die Werte nahelegen", "Antwortqualität", "So lesen Sie diesen Bericht",
            "Ergebnisse der Skalen", "Gesamtwert", "Am besten passende Berufe",
            "Arbeitsstilprofil im Vergleich mit dem Ziel des Berufs");

    static ReportData german(String kind, boolean test) throws IOException {
        ReportData en = ReportRendererTest.data(kind, test);
        return new ReportData(en.sessionId(), en.assessmentType(), AssessmentCatalogue.name(en.assessmentType(), "de"),
                "Jürgen Groß", "Müller & Söhne GmbH", en.completedAt(), en.test(), en.results(), "de");
    }

    @ParameterizedTest
    @CsvSource({"disc,false", "disc,true", "fra,false", "fra,true", "tfd,false", "tfd,true"})
    void theGermanReportReadsBackInGermanWithEveryGlyphEmbedded(String kind, boolean test) throws IOException {
        byte[] pdf = ReportRenderer.render(german(kind, test));
        Files.createDirectories(ReportRendererTest.SAMPLES);
        Files.write(ReportRendererTest.SAMPLES.resolve(kind + (test ? "-test" : "") + "-de.pdf"), pdf);
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            assertEquals("de", doc.getDocumentCatalog().getLanguage());
            String text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            List<String> expected = new ArrayList<>(List.of("Bericht: " + AssessmentCatalogue.name(german(kind, test).assessmentType(), "de"),
                    "Zusammenfassung der Ergebnisse für das Einstellungsteam", "Person", "Jürgen Groß", "Müller & Söhne GmbH",
                    "Abgeschlossen", "22. November 2026 (UTC)", "Sitzungs-ID", "Antwortqualität", "So lesen Sie diesen Bericht",
                    "Wichtig:", "Seite 1 von"));
            switch (kind) {
                case "disc" -> expected.addAll(List.of("Arbeitsstil-Werte", "Gewissenhaftigkeit", "81,3", "Hauptstil:",
                        "Was die Werte nahelegen", "mittlere Antwort", "Geringe Streuung", "Niedrig (unter 40)", "Groß"));
                case "fra" -> expected.addAll(List.of("Ergebnisse der Skalen", "Sicherheitsbewusstsein", "72. Perzentil",
                        "Gesamtwert", "Normen: provisional-1", "97,5 %", "Unvollständig", "Regeltreue"));
                default -> expected.addAll(List.of("Passung mit Software Developers", "Passungswert", "78,5",
                        "Am besten passende Berufe", "Zielwert des Berufs", "Fürsorge", "Abweichung −15,0", "(diese Stelle)"));
            }
            if (test) {
                expected.add("TEST – kein echtes Assessment-Ergebnis");
            }
            for (String e : expected) {
                assertTrue(text.contains(e), kind + ": missing \"" + e + "\" in: " + text);
            }
            for (String english : List.of("Response quality", "How to read this report", "What the scores suggest",
                    "Important:", "Page 1 of", "Candidate", "Completed", "percentile", "Summary of results")) {
                assertFalse(text.contains(english), kind + ": English \"" + english + "\" in the German report: " + text);
            }
            checkGlyphsAndLayout(doc, kind + (test ? " (test)" : "") + " de");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"disc", "fra", "tfd", "ability"})
    void englishReportsKeepHeadingsWithWhatFollowsToo(String kind) throws IOException {
        try (PDDocument doc = Loader.loadPDF(ReportRenderer.render(ReportRendererTest.data(kind, false)))) {
            checkGlyphsAndLayout(doc, kind + " en");
        }
    }

    @org.junit.jupiter.api.Test
    void germanQuotesAndEszettAreEmbeddedToo() throws IOException {
        // an unknown result kind prints its name in German quotes
        ReportData d = german("disc", false);
        ReportData unknown = new ReportData(d.sessionId(), d.assessmentType(), "Straße & Größe", d.candidate(),
                d.organizationName(), d.completedAt(), false, ReportRendererTest.JSON.readTree("{\"kind\":\"neu\",\"qualityFlags\":[]}"), "de");
        try (PDDocument doc = Loader.loadPDF(ReportRenderer.render(unknown))) {
            String text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            assertTrue(text.contains("(Ergebnisart „neu“)."), text);
            assertTrue(text.contains("Bericht: Straße & Größe"), text);
            checkGlyphsAndLayout(doc, "unknown de");
        }
    }

    /**
     * Every character shown: its font is embedded, has a glyph for its code and maps back to a real character (no
     * U+FFFD, no empty mapping); every character lies inside the left and right margins (the TEST watermark aside);
     * and the last content line of a page that is not the last page is not a heading.
     */
    static void checkGlyphsAndLayout(PDDocument doc, String what) throws IOException {
        List<String> problems = new ArrayList<>();
        Set<Integer> seen = new TreeSet<>();
        int pages = doc.getNumberOfPages();
        for (int p = 1; p <= pages; p++) {
            PDPage page = doc.getPage(p - 1);
            float width = page.getMediaBox().getWidth();
            List<String> lines = new ArrayList<>();
            int pageNo = p;
            PDFTextStripper stripper = new PDFTextStripper() {
                @Override
                protected void writeString(String text, List<TextPosition> positions) throws IOException {
                    for (TextPosition t : positions) {
                        PDFont font = t.getFont();
                        if (t.getFontSizeInPt() > 60) {
                            continue; // the TEST watermark, drawn across the page on purpose
                        }
                        if (!font.isEmbedded()) {
                            problems.add("page " + pageNo + ": font " + font.getName() + " not embedded");
                        }
                        for (int code : t.getCharacterCodes()) {
                            boolean glyph = font instanceof org.apache.pdfbox.pdmodel.font.PDVectorFont v && v.hasGlyph(code);
                            if (!glyph) {
                                problems.add("page " + pageNo + ": no glyph for code " + code + " (" + t.getUnicode() + ") in " + font.getName());
                            }
                        }
                        String u = t.getUnicode();
                        if (u == null || u.isEmpty() || u.contains("\uFFFD")) {
                            problems.add("page " + pageNo + ": a glyph maps to no character in " + font.getName());
                        } else {
                            u.codePoints().forEach(seen::add);
                        }
                        if (t.getXDirAdj() < 49 || t.getXDirAdj() + t.getWidthDirAdj() > width - 49) {
                            problems.add("page " + pageNo + ": \"" + u + "\" of \"" + text + "\" outside the margins at x=" + t.getXDirAdj());
                        }
                    }
                    super.writeString(text, positions);
                }
            };
            stripper.setSortByPosition(true);
            stripper.setStartPage(p);
            stripper.setEndPage(p);
            for (String line : stripper.getText(doc).split("\\R")) {
                String l = line.strip();
                // the footer (candidate · name · session ..., page n of m) and the TEST header are not content
                if (!l.isEmpty() && !l.contains(" · ") && !l.matches("(Seite|Page) \\d+ (von|of) \\d+") && !l.startsWith("TEST")) {
                    lines.add(l);
                }
            }
            if (p < pages && !lines.isEmpty() && HEADINGS.contains(lines.get(lines.size() - 1))) {
                problems.add("page " + p + " ends with the heading \"" + lines.get(lines.size() - 1) + "\"");
            }
        }
        assertTrue(problems.isEmpty(), what + ": " + problems);
        if (what.endsWith(" de")) {
            // the German letters were actually printed (not replaced by a fallback) and read back
            for (int cp : new int[]{'ä', 'ö', 'ü'}) {
                assertTrue(seen.contains(cp), what + ": no " + Character.toString(cp));
            }
        }
    }
}
