package com.assessments.scoring;

import com.assessments.api.model.ScoreBand;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rules every engine shares: band cut-offs, rounding, percentiles and the response-quality checks. */
class SharedRulesTest {

    @Test
    void bandsCutAtFortyAndSeventy() {
        assertEquals(ScoreBand.LOW, Bands.of(0));
        assertEquals(ScoreBand.LOW, Bands.of(39.99));
        assertEquals(ScoreBand.MODERATE, Bands.of(40));
        assertEquals(ScoreBand.MODERATE, Bands.of(69.9));
        assertEquals(ScoreBand.HIGH, Bands.of(70));
        assertEquals(ScoreBand.HIGH, Bands.of(100));
        assertEquals(ScoreBand.LOW, Bands.of(Double.NaN));
        assertEquals("moderate", Bands.label(55));
    }

    @Test
    void roundingIsHalfUpOnTheDecimalValueAndNeverNegativeZero() {
        assertEquals(6.3, Rounding.halfUp(6.25, 1));
        assertEquals(2.68, Rounding.halfUp(2.675, 2));
        assertEquals(61.3, Rounding.halfUp(61.25, 1));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(Rounding.halfUp(-0.004, 2)));
    }

    @Test
    void percentileIsRoundedAndWithinZeroToHundred() {
        assertEquals(50, Normal.percentile(0));
        assertEquals(84, Normal.percentile(1));
        assertEquals(0, Normal.percentile(-5));
        assertEquals(100, Normal.percentile(5));
    }

    @Test
    void longestRunSkipsUnansweredItemsWithoutBreakingTheRun() {
        assertEquals(0, ResponseQuality.longestRun(List.of()));
        assertEquals(1, ResponseQuality.longestRun(List.of(1, 2, 3)));
        assertEquals(3, ResponseQuality.longestRun(Arrays.asList(2, 2, null, 2, 5, 5)));
        assertEquals(0, ResponseQuality.longestRun(Arrays.asList(null, null)));
    }

    @Test
    void medianAnswerTimeLeavesOutAnswersWithoutATime() {
        assertEquals(OptionalDouble.empty(), ResponseQuality.medianResponseTimeMs(timed((Integer) null)));
        assertEquals(OptionalDouble.of(1500), ResponseQuality.medianResponseTimeMs(timed(3000, 1000, null, 1500)));
        assertEquals(OptionalDouble.of(1750), ResponseQuality.medianResponseTimeMs(timed(2000, 1500)));
        assertEquals(OptionalDouble.of(Integer.MAX_VALUE), ResponseQuality.medianResponseTimeMs(
                timed(Integer.MAX_VALUE, Integer.MAX_VALUE)), "no overflow");
    }

    @Test
    void tooFastIsAMedianStrictlyBelowTheThreshold() {
        assertTrue(ResponseQuality.tooFast(timed(1499, 1500, 1), 1500));
        assertFalse(ResponseQuality.tooFast(timed(1500, 1500, 1), 1500));
        assertTrue(ResponseQuality.tooFast(timed(1499, 1500), 1500));
        assertFalse(ResponseQuality.tooFast(timed(1500, 1500), 1500));
        assertFalse(ResponseQuality.tooFast(timed((Integer) null), 1500), "no times, no flag");
    }

    @Test
    void likertFlagsAreSortedAndFollowTheirRules() {
        List<Integer> run = Arrays.asList(3, 3, 3, null, 3, 1);
        assertEquals(List.of("incomplete", "straight_lining", "too_fast"),
                ResponseQuality.likertFlags(run, 4, timed(100, 200)));
        assertEquals(List.of("incomplete"), ResponseQuality.likertFlags(run, 5, timed(1500)));
        assertEquals(List.of(), ResponseQuality.likertFlags(List.of(1, 2), 2, List.of()));
    }

    @Test
    void reverseKeyedItemsAreMirroredOnTheOneToFiveScale() {
        BankItem forward = new BankItem("q1", "text", "D", false);
        BankItem reverse = new BankItem("q2", "text", "D", true);
        assertEquals(2, Likert.keyed(forward, 2));
        assertEquals(4, Likert.keyed(reverse, 2));
        assertEquals(5, Likert.keyed(reverse, 1));
    }

    private static List<Answer> timed(Integer... times) {
        return Arrays.stream(times).map(t -> new Answer("q", null, 3, t)).toList();
    }
}
