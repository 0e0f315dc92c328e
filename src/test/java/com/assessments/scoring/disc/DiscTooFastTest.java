package com.assessments.scoring.disc;

import com.assessments.api.model.DiscResult;
import com.assessments.api.model.ReliabilityLevel;
import com.assessments.scoring.Answer;
import com.assessments.scoring.QuestionBank;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DiscTooFastTest {

    private static final int[] VARIED = {5, 2, 3, 4, 5, 2, 3, 4, 4, 1, 3, 5, 1, 4, 3};

    private static List<Answer> answers(QuestionBank bank, Integer timeMs) {
        List<Answer> out = new ArrayList<>();
        for (int i = 0; i < VARIED.length; i++) {
            out.add(new Answer(bank.items().get(i).id(), bank.items().get(i).dimension(), VARIED[i], timeMs));
        }
        return out;
    }

    @Test
    void fastAnswersAreFlaggedAndLowerReliability() throws Exception {
        QuestionBank bank = new ObjectMapper().readValue(getClass().getResourceAsStream("/banks/disc.json"), QuestionBank.class);
        DiscResult untimed = DiscScoring.score(bank, answers(bank, null));
        DiscResult slow = DiscScoringEngine.tooFastCheck(DiscScoring.score(bank, answers(bank, 1500)), answers(bank, 1500));
        DiscResult fast = DiscScoringEngine.tooFastCheck(DiscScoring.score(bank, answers(bank, 1499)), answers(bank, 1499));
        assertEquals(untimed, DiscScoringEngine.tooFastCheck(DiscScoring.score(bank, answers(bank, null)), answers(bank, null)));
        assertEquals(untimed.getReliabilityScore(), slow.getReliabilityScore());
        assertEquals(List.of("too_fast"), fast.getQualityFlags().stream().filter("too_fast"::equals).toList());
        assertEquals(Math.round((untimed.getReliabilityScore() - 0.30) * 100) / 100.0, fast.getReliabilityScore(), 1e-9);
        ReliabilityLevel expected = fast.getReliabilityScore() >= 0.75 ? ReliabilityLevel.HIGH
                : fast.getReliabilityScore() >= 0.5 ? ReliabilityLevel.MODERATE : ReliabilityLevel.LOW;
        assertEquals(expected, fast.getReliabilityLevel());
    }
}
