package com.assessments.scoring.ability;

import com.assessments.api.model.AbilityResult;
import com.assessments.scoring.Answer;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.Rounding;
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
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ability scoring rules (docs/scoring-ability.html) and the three shipped ability banks. */
class AbilityScoringTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Schema<?> ABILITY_RESULT = new Schema<>().$ref("#/components/schemas/AbilityResult");
    private static final Map<String, QuestionBank> BANKS = new LinkedHashMap<>();
    private static SchemaValidator schemaValidator;

    /** The LSAT items as a bank (ltm's published 2PL parameters, see Irt2plTest); key = option 1. */
    private static final QuestionBank LSAT = lsatBank();

    @BeforeAll
    static void load() throws IOException {
        for (String type : List.of("aapa", "lpm", "lpm_u")) {
            try (InputStream in = AbilityScoringTest.class.getResourceAsStream("/banks/" + type + ".json")) {
                assertNotNull(in, type);
                BANKS.put(type, MAPPER.readValue(in, QuestionBank.class));
            }
        }
        OpenAPI api = new OpenAPIV3Parser().read(Path.of("openapi.yaml").toAbsolutePath().toString());
        schemaValidator = new SchemaValidator(api, new MessageResolver(LevelResolver.create()
                .withLevel("validation.schema.additionalProperties", ValidationReport.Level.ERROR)
                .withLevel("validation.response.body.schema.additionalProperties", ValidationReport.Level.ERROR)
                .build()));
    }

    private static QuestionBank lsatBank() {
        List<BankItem> items = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            items.add(new BankItem("lsat_0" + (i + 1), "LSAT item " + (i + 1), "lsat", null, false,
                    List.of(new BankItem.Option(1, "right"), new BankItem.Option(2, "wrong")), 1,
                    Irt2plTest.LSAT_A[i], Irt2plTest.LSAT_B[i]));
        }
        return new QuestionBank("lsat", "1.0.0", "en", "", new QuestionBank.ResponseFormat("multiple_choice", 1, 2, List.of()), items);
    }

    /** '1' right, '0' wrong, '-' skipped; item i answered with option 1 (key) or 2. */
    private static List<Answer> lsatAnswers(String pattern) {
        List<Answer> answers = new ArrayList<>();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c != '-') {
                answers.add(new Answer("lsat_0" + (i + 1), null, c == '1' ? 1 : 2));
            }
        }
        return answers;
    }

    private static List<Answer> timed(List<Answer> answers, Integer... ms) {
        List<Answer> out = new ArrayList<>();
        for (int i = 0; i < answers.size(); i++) {
            Answer a = answers.get(i);
            out.add(new Answer(a.questionId(), a.dimension(), a.response(), i < ms.length ? ms[i] : null));
        }
        return out;
    }

    // ---------------------------------------------------------------- end to end against ltm's published scores

    @Test
    void lsatPatternsReproduceLtmFactorScoresAfterRounding() {
        // published (RPubs ltm output, see Irt2plTest): 11111 z1 0.606 se 0.855; 10111 0.093 / 0.831; 01011 -0.573 / 0.809
        // our unrounded: 0.6063 / 0.8546 -> 0.61 / 0.85; 0.0932 / 0.8313 -> 0.09 / 0.83; -0.5733 / 0.8093 -> -0.57 / 0.81
        // percentile = round(100 * Phi(reported theta)): Phi(0.61) = 0.7291 -> 73; Phi(0.09) = 0.5359 -> 54;
        // Phi(-0.57) = 0.2843 -> 28
        expect(AbilityScoring.score(LSAT, lsatAnswers("11111")), 5, 5, 0.61, 0.85, 73);
        expect(AbilityScoring.score(LSAT, lsatAnswers("10111")), 4, 5, 0.09, 0.83, 54);
        expect(AbilityScoring.score(LSAT, lsatAnswers("01011")), 3, 5, -0.57, 0.81, 28);
        // 00000: published -1.895 / 0.795; ours -1.8954 / 0.7955 -> -1.90 / 0.80; Phi(-1.90) = 0.0287 -> 3
        expect(AbilityScoring.score(LSAT, lsatAnswers("00000")), 0, 5, -1.90, 0.80, 3);
    }

    private static void expect(AbilityResult r, int correct, int answered, double theta, double se, int percentile, String... flags) {
        assertEquals(AbilityResult.KindEnum.ABILITY, r.getKind());
        assertEquals(correct, r.getNumberCorrect(), "numberCorrect");
        assertEquals(answered, r.getNumberAnswered(), "numberAnswered");
        assertEquals(theta, r.getTheta(), 1e-9, "theta");
        assertEquals(se, r.getStandardError(), 1e-9, "standardError");
        assertEquals(percentile, r.getPercentile(), "percentile");
        assertEquals(List.of(flags), r.getQualityFlags());
        assertFalse(r.getMock());
        ValidationReport report = validate(MAPPER.valueToTree(r));
        assertFalse(report.hasErrors(), () -> report.getMessages().toString());
    }

    // ---------------------------------------------------------------- unanswered items, flags, errors

    @Test
    void unansweredItemsCountAsWrong() {
        // skipping policy: item 2 skipped scores as item 2 wrong, so "1-111" has the estimate of 10111
        // (published ltm z1 0.093 / se 0.831 -> 0.09 / 0.83, percentile 54), not the 4-item posterior mode
        AbilityResult skipped = AbilityScoring.score(LSAT, lsatAnswers("1-111"));
        expect(skipped, 4, 4, 0.09, 0.83, 54, "incomplete");
        double[] a = {Irt2plTest.LSAT_A[0], Irt2plTest.LSAT_A[2], Irt2plTest.LSAT_A[3], Irt2plTest.LSAT_A[4]};
        double[] b = {Irt2plTest.LSAT_B[0], Irt2plTest.LSAT_B[2], Irt2plTest.LSAT_B[3], Irt2plTest.LSAT_B[4]};
        Irt2pl.Estimate four = Irt2pl.posteriorMode(a, b, new int[]{1, 1, 1, 1});
        assertTrue(Rounding.halfUp(four.theta(), 2) > skipped.getTheta() + 0.1, "leaving the item out would have paid");
        AbilityResult wrong = AbilityScoring.score(LSAT, lsatAnswers("10111"));
        assertEquals(wrong.getTheta(), skipped.getTheta());
        assertEquals(wrong.getStandardError(), skipped.getStandardError());
        assertTrue(wrong.getQualityFlags().isEmpty());
        // answering only the hardest item (LSAT item 3, b = -0.28) correctly: scored as 00100, below the middle
        AbilityResult hardestOnly = AbilityScoring.score(LSAT, lsatAnswers("--1--"));
        assertEquals(AbilityScoring.score(LSAT, lsatAnswers("00100")).getTheta(), hardestOnly.getTheta());
        assertTrue(hardestOnly.getPercentile() < 50, "skipping does not pay: " + hardestOnly.getPercentile());
        assertEquals("1.0.0", skipped.getBankVersion());
        assertEquals(AbilityScoring.SCORING_VERSION, skipped.getScoringVersion());
        assertEquals(AbilityScoring.NORM_VERSION, skipped.getNormVersion());
        assertEquals(Boolean.TRUE, skipped.getNormsProvisional());
    }

    @Test
    void noAnswerIsInvalidResponses() {
        ScoringException e = assertThrows(ScoringException.class, () -> AbilityScoring.score(LSAT, List.of()));
        assertEquals(ScoringException.INVALID_RESPONSES, e.code());
        for (ScoringEngine engine : engines()) {
            ScoringException viaEngine = assertThrows(ScoringException.class,
                    () -> engine.score(new ScoringEngine.ScoringRequest(BANKS.get(engine.type()), List.of(), "org_x", Map.of())));
            assertEquals(ScoringException.INVALID_RESPONSES, viaEngine.code());
        }
    }

    @Test
    void tooFastWhenMedianAnswerTimeIsUnderTwoSeconds() {
        List<Answer> all = lsatAnswers("11111");
        // median of 1000, 1200, 1500, 3000, 9000 = 1500 < 2000 -> too_fast
        assertEquals(List.of("too_fast"), AbilityScoring.score(LSAT, timed(all, 3000, 1000, 9000, 1500, 1200)).getQualityFlags());
        // median of 1000, 1500, 2000, 2500, 9000 = 2000: not under 2000 -> no flag
        assertEquals(List.of(), AbilityScoring.score(LSAT, timed(all, 2000, 1000, 9000, 1500, 2500)).getQualityFlags());
        // even count (4 timed, 5th carries none): median of 1000, 1999, 2001, 2500 = (1999 + 2001) / 2 = 2000 -> no flag
        assertEquals(List.of(), AbilityScoring.score(LSAT, timed(all, 1000, 1999, 2001, 2500)).getQualityFlags());
        // median of 1000, 1998, 2001, 2500 = 1999.5 -> too_fast
        assertEquals(List.of("too_fast"), AbilityScoring.score(LSAT, timed(all, 1000, 1998, 2001, 2500)).getQualityFlags());
        // no times at all -> no flag, even for an instant-looking session
        assertEquals(List.of(), AbilityScoring.score(LSAT, all).getQualityFlags());
        // both flags, sorted
        assertEquals(List.of("incomplete", "too_fast"),
                AbilityScoring.score(LSAT, timed(lsatAnswers("11-11"), 500, 500, 500, 500)).getQualityFlags());
    }

    @Test
    void timesDoNotChangeTheScoreAndAnswerOrderDoesNotMatter() {
        List<Answer> answers = lsatAnswers("10110");
        AbilityResult base = AbilityScoring.score(LSAT, answers);
        List<Answer> reversed = new ArrayList<>(answers);
        Collections.reverse(reversed);
        assertEquals(MAPPER.valueToTree(base), MAPPER.valueToTree(AbilityScoring.score(LSAT, reversed)));
        AbilityResult slow = AbilityScoring.score(LSAT, timed(answers, 5000, 5000, 5000, 5000, 5000));
        assertEquals(MAPPER.valueToTree(base), MAPPER.valueToTree(slow));
        // published 10110: z1 -0.352, se 0.815 (ours -0.3520 / 0.8154 -> -0.35 / 0.82); Phi(-0.35) = 0.3632 -> 36
        expect(base, 3, 5, -0.35, 0.82, 36);
    }

    @Test
    void bankItemWithoutParametersIsAnEngineError() {
        QuestionBank broken = new QuestionBank("aapa", "1.0.0", "en", "", new QuestionBank.ResponseFormat("multiple_choice", 1, 2, List.of()),
                List.of(new BankItem("aapa_01", "x", "numerical", null, false,
                        List.of(new BankItem.Option(1, "a"), new BankItem.Option(2, "b")), 1, null, 0.0)));
        ScoringException e = assertThrows(ScoringException.class, () -> new AapaScoringEngine(MAPPER)
                .score(new ScoringEngine.ScoringRequest(broken, List.of(new Answer("aapa_01", null, 1)), "org_x", Map.of())));
        assertEquals(ScoringException.ENGINE_ERROR, e.code());
    }

    // ---------------------------------------------------------------- engines and the shipped banks

    private static List<ScoringEngine> engines() {
        return List.of(new AapaScoringEngine(MAPPER), new LpmScoringEngine(MAPPER), new LpmUScoringEngine(MAPPER));
    }

    @Test
    void enginesScoreTheirOwnTypeAsContractJson() {
        assertEquals(List.of("aapa", "lpm", "lpm_u"), engines().stream().map(ScoringEngine::type).toList());
        for (ScoringEngine engine : engines()) {
            QuestionBank bank = BANKS.get(engine.type());
            List<Answer> allRight = new ArrayList<>();
            List<Answer> allWrong = new ArrayList<>();
            for (BankItem item : bank.items()) {
                allRight.add(new Answer(item.id(), item.dimension(), item.correct()));
                int wrong = item.options().stream().mapToInt(BankItem.Option::value).filter(v -> v != item.correct()).findFirst().orElseThrow();
                allWrong.add(new Answer(item.id(), null, wrong));
            }
            JsonNode right = engine.score(new ScoringEngine.ScoringRequest(bank, allRight, "org_x", Map.of()));
            JsonNode wrong = engine.score(new ScoringEngine.ScoringRequest(bank, allWrong, "org_x", Map.of()));
            for (JsonNode json : List.of(right, wrong)) {
                assertFalse(validate(json).hasErrors(), () -> validate(json).getMessages().toString());
                assertEquals("ability", json.get("kind").asText());
                assertFalse(json.get("mock").asBoolean());
                assertEquals(bank.items().size(), json.get("numberAnswered").asInt());
                assertEquals(0, json.get("qualityFlags").size());
            }
            assertEquals(bank.items().size(), right.get("numberCorrect").asInt());
            assertEquals(0, wrong.get("numberCorrect").asInt());
            assertTrue(right.get("theta").asDouble() > 1, engine.type() + " " + right);
            assertTrue(wrong.get("theta").asDouble() < -1, engine.type() + " " + wrong);
            assertTrue(right.get("percentile").asInt() > 84 && wrong.get("percentile").asInt() < 16);
            // the same numbers as the pure math, rounded half-up
            int n = bank.items().size();
            double[] a = bank.items().stream().mapToDouble(BankItem::a).toArray();
            double[] b = bank.items().stream().mapToDouble(BankItem::b).toArray();
            int[] ones = new int[n];
            java.util.Arrays.fill(ones, 1);
            Irt2pl.Estimate e = Irt2pl.posteriorMode(a, b, ones);
            assertEquals(Rounding.halfUp(e.theta(), 2), right.get("theta").asDouble(), 1e-9);
            assertEquals(Rounding.halfUp(e.standardError(), 2), right.get("standardError").asDouble(), 1e-9);
            // deterministic
            assertEquals(right, engine.score(new ScoringEngine.ScoringRequest(bank, allRight, "org_y", Map.of())));
            // half the bank answered: incomplete
            JsonNode half = engine.score(new ScoringEngine.ScoringRequest(bank, allRight.subList(0, n / 2), "org_x", Map.of()));
            assertEquals("incomplete", half.get("qualityFlags").get(0).asText());
        }
    }

    @Test
    void banksHaveTheDocumentedShape() {
        Map<String, Integer> sizes = Map.of("aapa", 20, "lpm", 20, "lpm_u", 16);
        Map<String, Set<String>> dimensions = Map.of(
                "aapa", Set.of("numerical", "verbal", "abstract"),
                "lpm", Set.of("series", "pattern", "matrix"),
                "lpm_u", Set.of("series", "pattern", "matrix"));
        for (var entry : BANKS.entrySet()) {
            String type = entry.getKey();
            QuestionBank bank = entry.getValue();
            assertEquals(type, bank.type());
            assertEquals("1.1.0", bank.version());
            assertEquals("en", bank.language());
            assertFalse(bank.instructions().isBlank());
            assertEquals("multiple_choice", bank.responseFormat().kind());
            assertEquals(sizes.get(type), bank.items().size(), type);
            double previousB = Double.NEGATIVE_INFINITY;
            boolean increasing = true;
            for (int i = 0; i < bank.items().size(); i++) {
                BankItem item = bank.items().get(i);
                assertEquals(String.format("%s_%02d", type, i + 1), item.id());
                assertTrue(dimensions.get(type).contains(item.dimension()), item.id());
                assertFalse(item.reverseKeyed());
                assertTrue(item.isMultipleChoice(), item.id());
                int options = item.options().size();
                assertTrue(options == 4 || options == 5, item.id());
                assertEquals(bank.responseFormat().max(), options, item.id());
                Set<String> labels = new HashSet<>();
                for (int v = 0; v < options; v++) {
                    assertEquals(v + 1, item.options().get(v).value(), item.id());
                    assertTrue(labels.add(item.options().get(v).label()), item.id() + " repeats an option");
                }
                assertNotNull(item.correct(), item.id());
                assertTrue(item.correct() >= 1 && item.correct() <= options, item.id());
                assertTrue(item.a() >= 0.6 && item.a() <= 2.0, item.id());
                assertTrue(item.b() >= -3.0 && item.b() <= 3.0, item.id());
                increasing &= item.b() > previousB;
                previousB = item.b();
            }
            // bank 1.1.0: difficulty rated from each question's content, no longer rising with the position
            assertFalse(increasing, type + " b must not simply follow the position");
            // keys are spread over the positions, not always the same option
            assertTrue(bank.items().stream().map(BankItem::correct).distinct().count() >= 3, type);
        }
    }

    @Test
    void eachBankHasItemParametersOfItsOwn() {
        // in bank 1.0.0 aapa and lpm shared the same 20 (a, b) pairs position by position
        List<String> aapa = BANKS.get("aapa").items().stream().map(i -> i.a() + "/" + i.b()).toList();
        List<String> lpm = BANKS.get("lpm").items().stream().map(i -> i.a() + "/" + i.b()).toList();
        List<String> lpmU = BANKS.get("lpm_u").items().stream().map(i -> i.a() + "/" + i.b()).toList();
        long samePairs = java.util.stream.IntStream.range(0, aapa.size()).filter(i -> aapa.get(i).equals(lpm.get(i))).count();
        assertTrue(samePairs <= 2, "aapa and lpm share " + samePairs + " parameter pairs");
        assertNotEquals(lpm.subList(0, lpmU.size()), lpmU);
        // the hardest aapa item by content: the syllogism with "some" (aapa_19), not the last one
        assertEquals("aapa_19", BANKS.get("aapa").items().stream().max(java.util.Comparator.comparing(BankItem::b)).orElseThrow().id());
    }

    /** A second answer sheet, solved by hand from the item texts: the key's option label per item. */
    @Test
    void answerKeysMatchTheHandSolvedSheet() {
        Map<String, List<String>> sheet = Map.of(
                "aapa", List.of("42", "large", "10", "down", "12 euros", "banana", "selfish", "20", "36", "cutting",
                        "150 km", "N", "The flower is red.", "50 euros", "13", "carrot", "2", "23",
                        "Some managers are graduates.", "18"),
                "lpm", List.of("5", "50", "square", "12", "EE", "square", "80", "V", "33", "21",
                        "hexagon", "6.25", "13", "162", "40", "21", "29", "U", "36", "17"),
                "lpm_u", List.of("5", "blue", "10", "chair", "6", "E", "moon", "25", "16", "pear",
                        "18", "7", "25", "I", "16", "9"));
        for (var entry : sheet.entrySet()) {
            List<BankItem> items = BANKS.get(entry.getKey()).items();
            assertEquals(entry.getValue().size(), items.size());
            for (int i = 0; i < items.size(); i++) {
                BankItem item = items.get(i);
                String key = item.options().stream().filter(o -> o.value() == item.correct()).findFirst().orElseThrow().label();
                assertEquals(entry.getValue().get(i), key, item.id() + ": " + item.text());
            }
        }
    }

    @Test
    void schemaValidatorRejectsOutOfContractResults() {
        ObjectNode json = MAPPER.valueToTree(AbilityScoring.score(LSAT, lsatAnswers("11111")));
        assertFalse(validate(json).hasErrors(), () -> validate(json).getMessages().toString());
        assertTrue(validate(json.deepCopy().put("extra", 1)).hasErrors());
        assertTrue(validate(json.deepCopy().put("percentile", 101)).hasErrors());
        ObjectNode missing = json.deepCopy();
        missing.remove("standardError");
        assertTrue(validate(missing).hasErrors());
        assertNotEquals(json, missing);
    }

    private static ValidationReport validate(JsonNode json) {
        return schemaValidator.validate(json.toString(), ABILITY_RESULT, "response.body");
    }
}
