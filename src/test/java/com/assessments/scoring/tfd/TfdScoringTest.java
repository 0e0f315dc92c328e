package com.assessments.scoring.tfd;

import com.assessments.api.model.ScoreBand;
import com.assessments.api.model.TfdGap;
import com.assessments.api.model.TfdMatch;
import com.assessments.api.model.TfdResult;
import com.assessments.scoring.Answer;
import com.assessments.scoring.Bands;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.ScoringEngine.ScoringRequest;
import com.assessments.scoring.ScoringException;
import com.assessments.scoring.tfd.Occupations.Occupation;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TFD / TFD Plus scoring rules (see docs/scoring-tfd.html). Expected values were worked out by hand in the
 * comment above each assertion, never by calling the code under test.
 *
 * <p>Dimension order: analytical, interpersonal, structure, drive, adaptability, care (an ip st dr ad ca).
 * tfd bank order (positions 1..24): four rounds of an ip st dr ad ca; round 4 (19..24) is reverse-keyed
 * (keyed = 6 - raw). tfd_plus: the same 24 in section styles, then 25..36 = two rounds of an ip st dr ad ca in
 * section values, all forward. score = (mean keyed - 1) * 25; similarity s(p) = 25 * (r + 1) + 50 - meanAbsGap / 2;
 * fit = 100 * (s(p) - s0) / (100 - s0), clamped to 0..100, where s0 = s(all 50) = 75 - sum|50 - t| / 12 (r = 0
 * for a flat profile): the anchor of someone answering 3 everywhere.
 *
 * <p>Software Developers: s0 = 75 - (40 + 5 + 20 + 15 + 15 + 15) / 12 = 75 - 110/12 = 65.8333, 100 - s0 = 34.1667.
 *
 * <p>Software Developers (15-1252.00) target T = [90, 45, 70, 65, 65, 35], mean 370/6.
 */
class TfdScoringTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final double[] SOFTWARE = {90, 45, 70, 65, 65, 35};
    /** Pattern P: raw responses for the 24 tfd items, in bank order (see profileAndGapsOfPatternP). */
    private static final int[] P = {5, 3, 4, 4, 4, 2, 5, 2, 4, 3, 4, 2, 4, 3, 3, 4, 4, 3, 1, 4, 2, 3, 2, 5};
    /** Values section raw responses for tfd_plus positions 25..36. */
    private static final int[] V = {5, 2, 4, 3, 4, 2, 5, 3, 3, 4, 4, 3};

    private static QuestionBank tfd;
    private static QuestionBank plus;
    private static Occupations occupations;
    private static SchemaValidator schemaValidator;
    private static final Schema<?> TFD_RESULT = new Schema<>().$ref("#/components/schemas/TfdResult");

    @BeforeAll
    static void load() throws IOException {
        tfd = bank("tfd");
        plus = bank("tfd_plus");
        occupations = new Occupations(MAPPER);
        OpenAPI api = new OpenAPIV3Parser().read(Path.of("openapi.yaml").toAbsolutePath().toString());
        schemaValidator = new SchemaValidator(api, new MessageResolver(LevelResolver.create()
                .withLevel("validation.schema.additionalProperties", ValidationReport.Level.ERROR)
                .withLevel("validation.response.body.schema.additionalProperties", ValidationReport.Level.ERROR)
                .build()));
    }

    private static QuestionBank bank(String type) throws IOException {
        try (InputStream in = TfdScoringTest.class.getResourceAsStream("/banks/" + type + ".json")) {
            return MAPPER.readValue(in, QuestionBank.class);
        }
    }

    // ---------------------------------------------------------------- banks and catalogue

    @Test
    void tfdBankHas24ItemsFourPerDimensionOneReversedEach() {
        assertEquals("tfd", tfd.type());
        assertEquals("1.0.0", tfd.version());
        assertEquals(24, tfd.items().size());
        for (int k = 0; k < 24; k++) {
            BankItem item = tfd.items().get(k);
            assertEquals(String.format("tfd_%02d", k + 1), item.id());
            assertEquals(TfdScoring.DIMENSIONS.get(k % 6), item.dimension());
            assertEquals(k >= 18, item.reverseKeyed(), item.id());
            assertEquals(null, item.section());
        }
    }

    @Test
    void plusBankHasTheSameStylesPlusTwoValuesPerDimension() {
        assertEquals("tfd_plus", plus.type());
        assertEquals(36, plus.items().size());
        for (int k = 0; k < 36; k++) {
            BankItem item = plus.items().get(k);
            assertEquals(String.format("tfd_plus_%02d", k + 1), item.id());
            assertEquals(TfdScoring.DIMENSIONS.get(k % 6), item.dimension());
            if (k < 24) {
                assertEquals("styles", item.section());
                assertEquals(tfd.items().get(k).text(), item.text());
                assertEquals(tfd.items().get(k).reverseKeyed(), item.reverseKeyed());
            } else {
                assertEquals("values", item.section());
                assertFalse(item.reverseKeyed());
            }
        }
    }

    @Test
    void catalogueHasEightOccupationsWithFullTargets() {
        assertEquals(8, occupations.all().size());
        assertEquals("O*NET 28 Database by the U.S. Department of Labor, Employment and Training Administration, "
                + "CC BY 4.0; occupation codes and titles only, target profiles are our own", occupations.attribution());
        Occupation software = occupations.find("15-1252.00").orElseThrow();
        assertEquals("Software Developers", software.name());
        assertArrayEquals(SOFTWARE, TfdScoring.target(software));
        for (String id : List.of("29-1141.00", "41-2031.00", "43-4051.00", "13-2011.00", "11-1021.00",
                "47-2061.00", "25-2021.00")) {
            assertTrue(occupations.find(id).isPresent(), id);
        }
        assertTrue(occupations.find("99-9999.00").isEmpty());
        assertTrue(occupations.find(null).isEmpty());
    }

    // ---------------------------------------------------------------- fit (rule 4), hand computed

    @Test
    void identicalProfileFitsPerfectly() {
        // r = 1, meanAbsGap = 0: 25 * 2 + 50 = 100.0
        assertEquals(100.0, TfdScoring.fitScore(SOFTWARE.clone(), SOFTWARE));
        assertEquals(ScoreBand.HIGH, Bands.of(100.0));
    }

    @Test
    void flatProfileHasZeroCorrelation() {
        // all 50: r = 0 (flat); |gaps| 40 5 20 15 15 15 = 110, mean 18.333; s = 25 + 50 - 9.1667 = 65.8333 = s0:
        // the anchor itself, fit 0.0 (it was 65.8, moderate, before the anchoring)
        double[] flat = {50, 50, 50, 50, 50, 50};
        assertEquals(0.0, TfdScoring.pearson(flat, SOFTWARE));
        assertEquals(65.8333, TfdScoring.similarity(flat, SOFTWARE), 1e-4);
        assertEquals(0.0, TfdScoring.fitScore(flat, SOFTWARE));
        // flat target: p = [100, 0, 50, 50, 50, 50], t = 60 each: r = 0; |gaps| 40 60 10 10 10 10 = 140,
        // mean 23.333; s = 25 + 50 - 11.6667 = 63.3333; s0 = 75 - 60/12 = 70: below the anchor -> 0.0
        assertEquals(63.3333, TfdScoring.similarity(new double[]{100, 0, 50, 50, 50, 50}, new double[]{60, 60, 60, 60, 60, 60}), 1e-4);
        assertEquals(0.0, TfdScoring.fitScore(new double[]{100, 0, 50, 50, 50, 50}, new double[]{60, 60, 60, 60, 60, 60}));
    }

    @Test
    void oppositeProfileFitsBadly() {
        // 100 - T = [10, 55, 30, 35, 35, 65]: r = -1; |gaps| 80 10 40 30 30 30 = 220, mean 36.667;
        // s = 0 + 50 - 18.3333 = 31.6667, below s0 = 65.8333 -> 0.0
        assertEquals(31.6667, TfdScoring.similarity(new double[]{10, 55, 30, 35, 35, 65}, SOFTWARE), 1e-4);
        assertEquals(0.0, TfdScoring.fitScore(new double[]{10, 55, 30, 35, 35, 65}, SOFTWARE));
        // the worst case: r = -1 and every gap 100 gives 0.0
        assertEquals(0.0, TfdScoring.fitScore(new double[]{100, 0, 100, 0, 100, 0}, new double[]{0, 100, 0, 100, 0, 100}));
    }

    @Test
    void sameShapeAtAnotherLevelLosesOnlyTheLevelHalf() {
        // T + 10 = [100, 55, 80, 75, 75, 45]: r = 1, meanAbsGap 10: s = 50 + 50 - 5 = 95.0;
        // fit = 100 * (95 - 65.8333) / 34.1667 = 85.366 -> 85.4
        assertEquals(85.4, TfdScoring.fitScore(new double[]{100, 55, 80, 75, 75, 45}, SOFTWARE));
    }

    @Test
    void partialCorrelation() {
        // p = [75, 25, 50, 50, 50, 50], t = [100, 50, 0, 50, 50, 50]; deviations p 25 -25 0 0 0 0,
        // t 50 0 -50 0 0 0: sxy = 1250, sxx = 1250, syy = 5000, r = 1250 / 2500 = 0.5;
        // |gaps| 25 25 50 0 0 0 = 100, mean 16.667: s = 25 * 1.5 + 50 - 8.3333 = 79.1667;
        // s0 = 75 - (50 + 0 + 50 + 0 + 0 + 0) / 12 = 66.6667; fit = 100 * 12.5 / 33.3333 = 37.5
        double[] p = {75, 25, 50, 50, 50, 50};
        double[] t = {100, 50, 0, 50, 50, 50};
        assertEquals(0.5, TfdScoring.pearson(p, t), 1e-12);
        assertEquals(37.5, TfdScoring.fitScore(p, t));
    }

    @Test
    void bandCutOffs() {
        assertEquals(ScoreBand.LOW, Bands.of(39.9));
        assertEquals(ScoreBand.MODERATE, Bands.of(40.0));
        assertEquals(ScoreBand.MODERATE, Bands.of(69.9));
        assertEquals(ScoreBand.HIGH, Bands.of(70.0));
    }

    // ---------------------------------------------------------------- profile, gaps, result

    @Test
    void profileAndGapsOfPatternP() {
        // an: 5 5 4 and reversed raw 1 -> keyed 5: 19/4 = 4.75 -> 93.75 -> 93.8, gap 93.8 - 90 = 3.8
        // ip: 3 2 3, raw 4 -> 2: 10/4 = 2.5 -> 37.5, gap -7.5
        // st: 4 4 3, raw 2 -> 4: 15/4 = 3.75 -> 68.75 -> 68.8, gap -1.2
        // dr: 4 3 4, raw 3 -> 3: 14/4 = 3.5 -> 62.5, gap -2.5
        // ad: 4 4 4, raw 2 -> 4: 16/4 = 4 -> 75.0, gap 10.0
        // ca: 2 2 3, raw 5 -> 1: 8/4 = 2 -> 25.0, gap -10.0
        TfdScoring.Profile profile = TfdScoring.profile(tfd, TfdScoring.Variant.TFD, answers(tfd, P));
        assertArrayEquals(new double[]{93.75, 37.5, 68.75, 62.5, 75, 25}, profile.array());
        assertEquals(List.of(), profile.qualityFlags());
        List<TfdGap> gaps = TfdScoring.gaps(profile.array(), occupations.find("15-1252.00").orElseThrow());
        assertEquals(List.of(
                new TfdGap("analytical", 93.8, 90.0, 3.8),
                new TfdGap("interpersonal", 37.5, 45.0, -7.5),
                new TfdGap("structure", 68.8, 70.0, -1.2),
                new TfdGap("drive", 62.5, 65.0, -2.5),
                new TfdGap("adaptability", 75.0, 65.0, 10.0),
                new TfdGap("care", 25.0, 35.0, -10.0)), gaps);
    }

    @Test
    void resultOfPatternPForSoftwareDevelopers() {
        // p = [93.75, 37.5, 68.75, 62.5, 75, 25], mean 362.5/6 = 60.4167; T mean 61.6667.
        // sxy = 2395.833, sxx = 3177.083, syy = 1883.333: r = 2395.833 / sqrt(3177.083 * 1883.333) = 0.97944.
        // |gaps| 3.75 7.5 1.25 2.5 10 10 = 35, mean 5.8333: s = 25 * 1.97944 + 50 - 2.9167 = 96.569;
        // fit = 100 * (96.569 - 65.8333) / 34.1667 = 89.959 -> 90.0
        JsonNode json = engine().score(request(tfd, answers(tfd, P), "15-1252.00"));
        assertNoSchemaErrors(json);
        TfdResult result = MAPPER.convertValue(json, TfdResult.class);
        assertEquals("15-1252.00", result.getOccupationId());
        assertEquals("Software Developers", result.getOccupationName());
        assertEquals(90.0, result.getFitScore());
        assertEquals(ScoreBand.HIGH, result.getBand());
        assertEquals("1.0.0", result.getBankVersion());
        assertEquals(TfdScoring.SCORING_VERSION, result.getScoringVersion());
        // the fit uses the occupation's targets; the dimensions' percentiles use the provisional TFD norms, saying so
        assertEquals(com.assessments.scoring.ProvisionalNorms.TFD.version(), result.getNormVersion());
        assertEquals(Boolean.TRUE, result.getNormsProvisional());
        assertEquals(6, result.getPercentiles().size());
        result.getGaps().forEach(g -> {
            int pct = result.getPercentiles().get(g.getDimension());
            int low = com.assessments.scoring.ProvisionalNorms.TFD.percentile(g.getDimension(), g.getScore() - 0.05);
            int high = com.assessments.scoring.ProvisionalNorms.TFD.percentile(g.getDimension(), g.getScore() + 0.05);
            org.junit.jupiter.api.Assertions.assertTrue(pct >= low && pct <= high, g.getDimension() + " " + pct);
        });
        assertEquals(6, result.getGaps().size());
        assertEquals(List.of(), result.getQualityFlags());
        assertFalse(result.getMock());
        // fits of p against every occupation, same formula (s, then s0 = 75 - sum|50 - t| / 12):
        //  13-2011.00 Accountants: sxy 2250, syy 3100, r = 0.71695, meanAbsGap 13.333 -> s 86.257; s0 65.0
        //    -> 100 * 21.257 / 35 = 60.734 -> 60.7
        //  11-1021.00 Managers: sxy 656.25, syy 687.5, r = 0.44404, meanAbsGap 19.583 -> s 76.309; s0 63.75
        //    -> 100 * 12.559 / 36.25 = 34.646 -> 34.6
        //  47-2061.00 Construction s 65.923 < s0 68.333; 29-1141.00 Nurses s 46.337 < 61.25; 41-2031.00 43.96 < 67.5;
        //  43-4051.00 42.63 < 67.08; 25-2021.00 40.37 < 62.92: all 0.0, so ties by occupation id: 25-2021.00, 29-1141.00
        assertEquals(List.of(
                new TfdMatch("15-1252.00", "Software Developers", 90.0),
                new TfdMatch("13-2011.00", "Accountants and Auditors", 60.7),
                new TfdMatch("11-1021.00", "General and Operations Managers", 34.6),
                new TfdMatch("25-2021.00", "Elementary School Teachers, Except Special Education", 0.0),
                new TfdMatch("29-1141.00", "Registered Nurses", 0.0)), result.getTopMatches());
    }

    @Test
    void flatAnswersMatchByLevelOnly() {
        // all raw 3: every keyed 3, every score 50: the anchor profile itself, s = s0 for every occupation, fit 0.0
        // everywhere (before the anchoring it read 61.3 to 68.3, moderate, for every occupation), so the top
        // matches are the ties in occupation id order
        int[] threes = new int[24];
        Arrays.fill(threes, 3);
        TfdResult result = MAPPER.convertValue(engine().score(request(tfd, answers(tfd, threes), "29-1141.00")), TfdResult.class);
        assertEquals(0.0, result.getFitScore());
        assertEquals(ScoreBand.LOW, result.getBand());
        assertEquals(List.of("11-1021.00", "13-2011.00", "15-1252.00", "25-2021.00", "29-1141.00"),
                result.getTopMatches().stream().map(TfdMatch::getOccupationId).toList());
        assertEquals(List.of(0.0, 0.0, 0.0, 0.0, 0.0),
                result.getTopMatches().stream().map(TfdMatch::getFitScore).toList());
        assertEquals(List.of("straight_lining"), result.getQualityFlags());
    }

    @Test
    void topMatchesBreakTiesByOccupationIdAndKeepAtMostFive() {
        Map<String, Integer> high = target(80, 80, 80, 20, 20, 20);
        Map<String, Integer> low = target(20, 20, 20, 80, 80, 80);
        List<Occupation> candidates = List.of(
                new Occupation("00-0003.00", "C", low),
                new Occupation("00-0002.00", "B", high),
                new Occupation("00-0001.00", "A", high));
        double[] profile = {80, 80, 80, 20, 20, 20};
        // A and B: identical -> 100.0; C: r = -1, every gap 60 -> s = 0 + 50 - 30 = 20, below s0 = 75 - 180/12 = 60 -> 0.0
        assertEquals(List.of(new TfdMatch("00-0001.00", "A", 100.0), new TfdMatch("00-0002.00", "B", 100.0),
                new TfdMatch("00-0003.00", "C", 0.0)), TfdScoring.topMatches(profile, candidates));
        assertEquals(5, TfdScoring.topMatches(profile, occupations.all()).size());
        assertEquals(List.of(), TfdScoring.topMatches(profile, List.of()));
    }

    @Test
    void tfdPlusUsesTheValuesSection() {
        // styles = P, values V (25..36 = 5 2 4 3 4 2 | 5 3 3 4 4 3), six items per dimension:
        // an (19 + 10)/6 -> 23 * 25 / 6 = 95.833; ip (10 + 5)/6 = 2.5 -> 37.5; st (15 + 7)/6 -> 66.667;
        // dr (14 + 7)/6 = 3.5 -> 62.5; ad (16 + 8)/6 = 4 -> 75; ca (8 + 5)/6 -> 7 * 25 / 6 = 29.167
        int[] raw = concat(P, V);
        TfdScoring.Profile profile = TfdScoring.profile(plus, TfdScoring.Variant.PLUS, answers(plus, raw));
        double[] expected = {575.0 / 6, 37.5, 400.0 / 6, 62.5, 75, 175.0 / 6};
        assertArrayEquals(expected, profile.array(), 1e-9);
        // only the values answers change: analytical values 5 5 -> 1 1 gives (19 + 2)/6 -> 15 * 25 / 6 = 62.5
        int[] lowValues = raw.clone();
        lowValues[24] = 1;
        lowValues[30] = 1;
        assertEquals(62.5, TfdScoring.profile(plus, TfdScoring.Variant.PLUS, answers(plus, lowValues)).array()[0], 1e-9);

        JsonNode json = plusEngine().score(request(plus, answers(plus, raw), "15-1252.00"));
        assertNoSchemaErrors(json);
        TfdResult result = MAPPER.convertValue(json, TfdResult.class);
        // gaps on the rounded scores: 95.8 - 90 = 5.8, 66.7 - 70 = -3.3, 29.2 - 35 = -5.8
        assertEquals(new TfdGap("analytical", 95.8, 90.0, 5.8), result.getGaps().get(0));
        assertEquals(new TfdGap("structure", 66.7, 70.0, -3.3), result.getGaps().get(2));
        assertEquals(new TfdGap("care", 29.2, 35.0, -5.8), result.getGaps().get(5));
        // sxy 2326.389, sxx 3009.259, syy 1883.333: r = 0.97721; |gaps| 5.833 7.5 3.333 2.5 10 5.833 = 35,
        // mean 5.8333: s = 25 * 1.97721 + 50 - 2.9167 = 96.514; fit = 100 * (96.514 - 65.8333) / 34.1667 = 89.796 -> 89.8
        assertEquals(89.8, result.getFitScore());
    }

    @Test
    void engineRejectsTheOtherLayout() {
        ScoringException e = assertThrows(ScoringException.class,
                () -> engine().score(request(plus, answers(plus, concat(P, V)), "15-1252.00")));
        assertEquals(ScoringException.ENGINE_ERROR, e.code());
        e = assertThrows(ScoringException.class, () -> plusEngine().score(request(tfd, answers(tfd, P), "15-1252.00")));
        assertEquals(ScoringException.ENGINE_ERROR, e.code());
    }

    // ---------------------------------------------------------------- occupation

    @Test
    void unknownOrMissingOccupationIsAnEngineError() {
        ScoringException e = assertThrows(ScoringException.class,
                () -> engine().score(request(tfd, answers(tfd, P), "99-9999.00")));
        assertEquals(ScoringException.ENGINE_ERROR, e.code());
        assertTrue(e.getMessage().contains("99-9999.00"), e.getMessage());
        e = assertThrows(ScoringException.class,
                () -> engine().score(new ScoringRequest(tfd, answers(tfd, P), "org", Map.of())));
        assertEquals(ScoringException.ENGINE_ERROR, e.code());
    }

    // ---------------------------------------------------------------- partial answers and quality flags

    @Test
    void partialAnswersDownToEightyPercent() {
        // drop positions 1..4 (an, ip, st, dr forward): 20 of 24 answered, 20 * 5 = 100 >= 96
        List<Answer> twenty = answers(tfd, P).subList(4, 24);
        TfdScoring.Profile profile = TfdScoring.profile(tfd, TfdScoring.Variant.TFD, twenty);
        // an without raw 5 at position 1: 5 4 and keyed 5 = 14/3 -> 11 * 25 / 3 = 91.667
        assertEquals(275.0 / 3, profile.array()[0], 1e-9);
        assertEquals(List.of("incomplete"), profile.qualityFlags());
        // 19 answered: 95 < 96
        ScoringException e = assertThrows(ScoringException.class,
                () -> TfdScoring.profile(tfd, TfdScoring.Variant.TFD, answers(tfd, P).subList(5, 24)));
        assertEquals(ScoringException.INVALID_RESPONSES, e.code());
    }

    @Test
    void fewerThanTwoAnswersInADimensionCannotBeScored() {
        // drop analytical positions 1, 7, 13: 21 answered (enough overall) but analytical has 1
        List<Answer> all = answers(tfd, P);
        List<Answer> some = new ArrayList<>(all);
        some.removeAll(List.of(all.get(0), all.get(6), all.get(12)));
        ScoringException e = assertThrows(ScoringException.class,
                () -> TfdScoring.profile(tfd, TfdScoring.Variant.TFD, some));
        assertEquals(ScoringException.INVALID_RESPONSES, e.code());
        assertTrue(e.getMessage().contains("analytical"), e.getMessage());
        // two left is enough
        some.add(all.get(12));
        assertEquals(List.of("incomplete"), TfdScoring.profile(tfd, TfdScoring.Variant.TFD, some).qualityFlags());
    }

    @Test
    void straightLiningNeedsEightIdenticalInARow() {
        // positions 1..8 raw 4, then 3 5 3 5 ... up to 18, then the reverse-keyed 19..24 raw 2 (keyed 4): a run of
        // exactly 8, otherwise consistent (item-pair consistency 22/36, far below random_responding's 1.3)
        int[] raw = new int[24];
        for (int k = 0; k < 24; k++) {
            raw[k] = k < 8 ? 4 : k < 18 ? 3 + 2 * (k % 2) : 2;
        }
        assertEquals(List.of("straight_lining"), TfdScoring.profile(tfd, TfdScoring.Variant.TFD, answers(tfd, raw)).qualityFlags());
        raw[7] = 5;   // run of 7
        assertEquals(List.of(), TfdScoring.profile(tfd, TfdScoring.Variant.TFD, answers(tfd, raw)).qualityFlags());
    }

    @Test
    void randomAnsweringIsFlaggedAndReadsAsNoFit() {
        // a uniformly random answer sheet; keyed per dimension (round 4 reversed, 6 - raw) and the sum of |difference|
        // over its 6 pairs: an 1 3 2 2 -> 2+1+1+1+1+0 = 6; ip 1 5 4 1 -> 4+3+0+1+4+3 = 15; st 1 2 4 3 -> 1+3+2+2+1+1 = 10;
        // dr 3 5 5 5 -> 2+2+2 = 6; ad 2 1 3 5 -> 1+1+3+2+4+2 = 13; ca 3 5 5 3 -> 2+2+0+0+2+2 = 8
        // P = 58/36 = 1.611 >= 1.3, longest raw run 3: random_responding
        // profile 25, 43.75, 37.5, 87.5, 43.75, 75 against Software Developers: r = -0.547, meanAbsGap 30.417,
        // s = 25 * 0.4529 + 50 - 15.208 = 46.11, below s0 = 65.83 -> fit 0.0, low
        int[] raw = {1, 1, 1, 3, 2, 3, 3, 5, 2, 5, 1, 5, 2, 4, 4, 5, 3, 5, 4, 5, 3, 1, 1, 3};
        TfdResult result = MAPPER.convertValue(engine().score(request(tfd, answers(tfd, raw), "15-1252.00")), TfdResult.class);
        assertEquals(List.of("random_responding"), result.getQualityFlags());
        assertEquals(0.0, result.getFitScore());
        assertEquals(ScoreBand.LOW, result.getBand());
        // pattern P (consistent) stays unflagged (see resultOfPatternPForSoftwareDevelopers)
        assertEquals(List.of(), flags(answers(tfd, P)));
    }

    @Test
    void tooFastIsAMedianBelow1500Ms() {
        // 12 at 1000 and 12 at 2000: median (1000 + 2000) / 2 = 1500, not below
        assertEquals(List.of(), flags(timed(12, 1000, 2000)));
        // 13 at 1000 and 11 at 2000: median 1000
        assertEquals(List.of("too_fast"), flags(timed(13, 1000, 2000)));
        // no times at all: no flag
        assertEquals(List.of(), flags(answers(tfd, P)));
        // every flag at once, sorted: 20 answered, all raw 3, all fast
        List<Answer> bad = new ArrayList<>();
        for (int k = 0; k < 20; k++) {
            bad.add(new Answer(tfd.items().get(k + 4).id(), null, 3, 800));
        }
        assertEquals(List.of("incomplete", "straight_lining", "too_fast"), flags(bad));
    }

    // ---------------------------------------------------------------- determinism

    @Test
    void sameAnswersInAnyOrderGiveTheSameResult() {
        JsonNode first = engine().score(request(tfd, answers(tfd, P), "43-4051.00"));
        for (long seed = 1; seed <= 5; seed++) {
            List<Answer> shuffled = new ArrayList<>(answers(tfd, P));
            Collections.shuffle(shuffled, new Random(seed));
            assertEquals(first, engine().score(request(tfd, shuffled, "43-4051.00")));
        }
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            int[] raw = new int[36];
            for (int k = 0; k < 36; k++) {
                raw[k] = 1 + random.nextInt(5);
            }
            String occupation = occupations.all().get(round % 8).id();
            JsonNode a = plusEngine().score(request(plus, answers(plus, raw), occupation));
            assertEquals(a, plusEngine().score(request(plus, answers(plus, raw), occupation)));
            assertNoSchemaErrors(a);
        }
    }

    @Test
    void schemaValidatorRejectsOutOfContractResults() {
        JsonNode json = engine().score(request(tfd, answers(tfd, P), "15-1252.00"));
        assertNoSchemaErrors(json);
        ObjectNode extra = json.deepCopy();
        extra.put("extra", 1);
        assertTrue(validate(extra).hasErrors());
    }

    // ---------------------------------------------------------------- helpers

    /** Every catalogued occupation as a candidate (in the service: the organization's published ones). */
    private static PublishedOccupations allPublished() {
        return new PublishedOccupations(null, occupations) {
            @Override
            public List<Occupations.Occupation> forOrganization(String organizationId, Occupations.Occupation own) {
                return occupations.all();
            }
        };
    }

    private static TfdScoringEngine engine() {
        return new TfdScoringEngine(MAPPER, occupations, allPublished());
    }

    private static TfdPlusScoringEngine plusEngine() {
        return new TfdPlusScoringEngine(MAPPER, occupations, allPublished());
    }

    private static ScoringRequest request(QuestionBank bank, List<Answer> answers, String occupationId) {
        return new ScoringRequest(bank, answers, "org_1", Map.of("occupationId", occupationId));
    }

    private static List<Answer> answers(QuestionBank bank, int[] raw) {
        List<Answer> answers = new ArrayList<>();
        for (int k = 0; k < raw.length; k++) {
            answers.add(new Answer(bank.items().get(k).id(), null, raw[k]));
        }
        return answers;
    }

    /** Pattern P with the first {@code fast} answers taking {@code fastMs} and the others {@code slowMs}. */
    private static List<Answer> timed(int fast, int fastMs, int slowMs) {
        List<Answer> answers = new ArrayList<>();
        for (int k = 0; k < 24; k++) {
            answers.add(new Answer(tfd.items().get(k).id(), null, P[k], k < fast ? fastMs : slowMs));
        }
        return answers;
    }

    private static List<String> flags(List<Answer> answers) {
        return TfdScoring.profile(tfd, TfdScoring.Variant.TFD, answers).qualityFlags();
    }

    private static Map<String, Integer> target(int an, int ip, int st, int dr, int ad, int ca) {
        return Map.of("analytical", an, "interpersonal", ip, "structure", st, "drive", dr, "adaptability", ad, "care", ca);
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static void assertNoSchemaErrors(JsonNode json) {
        ValidationReport report = validate(json);
        assertFalse(report.hasErrors(), () -> report.getMessages() + " in " + json);
    }

    private static ValidationReport validate(JsonNode json) {
        return schemaValidator.validate(json.toString(), TFD_RESULT, "response.body");
    }
}
