package com.assessments.scoring.disc;

import com.assessments.api.model.DiscResult;
import com.assessments.scoring.Answer;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.ScoringEngine;
import com.assessments.scoring.ScoringException;
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
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * DISC scoring rules (see docs/scoring-disc.html). Every expected value of a fixed pattern below was
 * worked out by hand in the comment above it, never by calling the code under test.
 *
 * <p>Bank order (positions 1..15): D1 I1 S1 C1 D2 I2 S2 C2 D3 I3 S3 C3 D- I- S-, where "-" marks the
 * reverse-keyed item of D, I and S (keyed = 6 - raw). Patterns are written in that order. Shorthand:
 * nX = (meanX - 1) * 25; with the exact unit vectors the summed vector points along
 * (x, y) = (nI + nS - nD - nC, nD + nI - nS - nC); theta = atan2(y, x) in [0, 360).
 * Sectors: IS [0,30) II [30,60) ID [60,90) DI [90,120) DD [120,150) DC [150,180) CD [180,210)
 * CC [210,240) CS [240,270) SC [270,300) SS [300,330) SI [330,360).
 * Reliability = 1 - min(.50, max(0, L-5) * .06) - (SD < .5 ? .30 : SD < .8 ? .10 : 0)
 * - min(.40, max(0, INC-1) * .30), clamped to [0, 1]; SD^2 = (15 * sum r^2 - (sum r)^2) / 225.
 */
class DiscScoringTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static QuestionBank bank;
    private static SchemaValidator schemaValidator;
    private static final Schema<?> DISC_RESULT = new Schema<>().$ref("#/components/schemas/DiscResult");

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = DiscScoringTest.class.getResourceAsStream("/banks/disc.json")) {
            bank = MAPPER.readValue(in, QuestionBank.class);
        }
        OpenAPI api = new OpenAPIV3Parser().read(Path.of("openapi.yaml").toAbsolutePath().toString());
        schemaValidator = new SchemaValidator(api, new MessageResolver(LevelResolver.create()
                .withLevel("validation.schema.additionalProperties", ValidationReport.Level.ERROR)
                .withLevel("validation.response.body.schema.additionalProperties", ValidationReport.Level.ERROR)
                .build()));
    }

    // ---------------------------------------------------------------- the bank the hand computations assume

    @Test
    void bankHasTheLayoutTheHandComputationsAssume() {
        assertEquals("disc", bank.type());
        assertEquals(1, bank.responseFormat().min());
        assertEquals(5, bank.responseFormat().max());
        assertEquals(15, bank.items().size());
        StringBuilder dims = new StringBuilder();
        StringBuilder reverse = new StringBuilder();
        for (BankItem item : bank.items()) {
            dims.append(item.dimension());
            reverse.append(item.reverseKeyed() ? 'R' : '.');
        }
        assertEquals("DISCDISCDISCDIS", dims.toString());
        assertEquals("............RRR", reverse.toString());
    }

    // ---------------------------------------------------------------- straight lines

    @Test
    void allOnes() {
        // keyed: D 1,1,1,(6-1=5) = 8 -> 2.0; I 2.0; S 2.0; C 1,1,1 -> 1.0
        // normalized: 25.0, 25.0, 25.0, 0.0 -> all low
        // primary: D = I = S = 2.0 tie -> D; secondary: I = S tie -> I
        // (x, y) = (25 + 25 - 25 - 0, 25 + 25 - 25 - 0) = (25, 25) -> 45 deg -> II (primary D, yet type12 II)
        // L = 15 -> min(.50, 10 * .06) = .50; SD = 0 -> .30; INC: each |5 - 1| = 4 -> 4 -> min(.40, .90) = .40
        // 1 - .50 - .30 - .40 = -.20 -> 0.0 low; flags: all three
        int[] raw = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        assertQuality(raw, 15, 0.0, 4.0);
        expect(score(raw), "D", "I", "II",
                new double[]{2.0, 2.0, 2.0, 1.0}, new double[]{25.0, 25.0, 25.0, 0.0}, "low low low low",
                0.0, "low", "inconsistent_responses", "low_variability", "straight_lining");
    }

    @Test
    void allThrees() {
        // keyed: all 3 (6 - 3 = 3) -> means 3.0, normalized 50.0, moderate
        // primary: four-way tie -> D; secondary: I
        // (x, y) = (0, 0): no direction -> primary + primary = DD
        // L = 15 -> .50; SD = 0 -> .30; INC = 0 -> 0; 1 - .80 = 0.20 low
        int[] raw = {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
        assertQuality(raw, 15, 0.0, 0.0);
        expect(score(raw), "D", "I", "DD",
                new double[]{3.0, 3.0, 3.0, 3.0}, new double[]{50.0, 50.0, 50.0, 50.0}, "moderate moderate moderate moderate",
                0.2, "low", "low_variability", "straight_lining");
    }

    @Test
    void allFives() {
        // keyed: D 5,5,5,(6-5=1) = 16 -> 4.0; I 4.0; S 4.0; C 5,5,5 -> 5.0 (acquiescence favours C: no reverse item)
        // normalized 75.0, 75.0, 75.0, 100.0 -> all high
        // primary C; secondary: D = I = S tie -> D
        // (x, y) = (75 + 75 - 75 - 100, 75 + 75 - 75 - 100) = (-25, -25) -> 225 -> CC
        // L = 15 -> .50; SD = 0 -> .30; INC: |1 - 5| = 4 each -> .40; -> 0.0 low, all three flags
        int[] raw = {5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};
        assertQuality(raw, 15, 0.0, 4.0);
        expect(score(raw), "C", "D", "CC",
                new double[]{4.0, 4.0, 4.0, 5.0}, new double[]{75.0, 75.0, 75.0, 100.0}, "high high high high",
                0.0, "low", "inconsistent_responses", "low_variability", "straight_lining");
    }

    // ---------------------------------------------------------------- each dimension as primary

    @Test
    void dominantPrimaryRealisticProfileWithHighReliability() {
        // raw 5 3 2 3 | 4 4 2 2 | 5 3 1 3 | 1 3 4
        // keyed: D 5,4,5,(6-1=5) = 19 -> 4.75; I 3,4,3,(6-3=3) = 13 -> 3.25; S 2,2,1,(6-4=2) = 7 -> 1.75;
        //        C 3,2,3 = 8 -> 2.6667 -> 2.67
        // normalized: D 3.75*25 = 93.75 -> 93.8 high; I 56.25 -> 56.3 moderate; S 18.75 -> 18.8 low;
        //             C 41.667 -> 41.7 moderate
        // primary D, secondary I (3.25 > 2.67 > 1.75)
        // (x, y) = (56.25 + 18.75 - 93.75 - 41.667, 93.75 + 56.25 - 18.75 - 41.667) = (-60.417, 89.583)
        //   theta = 180 - atan(89.583 / 60.417) = 180 - 56.0 = 124.0 -> DD
        // L: runs 4,4 and 2,2 -> 2; sum r = 45, sum r^2 = 157, 15*157 - 45^2 = 330, SD = sqrt(330)/15 = 1.2111
        // INC: D |5 - 14/3| = 1/3; I |3 - 10/3| = 1/3; S |2 - 5/3| = 1/3 -> 1/3; no penalty -> 1.00 high
        int[] raw = {5, 3, 2, 3, 4, 4, 2, 2, 5, 3, 1, 3, 1, 3, 4};
        assertQuality(raw, 2, 1.2111, 1.0 / 3);
        expect(score(raw), "D", "I", "DD",
                new double[]{4.75, 3.25, 1.75, 2.67}, new double[]{93.8, 56.3, 18.8, 41.7}, "high moderate low moderate",
                1.0, "high");
    }

    @Test
    void influencePrimaryInIsSector() {
        // raw 2 5 4 2 | 2 4 3 1 | 2 5 4 3 | 4 2 3
        // keyed: D 2,2,2,(6-4=2) = 8 -> 2.0; I 5,4,5,(6-2=4) = 18 -> 4.5; S 4,3,4,(6-3=3) = 14 -> 3.5; C 2,1,3 = 6 -> 2.0
        // normalized 25.0 low, 87.5 high, 62.5 moderate, 25.0 low; primary I, secondary S
        // (x, y) = (87.5 + 62.5 - 25 - 25, 25 + 87.5 - 62.5 - 25) = (100, 25) -> atan(0.25) = 14.04 -> IS
        // L = 2 (2,2 at 4-5); sum r = 46, sum r^2 = 162, 2430 - 2116 = 314, SD = sqrt(314)/15 = 1.1813
        // INC: D |2 - 2| = 0; I |4 - 14/3| = 2/3; S |3 - 11/3| = 2/3 -> 4/9; -> 1.00 high
        int[] raw = {2, 5, 4, 2, 2, 4, 3, 1, 2, 5, 4, 3, 4, 2, 3};
        assertQuality(raw, 2, 1.1813, 4.0 / 9);
        expect(score(raw), "I", "S", "IS",
                new double[]{2.0, 4.5, 3.5, 2.0}, new double[]{25.0, 87.5, 62.5, 25.0}, "low high moderate low",
                1.0, "high");
    }

    @Test
    void steadinessPrimaryInScSector() {
        // raw 1 2 5 4 | 2 2 4 5 | 1 2 5 3 | 4 4 2
        // keyed: D 1,2,1,(6-4=2) = 6 -> 1.5; I 2,2,2,(6-4=2) = 8 -> 2.0; S 5,4,5,(6-2=4) = 18 -> 4.5; C 4,5,3 = 12 -> 4.0
        // normalized 12.5 low, 25.0 low, 87.5 high, 75.0 high; primary S, secondary C
        // (x, y) = (25 + 87.5 - 12.5 - 75, 12.5 + 25 - 87.5 - 75) = (25, -125) -> 360 - atan(5) = 281.3 -> SC
        // L = 2; sum r = 46, sum r^2 = 170, 2550 - 2116 = 434, SD = sqrt(434)/15 = 1.3888
        // INC: D |2 - 4/3| = 2/3; I 0; S |4 - 14/3| = 2/3 -> 4/9; -> 1.00 high
        int[] raw = {1, 2, 5, 4, 2, 2, 4, 5, 1, 2, 5, 3, 4, 4, 2};
        assertQuality(raw, 2, 1.3888, 4.0 / 9);
        expect(score(raw), "S", "C", "SC",
                new double[]{1.5, 2.0, 4.5, 4.0}, new double[]{12.5, 25.0, 87.5, 75.0}, "low low high high",
                1.0, "high");
    }

    @Test
    void conscientiousnessPrimaryInCdSector() {
        // raw 4 1 3 5 | 4 2 2 5 | 4 2 3 5 | 2 3 4
        // keyed: D 4,4,4,(6-2=4) = 16 -> 4.0; I 1,2,2,(6-3=3) = 8 -> 2.0; S 3,2,3,(6-4=2) = 10 -> 2.5; C 5,5,5 -> 5.0
        // normalized 75.0 high, 25.0 low, 37.5 low, 100.0 high; primary C, secondary D
        // (x, y) = (25 + 37.5 - 75 - 100, 75 + 25 - 37.5 - 100) = (-112.5, -37.5) -> 180 + atan(1/3) = 198.4 -> CD
        // L = 2; sum r = 49, sum r^2 = 183, 2745 - 2401 = 344, SD = sqrt(344)/15 = 1.2365
        // INC: D 0; I |3 - 5/3| = 4/3; S |2 - 8/3| = 2/3 -> 2/3; -> 1.00 high
        int[] raw = {4, 1, 3, 5, 4, 2, 2, 5, 4, 2, 3, 5, 2, 3, 4};
        assertQuality(raw, 2, 1.2365, 2.0 / 3);
        expect(score(raw), "C", "D", "CD",
                new double[]{4.0, 2.0, 2.5, 5.0}, new double[]{75.0, 25.0, 37.5, 100.0}, "high low low high",
                1.0, "high");
    }

    // ---------------------------------------------------------------- ties and exact boundaries

    @Test
    void tieBetweenDominanceAndInfluenceLandsOnTheNinetyDegreeBoundary() {
        // raw 4 5 2 1 | 4 4 2 2 | 4 3 2 3 | 2 2 4
        // keyed: D 4,4,4,(6-2=4) = 16 -> 4.0; I 5,4,3,(6-2=4) = 16 -> 4.0; S 2,2,2,(6-4=2) = 8 -> 2.0; C 1,2,3 -> 2.0
        // normalized 75 high, 75 high, 25 low, 25 low; primary D (tie with I, D first), secondary I
        // (x, y) = (75 + 25 - 75 - 25, 75 + 75 - 25 - 25) = (0, 100) -> exactly 90: starts DI -> DI
        // L = 2; sum r = 44, sum r^2 = 148, 2220 - 1936 = 284, SD = sqrt(284)/15 = 1.1235; INC = 0 -> 1.00 high
        int[] raw = {4, 5, 2, 1, 4, 4, 2, 2, 4, 3, 2, 3, 2, 2, 4};
        assertQuality(raw, 2, 1.1235, 0.0);
        expect(score(raw), "D", "I", "DI",
                new double[]{4.0, 4.0, 2.0, 2.0}, new double[]{75.0, 75.0, 25.0, 25.0}, "high high low low",
                1.0, "high");
    }

    @Test
    void contractExampleIsReproducedAndSitsOnTheDiBoundary() {
        // The openapi.yaml example: likert D 4.25, I 3.75, S 2.5, C 2.0; normalized 81.3, 68.8, 37.5, 25.0; type12 DI.
        // raw 5 4 3 3 | 4 4 2 1 | 4 3 3 2 | 2 2 4
        // keyed: D 5,4,4,(6-2=4) = 17 -> 4.25; I 4,4,3,(6-2=4) = 15 -> 3.75; S 3,2,3,(6-4=2) = 10 -> 2.5; C 3,1,2 -> 2.0
        // normalized 81.25 -> 81.3 high; 68.75 -> 68.8 moderate (< 70); 37.5 low; 25.0 low; primary D, secondary I
        // (x, y) = (68.75 + 37.5 - 81.25 - 25, 81.25 + 68.75 - 37.5 - 25) = (0, 87.5) -> exactly 90 -> DI
        //   (naive cos/sin unit vectors give x = -3.6e-15 here: the exact unit vectors keep the boundary exact)
        // L = 3 (2,2,2 at 12-14); sum r = 46, sum r^2 = 158, 2370 - 2116 = 254, SD = sqrt(254)/15 = 1.0625
        // INC: D |4 - 13/3| = 1/3; I |4 - 11/3| = 1/3; S |2 - 8/3| = 2/3 -> 4/9 -> 1.00 high
        int[] raw = {5, 4, 3, 3, 4, 4, 2, 1, 4, 3, 3, 2, 2, 2, 4};
        assertQuality(raw, 3, 1.0625, 4.0 / 9);
        expect(score(raw), "D", "I", "DI",
                new double[]{4.25, 3.75, 2.5, 2.0}, new double[]{81.3, 68.8, 37.5, 25.0}, "high moderate low low",
                1.0, "high");
    }

    @Test
    void opposedDimensionsTiedCancelOutToPrimaryTwice() {
        // raw 4 2 4 2 | 4 2 4 2 | 4 2 4 2 | 2 4 2
        // keyed: D 4,4,4,(6-2=4) -> 4.0; I 2,2,2,(6-4=2) -> 2.0; S 4,4,4,(6-2=4) -> 4.0; C 2,2,2 -> 2.0
        // normalized 75 high, 25 low, 75 high, 25 low; primary D (tie with S), secondary S
        // (x, y) = (25 + 75 - 75 - 25, 75 + 25 - 75 - 25) = (0, 0) -> no direction -> DD
        // L = 2 (2,2 at 12-13); seven 4s and eight 2s: sum r = 44, sum r^2 = 144, 2160 - 1936 = 224,
        //   SD = sqrt(224)/15 = 0.9978 (>= .8, no penalty); INC = 0 -> 1.00 high
        int[] raw = {4, 2, 4, 2, 4, 2, 4, 2, 4, 2, 4, 2, 2, 4, 2};
        assertQuality(raw, 2, 0.9978, 0.0);
        expect(score(raw), "D", "S", "DD",
                new double[]{4.0, 2.0, 4.0, 2.0}, new double[]{75.0, 25.0, 75.0, 25.0}, "high low high low",
                1.0, "high");
    }

    @Test
    void standardDeviationOfExactlyPointEightIsNotPenalised() {
        // raw 3 3 3 5 | 3 3 3 5 | 3 3 3 5 | 3 3 3  (the three C items at 5, everything else 3)
        // keyed: D 3,3,3,3 -> 3.0; I 3.0; S 3.0; C 5.0; normalized 50, 50, 50, 100
        // primary C, secondary D (three-way tie); (x, y) = (50 + 50 - 50 - 100, 50 + 50 - 50 - 100) = (-50, -50) -> 225 -> CC
        // L = 3; sum r = 51, sum r^2 = 183, 2745 - 2601 = 144, SD = 12/15 = 0.8 exactly: not < .8 -> no penalty
        // INC = 0 -> 1.00 high
        int[] raw = {3, 3, 3, 5, 3, 3, 3, 5, 3, 3, 3, 5, 3, 3, 3};
        assertQuality(raw, 3, 0.8, 0.0);
        expect(score(raw), "C", "D", "CC",
                new double[]{3.0, 3.0, 3.0, 5.0}, new double[]{50.0, 50.0, 50.0, 100.0}, "moderate moderate moderate high",
                1.0, "high");
    }

    @Test
    void standardDeviationBelowPointEightCostsATenth() {
        // raw 3 4 3 2 | 3 4 3 2 | 3 4 3 2 | 4 2 3  (seven 3s, four 4s, four 2s)
        // keyed: D 3,3,3,(6-4=2) = 11 -> 2.75; I 4,4,4,(6-2=4) = 16 -> 4.0; S 3,3,3,(6-3=3) -> 3.0; C 2,2,2 -> 2.0
        // normalized 43.75 -> 43.8 moderate, 75.0 high, 50.0 moderate, 25.0 low; primary I, secondary S
        // (x, y) = (75 + 50 - 43.75 - 25, 43.75 + 75 - 50 - 25) = (56.25, 43.75) -> atan(0.778) = 37.9 -> II
        // L = 1; sum r = 45, sum r^2 = 143, 2145 - 2025 = 120, SD = sqrt(120)/15 = 0.7303 -> .10
        // INC: D |2 - 3| = 1; I 0; S 0 -> 1/3 -> 0; 1 - .10 = 0.90 high
        int[] raw = {3, 4, 3, 2, 3, 4, 3, 2, 3, 4, 3, 2, 4, 2, 3};
        assertQuality(raw, 1, 0.7303, 1.0 / 3);
        expect(score(raw), "I", "S", "II",
                new double[]{2.75, 4.0, 3.0, 2.0}, new double[]{43.8, 75.0, 50.0, 25.0}, "moderate high moderate low",
                0.9, "high");
    }

    @Test
    void lowVariabilityWithoutStraightLining() {
        // raw 3 4 3 4 | 3 4 3 4 | 3 4 3 4 | 3 4 3  (alternating, eight 3s and seven 4s)
        // keyed: D 3,3,3,3 -> 3.0; I 4,4,4,(6-4=2) = 14 -> 3.5; S 3.0; C 4,4,4 -> 4.0
        // normalized 50 moderate, 62.5 moderate, 50 moderate, 75 high; primary C, secondary I
        // (x, y) = (62.5 + 50 - 50 - 75, 50 + 62.5 - 50 - 75) = (-12.5, -12.5) -> 225 -> CC
        // L = 1; sum r = 52, sum r^2 = 184, 2760 - 2704 = 56, SD = sqrt(56)/15 = 0.4989 < .5 -> .30
        // INC: D 0; I |2 - 4| = 2; S 0 -> 2/3 -> 0; 1 - .30 = 0.70 moderate; flag low_variability
        int[] raw = {3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3};
        assertQuality(raw, 1, 0.4989, 2.0 / 3);
        expect(score(raw), "C", "I", "CC",
                new double[]{3.0, 3.5, 3.0, 4.0}, new double[]{50.0, 62.5, 50.0, 75.0}, "moderate moderate moderate high",
                0.7, "moderate", "low_variability");
    }

    @Test
    void tenIdenticalInARowIsFlaggedAndNotHighReliability() {
        // raw 5 1 5 1 | 1 3 3 3 | 3 3 3 3 | 3 3 3  (positions 6-15 all 3)
        // keyed: D 5,1,3,(6-3=3) = 12 -> 3.0; I 1,3,3,3 = 10 -> 2.5; S 5,3,3,3 = 14 -> 3.5; C 1,3,3 = 7 -> 2.333 -> 2.33
        // normalized 50.0 moderate, 37.5 low, 62.5 moderate, 33.333 -> 33.3 low; primary S, secondary D
        // (x, y) = (37.5 + 62.5 - 50 - 33.333, 50 + 37.5 - 62.5 - 33.333) = (16.667, -8.333)
        //   -> 360 - atan(0.5) = 333.4 -> SI (secondary D is opposite S, so the blend goes towards I)
        // L = 10 -> min(.50, 5 * .06) = .30; sum r = 43, sum r^2 = 143, 2145 - 1849 = 296, SD = 1.1470 -> 0
        // INC: D |3 - 9/3| = 0; I |3 - 7/3| = 2/3; S |3 - 11/3| = 2/3 -> 4/9 -> 0
        // 1 - .30 = 0.70 moderate; flag straight_lining (the brief's .05 slope gave 0.75 = high here)
        int[] raw = {5, 1, 5, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
        assertQuality(raw, 10, 1.1470, 4.0 / 9);
        expect(score(raw), "S", "D", "SI",
                new double[]{3.0, 2.5, 3.5, 2.33}, new double[]{50.0, 37.5, 62.5, 33.3}, "moderate low moderate low",
                0.7, "moderate", "straight_lining");
    }

    // ---------------------------------------------------------------- reverse-keyed inconsistency

    @Test
    void agreeingWithItemsAndTheirReversesIsInconsistent() {
        // raw 5 4 4 2 | 5 5 4 3 | 4 5 5 1 | 5 5 4  (agrees with "I take charge" AND "I let others set goals", ...)
        // keyed: D 5,5,4,(6-5=1) = 15 -> 3.75; I 4,5,5,(6-5=1) = 15 -> 3.75; S 4,4,5,(6-4=2) = 15 -> 3.75;
        //        C 2,3,1 = 6 -> 2.0
        // normalized 68.75 -> 68.8 moderate (x3), 25.0 low; primary D (three-way tie), secondary I
        // (x, y) = (68.75 + 68.75 - 68.75 - 25, 68.75 + 68.75 - 68.75 - 25) = (43.75, 43.75) -> 45 -> II
        // L = 2; sum r = 61, sum r^2 = 269, 4035 - 3721 = 314, SD = 1.1813 -> 0
        // INC: D |1 - 14/3| = 11/3; I |1 - 14/3| = 11/3; S |2 - 13/3| = 7/3 -> 29/9 = 3.222
        //   -> min(.40, (29/9 - 1) * .30 = .667) = .40; 1 - .40 = 0.60 moderate; flag inconsistent_responses
        int[] raw = {5, 4, 4, 2, 5, 5, 4, 3, 4, 5, 5, 1, 5, 5, 4};
        assertQuality(raw, 2, 1.1813, 29.0 / 9);
        expect(score(raw), "D", "I", "II",
                new double[]{3.75, 3.75, 3.75, 2.0}, new double[]{68.8, 68.8, 68.8, 25.0}, "moderate moderate moderate low",
                0.6, "moderate", "inconsistent_responses");
    }

    @Test
    void inconsistencyOfExactlyTwoIsFlaggedAndModerate() {
        // raw 4 2 3 5 | 4 2 3 1 | 4 2 3 3 | 4 2 5
        // keyed: D 4,4,4,(6-4=2) = 14 -> 3.5; I 2,2,2,(6-2=4) = 10 -> 2.5; S 3,3,3,(6-5=1) = 10 -> 2.5; C 5,1,3 -> 3.0
        // normalized 62.5 moderate, 37.5 low, 37.5 low, 50.0 moderate; primary D, secondary C
        // (x, y) = (37.5 + 37.5 - 62.5 - 50, 62.5 + 37.5 - 37.5 - 50) = (-37.5, 12.5) -> 180 - 18.4 = 161.6 -> DC
        // L = 2 (3,3 at 11-12); sum r = 47, sum r^2 = 167, 2505 - 2209 = 296, SD = 1.1470 -> 0
        // INC: D |2 - 4| = 2; I |4 - 2| = 2; S |1 - 3| = 2 -> exactly 2 -> (2 - 1) * .30 = .30
        // 0.70 moderate; flag inconsistent_responses (the brief's .20 slope gave 0.80 = high here)
        int[] raw = {4, 2, 3, 5, 4, 2, 3, 1, 4, 2, 3, 3, 4, 2, 5};
        assertQuality(raw, 2, 1.1470, 2.0);
        expect(score(raw), "D", "C", "DC",
                new double[]{3.5, 2.5, 2.5, 3.0}, new double[]{62.5, 37.5, 37.5, 50.0}, "moderate low low moderate",
                0.7, "moderate", "inconsistent_responses");
    }

    // ---------------------------------------------------------------- remaining blend sectors

    @Test
    void influenceWithDominanceInIdSector() {
        // raw 5 5 2 1 | 4 5 3 3 | 4 5 2 2 | 3 1 3
        // keyed: D 5,4,4,(6-3=3) = 16 -> 4.0; I 5,5,5,(6-1=5) = 20 -> 5.0; S 2,3,2,(6-3=3) = 10 -> 2.5; C 1,3,2 -> 2.0
        // normalized 75 high, 100 high, 37.5 low, 25 low; primary I, secondary D
        // (x, y) = (100 + 37.5 - 75 - 25, 75 + 100 - 37.5 - 25) = (37.5, 112.5) -> atan(3) = 71.6 -> ID
        // L = 2; sum r = 48, sum r^2 = 182, 2730 - 2304 = 426, SD = sqrt(426)/15 = 1.3760
        // INC: D |3 - 13/3| = 4/3; I 0; S |3 - 7/3| = 2/3 -> 2/3 -> 1.00 high
        int[] raw = {5, 5, 2, 1, 4, 5, 3, 3, 4, 5, 2, 2, 3, 1, 3};
        assertQuality(raw, 2, 1.3760, 2.0 / 3);
        expect(score(raw), "I", "D", "ID",
                new double[]{4.0, 5.0, 2.5, 2.0}, new double[]{75.0, 100.0, 37.5, 25.0}, "high high low low",
                1.0, "high");
    }

    @Test
    void pureSteadinessWithSecondaryTieInSsSector() {
        // raw 2 3 5 3 | 2 4 5 4 | 2 2 5 2 | 4 3 1
        // keyed: D 2,2,2,(6-4=2) = 8 -> 2.0; I 3,4,2,(6-3=3) = 12 -> 3.0; S 5,5,5,(6-1=5) -> 5.0; C 3,4,2 = 9 -> 3.0
        // normalized 25 low, 50 moderate, 100 high, 50 moderate; primary S, secondary I (tie with C, I first)
        // (x, y) = (50 + 100 - 25 - 50, 25 + 50 - 100 - 50) = (75, -75) -> 315 -> SS
        // L = 2; sum r = 47, sum r^2 = 171, 2565 - 2209 = 356, SD = sqrt(356)/15 = 1.2579; INC = 0 -> 1.00 high
        int[] raw = {2, 3, 5, 3, 2, 4, 5, 4, 2, 2, 5, 2, 4, 3, 1};
        assertQuality(raw, 2, 1.2579, 0.0);
        expect(score(raw), "S", "I", "SS",
                new double[]{2.0, 3.0, 5.0, 3.0}, new double[]{25.0, 50.0, 100.0, 50.0}, "low moderate high moderate",
                1.0, "high");
    }

    @Test
    void conscientiousnessWithSteadinessInCsSector() {
        // raw 2 1 5 5 | 2 2 4 5 | 2 1 5 5 | 4 4 2
        // keyed: D 2,2,2,(6-4=2) -> 2.0; I 1,2,1,(6-4=2) = 6 -> 1.5; S 5,4,5,(6-2=4) = 18 -> 4.5; C 5,5,5 -> 5.0
        // normalized 25 low, 12.5 low, 87.5 high, 100 high; primary C, secondary S
        // (x, y) = (12.5 + 87.5 - 25 - 100, 25 + 12.5 - 87.5 - 100) = (-25, -150) -> 180 + atan(6) = 260.5 -> CS
        // L = 2; sum r = 49, sum r^2 = 195, 2925 - 2401 = 524, SD = sqrt(524)/15 = 1.5261
        // INC: D 0; I |2 - 4/3| = 2/3; S |4 - 14/3| = 2/3 -> 4/9 -> 1.00 high
        int[] raw = {2, 1, 5, 5, 2, 2, 4, 5, 2, 1, 5, 5, 4, 4, 2};
        assertQuality(raw, 2, 1.5261, 4.0 / 9);
        expect(score(raw), "C", "S", "CS",
                new double[]{2.0, 1.5, 4.5, 5.0}, new double[]{25.0, 12.5, 87.5, 100.0}, "low low high high",
                1.0, "high");
    }

    @Test
    void answerOrderDoesNotMatter() {
        int[] raw = {5, 3, 2, 3, 4, 4, 2, 2, 5, 3, 1, 3, 1, 3, 4};
        List<Answer> shuffled = new ArrayList<>(answers(raw));
        Collections.shuffle(shuffled, new Random(7));
        assertEquals(score(raw), DiscScoring.score(bank, shuffled));
    }

    // ---------------------------------------------------------------- fromMeans

    @Test
    void fromMeansCoversEverySectorByHand() {
        // x = 25 * (I + S - D - C), y = 25 * (D + I - S - C); written below in mean units (X, Y) = (x, y) / 25.
        //             D    I    S    C       (X, Y)   theta    type12 primary secondary
        fromMeansCase(1.0, 3.5, 2.5, 1.0, "IS", "I", "S");   // ( 4,  1)  14.0
        fromMeansCase(2.0, 4.0, 2.0, 3.0, "II", "I", "C");   // ( 1,  1)  45.0
        fromMeansCase(2.5, 3.5, 1.0, 1.0, "ID", "I", "D");   // ( 1,  4)  76.0
        fromMeansCase(3.5, 2.5, 1.0, 1.0, "DI", "D", "I");   // (-1,  4) 104.0
        fromMeansCase(3.0, 1.0, 2.0, 1.0, "DD", "D", "S");   // (-1,  1) 135.0
        fromMeansCase(3.5, 1.0, 1.0, 2.5, "DC", "D", "C");   // (-4,  1) 166.0
        fromMeansCase(2.5, 1.0, 1.0, 3.5, "CD", "C", "D");   // (-4, -1) 194.0
        fromMeansCase(1.0, 1.0, 1.0, 2.0, "CC", "C", "D");   // (-1, -1) 225.0; secondary: D = I = S tie -> D
        fromMeansCase(1.0, 1.0, 2.5, 3.5, "CS", "C", "S");   // (-1, -4) 256.0
        fromMeansCase(1.0, 1.0, 3.5, 2.5, "SC", "S", "C");   // ( 1, -4) 284.0
        fromMeansCase(1.0, 1.0, 2.0, 1.0, "SS", "S", "D");   // ( 1, -1) 315.0; secondary: D = I = C tie -> D
        fromMeansCase(1.0, 2.5, 3.5, 1.0, "SI", "S", "I");   // ( 4, -1) 346.0
    }

    @Test
    void fromMeansFillsEveryFieldWithFullReliability() {
        // D 2.125: likert half-up 2.13; normalized 1.125 * 25 = 28.125 -> 28.1 low
        // I 1.25: likert 1.25; normalized 6.25 -> half-up 6.3 low
        // S 2.5984: likert 2.60; normalized 1.5984 * 25 = 39.96 -> 40.0 -> moderate (the band follows the reported score)
        // C 3.7984: likert 3.80; normalized 69.96 -> 70.0 -> high
        // primary C, secondary S; (X, Y) = (1.25 + 2.5984 - 2.125 - 3.7984, 2.125 + 1.25 - 2.5984 - 3.7984)
        //   = (-2.075, -3.0218) -> 180 + atan(1.456) = 235.5 -> CC
        Map<String, Double> means = means(2.125, 1.25, 2.5984, 3.7984);
        DiscResult mock = DiscScoring.fromMeans(means, true);
        assertSchemaValid(mock);
        assertEquals("C", mock.getPrimaryType().toString());
        assertEquals("S", mock.getSecondaryType().toString());
        assertEquals("CC", mock.getType12());
        assertEquals(List.of(2.13, 1.25, 2.6, 3.8), List.of(mock.getLikertScores().getD(), mock.getLikertScores().getI(),
                mock.getLikertScores().getS(), mock.getLikertScores().getC()));
        assertEquals(List.of(28.1, 6.3, 40.0, 70.0), List.of(mock.getNormalizedScores().getD(), mock.getNormalizedScores().getI(),
                mock.getNormalizedScores().getS(), mock.getNormalizedScores().getC()));
        assertEquals("low low moderate high", mock.getBands().getD() + " " + mock.getBands().getI() + " "
                + mock.getBands().getS() + " " + mock.getBands().getC());
        assertEquals(1.0, mock.getReliabilityScore());
        assertEquals("high", mock.getReliabilityLevel().toString());
        assertEquals(List.of(), mock.getQualityFlags());
        assertEquals(Boolean.TRUE, mock.getMock());
        assertEquals(Boolean.FALSE, DiscScoring.fromMeans(means, false).getMock());
    }

    @Test
    void fromMeansRejectsBadMeans() {
        assertThrows(IllegalArgumentException.class, () -> DiscScoring.fromMeans(null, true));
        assertThrows(IllegalArgumentException.class, () -> DiscScoring.fromMeans(Map.of("D", 3.0, "I", 3.0, "S", 3.0), true));
        assertThrows(IllegalArgumentException.class, () -> DiscScoring.fromMeans(
                Map.of("D", 3.0, "I", 3.0, "S", 3.0, "C", 3.0, "X", 3.0), true));
        for (double bad : new double[]{0.99, 5.01, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThrows(IllegalArgumentException.class, () -> DiscScoring.fromMeans(means(3.0, bad, 3.0, 3.0), true));
        }
        Map<String, Double> withNull = new LinkedHashMap<>(means(3.0, 3.0, 3.0, 3.0));
        withNull.put("S", null);
        assertThrows(IllegalArgumentException.class, () -> DiscScoring.fromMeans(withNull, true));
        // the range ends are fine
        assertEquals("DD", DiscScoring.fromMeans(means(1.0, 1.0, 1.0, 1.0), true).getType12());
        assertEquals("DD", DiscScoring.fromMeans(means(5.0, 5.0, 5.0, 5.0), true).getType12());
    }

    @Test
    void fromMeansAgreesWithScoreForTheSameMeans() {
        // the contract example: keyed sums D 17, I 15, S 10, C 6 -> means 17/4, 15/4, 10/4, 6/3
        int[] raw = {5, 4, 3, 3, 4, 4, 2, 1, 4, 3, 3, 2, 2, 2, 4};
        assertSameDerivedFields(score(raw), DiscScoring.fromMeans(means(17 / 4.0, 15 / 4.0, 10 / 4.0, 6 / 3.0), false));
        // thirds for C: keyed sums D 12, I 10, S 14, C 7 -> C = 7/3
        int[] thirds = {5, 1, 5, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
        assertSameDerivedFields(score(thirds), DiscScoring.fromMeans(means(12 / 4.0, 10 / 4.0, 14 / 4.0, 7 / 3.0), false));
    }

    // ---------------------------------------------------------------- properties over random answer sets

    @Test
    void propertiesHoldOverTenThousandSeededRandomAnswerSets() {
        Random random = new Random(20240611L);
        Set<String> labels = new TreeSet<>();
        Set<String> flagsSeen = new TreeSet<>();
        Set<String> levels = new TreeSet<>();
        for (int n = 0; n < 10_000; n++) {
            int[] raw = randomPattern(random, n % 4);
            DiscResult r = DiscScoring.score(bank, answers(raw));
            String context = "pattern " + java.util.Arrays.toString(raw) + " -> " + r;

            // the contract's schema (ranges, pattern, enums, additionalProperties false)
            ValidationReport report = validate(MAPPER.valueToTree(r));
            if (report.hasErrors()) {
                fail("schema: " + report.getMessages() + "\n" + context);
            }

            // type12 only pairs neighbours, and never starts at the primary's opposite
            String t = r.getType12();
            labels.add(t);
            assertFalse(t.contains("D") && t.contains("S"), context);
            assertFalse(t.contains("I") && t.contains("C"), context);
            assertNotEquals(opposite(r.getPrimaryType().toString()), t.substring(0, 1), context);

            // means recomputed here, independently of the code under test
            double[] means = keyedMeans(raw);
            double[] likert = {r.getLikertScores().getD(), r.getLikertScores().getI(), r.getLikertScores().getS(), r.getLikertScores().getC()};
            double[] normalized = {r.getNormalizedScores().getD(), r.getNormalizedScores().getI(),
                    r.getNormalizedScores().getS(), r.getNormalizedScores().getC()};
            String[] bands = {r.getBands().getD().toString(), r.getBands().getI().toString(),
                    r.getBands().getS().toString(), r.getBands().getC().toString()};
            for (int d = 0; d < 4; d++) {
                assertEquals(means[d], likert[d], 0.005 + 1e-9, context);
                assertEquals((means[d] - 1) * 25, normalized[d], 0.05 + 1e-9, context);
                assertEquals(normalized[d] >= 70 ? "high" : normalized[d] >= 40 ? "moderate" : "low", bands[d], context);
            }
            int primary = "DISC".indexOf(r.getPrimaryType().toString());
            int secondary = "DISC".indexOf(r.getSecondaryType().toString());
            assertNotEquals(primary, secondary, context);
            for (int d = 0; d < 4; d++) {
                if (d != primary) {
                    assertTrue(means[primary] > means[d] || (means[primary] == means[d] && primary < d), context);
                }
                if (d != primary && d != secondary) {
                    assertTrue(means[secondary] > means[d] || (means[secondary] == means[d] && secondary < d), context);
                }
            }

            // type12 against a textbook cos/sin computation, away from the sector boundaries
            double x = 0;
            double y = 0;
            double[] angles = {135, 45, 315, 225};
            for (int d = 0; d < 4; d++) {
                x += (means[d] - 1) / 4 * 100 * Math.cos(Math.toRadians(angles[d]));
                y += (means[d] - 1) / 4 * 100 * Math.sin(Math.toRadians(angles[d]));
            }
            if (Math.hypot(x, y) < 1e-6) {
                assertEquals(r.getPrimaryType().toString().repeat(2), t, context);
            } else {
                double theta = (Math.toDegrees(Math.atan2(y, x)) + 360) % 360;
                String[] sectors = {"IS", "II", "ID", "DI", "DD", "DC", "CD", "CC", "CS", "SC", "SS", "SI"};
                double nearest = Math.round(theta / 30) * 30;
                if (Math.abs(theta - nearest) > 1e-6) {
                    assertEquals(sectors[(int) (theta / 30) % 12], t, context);
                } else {
                    // exactly on a boundary (only 0, 90, 180, 270 are reachable): the sector that starts there
                    assertEquals(sectors[(int) (nearest / 30) % 12], t, context);
                }
            }

            // reliability: 2 decimals within [0, 1], level from the score, flags sorted and known
            double rel = r.getReliabilityScore();
            assertTrue(rel >= 0 && rel <= 1, context);
            assertEquals(rel, Math.round(rel * 100) / 100.0, 1e-12, context);
            assertEquals(rel >= 0.75 ? "high" : rel >= 0.5 ? "moderate" : "low", r.getReliabilityLevel().toString(), context);
            List<String> flags = r.getQualityFlags();
            assertEquals(new ArrayList<>(new TreeSet<>(flags)), flags, context);
            assertTrue(Set.of("inconsistent_responses", "low_variability", "straight_lining").containsAll(flags), context);
            if (!flags.isEmpty()) {
                assertNotEquals("high", r.getReliabilityLevel().toString(), "a flagged result is never high: " + context);
            }
            flagsSeen.addAll(flags);
            levels.add(r.getReliabilityLevel().toString());

            // determinism, and fromMeans derives the same fields from the same means
            assertEquals(r, DiscScoring.score(bank, answers(raw)), context);
            assertEquals(MAPPER.valueToTree(r), MAPPER.valueToTree(DiscScoring.score(bank, answers(raw))), context);
            assertSameDerivedFields(r, DiscScoring.fromMeans(means(means[0], means[1], means[2], means[3]), false));
        }
        // the generator reaches every label, flag and level, so the checks above were exercised
        assertEquals(Set.of("DD", "DI", "DC", "II", "ID", "IS", "SS", "SI", "SC", "CC", "CD", "CS"), labels);
        assertEquals(Set.of("inconsistent_responses", "low_variability", "straight_lining"), flagsSeen);
        assertEquals(Set.of("high", "moderate", "low"), levels);
    }

    @Test
    void schemaValidatorRejectsOutOfContractResults() {
        // proves the validator used above is live: extra members and out-of-range values fail
        ObjectNode json = MAPPER.valueToTree(DiscScoring.fromMeans(means(3.0, 3.0, 3.0, 3.0), false));
        assertFalse(validate(json).hasErrors(), () -> validate(json).getMessages().toString());
        ObjectNode extra = json.deepCopy();
        extra.put("extra", 1);
        assertTrue(validate(extra).hasErrors());
        ObjectNode range = json.deepCopy();
        ((ObjectNode) range.get("normalizedScores")).put("D", 100.1);
        assertTrue(validate(range).hasErrors());
        ObjectNode label = json.deepCopy();
        label.put("type12", "DX");
        assertTrue(validate(label).hasErrors());
    }

    // ---------------------------------------------------------------- input guards and the engine

    @Test
    void answersThatCannotBeScoredAreRejected() {
        int[] raw = {5, 3, 2, 3, 4, 4, 2, 2, 5, 3, 1, 3, 1, 3, 4};
        List<Answer> missing = new ArrayList<>(answers(raw));
        missing.remove(3);
        assertInvalid(missing);
        List<Answer> duplicate = new ArrayList<>(answers(raw));
        duplicate.add(duplicate.get(0));
        assertInvalid(duplicate);
        List<Answer> unknown = new ArrayList<>(answers(raw));
        unknown.add(new Answer("disc_99", "D", 3));
        assertInvalid(unknown);
        for (int bad : new int[]{0, 6}) {
            List<Answer> range = new ArrayList<>(answers(raw));
            range.set(4, new Answer(range.get(4).questionId(), "D", bad));
            assertInvalid(range);
        }
        List<Answer> dimension = new ArrayList<>(answers(raw));
        dimension.set(0, new Answer(dimension.get(0).questionId(), "I", 5));
        assertInvalid(dimension);
        assertInvalid(null);
        // dimension may be absent
        List<Answer> noDimension = new ArrayList<>();
        for (Answer a : answers(raw)) {
            noDimension.add(new Answer(a.questionId(), null, a.response()));
        }
        assertEquals(score(raw), DiscScoring.score(bank, noDimension));
    }

    @Test
    void aBankOnAnotherScaleIsAnEngineError() {
        QuestionBank sevenPoint = new QuestionBank(bank.type(), bank.version(), bank.language(), bank.instructions(),
                new QuestionBank.ResponseFormat("likert7", 1, 7, List.of()), bank.items());
        ScoringException e = assertThrows(ScoringException.class,
                () -> DiscScoring.score(sevenPoint, answers(3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)));
        assertEquals(ScoringException.ENGINE_ERROR, e.code());
    }

    @Test
    void engineReturnsTheContractJson() {
        DiscScoringEngine engine = new DiscScoringEngine(MAPPER);
        assertEquals("disc", engine.type());
        int[] raw = {5, 4, 3, 3, 4, 4, 2, 1, 4, 3, 3, 2, 2, 2, 4};
        JsonNode json = engine.score(new ScoringEngine.ScoringRequest(bank, answers(raw), "org_test", java.util.Map.of()));
        Set<String> names = new HashSet<>();
        json.fieldNames().forEachRemaining(names::add);
        assertEquals(Set.of("kind", "primaryType", "secondaryType", "type12", "likertScores", "normalizedScores", "bands",
                "reliabilityScore", "reliabilityLevel", "qualityFlags", "mock"), names);
        assertEquals("disc", json.get("kind").asText());
        assertEquals("DI", json.get("type12").asText());
        assertEquals(81.3, json.get("normalizedScores").get("D").asDouble());
        assertEquals(4.25, json.get("likertScores").get("D").asDouble());
        assertEquals("moderate", json.get("bands").get("I").asText());
        assertFalse(json.get("mock").asBoolean());
        assertTrue(json.get("qualityFlags").isArray());
        assertFalse(validate(json).hasErrors(), () -> validate(json).getMessages().toString());
    }

    @Test
    void engineTurnsAnUnexpectedFailureIntoAnEngineError() {
        List<BankItem> items = new ArrayList<>(bank.items());
        items.set(0, null);
        QuestionBank broken = new QuestionBank(bank.type(), bank.version(), bank.language(), bank.instructions(),
                bank.responseFormat(), items);
        ScoringException e = assertThrows(ScoringException.class,
                () -> new DiscScoringEngine(MAPPER).score(new ScoringEngine.ScoringRequest(broken, answers(3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3), "org_test", java.util.Map.of())));
        assertEquals(ScoringException.ENGINE_ERROR, e.code());
        ScoringException invalid = assertThrows(ScoringException.class,
                () -> new DiscScoringEngine(MAPPER).score(new ScoringEngine.ScoringRequest(bank, List.of(), "org_test", java.util.Map.of())));
        assertEquals(ScoringException.INVALID_RESPONSES, invalid.code());
    }

    // ---------------------------------------------------------------- helpers

    private static void fromMeansCase(double d, double i, double s, double c, String type12, String primary, String secondary) {
        DiscResult r = DiscScoring.fromMeans(means(d, i, s, c), true);
        assertSchemaValid(r);
        String context = "means " + d + " " + i + " " + s + " " + c;
        assertEquals(type12, r.getType12(), context);
        assertEquals(primary, r.getPrimaryType().toString(), context);
        assertEquals(secondary, r.getSecondaryType().toString(), context);
    }

    private static Map<String, Double> means(double d, double i, double s, double c) {
        Map<String, Double> means = new LinkedHashMap<>();
        means.put("D", d);
        means.put("I", i);
        means.put("S", s);
        means.put("C", c);
        return means;
    }

    /** Keyed means D, I, S, C of a bank-order pattern, computed here from the bank layout. */
    private static double[] keyedMeans(int[] raw) {
        double[] sum = new double[4];
        int[] count = new int[4];
        for (int k = 0; k < raw.length; k++) {
            BankItem item = bank.items().get(k);
            int d = "DISC".indexOf(item.dimension());
            sum[d] += item.reverseKeyed() ? 6 - raw[k] : raw[k];
            count[d]++;
        }
        return new double[]{sum[0] / count[0], sum[1] / count[1], sum[2] / count[2], sum[3] / count[3]};
    }

    private static String opposite(String dimension) {
        return switch (dimension) {
            case "D" -> "S";
            case "S" -> "D";
            case "I" -> "C";
            default -> "I";
        };
    }

    /**
     * Mode 0: uniform 1..5; 1: a profile (a level per dimension, +-1 noise, reverse items answered
     * consistently); 2: straight-lining with a few random deviations; 3: acquiescent (4s and 5s).
     */
    private static int[] randomPattern(Random random, int mode) {
        int[] raw = new int[15];
        int[] level = {1 + random.nextInt(5), 1 + random.nextInt(5), 1 + random.nextInt(5), 1 + random.nextInt(5)};
        int constant = 1 + random.nextInt(5);
        for (int k = 0; k < 15; k++) {
            BankItem item = bank.items().get(k);
            raw[k] = switch (mode) {
                case 0 -> 1 + random.nextInt(5);
                case 1 -> {
                    int value = Math.max(1, Math.min(5, level["DISC".indexOf(item.dimension())] + random.nextInt(3) - 1));
                    yield item.reverseKeyed() ? 6 - value : value;
                }
                case 2 -> random.nextInt(5) == 0 ? 1 + random.nextInt(5) : constant;
                default -> 4 + random.nextInt(2);
            };
        }
        return raw;
    }

    private static void assertSameDerivedFields(DiscResult scored, DiscResult fromMeans) {
        DiscResult comparable = fromMeans.reliabilityScore(scored.getReliabilityScore())
                .reliabilityLevel(scored.getReliabilityLevel()).qualityFlags(scored.getQualityFlags()).mock(scored.getMock());
        assertEquals(scored, comparable);
    }

    private static void assertInvalid(List<Answer> answers) {
        ScoringException e = assertThrows(ScoringException.class, () -> DiscScoring.score(bank, answers));
        assertEquals(ScoringException.INVALID_RESPONSES, e.code());
    }

    private static List<Answer> answers(int... raw) {
        assertEquals(15, raw.length, "15 responses in bank order");
        List<Answer> answers = new ArrayList<>();
        for (int k = 0; k < raw.length; k++) {
            BankItem item = bank.items().get(k);
            answers.add(new Answer(item.id(), item.dimension(), raw[k]));
        }
        return answers;
    }

    private static DiscResult score(int... raw) {
        DiscResult result = DiscScoring.score(bank, answers(raw));
        assertSchemaValid(result);
        return result;
    }

    private static void assertQuality(int[] raw, int longstring, double sd, double inconsistency) {
        DiscScoring.Reliability q = DiscScoring.Reliability.of(bank.items(), raw);
        assertEquals(longstring, q.longstring(), "longstring");
        assertEquals(sd, q.sd(), 1e-4, "sd");
        assertEquals(inconsistency, q.inconsistency(), 1e-12, "inconsistency");
    }

    private static void expect(DiscResult r, String primary, String secondary, String type12, double[] likert,
                               double[] normalized, String bands, double reliability, String level, String... flags) {
        assertEquals(DiscResult.KindEnum.DISC, r.getKind());
        assertEquals(primary, r.getPrimaryType().toString(), "primaryType");
        assertEquals(secondary, r.getSecondaryType().toString(), "secondaryType");
        assertEquals(type12, r.getType12(), "type12");
        assertEquals(List.of(likert[0], likert[1], likert[2], likert[3]), List.of(r.getLikertScores().getD(),
                r.getLikertScores().getI(), r.getLikertScores().getS(), r.getLikertScores().getC()), "likertScores D I S C");
        assertEquals(List.of(normalized[0], normalized[1], normalized[2], normalized[3]), List.of(r.getNormalizedScores().getD(),
                r.getNormalizedScores().getI(), r.getNormalizedScores().getS(), r.getNormalizedScores().getC()), "normalizedScores D I S C");
        assertEquals(bands, r.getBands().getD() + " " + r.getBands().getI() + " " + r.getBands().getS() + " " + r.getBands().getC(), "bands D I S C");
        assertEquals(reliability, r.getReliabilityScore(), "reliabilityScore");
        assertEquals(level, r.getReliabilityLevel().toString(), "reliabilityLevel");
        assertEquals(List.of(flags), r.getQualityFlags(), "qualityFlags");
        assertEquals(Boolean.FALSE, r.getMock());
    }

    private static void assertSchemaValid(DiscResult result) {
        ValidationReport report = validate(MAPPER.valueToTree(result));
        assertFalse(report.hasErrors(), () -> "not a valid DiscResult: " + report.getMessages() + "\n" + result);
    }

    private static ValidationReport validate(JsonNode json) {
        return schemaValidator.validate(json.toString(), DISC_RESULT, "response.body");
    }
}
