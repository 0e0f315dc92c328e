package com.assessments.scoring;

import com.assessments.scoring.tfd.Occupations;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Test-key results pinned to the values the mock produced before its band, rounding and percentile rules
 * were shared with the live engines (issue #13): the same answers must keep giving the same mock results.
 */
class MockScoringTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static MockScoring mock;

    @BeforeAll
    static void load() {
        mock = new MockScoring(MAPPER, new Occupations(MAPPER), new com.assessments.scoring.QuestionBanks(MAPPER));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            disc@1.0.0|1|{"kind":"disc","primaryType":"D","secondaryType":"C","type12":"CD","likertScores":{"D":4.03,"I":1.18,"S":3.18,"C":3.4},"normalizedScores":{"D":75.8,"I":4.5,"S":54.5,"C":60.0},"bands":{"D":"high","I":"low","S":"moderate","C":"moderate"},"reliabilityScore":1.0,"reliabilityLevel":"high","qualityFlags":[],"mock":true,"primaryTiedWith":[],"secondaryTiedWith":[],"profileStrength":59.4,"undifferentiated":false,"bankVersion":"2.0.0","scoringVersion":"mock-1","normVersion":null,"normsProvisional":false}
            disc@1.0.0|4|{"kind":"disc","primaryType":"C","secondaryType":"D","type12":"CD","likertScores":{"D":3.37,"I":1.26,"S":1.4,"C":4.97},"normalizedScores":{"D":59.3,"I":6.5,"S":10.0,"C":99.3},"bands":{"D":"moderate","I":"low","S":"low","C":"high"},"reliabilityScore":1.0,"reliabilityLevel":"high","qualityFlags":[],"mock":true,"primaryTiedWith":[],"secondaryTiedWith":[],"profileStrength":105.0,"undifferentiated":false,"bankVersion":"2.0.0","scoringVersion":"mock-1","normVersion":null,"normsProvisional":false}
            disc|1|{"kind":"disc","primaryType":"D","secondaryType":"C","type12":"CD","likertScores":{"D":3.26,"I":1.5,"S":2.49,"C":2.63},"normalizedScores":{"D":56.5,"I":12.5,"S":37.3,"C":40.8},"bands":{"D":"moderate","I":"low","S":"low","C":"moderate"},"reliabilityScore":1.0,"reliabilityLevel":"high","qualityFlags":[],"mock":true,"primaryTiedWith":[],"secondaryTiedWith":[],"profileStrength":34.2,"undifferentiated":false,"bankVersion":"2.0.0","scoringVersion":"mock-1","normVersion":null,"normsProvisional":false}
            disc|4|{"kind":"disc","primaryType":"C","secondaryType":"S","type12":"CS","likertScores":{"D":2.91,"I":3.09,"S":3.42,"C":3.92},"normalizedScores":{"D":47.8,"I":52.3,"S":60.5,"C":73.0},"bands":{"D":"moderate","I":"moderate","S":"moderate","C":"high"},"reliabilityScore":1.0,"reliabilityLevel":"high","qualityFlags":[],"mock":true,"primaryTiedWith":[],"secondaryTiedWith":[],"profileStrength":24.4,"undifferentiated":false,"bankVersion":"2.0.0","scoringVersion":"mock-1","normVersion":null,"normsProvisional":false}
            fra|1|{"kind":"fra","scales":[{"scale":"integrity","mean":3.96,"percentile":74,"band":"high"},{"scale":"rule_compliance","mean":4.8,"percentile":95,"band":"high"},{"scale":"self_control","mean":1.62,"percentile":16,"band":"low"},{"scale":"safety_awareness","mean":2.68,"percentile":42,"band":"moderate"}],"composite":{"score":56.8,"percentile":57,"band":"moderate"},"answeredRatio":1.0,"qualityFlags":[],"mock":true,"bankVersion":"1.0.0","scoringVersion":"mock-1","normVersion":null,"normsProvisional":false}
            fra|2|{"kind":"fra","scales":[{"scale":"integrity","mean":1.41,"percentile":10,"band":"low"},{"scale":"rule_compliance","mean":2.74,"percentile":44,"band":"moderate"},{"scale":"self_control","mean":3.43,"percentile":61,"band":"moderate"},{"scale":"safety_awareness","mean":1.58,"percentile":15,"band":"low"}],"composite":{"score":32.5,"percentile":33,"band":"low"},"answeredRatio":1.0,"qualityFlags":[],"mock":true,"bankVersion":"1.0.0","scoringVersion":"mock-1","normVersion":null,"normsProvisional":false}
            tfd|1|{"kind":"tfd","occupationId":"15-1252.00","occupationName":"Software Developers","fitScore":57.6,"band":"moderate","gaps":[{"dimension":"analytical","score":37.3,"target":84.8,"gap":-47.5},{"dimension":"interpersonal","score":82.7,"target":28.4,"gap":54.3},{"dimension":"structure","score":60.3,"target":96.5,"gap":-36.2},{"dimension":"drive","score":51.8,"target":84.6,"gap":-32.8},{"dimension":"adaptability","score":55.8,"target":24.0,"gap":31.8},{"dimension":"care","score":24.2,"target":71.2,"gap":-47.0}],"topMatches":[{"occupationId":"15-1252.00","occupationName":"Software Developers","fitScore":57.6}],"qualityFlags":[],"mock":true,"bankVersion":"1.0.0","scoringVersion":"mock-1","normVersion":null,"normsProvisional":false}
            tfd_plus|3|{"kind":"tfd","occupationId":"15-1252.00","occupationName":"Software Developers","fitScore":65.0,"band":"moderate","gaps":[{"dimension":"analytical","score":5.7,"target":16.4,"gap":-10.7},{"dimension":"interpersonal","score":62.0,"target":6.8,"gap":55.2},{"dimension":"structure","score":88.8,"target":59.4,"gap":29.4},{"dimension":"drive","score":64.4,"target":23.5,"gap":40.9},{"dimension":"adaptability","score":62.8,"target":58.2,"gap":4.6},{"dimension":"care","score":85.8,"target":45.3,"gap":40.5}],"topMatches":[{"occupationId":"15-1252.00","occupationName":"Software Developers","fitScore":65.0}],"qualityFlags":[],"mock":true,"bankVersion":"1.0.0","scoringVersion":"mock-1","normVersion":null,"normsProvisional":false}
            aapa|1|{"kind":"ability","numberCorrect":1,"numberAnswered":20,"theta":-1.3,"standardError":0.6,"percentile":10,"qualityFlags":[],"mock":true,"bankVersion":"1.1.0","scoringVersion":"mock-1","normVersion":null,"normsProvisional":false}
            lpm_u|2|{"kind":"ability","numberCorrect":7,"numberAnswered":16,"theta":0.0,"standardError":0.57,"percentile":50,"qualityFlags":[],"mock":true,"bankVersion":"1.1.0","scoringVersion":"mock-1","normVersion":null,"normsProvisional":false}
            """)
    void sameAnswersGiveThePinnedMockResult(String type, int shift, String expected) throws IOException {
        // "disc@1.0.0": the ids of DISC bank 1.0.0 (disc_01..disc_15), whose pinned numbers must not move; bank
        // 2.0.0 answers disc_16 instead of disc_08, so its answers hash differently (the rows "disc")
        JsonNode result = type.equals("disc@1.0.0")
                ? mock.score("disc", discBank1Answers(shift), Map.of())
                : mock.score(type, answers(type, shift), Map.of("occupationId", "15-1252.00"));
        assertEquals(expected, MAPPER.writeValueAsString(result));
    }

    /** The 15 answers of DISC bank 1.0.0 (ids disc_01..disc_15), response (position + shift) mod 5 + 1. */
    private static List<Answer> discBank1Answers(int shift) {
        List<Answer> answers = new ArrayList<>();
        for (int k = 0; k < 15; k++) {
            answers.add(new Answer(String.format("disc_%02d", k + 1), "DISC".substring(k % 4, k % 4 + 1), (k + shift) % 5 + 1));
        }
        return answers;
    }

    /** Every item of the type's bank answered, response (position + shift) mod 5 + 1 (an option value for ability). */
    private static List<Answer> answers(String type, int shift) throws IOException {
        QuestionBank bank;
        try (InputStream in = MockScoringTest.class.getResourceAsStream("/banks/" + type + ".json")) {
            bank = MAPPER.readValue(in, QuestionBank.class);
        }
        List<Answer> answers = new ArrayList<>();
        for (int k = 0; k < bank.items().size(); k++) {
            BankItem item = bank.items().get(k);
            int response = item.isMultipleChoice() ? item.options().get((k + shift) % item.options().size()).value()
                    : (k + shift) % 5 + 1;
            answers.add(new Answer(item.id(), item.dimension(), response));
        }
        return answers;
    }
}
