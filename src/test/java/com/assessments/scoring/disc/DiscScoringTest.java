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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * DISC scoring rules (see docs/scoring-disc.html). Every expected value of a fixed pattern below was
 * worked out by hand in the comment above it, never by calling the code under test.
 *
 * <p>Bank 2.0.0 order (positions 1..15): D1 I1 S1 C1 D2 I2 S2 C- D3 I3 S3 C3 D- I- S-, where "-" marks the
 * reverse-keyed item of each dimension (keyed = 6 - raw). Patterns are written in that order (several were
 * written for bank 1.0.0, where position 8 was a forward C item: they answer it 6 - r now, so that C keeps
 * its keyed values). Means: D, I and S the plain mean of 4; C = 3/8 (C1 + C3) + 1/4 keyed C-. Shorthand:
 * nX = (meanX - 1) * 25; with the exact unit vectors the summed vector points along
 * (x, y) = (nI + nS - nD - nC, nD + nI - nS - nC); theta = atan2(y, x) in [0, 360); profile strength =
 * sqrt(1/2) * |(x, y)|. Sectors: IS [0,30) II [30,60) ID [60,90) DI [90,120) DD [120,150) DC [150,180)
 * CD [180,210) CC [210,240) CS [240,270) SC [270,300) SS [300,330) SI [330,360).
 * Quality: P = sum of |keyed difference| over the 21 same-dimension pairs / 21; score = clamp((2.1 - P) / 1.4)
 * - min(.50, max(0, L-5) * .06) - (SD < .5 ? .30 : SD < .8 ? .10 : 0) - min(.40, max(0, INC-1) * .30),
 * clamped to [0, 1]; SD^2 = (15 * sum r^2 - (sum r)^2) / 225; INC = mean over D, I, S, C of
 * |keyed reverse - mean keyed forward|. The expected values were computed with exact fractions outside the
 * code under test (an independent re-implementation of the documented rules) and are spelled out above
 * each assertion.
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
        assertEquals(".......R....RRR", reverse.toString());
        assertEquals("2.0.0", bank.version());
        // bank 2.0.0 replaced disc_08 (C, forward) by disc_16 (C, reverse-keyed); every other id kept its text
        assertEquals("disc_16", bank.items().get(7).id());
    }

    // ---------------------------------------------------------------- straight lines

    @Test
    void allOnes() {
        // every answer 1: all four dimensions tie (C has a reverse-keyed statement now), no direction
        // raw 1 1 1 1 | 1 1 1 1 | 1 1 1 1 | 1 1 1
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 1,1,1 rev 5 -> 2; I fwd 1,1,1 rev 5 -> 2;
        //   S fwd 1,1,1 rev 5 -> 2; C fwd 1,1 rev 5 -> 2
        // likert 2.0, 2.0, 2.0, 2.0; normalized 25 -> 25.0 low, 25 -> 25.0 low, 25 -> 25.0 low, 25 -> 25.0 low
        // primary D (tied with I, S, C), secondary I (tied with S, C)
        // (x, y) = (0.000, 0.000) -> no direction -> DD; strength sqrt(1/2) * |(x, y)| = 0.000 -> 0.0
        // P = 44/21 = 2.0952 -> base (2.1 - P) / 1.4 = 0.0034; L = 15, SD = sqrt(0)/15 = 0.0000; INC = 4
        // penalties: longstring/SD 0.80, INC 0.40 -> 0.0 low; flags inconsistent_responses, low_variability, straight_lining
        int[] raw = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        assertQuality(raw, 15, 0.0000, 4.0, 44);
        DiscResult r = score(raw);
        expect(r, "D", "I", "DD",
                new double[]{2.0, 2.0, 2.0, 2.0}, new double[]{25.0, 25.0, 25.0, 25.0}, "low low low low",
                0.0, "low", "inconsistent_responses", "low_variability", "straight_lining");
        expectProfile(r, "ISC", "SC", 0.0);
    }

    @Test
    void allThrees() {
        // every answer 3: a four-way tie, no direction, a straight line
        // raw 3 3 3 3 | 3 3 3 3 | 3 3 3 3 | 3 3 3
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 3,3,3 rev 3 -> 3; I fwd 3,3,3 rev 3 -> 3;
        //   S fwd 3,3,3 rev 3 -> 3; C fwd 3,3 rev 3 -> 3
        // likert 3.0, 3.0, 3.0, 3.0; normalized 50 -> 50.0 moderate, 50 -> 50.0 moderate, 50 -> 50.0 moderate, 50 -> 50.0 moderate
        // primary D (tied with I, S, C), secondary I (tied with S, C)
        // (x, y) = (0.000, 0.000) -> no direction -> DD; strength sqrt(1/2) * |(x, y)| = 0.000 -> 0.0
        // P = 0/21 = 0.0000 -> base (2.1 - P) / 1.4 = 1.0000; L = 15, SD = sqrt(0)/15 = 0.0000; INC = 0
        // penalties: longstring/SD 0.80, INC 0.00 -> 0.2 low; flags low_variability, straight_lining
        int[] raw = {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
        assertQuality(raw, 15, 0.0000, 0.0, 0);
        DiscResult r = score(raw);
        expect(r, "D", "I", "DD",
                new double[]{3.0, 3.0, 3.0, 3.0}, new double[]{50.0, 50.0, 50.0, 50.0}, "moderate moderate moderate moderate",
                0.2, "low", "low_variability", "straight_lining");
        expectProfile(r, "ISC", "SC", 0.0);
    }

    @Test
    void allFives() {
        // every answer 5: acquiescence no longer favours C (bank 2.0.0), a four-way tie
        // raw 5 5 5 5 | 5 5 5 5 | 5 5 5 5 | 5 5 5
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 5,5,5 rev 1 -> 4; I fwd 5,5,5 rev 1 -> 4;
        //   S fwd 5,5,5 rev 1 -> 4; C fwd 5,5 rev 1 -> 4
        // likert 4.0, 4.0, 4.0, 4.0; normalized 75 -> 75.0 high, 75 -> 75.0 high, 75 -> 75.0 high, 75 -> 75.0 high
        // primary D (tied with I, S, C), secondary I (tied with S, C)
        // (x, y) = (0.000, 0.000) -> no direction -> DD; strength sqrt(1/2) * |(x, y)| = 0.000 -> 0.0
        // P = 44/21 = 2.0952 -> base (2.1 - P) / 1.4 = 0.0034; L = 15, SD = sqrt(0)/15 = 0.0000; INC = 4
        // penalties: longstring/SD 0.80, INC 0.40 -> 0.0 low; flags inconsistent_responses, low_variability, straight_lining
        int[] raw = {5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};
        assertQuality(raw, 15, 0.0000, 4.0, 44);
        DiscResult r = score(raw);
        expect(r, "D", "I", "DD",
                new double[]{4.0, 4.0, 4.0, 4.0}, new double[]{75.0, 75.0, 75.0, 75.0}, "high high high high",
                0.0, "low", "inconsistent_responses", "low_variability", "straight_lining");
        expectProfile(r, "ISC", "SC", 0.0);
    }

    // ---------------------------------------------------------------- each dimension as primary

    @Test
    void dominantPrimaryRealisticProfileWithHighReliability() {
        // a realistic D profile, answered consistently
        // raw 5 3 2 3 | 4 4 2 4 | 5 3 1 3 | 1 3 4
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 5,4,5 rev 5 -> 19/4; I fwd 3,4,3 rev 3 -> 13/4;
        //   S fwd 2,2,1 rev 2 -> 7/4; C fwd 3,3 rev 2 -> 11/4
        // likert 4.75, 3.25, 1.75, 2.75; normalized 93.75 -> 93.8 high, 56.25 -> 56.3 moderate, 18.75 -> 18.8 low, 43.75 -> 43.8 moderate
        // primary D (tied with none), secondary I (tied with none)
        // (x, y) = (-62.500, 87.500) -> theta 125.5 -> DD; strength sqrt(1/2) * |(x, y)| = 76.035 -> 76.0
        // P = 11/21 = 0.5238 -> base (2.1 - P) / 1.4 = 1.0000; L = 2, SD = sqrt(326)/15 = 1.2037; INC = 1/2
        // penalties: longstring/SD 0.00, INC 0.00 -> 1.0 high; flags none
        int[] raw = {5, 3, 2, 3, 4, 4, 2, 4, 5, 3, 1, 3, 1, 3, 4};
        assertQuality(raw, 2, 1.2037, 1.0 / 2, 11);
        DiscResult r = score(raw);
        expect(r, "D", "I", "DD",
                new double[]{4.75, 3.25, 1.75, 2.75}, new double[]{93.8, 56.3, 18.8, 43.8}, "high moderate low moderate",
                1.0, "high");
        expectProfile(r, "", "", 76.0);
    }

    @Test
    void influencePrimaryInIsSector() {
        // I primary, leaning towards S
        // raw 2 5 4 2 | 2 4 3 5 | 2 5 4 3 | 4 2 3
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 2,2,2 rev 2 -> 2; I fwd 5,4,5 rev 4 -> 9/2;
        //   S fwd 4,3,4 rev 3 -> 7/2; C fwd 2,3 rev 1 -> 17/8
        // likert 2.0, 4.5, 3.5, 2.13; normalized 25 -> 25.0 low, 87.5 -> 87.5 high, 62.5 -> 62.5 moderate, 28.12 -> 28.1 low
        // primary I (tied with none), secondary S (tied with none)
        // (x, y) = (96.875, 21.875) -> theta 12.7 -> IS; strength sqrt(1/2) * |(x, y)| = 70.226 -> 70.2
        // P = 12/21 = 0.5714 -> base (2.1 - P) / 1.4 = 1.0000; L = 2, SD = sqrt(290)/15 = 1.1353; INC = 17/24
        // penalties: longstring/SD 0.00, INC 0.00 -> 1.0 high; flags none
        int[] raw = {2, 5, 4, 2, 2, 4, 3, 5, 2, 5, 4, 3, 4, 2, 3};
        assertQuality(raw, 2, 1.1353, 17.0 / 24, 12);
        DiscResult r = score(raw);
        expect(r, "I", "S", "IS",
                new double[]{2.0, 4.5, 3.5, 2.13}, new double[]{25.0, 87.5, 62.5, 28.1}, "low high moderate low",
                1.0, "high");
        expectProfile(r, "", "", 70.2);
    }

    @Test
    void steadinessPrimaryInScSector() {
        // S primary, leaning towards C
        // raw 1 2 5 4 | 2 2 4 1 | 1 2 5 3 | 4 4 2
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 1,2,1 rev 2 -> 3/2; I fwd 2,2,2 rev 2 -> 2;
        //   S fwd 5,4,5 rev 4 -> 9/2; C fwd 4,3 rev 5 -> 31/8
        // likert 1.5, 2.0, 4.5, 3.88; normalized 12.5 -> 12.5 low, 25 -> 25.0 low, 87.5 -> 87.5 high, 71.88 -> 71.9 high
        // primary S (tied with none), secondary C (tied with none)
        // (x, y) = (28.125, -121.875) -> theta 283.0 -> SC; strength sqrt(1/2) * |(x, y)| = 88.444 -> 88.4
        // P = 12/21 = 0.5714 -> base (2.1 - P) / 1.4 = 1.0000; L = 2, SD = sqrt(426)/15 = 1.3760; INC = 17/24
        // penalties: longstring/SD 0.00, INC 0.00 -> 1.0 high; flags none
        int[] raw = {1, 2, 5, 4, 2, 2, 4, 1, 1, 2, 5, 3, 4, 4, 2};
        assertQuality(raw, 2, 1.3760, 17.0 / 24, 12);
        DiscResult r = score(raw);
        expect(r, "S", "C", "SC",
                new double[]{1.5, 2.0, 4.5, 3.88}, new double[]{12.5, 25.0, 87.5, 71.9}, "low low high high",
                1.0, "high");
        expectProfile(r, "", "", 88.4);
    }

    @Test
    void conscientiousnessPrimaryInCdSector() {
        // C primary, leaning towards D
        // raw 4 1 3 5 | 4 2 2 1 | 4 2 3 5 | 2 3 4
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 4,4,4 rev 4 -> 4; I fwd 1,2,2 rev 3 -> 2;
        //   S fwd 3,2,3 rev 2 -> 5/2; C fwd 5,5 rev 5 -> 5
        // likert 4.0, 2.0, 2.5, 5.0; normalized 75 -> 75.0 high, 25 -> 25.0 low, 37.5 -> 37.5 low, 100 -> 100.0 high
        // primary C (tied with none), secondary D (tied with none)
        // (x, y) = (-112.500, -37.500) -> theta 198.4 -> CD; strength sqrt(1/2) * |(x, y)| = 83.853 -> 83.9
        // P = 10/21 = 0.4762 -> base (2.1 - P) / 1.4 = 1.0000; L = 2, SD = sqrt(360)/15 = 1.2649; INC = 1/2
        // penalties: longstring/SD 0.00, INC 0.00 -> 1.0 high; flags none
        int[] raw = {4, 1, 3, 5, 4, 2, 2, 1, 4, 2, 3, 5, 2, 3, 4};
        assertQuality(raw, 2, 1.2649, 1.0 / 2, 10);
        DiscResult r = score(raw);
        expect(r, "C", "D", "CD",
                new double[]{4.0, 2.0, 2.5, 5.0}, new double[]{75.0, 25.0, 37.5, 100.0}, "high low low high",
                1.0, "high");
        expectProfile(r, "", "", 83.9);
    }

    // ---------------------------------------------------------------- ties and exact boundaries

    @Test
    void tieBetweenDominanceAndInfluenceLandsOnTheNinetyDegreeBoundary() {
        // D and I tie: D fills primaryType, I is reported as tied
        // raw 4 5 2 1 | 4 4 2 4 | 4 3 2 3 | 2 2 4
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 4,4,4 rev 4 -> 4; I fwd 5,4,3 rev 4 -> 4;
        //   S fwd 2,2,2 rev 2 -> 2; C fwd 1,3 rev 2 -> 2
        // likert 4.0, 4.0, 2.0, 2.0; normalized 75 -> 75.0 high, 75 -> 75.0 high, 25 -> 25.0 low, 25 -> 25.0 low
        // primary D (tied with I), secondary I (tied with none)
        // (x, y) = (0.000, 100.000) -> theta 90.0 -> DI; strength sqrt(1/2) * |(x, y)| = 70.711 -> 70.7
        // P = 10/21 = 0.4762 -> base (2.1 - P) / 1.4 = 1.0000; L = 2, SD = sqrt(284)/15 = 1.1235; INC = 0
        // penalties: longstring/SD 0.00, INC 0.00 -> 1.0 high; flags none
        int[] raw = {4, 5, 2, 1, 4, 4, 2, 4, 4, 3, 2, 3, 2, 2, 4};
        assertQuality(raw, 2, 1.1235, 0.0, 10);
        DiscResult r = score(raw);
        expect(r, "D", "I", "DI",
                new double[]{4.0, 4.0, 2.0, 2.0}, new double[]{75.0, 75.0, 25.0, 25.0}, "high high low low",
                1.0, "high");
        expectProfile(r, "I", "", 70.7);
    }

    @Test
    void contractExampleIsReproducedAndSitsOnTheDiBoundary() {
        // the openapi.yaml example: likert D 4.25, I 3.75, S 2.5, C 2.0; normalized 81.3, 68.8, 37.5, 25.0; type12 DI
        // raw 5 4 3 2 | 4 4 2 4 | 4 3 3 2 | 2 2 4
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 5,4,4 rev 4 -> 17/4; I fwd 4,4,3 rev 4 -> 15/4;
        //   S fwd 3,2,3 rev 2 -> 5/2; C fwd 2,2 rev 2 -> 2
        // likert 4.25, 3.75, 2.5, 2.0; normalized 81.25 -> 81.3 high, 68.75 -> 68.8 moderate, 37.5 -> 37.5 low, 25 -> 25.0 low
        // primary D (tied with none), secondary I (tied with none)
        // (x, y) = (0.000, 87.500) -> theta 90.0 -> DI; strength sqrt(1/2) * |(x, y)| = 61.872 -> 61.9
        // P = 10/21 = 0.4762 -> base (2.1 - P) / 1.4 = 1.0000; L = 3, SD = sqrt(216)/15 = 0.9798; INC = 1/3
        // penalties: longstring/SD 0.00, INC 0.00 -> 1.0 high; flags none
        int[] raw = {5, 4, 3, 2, 4, 4, 2, 4, 4, 3, 3, 2, 2, 2, 4};
        assertQuality(raw, 3, 0.9798, 1.0 / 3, 10);
        DiscResult r = score(raw);
        expect(r, "D", "I", "DI",
                new double[]{4.25, 3.75, 2.5, 2.0}, new double[]{81.3, 68.8, 37.5, 25.0}, "high moderate low low",
                1.0, "high");
        expectProfile(r, "", "", 61.9);
    }

    @Test
    void opposedDimensionsTiedCancelOutToPrimaryTwice() {
        // opposite dimensions tied cancel out: no direction, primary twice
        // raw 4 2 4 2 | 4 2 4 4 | 4 2 4 2 | 2 4 2
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 4,4,4 rev 4 -> 4; I fwd 2,2,2 rev 2 -> 2;
        //   S fwd 4,4,4 rev 4 -> 4; C fwd 2,2 rev 2 -> 2
        // likert 4.0, 2.0, 4.0, 2.0; normalized 75 -> 75.0 high, 25 -> 25.0 low, 75 -> 75.0 high, 25 -> 25.0 low
        // primary D (tied with S), secondary S (tied with none)
        // (x, y) = (0.000, 0.000) -> no direction -> DD; strength sqrt(1/2) * |(x, y)| = 0.000 -> 0.0
        // P = 0/21 = 0.0000 -> base (2.1 - P) / 1.4 = 1.0000; L = 3, SD = sqrt(224)/15 = 0.9978; INC = 0
        // penalties: longstring/SD 0.00, INC 0.00 -> 1.0 high; flags none
        int[] raw = {4, 2, 4, 2, 4, 2, 4, 4, 4, 2, 4, 2, 2, 4, 2};
        assertQuality(raw, 3, 0.9978, 0.0, 0);
        DiscResult r = score(raw);
        expect(r, "D", "S", "DD",
                new double[]{4.0, 2.0, 4.0, 2.0}, new double[]{75.0, 25.0, 75.0, 25.0}, "high low high low",
                1.0, "high");
        expectProfile(r, "S", "", 0.0);
    }

    @Test
    void standardDeviationOfExactlyPointEightIsNotPenalised() {
        // SD exactly 0.8 costs nothing (exact comparison)
        // raw 3 3 3 5 | 3 3 3 5 | 3 3 3 5 | 3 3 3
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 3,3,3 rev 3 -> 3; I fwd 3,3,3 rev 3 -> 3;
        //   S fwd 3,3,3 rev 3 -> 3; C fwd 5,5 rev 1 -> 4
        // likert 3.0, 3.0, 3.0, 4.0; normalized 50 -> 50.0 moderate, 50 -> 50.0 moderate, 50 -> 50.0 moderate, 75 -> 75.0 high
        // primary C (tied with none), secondary D (tied with I, S)
        // (x, y) = (-25.000, -25.000) -> theta 225.0 -> CC; strength sqrt(1/2) * |(x, y)| = 25.000 -> 25.0
        // P = 8/21 = 0.3810 -> base (2.1 - P) / 1.4 = 1.0000; L = 3, SD = sqrt(144)/15 = 0.8000; INC = 1
        // penalties: longstring/SD 0.00, INC 0.00 -> 1.0 high; flags none
        int[] raw = {3, 3, 3, 5, 3, 3, 3, 5, 3, 3, 3, 5, 3, 3, 3};
        assertQuality(raw, 3, 0.8000, 1.0, 8);
        DiscResult r = score(raw);
        expect(r, "C", "D", "CC",
                new double[]{3.0, 3.0, 3.0, 4.0}, new double[]{50.0, 50.0, 50.0, 75.0}, "moderate moderate moderate high",
                1.0, "high");
        expectProfile(r, "", "IS", 25.0);
    }

    @Test
    void standardDeviationBelowPointEightCostsATenth() {
        // SD below 0.8 costs 0.10
        // raw 3 4 3 2 | 3 4 3 4 | 3 4 3 2 | 4 2 3
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 3,3,3 rev 2 -> 11/4; I fwd 4,4,4 rev 4 -> 4;
        //   S fwd 3,3,3 rev 3 -> 3; C fwd 2,2 rev 2 -> 2
        // likert 2.75, 4.0, 3.0, 2.0; normalized 43.75 -> 43.8 moderate, 75 -> 75.0 high, 50 -> 50.0 moderate, 25 -> 25.0 low
        // primary I (tied with none), secondary S (tied with none)
        // (x, y) = (56.250, 43.750) -> theta 37.9 -> II; strength sqrt(1/2) * |(x, y)| = 50.389 -> 50.4
        // P = 3/21 = 0.1429 -> base (2.1 - P) / 1.4 = 1.0000; L = 1, SD = sqrt(116)/15 = 0.7180; INC = 1/4
        // penalties: longstring/SD 0.10, INC 0.00 -> 0.9 high; flags none
        int[] raw = {3, 4, 3, 2, 3, 4, 3, 4, 3, 4, 3, 2, 4, 2, 3};
        assertQuality(raw, 1, 0.7180, 1.0 / 4, 3);
        DiscResult r = score(raw);
        expect(r, "I", "S", "II",
                new double[]{2.75, 4.0, 3.0, 2.0}, new double[]{43.8, 75.0, 50.0, 25.0}, "moderate high moderate low",
                0.9, "high");
        expectProfile(r, "", "", 50.4);
    }

    @Test
    void lowVariabilityWithoutStraightLining() {
        // alternating 3 and 4: low variability without a long run
        // raw 3 4 3 4 | 3 4 3 4 | 3 4 3 4 | 3 4 3
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 3,3,3 rev 3 -> 3; I fwd 4,4,4 rev 2 -> 7/2;
        //   S fwd 3,3,3 rev 3 -> 3; C fwd 4,4 rev 2 -> 7/2
        // likert 3.0, 3.5, 3.0, 3.5; normalized 50 -> 50.0 moderate, 62.5 -> 62.5 moderate, 50 -> 50.0 moderate, 62.5 -> 62.5 moderate
        // primary I (tied with C), secondary C (tied with none)
        // (x, y) = (0.000, 0.000) -> no direction -> II; strength sqrt(1/2) * |(x, y)| = 0.000 -> 0.0
        // P = 10/21 = 0.4762 -> base (2.1 - P) / 1.4 = 1.0000; L = 1, SD = sqrt(56)/15 = 0.4989; INC = 1
        // penalties: longstring/SD 0.30, INC 0.00 -> 0.7 moderate; flags low_variability
        int[] raw = {3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3};
        assertQuality(raw, 1, 0.4989, 1.0, 10);
        DiscResult r = score(raw);
        expect(r, "I", "C", "II",
                new double[]{3.0, 3.5, 3.0, 3.5}, new double[]{50.0, 62.5, 50.0, 62.5}, "moderate moderate moderate moderate",
                0.7, "moderate", "low_variability");
        expectProfile(r, "C", "", 0.0);
    }

    @Test
    void tenIdenticalInARowIsFlaggedAndNotHighReliability() {
        // ten identical answers in a row
        // raw 5 1 5 1 | 1 3 3 3 | 3 3 3 3 | 3 3 3
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 5,1,3 rev 3 -> 3; I fwd 1,3,3 rev 3 -> 5/2;
        //   S fwd 5,3,3 rev 3 -> 7/2; C fwd 1,3 rev 3 -> 9/4
        // likert 3.0, 2.5, 3.5, 2.25; normalized 50 -> 50.0 moderate, 37.5 -> 37.5 low, 62.5 -> 62.5 moderate, 31.25 -> 31.3 low
        // primary S (tied with none), secondary D (tied with none)
        // (x, y) = (18.750, -6.250) -> theta 341.6 -> SI; strength sqrt(1/2) * |(x, y)| = 13.975 -> 14.0
        // P = 28/21 = 1.3333 -> base (2.1 - P) / 1.4 = 0.5476; L = 10, SD = sqrt(296)/15 = 1.1470; INC = 7/12
        // penalties: longstring/SD 0.30, INC 0.00 -> 0.25 low; flags straight_lining
        int[] raw = {5, 1, 5, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
        assertQuality(raw, 10, 1.1470, 7.0 / 12, 28);
        DiscResult r = score(raw);
        expect(r, "S", "D", "SI",
                new double[]{3.0, 2.5, 3.5, 2.25}, new double[]{50.0, 37.5, 62.5, 31.3}, "moderate low moderate low",
                0.25, "low", "straight_lining");
        expectProfile(r, "", "", 14.0);
    }

    // ---------------------------------------------------------------- reverse-keyed inconsistency

    @Test
    void agreeingWithItemsAndTheirReversesIsInconsistent() {
        // agreeing with statements and with their reverses
        // raw 5 4 4 2 | 5 5 4 3 | 4 5 5 1 | 5 5 4
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 5,5,4 rev 1 -> 15/4; I fwd 4,5,5 rev 1 -> 15/4;
        //   S fwd 4,4,5 rev 2 -> 15/4; C fwd 2,1 rev 3 -> 15/8
        // likert 3.75, 3.75, 3.75, 1.88; normalized 68.75 -> 68.8 moderate, 68.75 -> 68.8 moderate, 68.75 -> 68.8 moderate, 21.88 -> 21.9 low
        // primary D (tied with I, S), secondary I (tied with S)
        // (x, y) = (46.875, 46.875) -> theta 45.0 -> II; strength sqrt(1/2) * |(x, y)| = 46.875 -> 46.9
        // P = 39/21 = 1.8571 -> base (2.1 - P) / 1.4 = 0.1735; L = 2, SD = sqrt(314)/15 = 1.1813; INC = 67/24
        // penalties: longstring/SD 0.00, INC 0.40 -> 0.0 low; flags inconsistent_responses, random_responding
        int[] raw = {5, 4, 4, 2, 5, 5, 4, 3, 4, 5, 5, 1, 5, 5, 4};
        assertQuality(raw, 2, 1.1813, 67.0 / 24, 39);
        DiscResult r = score(raw);
        expect(r, "D", "I", "II",
                new double[]{3.75, 3.75, 3.75, 1.88}, new double[]{68.8, 68.8, 68.8, 21.9}, "moderate moderate moderate low",
                0.0, "low", "inconsistent_responses", "random_responding");
        expectProfile(r, "IS", "S", 46.9);
    }

    @Test
    void inconsistencyOfExactlyTwoIsFlaggedAndCostsThirtyHundredths() {
        // reverse-keyed inconsistency of exactly 2 is flagged (and costs 0.30)
        // raw 4 2 3 5 | 4 2 3 4 | 4 2 3 3 | 4 2 5
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 4,4,4 rev 2 -> 7/2; I fwd 2,2,2 rev 4 -> 5/2;
        //   S fwd 3,3,3 rev 1 -> 5/2; C fwd 5,3 rev 2 -> 7/2
        // likert 3.5, 2.5, 2.5, 3.5; normalized 62.5 -> 62.5 moderate, 37.5 -> 37.5 low, 37.5 -> 37.5 low, 62.5 -> 62.5 moderate
        // primary D (tied with C), secondary C (tied with none)
        // (x, y) = (-50.000, 0.000) -> theta 180.0 -> CD; strength sqrt(1/2) * |(x, y)| = 35.355 -> 35.4
        // P = 24/21 = 1.1429 -> base (2.1 - P) / 1.4 = 0.6837; L = 2, SD = sqrt(230)/15 = 1.0111; INC = 2
        // penalties: longstring/SD 0.00, INC 0.30 -> 0.38 low; flags inconsistent_responses
        int[] raw = {4, 2, 3, 5, 4, 2, 3, 4, 4, 2, 3, 3, 4, 2, 5};
        assertQuality(raw, 2, 1.0111, 2.0, 24);
        DiscResult r = score(raw);
        expect(r, "D", "C", "CD",
                new double[]{3.5, 2.5, 2.5, 3.5}, new double[]{62.5, 37.5, 37.5, 62.5}, "moderate low low moderate",
                0.38, "low", "inconsistent_responses");
        expectProfile(r, "C", "", 35.4);
    }

    // ---------------------------------------------------------------- remaining blend sectors

    @Test
    void influenceWithDominanceInIdSector() {
        // I primary, leaning towards D
        // raw 5 5 2 1 | 4 5 3 3 | 4 5 2 2 | 3 1 3
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 5,4,4 rev 3 -> 4; I fwd 5,5,5 rev 5 -> 5;
        //   S fwd 2,3,2 rev 3 -> 5/2; C fwd 1,2 rev 3 -> 15/8
        // likert 4.0, 5.0, 2.5, 1.88; normalized 75 -> 75.0 high, 100 -> 100.0 high, 37.5 -> 37.5 low, 21.88 -> 21.9 low
        // primary I (tied with none), secondary D (tied with none)
        // (x, y) = (40.625, 115.625) -> theta 70.6 -> ID; strength sqrt(1/2) * |(x, y)| = 86.659 -> 86.7
        // P = 14/21 = 0.6667 -> base (2.1 - P) / 1.4 = 1.0000; L = 2, SD = sqrt(426)/15 = 1.3760; INC = 7/8
        // penalties: longstring/SD 0.00, INC 0.00 -> 1.0 high; flags none
        int[] raw = {5, 5, 2, 1, 4, 5, 3, 3, 4, 5, 2, 2, 3, 1, 3};
        assertQuality(raw, 2, 1.3760, 7.0 / 8, 14);
        DiscResult r = score(raw);
        expect(r, "I", "D", "ID",
                new double[]{4.0, 5.0, 2.5, 1.88}, new double[]{75.0, 100.0, 37.5, 21.9}, "high high low low",
                1.0, "high");
        expectProfile(r, "", "", 86.7);
    }

    @Test
    void pureSteadinessWithSecondaryTieInSsSector() {
        // pure S; I and C tie for secondary
        // raw 2 3 5 3 | 2 4 5 3 | 2 2 5 3 | 4 3 1
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 2,2,2 rev 2 -> 2; I fwd 3,4,2 rev 3 -> 3;
        //   S fwd 5,5,5 rev 5 -> 5; C fwd 3,3 rev 3 -> 3
        // likert 2.0, 3.0, 5.0, 3.0; normalized 25 -> 25.0 low, 50 -> 50.0 moderate, 100 -> 100.0 high, 50 -> 50.0 moderate
        // primary S (tied with none), secondary I (tied with C)
        // (x, y) = (75.000, -75.000) -> theta 315.0 -> SS; strength sqrt(1/2) * |(x, y)| = 75.000 -> 75.0
        // P = 6/21 = 0.2857 -> base (2.1 - P) / 1.4 = 1.0000; L = 2, SD = sqrt(326)/15 = 1.2037; INC = 0
        // penalties: longstring/SD 0.00, INC 0.00 -> 1.0 high; flags none
        int[] raw = {2, 3, 5, 3, 2, 4, 5, 3, 2, 2, 5, 3, 4, 3, 1};
        assertQuality(raw, 2, 1.2037, 0.0, 6);
        DiscResult r = score(raw);
        expect(r, "S", "I", "SS",
                new double[]{2.0, 3.0, 5.0, 3.0}, new double[]{25.0, 50.0, 100.0, 50.0}, "low moderate high moderate",
                1.0, "high");
        expectProfile(r, "", "C", 75.0);
    }

    @Test
    void conscientiousnessWithSteadinessInCsSector() {
        // C primary, leaning towards S
        // raw 2 1 5 5 | 2 2 4 1 | 2 1 5 5 | 4 4 2
        // keyed (rev = 6 - raw; fwd mean 3/4, rev 1/4): D fwd 2,2,2 rev 2 -> 2; I fwd 1,2,1 rev 2 -> 3/2;
        //   S fwd 5,4,5 rev 4 -> 9/2; C fwd 5,5 rev 5 -> 5
        // likert 2.0, 1.5, 4.5, 5.0; normalized 25 -> 25.0 low, 12.5 -> 12.5 low, 87.5 -> 87.5 high, 100 -> 100.0 high
        // primary C (tied with none), secondary S (tied with none)
        // (x, y) = (-25.000, -150.000) -> theta 260.5 -> CS; strength sqrt(1/2) * |(x, y)| = 107.529 -> 107.5
        // P = 8/21 = 0.3810 -> base (2.1 - P) / 1.4 = 1.0000; L = 2, SD = sqrt(540)/15 = 1.5492; INC = 1/3
        // penalties: longstring/SD 0.00, INC 0.00 -> 1.0 high; flags none
        int[] raw = {2, 1, 5, 5, 2, 2, 4, 1, 2, 1, 5, 5, 4, 4, 2};
        assertQuality(raw, 2, 1.5492, 1.0 / 3, 8);
        DiscResult r = score(raw);
        expect(r, "C", "S", "CS",
                new double[]{2.0, 1.5, 4.5, 5.0}, new double[]{25.0, 12.5, 87.5, 100.0}, "low low high high",
                1.0, "high");
        expectProfile(r, "", "", 107.5);
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
        assertEquals(null, mock.getBankVersion(), "the caller names the bank");
        assertSchemaValid(mock.bankVersion("2.0.0"));
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
        // the contract example: keyed D 17/4, I 15/4, S 10/4; C 3/8 (2 + 2) + 1/4 (6 - 4) = 2
        int[] raw = {5, 4, 3, 2, 4, 4, 2, 4, 4, 3, 3, 2, 2, 2, 4};
        assertSameDerivedFields(score(raw), DiscScoring.fromMeans(means(17 / 4.0, 15 / 4.0, 10 / 4.0, 2.0), false));
        // eighths for C: keyed D 12/4, I 10/4, S 14/4; C 3/8 (5 + 2) + 1/4 (6 - 3) = 27/8
        int[] eighths = {5, 1, 5, 5, 1, 3, 3, 3, 3, 3, 3, 2, 3, 3, 3};
        assertSameDerivedFields(score(eighths), DiscScoring.fromMeans(means(12 / 4.0, 10 / 4.0, 14 / 4.0, 27 / 8.0), false));
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
            assertTrue(Set.of("inconsistent_responses", "low_variability", "random_responding", "straight_lining").containsAll(flags), context);
            if (flags.contains("random_responding")) {
                assertEquals("low", r.getReliabilityLevel().toString(), "random responding is low: " + context);
            }

            // ties: exactly the other dimensions with the primary's (secondary's) mean, in D, I, S, C order
            List<String> tied = new ArrayList<>();
            List<String> tiedSecondary = new ArrayList<>();
            for (int d = 0; d < 4; d++) {
                if (d != primary && means[d] == means[primary]) {
                    tied.add("DISC".substring(d, d + 1));
                }
                if (d != primary && d != secondary && means[d] == means[secondary]) {
                    tiedSecondary.add("DISC".substring(d, d + 1));
                }
            }
            assertEquals(tied, r.getPrimaryTiedWith().stream().map(Object::toString).toList(), context);
            assertEquals(tiedSecondary, r.getSecondaryTiedWith().stream().map(Object::toString).toList(), context);
            assertEquals(Math.hypot(x, y), r.getProfileStrength(), 0.05 + 1e-9, context);
            assertEquals(r.getProfileStrength() < 20, r.getUndifferentiated(), context);
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
        assertEquals(Set.of("inconsistent_responses", "low_variability", "random_responding", "straight_lining"), flagsSeen);
        assertEquals(Set.of("high", "moderate", "low"), levels);
    }

    @Test
    void schemaValidatorRejectsOutOfContractResults() {
        // proves the validator used above is live: extra members and out-of-range values fail
        ObjectNode json = MAPPER.valueToTree(DiscScoring.fromMeans(means(3.0, 3.0, 3.0, 3.0), false).bankVersion("2.0.0"));
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
        int[] raw = {5, 4, 3, 2, 4, 4, 2, 4, 4, 3, 3, 2, 2, 2, 4};
        JsonNode json = engine.score(new ScoringEngine.ScoringRequest(bank, answers(raw), "org_test", java.util.Map.of()));
        Set<String> names = new HashSet<>();
        json.fieldNames().forEachRemaining(names::add);
        assertEquals(Set.of("kind", "primaryType", "secondaryType", "primaryTiedWith", "secondaryTiedWith", "type12",
                "profileStrength", "undifferentiated", "likertScores", "normalizedScores", "percentiles", "bands",
                "reliabilityScore", "reliabilityLevel", "qualityFlags", "mock", "bankVersion", "scoringVersion",
                "normVersion", "normsProvisional"), names);
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
        DiscResult r = DiscScoring.fromMeans(means(d, i, s, c), true).bankVersion("mock");
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

    /** Keyed means D, I, S, C of a bank-order pattern (forward items 3/4, reverse 1/4), computed here from the bank layout. */
    private static double[] keyedMeans(int[] raw) {
        double[] forward = new double[4];
        int[] forwardCount = new int[4];
        double[] reverse = new double[4];
        int[] reverseCount = new int[4];
        for (int k = 0; k < raw.length; k++) {
            BankItem item = bank.items().get(k);
            int d = "DISC".indexOf(item.dimension());
            if (item.reverseKeyed()) {
                reverse[d] += 6 - raw[k];
                reverseCount[d]++;
            } else {
                forward[d] += raw[k];
                forwardCount[d]++;
            }
        }
        double[] means = new double[4];
        for (int d = 0; d < 4; d++) {
            means[d] = 0.75 * forward[d] / forwardCount[d] + 0.25 * reverse[d] / reverseCount[d];
        }
        return means;
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
                .reliabilityLevel(scored.getReliabilityLevel()).qualityFlags(scored.getQualityFlags()).mock(scored.getMock())
                .bankVersion(scored.getBankVersion())
                // the norms are the live engine's own (fromMeans serves mock results, which keep their pinned shape)
                .percentiles(scored.getPercentiles()).normVersion(scored.getNormVersion())
                .normsProvisional(scored.getNormsProvisional());
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

    private static void assertQuality(int[] raw, int longstring, double sd, double inconsistency, int pairDifferenceSum) {
        DiscScoring.Reliability q = DiscScoring.Reliability.of(bank.items(), raw);
        assertEquals(longstring, q.longstring(), "longstring");
        assertEquals(sd, q.sd(), 1e-4, "sd");
        assertEquals(inconsistency, q.inconsistency(), 1e-12, "inconsistency");
        assertEquals(pairDifferenceSum / 21.0, q.pairConsistency(), 1e-12, "item-pair consistency");
    }

    /** Ties as letters in D, I, S, C order ("" for none), and the profile strength with its undifferentiated flag. */
    private static void expectProfile(DiscResult r, String primaryTiedWith, String secondaryTiedWith, double strength) {
        assertEquals(primaryTiedWith, String.join("", r.getPrimaryTiedWith().stream().map(Object::toString).toList()), "primaryTiedWith");
        assertEquals(secondaryTiedWith, String.join("", r.getSecondaryTiedWith().stream().map(Object::toString).toList()), "secondaryTiedWith");
        assertEquals(strength, r.getProfileStrength(), "profileStrength");
        assertEquals(strength < 20, r.getUndifferentiated(), "undifferentiated");
        assertEquals("2.0.0", r.getBankVersion());
        assertEquals(DiscScoring.SCORING_VERSION, r.getScoringVersion());
        // live results: percentiles from the provisional DISC norms, saying so
        assertEquals(com.assessments.scoring.ProvisionalNorms.DISC.version(), r.getNormVersion());
        assertEquals(Boolean.TRUE, r.getNormsProvisional());
        assertNotNull(r.getPercentiles(), "percentiles");
        for (String dim : List.of("D", "I", "S", "C")) {
            double likert = switch (dim) {
                case "D" -> r.getLikertScores().getD();
                case "I" -> r.getLikertScores().getI();
                case "S" -> r.getLikertScores().getS();
                default -> r.getLikertScores().getC();
            };
            int pct = switch (dim) {
                case "D" -> r.getPercentiles().getD();
                case "I" -> r.getPercentiles().getI();
                case "S" -> r.getPercentiles().getS();
                default -> r.getPercentiles().getC();
            };
            int low = com.assessments.scoring.ProvisionalNorms.DISC.percentile(dim, likert - 0.005);
            int high = com.assessments.scoring.ProvisionalNorms.DISC.percentile(dim, likert + 0.005);
            assertTrue(pct >= low && pct <= high, dim + " percentile " + pct + " from likert " + likert);
        }
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
