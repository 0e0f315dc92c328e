package com.assessments.scoring.fra;

import com.assessments.api.model.FraComposite;
import com.assessments.api.model.FraResult;
import com.assessments.api.model.FraScaleScore;
import com.assessments.api.model.ScoreBand;
import com.assessments.scoring.Answer;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.ScoringException;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
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
 * round(100 * Phi(z)) half-up, clamped to 0..100; band from the percentile: low &lt; 40 &lt;= moderate &lt; 70 &lt;= high.</li>
 * <li>Composite: zc = mean of the four unrounded z; score = 100 * Phi(zc) half-up to 1 decimal; percentile
 * = 100 * Phi(zc) half-up to an integer; band from that percentile.</li>
 * <li>answeredRatio = answered / items, exact, rounded DOWN to 2 decimals (39/40 = 0.975 gives 0.97).</li>
 * <li>qualityFlags (sorted): straight_lining (10 or more identical consecutive raw responses among the
 * answered items in bank order), incomplete (not every item answered), too_fast (the median of the
 * responseTimeMs sent is below 1500 ms).</li>
 * </ol>
 */
public final class FraScoring {

    static final int MIN_RESPONSE = 1;
    static final int MAX_RESPONSE = 5;

    /** Percentile band cut-offs. */
    static final int BAND_MODERATE = 40;
    static final int BAND_HIGH = 70;

    /** Overall guard: answered * 10 must be at least items * 9 (90%). */
    static final int MIN_ANSWERED_TENTHS = 9;

    static final int STRAIGHT_LINING_RUN = 10;
    static final long TOO_FAST_MEDIAN_MS = 1500;

    public static final String FLAG_INCOMPLETE = "incomplete";
    public static final String FLAG_STRAIGHT_LINING = "straight_lining";
    public static final String FLAG_TOO_FAST = "too_fast";

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
                keyedSum[s] += keyed(items.get(k), raw[k]);
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
            int percentile = percentile(z);
            scaleScores.add(new FraScaleScore()
                    .scale(scales.get(s))
                    .mean(BigDecimal.valueOf(keyedSum[s]).divide(BigDecimal.valueOf(answeredCount[s]), 2, RoundingMode.HALF_UP).doubleValue())
                    .percentile(percentile)
                    .band(band(percentile)));
        }
        double compositeZ = zSum / scales.size();
        double composite100 = 100 * normalCdf(compositeZ);
        int compositePercentile = percentile(compositeZ);
        FraComposite composite = new FraComposite()
                .score(clamp(BigDecimal.valueOf(composite100).setScale(1, RoundingMode.HALF_UP).doubleValue()))
                .percentile(compositePercentile)
                .band(band(compositePercentile));

        // Rule 5: exact ratio, rounded down.
        double answeredRatio = BigDecimal.valueOf(answered).divide(BigDecimal.valueOf(items.size()), 2, RoundingMode.DOWN).doubleValue();

        return new FraResult()
                .kind(FraResult.KindEnum.FRA)
                .scales(scaleScores)
                .composite(composite)
                .answeredRatio(answeredRatio)
                .qualityFlags(qualityFlags(raw, answered, items.size(), answers))
                .mock(false);
    }

    /** Rule 1: reverse-keyed items are scored 6 - r (max + min - r). */
    static int keyed(BankItem item, int response) {
        return item.reverseKeyed() ? MAX_RESPONSE + MIN_RESPONSE - response : response;
    }

    /** Rule 3: round(100 * Phi(z)) half-up, within 0..100. */
    static int percentile(double z) {
        double value = clamp(100 * normalCdf(z));
        return BigDecimal.valueOf(value).setScale(0, RoundingMode.HALF_UP).intValue();
    }

    /** low below 40, moderate 40 to 69, high 70 and above (on the integer percentile). */
    static ScoreBand band(int percentile) {
        if (percentile >= BAND_HIGH) {
            return ScoreBand.HIGH;
        }
        return percentile >= BAND_MODERATE ? ScoreBand.MODERATE : ScoreBand.LOW;
    }

    private static double clamp(double value) {
        return Math.max(0, Math.min(100, value));
    }

    static double normalCdf(double x) {
        return com.assessments.scoring.Normal.cdf(x);
    }

    /** Rule 6, flags sorted alphabetically. */
    static List<String> qualityFlags(Integer[] raw, int answered, int items, List<Answer> answers) {
        TreeSet<String> flags = new TreeSet<>();
        int run = 0;
        int longest = 0;
        Integer last = null;
        for (Integer r : raw) {
            if (r == null) {
                continue; // unanswered items neither extend nor break a run
            }
            run = r.equals(last) ? run + 1 : 1;
            last = r;
            longest = Math.max(longest, run);
        }
        if (longest >= STRAIGHT_LINING_RUN) {
            flags.add(FLAG_STRAIGHT_LINING);
        }
        if (answered < items) {
            flags.add(FLAG_INCOMPLETE);
        }
        List<Long> times = new ArrayList<>();
        for (Answer a : answers) {
            if (a.responseTimeMs() != null) {
                times.add((long) a.responseTimeMs());
            }
        }
        if (!times.isEmpty()) {
            times.sort(null);
            int n = times.size();
            // median < 1500 compared exactly: for an even count, (t1 + t2) / 2 < 1500 <=> t1 + t2 < 3000
            boolean fast = n % 2 == 1 ? times.get(n / 2) < TOO_FAST_MEDIAN_MS
                    : times.get(n / 2 - 1) + times.get(n / 2) < 2 * TOO_FAST_MEDIAN_MS;
            if (fast) {
                flags.add(FLAG_TOO_FAST);
            }
        }
        return new ArrayList<>(flags);
    }

    private static void checkBank(QuestionBank bank, List<String> scales) {
        if (bank == null || bank.items() == null || bank.items().isEmpty()) {
            throw new ScoringException(ScoringException.ENGINE_ERROR, "the FRA question bank is missing");
        }
        if (bank.responseFormat() != null && (bank.responseFormat().min() != MIN_RESPONSE
                || bank.responseFormat().max() != MAX_RESPONSE)) {
            throw new ScoringException(ScoringException.ENGINE_ERROR, "FRA scoring needs a 1 to 5 response scale");
        }
        int[] count = new int[scales.size()];
        for (BankItem item : bank.items()) {
            int s = scales.indexOf(item.dimension());
            if (s < 0) {
                throw new ScoringException(ScoringException.ENGINE_ERROR,
                        "bank item " + item.id() + " has an unknown FRA scale " + item.dimension());
            }
            count[s]++;
        }
        for (int s = 0; s < scales.size(); s++) {
            if (count[s] == 0) {
                throw new ScoringException(ScoringException.ENGINE_ERROR, "the FRA bank has no items for " + scales.get(s));
            }
        }
    }

    /** Raw responses in bank order, null where unanswered; guards against unknown, repeated or out-of-range answers. */
    private static Integer[] rawInBankOrder(QuestionBank bank, List<Answer> answers) {
        Map<String, Answer> byId = com.assessments.scoring.Answers.byQuestionId(answers);
        Integer[] raw = new Integer[bank.items().size()];
        for (int k = 0; k < raw.length; k++) {
            BankItem item = bank.items().get(k);
            Answer answer = byId.remove(item.id());
            if (answer == null) {
                continue;
            }
            if (answer.response() < MIN_RESPONSE || answer.response() > MAX_RESPONSE) {
                throw new ScoringException(ScoringException.INVALID_RESPONSES,
                        "question " + item.id() + " has response " + answer.response() + ", not 1 to 5");
            }
            if (answer.dimension() != null && !answer.dimension().equals(item.dimension())) {
                throw new ScoringException(ScoringException.INVALID_RESPONSES,
                        "question " + item.id() + " belongs to scale " + item.dimension() + ", not " + answer.dimension());
            }
            raw[k] = answer.response();
        }
        if (!byId.isEmpty()) {
            throw new ScoringException(ScoringException.INVALID_RESPONSES, "unknown questions " + new TreeSet<>(byId.keySet()));
        }
        return raw;
    }
}
