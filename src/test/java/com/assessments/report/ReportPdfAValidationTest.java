package com.assessments.report;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.verapdf.gf.foundry.VeraGreenfieldFoundryProvider;
import org.verapdf.pdfa.Foundries;
import org.verapdf.pdfa.PDFAParser;
import org.verapdf.pdfa.PDFAValidator;
import org.verapdf.pdfa.flavours.PDFAFlavour;
import org.verapdf.pdfa.results.TestAssertion;
import org.verapdf.pdfa.results.ValidationResult;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every report kind, live and test, validated as PDF/A-2b by veraPDF (its greenfield validator, the one the veraPDF
 * apps run), every rule of the profile applied: the file must be compliant with no failed check. Prints the number
 * of rules in the profile, the rules that applied to the file and the checks made. In both report languages
 * (English, and German as {@link GermanReportTest} renders it).
 */
class ReportPdfAValidationTest {

    /** rule id -> checks, over every report validated here (printed at the end). */
    static final Map<String, Integer> RULES_APPLIED = new ConcurrentHashMap<>();
    static int profileRules;
    static final Queue<String> LINES = new ConcurrentLinkedQueue<>();
    static final AtomicLong CHECKS = new AtomicLong();
    static final AtomicInteger REPORTS = new AtomicInteger();

    @BeforeAll
    static void veraPdf() {
        VeraGreenfieldFoundryProvider.initialise();
    }

    static Stream<Arguments> reports() {
        return Stream.of("disc", "fra", "tfd", "ability", "unknown")
                .flatMap(kind -> Stream.of(false, true).flatMap(test -> Stream.of("en", "de").map(lang -> Arguments.of(kind, test, lang))));
    }

    static byte[] render(String kind, boolean test, String lang) throws Exception {
        if (kind.equals("unknown")) { // a kind the renderer has no section for still renders, and must validate too
            ReportData d = ReportRendererTest.data("disc", test);
            return ReportRenderer.render(new ReportData(d.sessionId(), "lpm", "Learning Potential Measure", d.candidate(),
                    d.organizationName(), d.completedAt(), test, ReportRendererTest.JSON.readTree("{\"kind\":\"later\"}"), lang));
        }
        return ReportRenderer.render(lang.equals("de") ? GermanReportTest.german(kind, test) : ReportRendererTest.data(kind, test));
    }

    /** veraPDF's result for the bytes, every check logged (passed ones too, to count the rules that applied). */
    static ValidationResult validate(byte[] pdf, PDFAFlavour flavour) throws Exception {
        try (PDFAParser parser = Foundries.defaultInstance().createParser(new ByteArrayInputStream(pdf), flavour)) {
            PDFAValidator validator = Foundries.defaultInstance().createValidator(flavour, true);
            return validator.validate(parser);
        }
    }

    static String failures(ValidationResult result) {
        return result.getTestAssertions().stream().filter(a -> a.getStatus() == TestAssertion.Status.FAILED)
                .map(a -> a.getRuleId().getClause() + "-" + a.getRuleId().getTestNumber() + " " + a.getMessage()
                        + " @ " + a.getLocation().getContext())
                .distinct().limit(40).collect(Collectors.joining("\n"));
    }

    @ParameterizedTest(name = "{0} test={1} {2}")
    @MethodSource("reports")
    void reportIsPdfA2b(String kind, boolean test, String lang) throws Exception {
        ValidationResult result = validate(render(kind, test, lang), PDFAFlavour.PDFA_2_B);
        assertEquals(PDFAFlavour.PDFA_2_B, result.getPDFAFlavour());
        assertTrue(result.isCompliant(), kind + (test ? " (test) " : " ") + lang + " is not PDF/A-2b:\n" + failures(result));
        assertTrue(result.getFailedChecks().isEmpty(), String.valueOf(result.getFailedChecks()));
        Set<String> applied = new TreeSet<>();
        for (TestAssertion a : result.getTestAssertions()) {
            applied.add(a.getRuleId().getClause() + "-" + a.getRuleId().getTestNumber());
        }
        applied.forEach(rule -> RULES_APPLIED.merge(rule, 1, Integer::sum));
        profileRules = result.getValidationProfile().getRules().size();
        assertTrue(applied.size() >= 20, "only " + applied.size() + " rules applied: " + applied);
        LINES.add(String.format("PDF/A-2b %s%s %s: compliant, %d of the profile's %d rules applied, %d checks passed",
                kind, test ? " (test)" : "", lang, applied.size(), profileRules, result.getTotalAssertions()));
        CHECKS.addAndGet(result.getTotalAssertions());
        REPORTS.incrementAndGet();
    }

    /** The validator is not blind: a report with its PDF/A identification removed from the XMP fails clause 6.6.4. */
    @Test
    void aReportWithoutItsPdfAIdentificationFails() throws Exception {
        byte[] pdf = render("disc", false, "en");
        String latin = new String(pdf, StandardCharsets.ISO_8859_1);
        int at = latin.indexOf("<pdfaid:part>2</pdfaid:part>");
        assertTrue(at > 0, "the XMP is stored uncompressed");
        // same length, so the cross-reference offsets stay right
        String broken = latin.substring(0, at) + "<pdfaid:part>9</pdfaid:part>" + latin.substring(at + 28);
        ValidationResult result = validate(broken.getBytes(StandardCharsets.ISO_8859_1), PDFAFlavour.PDFA_2_B);
        assertFalse(result.isCompliant());
        assertFalse(result.getFailedChecks().isEmpty());
    }

    /**
     * PDF/UA-1 (ISO 14289-1) as veraPDF checks it. The reports are not tagged (OpenPDF writes no structure tree for
     * this layout), so they do not conform: the rules they fail are pinned here, per kind, so that the accessibility
     * statement (/docs/accessibility) that lists them stays true, and a change either way is seen.
     */
    @ParameterizedTest(name = "{0} test={1} {2}")
    @MethodSource("reports")
    void pdfUaRulesFailedAreTheKnownOnes(String kind, boolean test, String lang) throws Exception {
        ValidationResult result = validate(render(kind, test, lang), PDFAFlavour.PDFUA_1);
        Set<String> failed = new TreeSet<>();
        Set<String> applied = new TreeSet<>();
        for (TestAssertion a : result.getTestAssertions()) {
            String rule = a.getRuleId().getClause() + "-" + a.getRuleId().getTestNumber();
            applied.add(rule);
            if (a.getStatus() == TestAssertion.Status.FAILED) {
                failed.add(rule);
            }
        }
        LINES.add(String.format("PDF/UA-1 %s%s %s: %d of the profile's %d rules applied, %d failed: %s", kind, test ? " (test)" : "",
                lang, applied.size(), result.getValidationProfile().getRules().size(), failed.size(), failed));
        assertEquals(PDF_UA_FAILED, failed, kind + (test ? " (test) " : " ") + lang);
    }

    /**
     * What the reports fail of PDF/UA-1: 5-1 no PDF/UA identification in the XMP (claimed only once the file conforms),
     * 6.2-1 no MarkInfo /Marked true, 7.1-11 no structure tree (StructTreeRoot), 7.1-3 content neither tagged nor
     * marked as artifact. The last three are the tagging OpenPDF's Document API does not do (it writes no structure
     * elements for paragraphs, tables or the charts, so no /Alt text either); 7.1-10 (DisplayDocTitle) is met.
     */
    static final Set<String> PDF_UA_FAILED = Set.of("5-1", "6.2-1", "7.1-11", "7.1-3");

    /** One line on the console (the count of rules checked); every report's figures in target/verapdf-report.txt. */
    @AfterAll
    static void summary() throws IOException {
        if (RULES_APPLIED.isEmpty()) {
            return;
        }
        String summary = "veraPDF PDF/A-2b: " + REPORTS.get() + " reports compliant, " + RULES_APPLIED.size()
                + " distinct rules of the profile's " + profileRules + " applied, " + CHECKS.get() + " checks passed";
        LINES.add(summary + ": " + new TreeMap<>(RULES_APPLIED).keySet());
        Files.write(Path.of("target", "verapdf-report.txt"), new ArrayList<>(LINES));
        System.out.println(summary + " (target/verapdf-report.txt)");
    }
}
