package com.assessments.scoring.fra;

import com.assessments.api.model.FraResult;
import com.assessments.api.model.FraScaleScore;
import com.assessments.api.model.ScoreBand;
import com.assessments.scoring.Answer;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.Normal;
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
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * FRA scoring rules (see docs/scoring-fra.html). Every expected value of a fixed pattern below was worked out
 * by hand (exact fractions for the means; Phi from a table / erf) in the comment above it, never by calling
 * the code under test.
 *
 * <p>Bank order: item k (1..40) belongs to scale (k - 1) mod 4: integrity, rule_compliance, self_control,
 * safety_awareness, repeating. Reverse-keyed (keyed = 6 - raw): 10 11 12 13 21 22 23 24 29 34 35 36 37
 * (integrity 13 21 29 37; rule_compliance 10 22 34; self_control 11 23 35; safety_awareness 12 24 36).
 * Norms (provisional): integrity 3.85 / 0.60, rule_compliance 3.70 / 0.65, self_control 3.60 / 0.70,
 * safety_awareness 3.90 / 0.55. z = (mean - normMean) / normSd; percentile = round(100 Phi(z)). Composite z =
 * (mean of the four z) / sqrt((1 + 3 * 0.30) / 4) = (mean z) / 0.68920 (scale correlation 0.30, provisional).
 */
class FraScoringTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<Integer> REVERSED = Set.of(10, 11, 12, 13, 21, 22, 23, 24, 29, 34, 35, 36, 37);
    private static final List<String> SCALES = List.of("integrity", "rule_compliance", "self_control", "safety_awareness");
    /** A varied pattern in bank order (raw responses for items 1..40). */
    private static final int[] MIXED = {4, 3, 5, 2, 4, 4, 3, 5, 3, 2, 1, 3, 2, 5, 4, 4, 3, 4, 2, 5,
            1, 2, 2, 1, 4, 3, 4, 4, 2, 5, 3, 5, 4, 4, 3, 2, 1, 4, 5, 3};
    private static final Schema<?> FRA_RESULT = new Schema<>().$ref("#/components/schemas/FraResult");

    private static QuestionBank bank;
    private static SchemaValidator schemaValidator;

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = FraScoringTest.class.getResourceAsStream("/banks/fra.json")) {
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
        assertEquals("fra", bank.type());
        assertEquals("1.0.0", bank.version());
        assertEquals("en", bank.language());
        assertEquals("likert5", bank.responseFormat().kind());
        assertEquals(1, bank.responseFormat().min());
        assertEquals(5, bank.responseFormat().max());
        assertEquals(5, bank.responseFormat().labels().size());
        assertEquals(40, bank.items().size());
        Set<String> texts = new HashSet<>();
        for (int k = 1; k <= 40; k++) {
            BankItem item = bank.items().get(k - 1);
            assertEquals(String.format("fra_%02d", k), item.id());
            assertEquals(SCALES.get((k - 1) % 4), item.dimension(), item.id());
            assertEquals(REVERSED.contains(k), item.reverseKeyed(), item.id());
            assertEquals(null, item.section());
            assertFalse(item.isMultipleChoice());
            assertTrue(item.text() != null && !item.text().isBlank() && texts.add(item.text()), item.id());
        }
        assertEquals(SCALES, FraNorms.scaleNames());
    }

    // ---------------------------------------------------------------- hand-computed patterns

    @Test
    void allFives() {
        // keyed: forward 5, reversed 1. integrity 6*5 + 4*1 = 34/10 = 3.40; the others 7*5 + 3*1 = 38/10 = 3.80.
        // integrity z = (3.40-3.85)/0.60 = -0.75, Phi = .22663 -> 23 low
        // rule_compliance z = 0.10/0.65 = 0.15385, Phi = .56113 -> 56 moderate
        // self_control z = 0.20/0.70 = 0.28571, Phi = .61245 -> 61 moderate
        // safety_awareness z = -0.10/0.55 = -0.18182, Phi = .42786 -> 43 moderate
        // mean z = (-0.75 + 0.15385 + 0.28571 - 0.18182)/4 = -0.12306; composite z = -0.12306 / 0.68920 = -0.17856,
        // Phi = .429141 -> 42.9, 43 moderate (composite SD sqrt((1 + 3 * 0.30) / 4) = sqrt(0.475) = 0.68920)
        // 40 identical raw answers: straight_lining; all answered: ratio 1.0
        FraResult r = FraScoring.score(bank, answers(all(5)));
        assertScales(r, new double[]{3.40, 3.80, 3.80, 3.80}, new int[]{23, 56, 61, 43});
        assertComposite(r, 42.9, 43, ScoreBand.MODERATE);
        assertEquals(1.0, r.getAnsweredRatio());
        assertEquals(List.of("straight_lining"), r.getQualityFlags());
        assertValid(r);
    }

    @Test
    void allOnes() {
        // keyed: forward 1, reversed 5. integrity 6*1 + 4*5 = 26/10 = 2.60; the others 7*1 + 3*5 = 22/10 = 2.20.
        // integrity z = -1.25/0.60 = -2.08333, Phi = .018610 -> 2
        // rule_compliance z = -1.50/0.65 = -2.30769, Phi = .010508 -> 1
        // self_control z = -1.40/0.70 = -2.0, Phi = .022750 -> 2
        // safety_awareness z = -1.70/0.55 = -3.09091, Phi = .000998 -> 0
        // mean z = -2.37048; composite z = -2.37048 / 0.68920 = -3.43946, Phi = .000291 -> 0.0, percentile 0, low
        FraResult r = FraScoring.score(bank, answers(all(1)));
        assertScales(r, new double[]{2.60, 2.20, 2.20, 2.20}, new int[]{2, 1, 2, 0});
        assertComposite(r, 0.0, 0, ScoreBand.LOW);
        assertEquals(List.of("straight_lining"), r.getQualityFlags());
        assertValid(r);
    }

    @Test
    void consistentLowRiskAnswersUseReverseKeying() {
        // forward items 5, reverse-keyed items 1: every keyed response is 5, every mean 5.00.
        // integrity z = 1.15/0.60 = 1.91667, Phi = .97236 -> 97; the others z = 1.30/0.65 = 1.40/0.70 = 1.10/0.55 = 2,
        // Phi(2) = .97725 -> 98; mean z = (1.91667 + 6)/4 = 1.97917; composite z = 1.97917 / 0.68920 = 2.87168,
        // Phi = .997958 -> 99.8, 100 high.
        // raw in bank order: 5 x9, 1 x4 (items 10..13), 5 x7, 1 x4 (21..24), ... longest run 9: no straight_lining.
        int[] raw = new int[40];
        for (int k = 1; k <= 40; k++) {
            raw[k - 1] = REVERSED.contains(k) ? 1 : 5;
        }
        FraResult r = FraScoring.score(bank, answers(raw));
        assertScales(r, new double[]{5.00, 5.00, 5.00, 5.00}, new int[]{97, 98, 98, 98});
        for (FraScaleScore s : r.getScales()) {
            assertEquals(ScoreBand.HIGH, s.getBand());
        }
        assertComposite(r, 99.8, 100, ScoreBand.HIGH);
        assertEquals(List.of(), r.getQualityFlags());
        assertValid(r);
    }

    @Test
    void mixedPatternWithReverseKeying() {
        // MIXED keyed per scale (reversed items marked *):
        // integrity   items 1 5 9 13* 17 21* 25 29* 33 37*: 4 4 3 (6-2)=4 3 (6-1)=5 4 (6-2)=4 4 (6-1)=5 -> 40/10 = 4.00
        // rule_compl. items 2 6 10* 14 18 22* 26 30 34* 38: 3 4 (6-2)=4 5 4 (6-2)=4 3 5 (6-4)=2 4 -> 38/10 = 3.80
        // self_contr. items 3 7 11* 15 19 23* 27 31 35* 39: 5 3 (6-1)=5 4 2 (6-2)=4 4 3 (6-3)=3 5 -> 38/10 = 3.80
        // safety      items 4 8 12* 16 20 24* 28 32 36* 40: 2 5 (6-3)=3 4 5 (6-1)=5 4 5 (6-2)=4 3 -> 40/10 = 4.00
        // integrity z = 0.15/0.60 = 0.25, Phi = .59871 -> 60 moderate; rule 56, self 61 (as for all fives);
        // safety z = 0.10/0.55 = 0.18182, Phi = .57214 -> 57. mean z = (0.25 + 0.15385 + 0.28571 + 0.18182)/4
        // = 0.21784; composite z = 0.21784 / 0.68920 = 0.31608, Phi = .624030 -> 62.4, 62 moderate. Longest raw run 2.
        FraResult r = FraScoring.score(bank, answers(MIXED));
        assertScales(r, new double[]{4.00, 3.80, 3.80, 4.00}, new int[]{60, 56, 61, 57});
        assertComposite(r, 62.4, 62, ScoreBand.MODERATE);
        assertEquals(1.0, r.getAnsweredRatio());
        assertEquals(List.of(), r.getQualityFlags());
        assertValid(r);
    }

    @Test
    void randomAnsweringIsFlagged() {
        // a uniformly random answer sheet (raw in bank order); keyed per scale (reverse-keyed items 6 - raw):
        // integrity 5 1 2 4 5 2 2 1 1 4: sorted 1 1 1 2 2 2 4 4 5 5, sum over pairs of |difference| =
        //   sum (2i - 11) x_(i) = -9 -7 -5 -6 -2 +2 +12 +20 +35 +45 = 85
        // rule_compliance 3 4 5 4 2 3 1 4 5 2: sorted 1 2 2 3 3 4 4 4 5 5 -> -9 -14 -10 -9 -3 +4 +12 +20 +35 +45 = 71
        // self_control 3 2 3 5 1 4 2 2 4 3: sorted 1 2 2 2 3 3 3 4 4 5 -> -9 -14 -10 -6 -3 +3 +9 +20 +28 +45 = 63
        // safety 5 1 2 1 2 2 5 2 4 3: sorted 1 1 2 2 2 2 3 4 5 5 -> -9 -7 -10 -6 -2 +2 +9 +20 +35 +45 = 77
        // P = (85 + 71 + 63 + 77) / (4 * 45) = 296/180 = 1.644 >= 1.25; longest raw run 4: random_responding
        int[] raw = {5, 3, 3, 5, 1, 4, 2, 1, 2, 1, 3, 4, 2, 4, 5, 1, 5, 2, 1, 2, 4, 3, 2, 4, 2, 1, 2, 5, 5, 4,
                2, 2, 1, 1, 2, 2, 2, 2, 3, 3};
        FraResult r = FraScoring.score(bank, answers(raw));
        assertEquals(List.of("random_responding"), r.getQualityFlags());
        assertEquals(296 / 180.0, com.assessments.scoring.ResponseQuality.pairConsistency(bank.items(),
                java.util.Arrays.stream(raw).boxed().toArray(Integer[]::new)).mean(), 1e-12);
        // the mixed pattern: keyed per scale sums 32 + 46 + 54 + 54 = 186, P = 186/180 = 1.033: not flagged
        assertEquals(List.of(), FraScoring.score(bank, answers(MIXED)).getQualityFlags());
        // versions: the provisional norms say so
        assertEquals("1.0.0", r.getBankVersion());
        assertEquals(FraScoring.SCORING_VERSION, r.getScoringVersion());
        assertEquals("provisional-1", r.getNormVersion());
        assertEquals(Boolean.TRUE, r.getNormsProvisional());
        assertValid(r);
    }

    @Test
    void exactlyNinetyPercentAnsweredWithFourIntegrityItemsMissing() {
        // MIXED without items 1, 5, 9, 13* (all integrity): integrity keyed 3 5 4 4 4 5 (items 17 21* 25 29* 33 37*)
        // = 25/6 = 4.1667 -> 4.17; z = (25/6 - 3.85)/0.60 = 0.52778, Phi = .701173 -> 70: high (the band edge).
        // other scales as in the mixed pattern. mean z = (0.52778 + 0.15385 + 0.28571 + 0.18182)/4 = 0.28729;
        // composite z = 0.28729 / 0.68920 = 0.41684, Phi = .661603 -> 66.2, 66 moderate. 36/40 = 0.90 exactly; flag incomplete.
        FraResult r = FraScoring.score(bank, answers(MIXED, 1, 5, 9, 13));
        assertScales(r, new double[]{4.17, 3.80, 3.80, 4.00}, new int[]{70, 56, 61, 57});
        assertEquals(ScoreBand.HIGH, r.getScales().get(0).getBand());
        assertComposite(r, 66.2, 66, ScoreBand.MODERATE);
        assertEquals(0.9, r.getAnsweredRatio());
        assertEquals(List.of("incomplete"), r.getQualityFlags());
        assertValid(r);
    }

    @Test
    void fourItemsMissingSpreadOverTheScales() {
        // MIXED without items 2 (rule), 11* (self), 24* (safety), 37* (integrity): each scale pro-rated over 9 items.
        // integrity 40 - 5 = 35/9 = 3.8889 -> 3.89, z = 0.06481, Phi = .52584 -> 53
        // rule      38 - 3 = 35/9 -> 3.89, z = (35/9 - 3.70)/0.65 = 0.29060, Phi = .61432 -> 61
        // self      38 - 5 = 33/9 = 3.6667 -> 3.67, z = 0.09524, Phi = .53794 -> 54
        // safety    40 - 5 = 35/9 -> 3.89, z = -0.02020, Phi = .49194 -> 49
        // mean z = 0.10761; composite z = 0.10761 / 0.68920 = 0.15614, Phi = .562039 -> 56.2, 56 moderate; 36/40 = 0.9; incomplete.
        FraResult r = FraScoring.score(bank, answers(MIXED, 2, 11, 24, 37));
        assertScales(r, new double[]{3.89, 3.89, 3.67, 3.89}, new int[]{53, 61, 54, 49});
        assertComposite(r, 56.2, 56, ScoreBand.MODERATE);
        assertEquals(0.9, r.getAnsweredRatio());
        assertEquals(List.of("incomplete"), r.getQualityFlags());
        assertValid(r);
    }

    @Test
    void answeredRatioIsRoundedDown() {
        // 39/40 = 0.975 is reported as 0.97 (never rounded up); 40/40 = 1.0
        FraResult r = FraScoring.score(bank, answers(MIXED, 40));
        assertEquals(0.97, r.getAnsweredRatio());
        assertEquals(List.of("incomplete"), r.getQualityFlags());
        assertValid(r);
    }

    // ---------------------------------------------------------------- answers that cannot be scored

    @Test
    void aWhollyUnansweredScaleIsInvalidResponsesNamingTheScale() {
        // integrity items 1, 5, ..., 37 all missing (30/40 answered)
        ScoringException e = assertThrows(ScoringException.class,
                () -> FraScoring.score(bank, answers(MIXED, 1, 5, 9, 13, 17, 21, 25, 29, 33, 37)));
        assertEquals(ScoringException.INVALID_RESPONSES, e.code());
        assertTrue(e.getMessage().contains("integrity"), e.getMessage());
        // the same through the engine bean: still invalid_responses, never another exception
        ScoringException viaEngine = assertThrows(ScoringException.class, () -> engine().score(
                new ScoringEngine.ScoringRequest(bank, answers(MIXED, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40), "org", Map.of())));
        assertEquals(ScoringException.INVALID_RESPONSES, viaEngine.code());
        assertTrue(viaEngine.getMessage().contains("safety_awareness"), viaEngine.getMessage());
        // no answers at all
        ScoringException none = assertThrows(ScoringException.class, () -> FraScoring.score(bank, List.of()));
        assertEquals(ScoringException.INVALID_RESPONSES, none.code());
    }

    @Test
    void aScaleWithFewerThanHalfItsItemsIsInvalid() {
        // self_control keeps 4 of 10 (items 3, 7, 11, 15 answered; 19 .. 39 missing): 4 < 5
        ScoringException e = assertThrows(ScoringException.class,
                () -> FraScoring.score(bank, answers(MIXED, 19, 23, 27, 31, 35, 39)));
        assertEquals(ScoringException.INVALID_RESPONSES, e.code());
        assertTrue(e.getMessage().contains("self_control"), e.getMessage());
    }

    @Test
    void underNinetyPercentOverallIsInvalidEvenWhenEveryScaleHasHalf() {
        // rule_compliance keeps 5 of 10 (half: scorable), but 35/40 = 0.875 cannot be reported (schema minimum 0.9)
        ScoringException e = assertThrows(ScoringException.class,
                () -> FraScoring.score(bank, answers(MIXED, 2, 6, 10, 14, 18)));
        assertEquals(ScoringException.INVALID_RESPONSES, e.code());
        // 37/40 with three missing in one scale is fine
        assertEquals(0.92, FraScoring.score(bank, answers(MIXED, 2, 6, 10)).getAnsweredRatio());
    }

    @Test
    void callerBugsAreInvalidResponses() {
        List<Answer> unknown = new ArrayList<>(answers(MIXED));
        unknown.set(0, new Answer("fra_99", null, 3));
        assertInvalid(unknown);
        List<Answer> repeated = new ArrayList<>(answers(MIXED));
        repeated.add(new Answer("fra_01", null, 3));
        assertInvalid(repeated);
        List<Answer> range = new ArrayList<>(answers(MIXED));
        range.set(0, new Answer("fra_01", null, 6));
        assertInvalid(range);
        List<Answer> wrongScale = new ArrayList<>(answers(MIXED));
        wrongScale.set(0, new Answer("fra_01", "self_control", 3));
        assertInvalid(wrongScale);
        assertInvalid(null);
    }

    // ---------------------------------------------------------------- quality flags

    @Test
    void straightLiningCountsRunsOfAnsweredItemsInBankOrder() {
        // MIXED: item 10 = 2, item 21 = 1. Items 11..20 = 3: a run of exactly 10 -> flagged.
        int[] ten = MIXED.clone();
        for (int k = 11; k <= 20; k++) {
            ten[k - 1] = 3;
        }
        assertEquals(List.of("straight_lining"), FraScoring.score(bank, answers(ten)).getQualityFlags());
        // items 11..19 = 3 (item 20 stays 5): a run of 9 -> not flagged
        int[] nine = MIXED.clone();
        for (int k = 11; k <= 19; k++) {
            nine[k - 1] = 3;
        }
        assertEquals(List.of(), FraScoring.score(bank, answers(nine)).getQualityFlags());
        // items 11..21 = 3 with item 15 unanswered: 10 answered identical responses in a row -> flagged
        int[] gap = MIXED.clone();
        for (int k = 11; k <= 21; k++) {
            gap[k - 1] = 3;
        }
        assertEquals(List.of("incomplete", "straight_lining"), FraScoring.score(bank, answers(gap, 15)).getQualityFlags());
        // items 11..20 = 3 with item 15 unanswered: only 9 -> not flagged
        assertEquals(List.of("incomplete"), FraScoring.score(bank, answers(ten, 15)).getQualityFlags());
    }

    @Test
    void tooFastComparesTheMedianResponseTimeWithFifteenHundredMs() {
        // 40 times: 20 x 1400 and 20 x 1600: median (1400 + 1600)/2 = 1500, not below -> no flag
        assertEquals(List.of(), flags(timed(MIXED, 1400, 1600)));
        // 20 x 1400 and 20 x 1599: median 1499.5 -> too_fast
        assertEquals(List.of("too_fast"), flags(timed(MIXED, 1400, 1599)));
        // odd count (39 answered: item 40 missing): times 1499 x 20, 3000 x 19, median 1499 -> too_fast
        List<Answer> odd = timed(MIXED, 1499, 3000).subList(0, 39);
        assertEquals(List.of("incomplete", "too_fast"), flags(odd));
        // times on only some answers: the median of those sent (3 x 900) -> too_fast
        List<Answer> some = new ArrayList<>(answers(MIXED));
        for (int i = 0; i < 3; i++) {
            Answer a = some.get(i);
            some.set(i, new Answer(a.questionId(), null, a.response(), 900));
        }
        assertEquals(List.of("too_fast"), flags(some));
        // no times at all -> no flag (all other tests)
        // all three flags together, sorted
        int[] fives = all(5);
        List<Answer> all = timed(fives, 100, 100).subList(0, 38);
        assertEquals(List.of("incomplete", "straight_lining", "too_fast"), flags(all));
    }

    // ---------------------------------------------------------------- determinism and schema ranges

    @Test
    void sameAnswersInAnyOrderGiveTheSameResult() {
        List<Answer> answers = answers(MIXED, 2, 11, 24, 37);
        JsonNode first = engine().score(request(answers));
        for (long seed = 1; seed <= 20; seed++) {
            List<Answer> shuffled = new ArrayList<>(answers);
            Collections.shuffle(shuffled, new Random(seed));
            assertEquals(first, engine().score(request(shuffled)));
        }
        assertEquals(MAPPER.valueToTree(FraScoring.score(bank, answers)), first);
    }

    @Test
    void engineReturnsTheContractJson() {
        JsonNode json = engine().score(request(answers(MIXED)));
        assertEquals("fra", json.get("kind").asText());
        assertFalse(json.get("mock").asBoolean());
        assertEquals("integrity", json.get("scales").get(0).get("scale").asText());
        assertEquals(4.0, json.get("scales").get(0).get("mean").asDouble());
        assertEquals("moderate", json.get("composite").get("band").asText());
        assertEquals("fra", engine().type());
        assertFalse(validate(json).hasErrors(), () -> validate(json).getMessages().toString());
    }

    @Test
    void engineTurnsAnUnexpectedFailureIntoAnEngineError() {
        List<BankItem> items = new ArrayList<>(bank.items());
        items.set(0, null);
        QuestionBank broken = new QuestionBank("fra", "1.0.0", "en", "", bank.responseFormat(), items);
        ScoringException e = assertThrows(ScoringException.class,
                () -> engine().score(new ScoringEngine.ScoringRequest(broken, answers(MIXED), "org", Map.of())));
        assertEquals(ScoringException.ENGINE_ERROR, e.code());
        List<BankItem> unknownScale = new ArrayList<>(bank.items());
        unknownScale.set(0, new BankItem("fra_01", "x", "honesty", false));
        QuestionBank badBank = new QuestionBank("fra", "1.0.0", "en", "", bank.responseFormat(), unknownScale);
        assertEquals(ScoringException.ENGINE_ERROR, assertThrows(ScoringException.class,
                () -> FraScoring.score(badBank, answers(MIXED))).code());
    }

    @Test
    void randomAnswersStayWithinTheSchemaAndTheRules() {
        Random random = new Random(20240611L);
        for (int round = 0; round < 2000; round++) {
            int[] raw = new int[40];
            for (int k = 0; k < 40; k++) {
                raw[k] = 1 + random.nextInt(5);
            }
            int missing = random.nextInt(5); // 0..4 missing: 36..40 answered
            List<Integer> order = new ArrayList<>();
            for (int k = 1; k <= 40; k++) {
                order.add(k);
            }
            Collections.shuffle(order, random);
            int[] skip = order.subList(0, missing).stream().mapToInt(Integer::intValue).toArray();
            FraResult r = FraScoring.score(bank, answers(raw, skip));
            String context = "round " + round;
            assertEquals(SCALES, r.getScales().stream().map(FraScaleScore::getScale).toList(), context);
            for (FraScaleScore s : r.getScales()) {
                assertTrue(s.getMean() >= 1 && s.getMean() <= 5, context);
                assertTrue(s.getPercentile() >= 0 && s.getPercentile() <= 100, context);
                assertEquals(expectedBand(s.getPercentile()), s.getBand(), context);
            }
            assertEquals(expectedBand(r.getComposite().getPercentile()), r.getComposite().getBand(), context);
            assertTrue(Math.abs(r.getComposite().getScore() - r.getComposite().getPercentile()) <= 0.5, context);
            assertTrue(r.getAnsweredRatio() >= 0.9 && r.getAnsweredRatio() <= 1.0, context);
            assertEquals(missing > 0, r.getQualityFlags().contains("incomplete"), context);
            List<String> sorted = new ArrayList<>(r.getQualityFlags());
            Collections.sort(sorted);
            assertEquals(sorted, r.getQualityFlags(), context);
            assertFalse(r.getMock(), context);
            if (round % 20 == 0) {
                ValidationReport report = validate(MAPPER.valueToTree(r));
                if (report.hasErrors()) {
                    fail("schema: " + report.getMessages() + "\n" + context);
                }
            }
        }
    }

    @Test
    void schemaValidatorRejectsOutOfContractResults() {
        ObjectNode json = MAPPER.valueToTree(FraScoring.score(bank, answers(MIXED)));
        assertFalse(validate(json).hasErrors(), () -> validate(json).getMessages().toString());
        ObjectNode extra = json.deepCopy();
        extra.put("extra", 1);
        assertTrue(validate(extra).hasErrors());
        ObjectNode ratio = json.deepCopy();
        ratio.put("answeredRatio", 0.89);
        assertTrue(validate(ratio).hasErrors());
    }

    @Test
    void normalCdfMatchesTableValues() {
        assertEquals(0.5, Normal.cdf(0), 1e-15);
        assertEquals(0.8413447460685429, Normal.cdf(1), 1e-12);
        assertEquals(0.9772498680518208, Normal.cdf(2), 1e-12);
        assertEquals(0.0013498980316301, Normal.cdf(-3), 1e-12);
        assertEquals(0.0, Normal.cdf(-9));
        assertEquals(1.0, Normal.cdf(9));
        assertEquals(50, Normal.percentile(0));
        assertEquals(0, Normal.percentile(-5));
        assertEquals(100, Normal.percentile(5));
    }

    // ---------------------------------------------------------------- helpers

    private static ScoreBand expectedBand(int percentile) {
        return percentile < 40 ? ScoreBand.LOW : percentile < 70 ? ScoreBand.MODERATE : ScoreBand.HIGH;
    }

    private static void assertScales(FraResult r, double[] means, int[] percentiles) {
        assertEquals(4, r.getScales().size());
        for (int s = 0; s < 4; s++) {
            FraScaleScore score = r.getScales().get(s);
            assertEquals(SCALES.get(s), score.getScale());
            assertEquals(means[s], score.getMean(), SCALES.get(s));
            assertEquals(percentiles[s], score.getPercentile(), SCALES.get(s));
            assertEquals(expectedBand(percentiles[s]), score.getBand(), SCALES.get(s));
        }
        assertFalse(r.getMock());
        assertEquals(FraResult.KindEnum.FRA, r.getKind());
    }

    private static void assertComposite(FraResult r, double score, int percentile, ScoreBand band) {
        assertEquals(score, r.getComposite().getScore());
        assertEquals(percentile, r.getComposite().getPercentile());
        assertEquals(band, r.getComposite().getBand());
    }

    private static void assertInvalid(List<Answer> answers) {
        ScoringException e = assertThrows(ScoringException.class, () -> FraScoring.score(bank, answers));
        assertEquals(ScoringException.INVALID_RESPONSES, e.code());
    }

    private static List<String> flags(List<Answer> answers) {
        return FraScoring.score(bank, answers).getQualityFlags();
    }

    private static int[] all(int response) {
        int[] raw = new int[40];
        java.util.Arrays.fill(raw, response);
        return raw;
    }

    /** Answers for items 1..40 from raw (bank order), leaving out the given item numbers. */
    private static List<Answer> answers(int[] raw, int... skip) {
        Set<Integer> skipped = new HashSet<>();
        for (int k : skip) {
            skipped.add(k);
        }
        List<Answer> answers = new ArrayList<>();
        for (int k = 1; k <= 40; k++) {
            if (!skipped.contains(k)) {
                answers.add(new Answer(String.format("fra_%02d", k), SCALES.get((k - 1) % 4), raw[k - 1]));
            }
        }
        return answers;
    }

    /** All 40 answered; items 1..20 took {@code firstHalfMs}, items 21..40 {@code secondHalfMs}. */
    private static List<Answer> timed(int[] raw, int firstHalfMs, int secondHalfMs) {
        List<Answer> answers = new ArrayList<>();
        for (Answer a : answers(raw)) {
            int k = Integer.parseInt(a.questionId().substring(4));
            answers.add(new Answer(a.questionId(), a.dimension(), a.response(), k <= 20 ? firstHalfMs : secondHalfMs));
        }
        return answers;
    }

    private static FraScoringEngine engine() {
        return new FraScoringEngine(MAPPER);
    }

    private static ScoringEngine.ScoringRequest request(List<Answer> answers) {
        return new ScoringEngine.ScoringRequest(bank, answers, "org_1", Map.of());
    }

    private static void assertValid(FraResult result) {
        ValidationReport report = validate(MAPPER.valueToTree(result));
        assertFalse(report.hasErrors(), () -> "not a valid FraResult: " + report.getMessages() + "\n" + result);
    }

    private static ValidationReport validate(JsonNode json) {
        return schemaValidator.validate(json.toString(), FRA_RESULT, "response.body");
    }
}
