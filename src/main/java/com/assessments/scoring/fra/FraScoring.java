package com.assessments.scoring.fra;

import com.assessments.api.model.FraComposite;
import com.assessments.api.model.FraResult;
import com.assessments.api.model.FraScaleScore;
import com.assessments.scoring.Answer;
import com.assessments.scoring.Answers;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.Bands;
import com.assessments.scoring.Likert;
import com.assessments.scoring.Normal;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.ResponseQuality;
import com.assessments.scoring.Rounding;
import com.assessments.scoring.ScoringException;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * FRA scoring: pure, deterministic math with no CDI and no state. Higher scale scores mean LOWER risk.
 * Every rule, with its numbers, is documented for humans in {@code src/main/resources/docs/scoring-fra.html};
 * keep the two in step.
 *
 * <ol>
 * <li>keyed = 6 - r for reverse-keyed items, r otherwise; a scale's mean is the mean keyed response over the
 * ANSWERED items of that scale (pro-rating), reported rounded half-up to 2 decimals.</li>
 * <li>A scale with fewer than half of its items answered cannot be scored: {@code invalid_responses} naming
 * the scale. As a guard, fewer than 90% of all items answered is {@code invalid_responses} too (the API's
 * validity gate normally rejects such submissions first; the result schema cannot carry them).</li>
 * <li>z = (unrounded mean - norm mean) / norm sd ({@link FraNorms}, provisional); percentile =
 * round(100 * Phi(z)) half-up, clamped to 0..100 ({@link Normal#percentile}); band ({@link Bands}) from the
 * percentile: low &lt; 40 &lt;= moderate &lt; 70 &lt;= high.</li>
 * <li>Composite: zc = (mean of the four unrounded z) / {@link FraNorms#compositeSd()} (0.689: the SD of a
 * mean of four z-scores correlated 0.30), so that zc is standard normal in the reference group; score = 100 *
 * Phi(zc) half-up to 1 decimal; percentile = 100 * Phi(zc) half-up to an integer; band from that
 * percentile.</li>
 * <li>answeredRatio = answered / items, exact, rounded DOWN to 2 decimals (39/40 = 0.975 gives 0.97).</li>
 * <li>qualityFlags (sorted): straight_lining (10 or more identical consecutive raw responses among the
 * answered items in bank order), incomplete (not every item answered), too_fast (the median of the
 * responseTimeMs sent is below 1500 ms), random_responding (item-pair consistency, the mean |keyed
 * difference| over the same-scale pairs of answered items, at least 1.25, with no straight-lining run; see
 * {@link ResponseQuality#pairConsistency}); see {@link ResponseQuality#likertFlags}.</li>
 * </ol>
 */
public final class FraScoring {

    /** Overall guard: answered * 10 must be at least items * 9 (90%). */
    static final int MIN_ANSWERED_TENTHS = 9;

    static final int STRAIGHT_LINING_RUN = 10;
    /** Item-pair consistency at or above 5/4 is random_responding (from the simulation on /docs/scoring). */
    static final long RANDOM_AT_NUM = 5;
    static final long RANDOM_AT_DEN = 4;

    /** Version of these rules; results name it (scoringVersion). */
    public static final String SCORING_VERSION = "fra-2";

    public static final String FLAG_RANDOM_RESPONDING = ResponseQuality.RANDOM_RESPONDING;

    public static final String FLAG_INCOMPLETE = ResponseQuality.INCOMPLETE;
    public static final String FLAG_STRAIGHT_LINING = ResponseQuality.STRAIGHT_LINING;
    public static final String FLAG_TOO_FAST = ResponseQuality.TOO_FAST;

    private FraScoring() {
    }

    /**
     * Scores validated FRA answers (possibly a subset of the bank).
     *
     * @throws ScoringException {@code invalid_responses} when these answers cannot be scored (a scale with
     *                          fewer than half of its items answered, under 90% answered overall, or a caller
     *                          bug: unknown, repeated or out-of-range answers); {@code engine_error} for a
     *                          bank this engine cannot score
     */
    public static FraResult score(QuestionBank bank, List<Answer> answers) {
        List<String> scales = FraNorms.scaleNames();
        checkBank(bank, scales);
        List<BankItem> items = bank.items();
        Integer[] raw = rawInBankOrder(bank, answers);

        // Rule 1: keyed sums over the answered items of each scale.
        int[] itemCount = new int[scales.size()];
        int[] answeredCount = new int[scales.size()];
        long[] keyedSum = new long[scales.size()];
        int answered = 0;
        for (int k = 0; k < items.size(); k++) {
            int s = scales.indexOf(items.get(k).dimension());
            itemCount[s]++;
            if (raw[k] != null) {
                answeredCount[s]++;
                keyedSum[s] += Likert.keyed(items.get(k), raw[k]);
                answered++;
            }
        }
        // Rule 2: every scale needs at least half of its items; then the overall 90% guard.
        for (int s = 0; s < scales.size(); s++) {
            if (2 * answeredCount[s] < itemCount[s]) {
                throw new ScoringException(ScoringException.INVALID_RESPONSES, "scale " + scales.get(s) + " has only "
                        + answeredCount[s] + " of its " + itemCount[s] + " items answered; at least half are needed");
            }
        }
        if (10L * answered < (long) MIN_ANSWERED_TENTHS * items.size()) {
            throw new ScoringException(ScoringException.INVALID_RESPONSES, "only " + answered + " of "
                    + items.size() + " FRA items are answered; at least 90% are needed");
        }

        // Rules 3 and 4.
        List<FraScaleScore> scaleScores = new ArrayList<>();
        double zSum = 0;
        for (int s = 0; s < scales.size(); s++) {
            double mean = (double) keyedSum[s] / answeredCount[s];
            double z = FraNorms.SCALES.get(s).z(mean);
            zSum += z;
            int percentile = Normal.percentile(z);
            scaleScores.add(new FraScaleScore()
                    .scale(scales.get(s))
                    .mean(BigDecimal.valueOf(keyedSum[s]).divide(BigDecimal.valueOf(answeredCount[s]), 2, RoundingMode.HALF_UP).doubleValue())
                    .percentile(percentile)
                    .band(Bands.of(percentile)));
        }
        double compositeZ = zSum / scales.size() / FraNorms.compositeSd();
        int compositePercentile = Normal.percentile(compositeZ);
        FraComposite composite = new FraComposite()
                .score(Math.max(0, Math.min(100, Rounding.halfUp(100 * Normal.cdf(compositeZ), 1))))
                .percentile(compositePercentile)
                .band(Bands.of(compositePercentile));

        // Rule 5: exact ratio, rounded down.
        double answeredRatio = BigDecimal.valueOf(answered).divide(BigDecimal.valueOf(items.size()), 2, RoundingMode.DOWN).doubleValue();

        return new FraResult()
                .kind(FraResult.KindEnum.FRA)
                .scales(scaleScores)
                .composite(composite)
                .answeredRatio(answeredRatio)
                .qualityFlags(ResponseQuality.likertFlags(Arrays.asList(raw), STRAIGHT_LINING_RUN, answers,
                        ResponseQuality.pairConsistency(items, raw).atLeast(RANDOM_AT_NUM, RANDOM_AT_DEN)))
                .mock(false)
                .bankVersion(bank.version())
                .scoringVersion(SCORING_VERSION)
                .normVersion(FraNorms.VERSION)
                .normsProvisional(FraNorms.PROVISIONAL);
    }

    private static void checkBank(QuestionBank bank, List<String> scales) {
        Likert.checkBank(bank, "FRA");
        int[] count = new int[scales.size()];
        for (BankItem item : bank.items()) {
            count[Likert.dimension(item, scales, "FRA", "scale")]++;
        }
        for (int s = 0; s < scales.size(); s++) {
            if (count[s] == 0) {
                throw new ScoringException(ScoringException.ENGINE_ERROR, "the FRA bank has no items for " + scales.get(s));
            }
        }
    }

    /** Raw responses in bank order, null where unanswered; guards against unknown, repeated or out-of-range answers. */
    private static Integer[] rawInBankOrder(QuestionBank bank, List<Answer> answers) {
        Map<String, Answer> byId = Answers.byQuestionId(answers);
        Integer[] raw = Likert.rawInBankOrder(bank, byId, false, "scale");
        if (!byId.isEmpty()) {
            throw new ScoringException(ScoringException.INVALID_RESPONSES, "unknown questions " + new TreeSet<>(byId.keySet()));
        }
        return raw;
    }
}
