package com.assessments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.graphics.color.PDOutputIntent;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Renders a realistic report of each result kind (live and test session), writes them to
 * target/report-samples/ for people to open, and checks them with PDFBox: pages, metadata, text, fonts, TEST
 * stamps, mock note and the PDF/A-2b parts (XMP identification, sRGB output intent, language).
 */
class ReportRendererTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final Path SAMPLES = Path.of("target", "report-samples");

    static final String DISC = """
            {"kind":"disc","primaryType":"D","secondaryType":"I","type12":"DI",
             "likertScores":{"D":4.25,"I":3.75,"S":2.5,"C":2.0},
             "normalizedScores":{"D":81.3,"I":68.8,"S":37.5,"C":25.0},
             "bands":{"D":"high","I":"moderate","S":"low","C":"low"},
             "reliabilityScore":0.87,"reliabilityLevel":"high","qualityFlags":["low_variability"],"mock":false}""";
    static final String FRA = """
            {"kind":"fra","scales":[
               {"scale":"integrity","mean":3.9,"percentile":72,"band":"high"},
               {"scale":"rule_compliance","mean":3.55,"percentile":41,"band":"moderate"},
               {"scale":"self_control","mean":3.2,"percentile":23,"band":"low"},
               {"scale":"safety_awareness","mean":4.1,"percentile":81,"band":"high"}],
             "composite":{"score":56.8,"percentile":57,"band":"moderate"},
             "answeredRatio":0.975,"qualityFlags":["incomplete"],"mock":false,
             "bankVersion":"1.0.0","scoringVersion":"fra-2","normVersion":"provisional-1","normsProvisional":true}""";
    static final String TFD = """
            {"kind":"tfd","occupationId":"15-1252.00","occupationName":"Software Developers","fitScore":78.5,
             "band":"high",
             "gaps":[{"dimension":"analytical","score":82.0,"target":85.0,"gap":-3.0},
                     {"dimension":"interpersonal","score":50.0,"target":45.0,"gap":5.0},
                     {"dimension":"structure","score":68.8,"target":60.0,"gap":8.8},
                     {"dimension":"drive","score":62.5,"target":65.0,"gap":-2.5},
                     {"dimension":"adaptability","score":81.3,"target":70.0,"gap":11.3},
                     {"dimension":"care","score":25.0,"target":40.0,"gap":-15.0}],
             "topMatches":[{"occupationId":"15-1252.00","occupationName":"Software Developers","fitScore":78.5},
                           {"occupationId":"13-2011.00","occupationName":"Accountants and Auditors","fitScore":71.2},
                           {"occupationId":"11-1021.00","occupationName":"General and Operations Managers","fitScore":64.0},
                           {"occupationId":"41-2031.00","occupationName":"Retail Salespersons","fitScore":48.9},
                           {"occupationId":"29-1141.00","occupationName":"Registered Nurses","fitScore":39.4}],
             "qualityFlags":[],"mock":false}""";
    static final String ABILITY = """
            {"kind":"ability","numberCorrect":24,"numberAnswered":30,"theta":0.82,"standardError":0.31,
             "percentile":79,"qualityFlags":["too_fast"],"mock":true}""";

    @BeforeAll
    static void samplesDir() throws IOException {
        Files.createDirectories(SAMPLES);
    }

    static ReportData data(String kind, boolean test) throws IOException {
        String json = switch (kind) {
            case "disc" -> DISC;
            case "fra" -> FRA;
            case "tfd" -> TFD;
            default -> ABILITY;
        };
        String type = kind.equals("ability") ? "aapa" : kind;
        String name = switch (kind) {
            case "disc" -> "Work Style Profile (DISC)";
            case "fra" -> "Workplace Risk Questionnaire";
            case "tfd" -> "Team Fit (TFD)";
            default -> "General Aptitude";
        };
        return new ReportData("ses_01HX" + kind.toUpperCase(), type, name, "Ada Lovelace",
                kind.equals("fra") ? null : "Acme Recruiting", Instant.parse("2026-11-22T10:15:00Z"), test,
                JSON.readTree(json));
    }

    /** Expected strings in the extracted text per kind: the scores as printed. */
    static List<String> expectedScores(String kind) {
        return switch (kind) {
            case "disc" -> List.of("81.3", "68.8", "37.5", "25.0", "DI", "0.87", "Low variability");
            case "fra" -> List.of("72nd percentile", "41st percentile", "23rd percentile", "81st percentile", "56.8",
                    "97.5%", "Safety awareness", "Incomplete", "Norms: provisional-1");
            case "tfd" -> List.of("78.5", "Software Developers", "15-1252.00", "82.0", "85.0", "Accountants and Auditors",
                    "71.2", "gap −15.0");
            default -> List.of("24 of 30 answered", "+0.82", "0.31", "79th", "Too fast");
        };
    }

    static byte[] renderAndSave(String kind, boolean test) throws IOException {
        byte[] pdf = ReportRenderer.render(data(kind, test));
        Files.write(SAMPLES.resolve(kind + (test ? "-test" : "") + ".pdf"), pdf);
        return pdf;
    }

    @ParameterizedTest
    @ValueSource(strings = {"disc", "fra", "tfd", "ability"})
    void liveReport(String kind) throws IOException {
        ReportData data = data(kind, false);
        byte[] pdf = renderAndSave(kind, false);
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            int pages = doc.getNumberOfPages();
            assertTrue(pages >= 1 && pages <= 3, kind + ": 1 to 3 pages expected, got " + pages);

            PDDocumentInformation info = doc.getDocumentInformation();
            assertEquals(data.assessmentName() + " report – Ada Lovelace", info.getTitle());
            assertEquals(data.organizationName() == null ? "Assessment Platform" : "Acme Recruiting", info.getAuthor());
            assertTrue(info.getSubject().contains("Ada Lovelace") && info.getSubject().contains(data.sessionId()));
            assertTrue(info.getKeywords().contains(kind));
            assertEquals(ReportRenderer.CREATOR, info.getCreator());
            assertEquals("en", doc.getDocumentCatalog().getLanguage());

            String text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            assertTrue(text.contains(data.assessmentName() + " report"), "title block");
            assertTrue(text.contains("Ada Lovelace"), "candidate name");
            assertTrue(text.contains("22 November 2026"), "completion date");
            assertTrue(text.contains(data.sessionId()), "session id");
            for (String s : expectedScores(kind)) {
                assertTrue(text.contains(s), kind + ": expected \"" + s + "\" in the text");
            }
            assertTrue(text.contains("One input among several") || text.contains("one input among several"));
            assertTrue(text.contains("not to be used as the sole basis for a hiring decision"));
            assertTrue(text.contains("Page 1 of " + pages), "page numbers with the total");
            assertFalse(text.contains("TEST"), "no TEST stamp on a live session");
            assertEquals(data.results().path("mock").asBoolean(), text.contains("mock values from a test key"),
                    "mock note exactly when results.mock");

            assertFontsEmbedded(doc);
            assertPdfAParts(doc, info);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"disc", "fra", "tfd", "ability"})
    void testSessionIsStampedOnEveryPage(String kind) throws IOException {
        byte[] pdf = renderAndSave(kind, true);
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            PDFTextStripper stripper = new PDFTextStripper();
            for (int p = 1; p <= doc.getNumberOfPages(); p++) {
                stripper.setStartPage(p);
                stripper.setEndPage(p);
                String text = stripper.getText(doc);
                assertTrue(text.contains("TEST — not a real assessment result"), "header on page " + p);
                // the rotated watermark is extracted in pieces ("TE" / "ST"): count it without whitespace
                String compact = text.replaceAll("\\s+", "");
                assertEquals(2, compact.split("TEST", -1).length - 1, "header and watermark on page " + p);
            }
            assertTrue(doc.getDocumentInformation().getKeywords().contains("test session"));
            assertFontsEmbedded(doc);
        }
    }

    @Test
    void longContentFlowsOverPagesWithNumbersAndStamps() throws IOException {
        // Many quality flags and a long unknown-scale list: the report must flow onto more pages cleanly.
        StringBuilder scales = new StringBuilder();
        for (int i = 0; i < 14; i++) {
            scales.append(i == 0 ? "" : ",").append("{\"scale\":\"extra_scale_").append(i)
                    .append("\",\"mean\":3.1,\"percentile\":").append(5 + i * 7).append(",\"band\":\"low\"}");
        }
        JsonNode r = JSON.readTree("{\"kind\":\"fra\",\"scales\":[" + scales + "],\"composite\":{\"score\":33.3,"
                + "\"percentile\":33,\"band\":\"low\"},\"answeredRatio\":0.9,\"qualityFlags\":[\"incomplete\","
                + "\"too_fast\",\"straight_lining\",\"something_new\"],\"mock\":true}");
        byte[] pdf = ReportRenderer.render(new ReportData("ses_long", "fra", "Workplace Risk Questionnaire",
                "Zoë Ångström-Núñez", "Org", Instant.parse("2026-01-02T23:59:59Z"), true, r));
        Files.write(SAMPLES.resolve("fra-long-test.pdf"), pdf);
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            int pages = doc.getNumberOfPages();
            assertTrue(pages >= 2, "expected several pages, got " + pages);
            PDFTextStripper stripper = new PDFTextStripper();
            for (int p = 1; p <= pages; p++) {
                stripper.setStartPage(p);
                stripper.setEndPage(p);
                String text = stripper.getText(doc);
                assertTrue(text.contains("Page " + p + " of " + pages), "footer on page " + p);
                assertTrue(text.contains("TEST — not a real assessment result"), "TEST on page " + p);
            }
            String all = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            assertTrue(all.contains("Zoë Ångström-Núñez"), "non-ASCII names survive");
            assertTrue(all.contains("2 January 2026"));
            assertTrue(all.contains("Something new"), "unknown flags are still listed");
            assertTrue(all.contains("mock values from a test key"));
            assertFontsEmbedded(doc);
        }
    }

    @Test
    void unknownOrMissingResultsStillRender() throws IOException {
        for (JsonNode r : new JsonNode[]{null, JSON.readTree("{\"kind\":\"other\"}")}) {
            byte[] pdf = ReportRenderer.render(new ReportData("ses_x", "other", null, null, null, null, false, r));
            try (PDDocument doc = Loader.loadPDF(pdf)) {
                String text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
                assertTrue(text.contains("No result summary"));
                assertTrue(text.contains("not to be used as the sole basis"));
                assertEquals("Assessment Platform", doc.getDocumentInformation().getAuthor());
            }
        }
    }

    @Test
    void concurrentRenderingGivesTheSameText() throws Exception {
        String expected;
        try (PDDocument doc = Loader.loadPDF(ReportRenderer.render(data("tfd", true)))) {
            expected = new PDFTextStripper().getText(doc);
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<byte[]>> futures = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                String kind = List.of("disc", "fra", "tfd", "ability").get(i % 4);
                ReportData d = data(kind, true);
                futures.add(pool.submit(() -> ReportRenderer.render(d)));
            }
            for (int i = 0; i < futures.size(); i++) {
                try (PDDocument doc = Loader.loadPDF(futures.get(i).get())) {
                    assertFontsEmbedded(doc);
                    if (i % 4 == 2) {
                        assertEquals(expected, new PDFTextStripper().getText(doc));
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void iccProfileIsWellFormed() {
        byte[] icc = ReportConformance.SRGB_ICC;
        ByteBuffer b = ByteBuffer.wrap(icc);
        assertEquals(icc.length, b.getInt(0), "declared size");
        assertEquals("acsp", new String(icc, 36, 4, StandardCharsets.US_ASCII));
        assertEquals("mntr", new String(icc, 12, 4, StandardCharsets.US_ASCII));
        assertEquals("RGB ", new String(icc, 16, 4, StandardCharsets.US_ASCII));
        int tags = b.getInt(128);
        assertEquals(9, tags);
        for (int i = 0; i < tags; i++) {
            int offset = b.getInt(132 + 12 * i + 4);
            int size = b.getInt(132 + 12 * i + 8);
            assertEquals(0, offset % 4, "tag data 4-byte aligned");
            assertTrue(offset + size <= icc.length, "tag inside the profile");
        }
    }

    // ---- helpers -------------------------------------------------------------------------------------------

    static void assertFontsEmbedded(PDDocument doc) throws IOException {
        int fonts = 0;
        for (PDPage page : doc.getPages()) {
            fonts += checkFonts(page.getResources(), 0);
        }
        assertTrue(fonts > 0, "fonts found");
    }

    private static int checkFonts(PDResources res, int depth) throws IOException {
        if (res == null || depth > 4) {
            return 0;
        }
        int n = 0;
        for (COSName name : res.getFontNames()) {
            PDFont font = res.getFont(name);
            assertTrue(font.isEmbedded(), "font " + font.getName() + " embedded");
            n++;
        }
        for (COSName name : res.getXObjectNames()) {
            PDXObject x = res.getXObject(name);
            if (x instanceof PDFormXObject form) {
                n += checkFonts(form.getResources(), depth + 1);
            }
        }
        return n;
    }

    static void assertPdfAParts(PDDocument doc, PDDocumentInformation info) throws IOException {
        assertNotNull(doc.getDocumentCatalog().getMetadata(), "XMP metadata");
        String xmp = new String(doc.getDocumentCatalog().getMetadata().toByteArray(), StandardCharsets.UTF_8);
        assertTrue(xmp.contains("<pdfaid:part>2</pdfaid:part>") && xmp.contains("<pdfaid:conformance>B<"));
        assertTrue(xmp.contains(info.getTitle().replace("&", "&amp;")), "XMP title mirrors the info title");
        assertTrue(xmp.contains("<pdf:Producer>" + info.getProducer() + "</pdf:Producer>"),
                "XMP producer mirrors the info producer: " + info.getProducer());
        List<PDOutputIntent> intents = doc.getDocumentCatalog().getOutputIntents();
        assertEquals(1, intents.size());
        assertEquals("sRGB IEC61966-2.1", intents.get(0).getOutputConditionIdentifier());
        assertNotNull(intents.get(0).getDestOutputIntent());
        assertFalse(doc.isEncrypted());
        assertNotNull(doc.getDocument().getDocumentID(), "trailer /ID");
    }
}
