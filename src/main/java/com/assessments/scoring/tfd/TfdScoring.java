package com.assessments.scoring.tfd;

import com.assessments.api.model.TfdGap;
import com.assessments.api.model.TfdMatch;
import com.assessments.api.model.TfdResult;
import com.assessments.scoring.Answer;
import com.assessments.scoring.Answers;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.Bands;
import com.assessments.scoring.Likert;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.ResponseQuality;
import com.assessments.scoring.Rounding;
import com.assessments.scoring.ScoringException;
import com.assessments.scoring.tfd.Occupations.Occupation;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * TFD / TFD Plus occupation fit: pure, deterministic math with no CDI and no state. Every rule, with its
 * numbers, is documented for humans in {@code src/main/resources/docs/scoring-tfd.html}; keep the two in step.
 *
 * <ol>
 * <li>Keyed response = 6 - r for reverse-keyed items, r otherwise (responses 1 to 5).</li>
 * <li>Profile: per dimension, score = (mean keyed response of its answered items - 1) / 4 * 100 (0 to 100).
 * tfd uses its 24 items (no sections); tfd_plus uses all 36 items of both sections, styles and values.</li>
 * <li>Partial answers: at least 80% of the bank's items and at least 2 items per dimension, else
 * invalid_responses.</li>
 * <li>similarity s(p) = 100 * (0.5 * (r + 1) / 2 + 0.5 * (1 - meanAbsGap / 100)), r = Pearson correlation of
 * profile and target over the six dimensions (0 when either is flat), meanAbsGap = mean |score - target|.
 * fit is anchored at the midpoint: fit = 100 * (s(p) - s(m)) / (100 - s(m)), m the profile of someone who
 * answers 3 to everything (50 on every dimension), so that midpoint or random answering reads about 0 and
 * the target profile itself 100; computed from the unrounded profile, clamped to 0..100, rounded half-up to
 * 1 decimal.</li>
 * <li>band ({@link Bands}) on the reported fitScore: low &lt; 40 &lt;= moderate &lt; 70 &lt;= high.</li>
 * <li>gaps: per dimension in {@link #DIMENSIONS} order, score rounded half-up to 1 decimal, gap = that
 * reported score - target (exact, so a reader can check it).</li>
 * <li>topMatches: the reported fitScore against every candidate occupation (the engine passes the
 * organization's published occupations, not the whole catalogue), best first, ties by occupation id, at
 * most {@link #TOP_MATCHES}.</li>
 * <li>qualityFlags (sorted): incomplete (an item unanswered), straight_lining (8 or more identical
 * consecutive raw responses, answered items in bank order), too_fast (median responseTimeMs &lt; 1500 over
 * the answers that carry a time), random_responding (item-pair consistency at least 1.3 with no
 * straight-lining run; {@link ResponseQuality#pairConsistency}); see {@link ResponseQuality#likertFlags}.</li>
 * </ol>
 */
public final class TfdScoring {

    /** The six work-style dimensions in their fixed order (profile arrays, gaps). */
    public static final List<String> DIMENSIONS =
            List.of("analytical", "interpersonal", "structure", "drive", "adaptability", "care");

    public static final String SECTION_STYLES = "styles";
    public static final String SECTION_VALUES = "values";

    /** Partial answers: answered / total must be at least 4/5... */
    static final int MIN_ANSWERED_NUM = 4;
    static final int MIN_ANSWERED_DEN = 5;
    /** ...and every dimension needs at least this many answered items. */
    static final int MIN_PER_DIMENSION = 2;

    public static final int TOP_MATCHES = 5;

    static final int STRAIGHT_LINING_RUN = 8;
    /** Item-pair consistency at or above 13/10 is random_responding (from the simulation on /docs/scoring). */
    static final long RANDOM_AT_NUM = 13;
    static final long RANDOM_AT_DEN = 10;
    /** The profile's score on every dimension when every statement is answered 3: the fit scale's zero point. */
    static final double MIDPOINT = 50;

    /** Version of these rules; results name it (scoringVersion). */
    public static final String SCORING_VERSION = "tfd-2";

    public static final String FLAG_RANDOM_RESPONDING = ResponseQuality.RANDOM_RESPONDING;

    public static final String FLAG_INCOMPLETE = ResponseQuality.INCOMPLETE;
    public static final String FLAG_STRAIGHT_LINING = ResponseQuality.STRAIGHT_LINING;
    public static final String FLAG_TOO_FAST = ResponseQuality.TOO_FAST;

    /** Below this a profile's spread counts as none (flat profile, r = 0). */
    static final double FLAT = 1e-9;

    private TfdScoring() {
    }

    /** Which bank layout an engine scores. */
    public enum Variant {
        /** tfd: 24 items, section null. */
        TFD,
        /** tfd_plus: items in the sections styles and values, both used. */
        PLUS
    }

    /** A scored profile (unrounded scores in {@link #DIMENSIONS} order) and its quality flags. */
    public record Profile(List<Double> scores, int answered, int total, List<String> qualityFlags) {

        public double[] array() {
            return scores.stream().mapToDouble(Double::doubleValue).toArray();
        }
    }

    /**
     * Scores validated answers (possibly a subset of the bank) against {@code occupation}, with top matches
     * among {@code candidates}.
     *
     * @throws ScoringException invalid_responses for answers that cannot be scored, engine_error for a bank
     *                          this engine cannot score
     */
    public static TfdResult score(QuestionBank bank, Variant variant, List<Answer> answers,
                                  Occupation occupation, List<Occupation> candidates) {
        Profile profile = profile(bank, variant, answers);
        double[] scores = profile.array();
        double fit = fitScore(scores, target(occupation));
        return new TfdResult()
                .kind(TfdResult.KindEnum.TFD)
                .occupationId(occupation.id())
                .occupationName(occupation.name())
                .fitScore(fit)
                .band(Bands.of(fit))
                .gaps(gaps(scores, occupation))
                .topMatches(topMatches(scores, candidates))
                .qualityFlags(new ArrayList<>(profile.qualityFlags()))
                .mock(false)
                .bankVersion(bank.version())
                .scoringVersion(SCORING_VERSION)
                .percentiles(percentiles(scores))
                .normVersion(com.assessments.scoring.ProvisionalNorms.TFD.version()) // the percentiles' norms (fit uses targets)
                .normsProvisional(com.assessments.scoring.ProvisionalNorms.TFD.provisional());
    }

    /** Each dimension's unrounded score against the (provisional) reference group. */
    static java.util.Map<String, Integer> percentiles(double[] scores) {
        java.util.Map<String, Integer> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < DIMENSIONS.size(); i++) {
            out.put(DIMENSIONS.get(i), com.assessments.scoring.ProvisionalNorms.TFD.percentile(DIMENSIONS.get(i), scores[i]));
        }
        return out;
    }

    /** Rules 1 to 3 and 8. */
    public static Profile profile(QuestionBank bank, Variant variant, List<Answer> answers) {
        checkBank(bank, variant);
        List<BankItem> items = bank.items();
        Map<String, Answer> byId = Answers.byQuestionId(answers);
        Integer[] raw = Likert.rawInBankOrder(bank, byId, false, "dimension");
        if (!byId.isEmpty()) {
            throw new ScoringException(ScoringException.INVALID_RESPONSES, "unknown questions " + byId.keySet());
        }
        long[] keyedSum = new long[DIMENSIONS.size()];
        int[] count = new int[DIMENSIONS.size()];
        int answered = 0;
        for (int k = 0; k < raw.length; k++) {
            if (raw[k] != null) {
                int dim = DIMENSIONS.indexOf(items.get(k).dimension());
                keyedSum[dim] += Likert.keyed(items.get(k), raw[k]);
                count[dim]++;
                answered++;
            }
        }
        int total = items.size();
        if ((long) answered * MIN_ANSWERED_DEN < (long) total * MIN_ANSWERED_NUM) {
            throw new ScoringException(ScoringException.INVALID_RESPONSES,
                    "only " + answered + " of " + total + " questions are answered; at least 80% are needed");
        }
        List<Double> scores = new ArrayList<>();
        for (int dim = 0; dim < DIMENSIONS.size(); dim++) {
            if (count[dim] < MIN_PER_DIMENSION) {
                throw new ScoringException(ScoringException.INVALID_RESPONSES, "only " + count[dim]
                        + " questions of dimension " + DIMENSIONS.get(dim) + " are answered; at least 2 are needed");
            }
            // (sum/count - 1) / 4 * 100 = (sum - count) * 25 / count
            scores.add((double) ((keyedSum[dim] - count[dim]) * 25) / count[dim]);
        }
        List<String> flags = ResponseQuality.likertFlags(Arrays.asList(raw), STRAIGHT_LINING_RUN, answers,
                ResponseQuality.pairConsistency(items, raw).atLeast(RANDOM_AT_NUM, RANDOM_AT_DEN));
        return new Profile(List.copyOf(scores), answered, total, List.copyOf(flags));
    }

    /** The occupation's target in {@link #DIMENSIONS} order. */
    public static double[] target(Occupation occupation) {
        double[] target = new double[DIMENSIONS.size()];
        for (int dim = 0; dim < target.length; dim++) {
            Integer value = occupation.target() == null ? null : occupation.target().get(DIMENSIONS.get(dim));
            if (value == null) {
                throw new ScoringException(ScoringException.ENGINE_ERROR,
                        "occupation " + occupation.id() + " has no target for " + DIMENSIONS.get(dim));
            }
            target[dim] = value;
        }
        return target;
    }

    /**
     * Rule 4, unrounded: the similarity anchored at the midpoint profile, 100 * (s(p) - s(m)) / (100 - s(m)),
     * clamped to 0..100. s(m) is at most 75 (a flat profile has r = 0), so the divisor is at least 25.
     */
    public static double fit(double[] profile, double[] target) {
        checkLength(profile);
        checkLength(target);
        double[] midpoint = new double[DIMENSIONS.size()];
        Arrays.fill(midpoint, MIDPOINT);
        double zero = similarity(midpoint, target);
        double fit = 100 * (similarity(profile, target) - zero) / (100 - zero);
        return Math.max(0, Math.min(100, fit));
    }

    /** Rule 4's similarity, unrounded: 25 * (r + 1) + 50 * (1 - meanAbsGap / 100), clamped to 0..100. */
    static double similarity(double[] profile, double[] target) {
        double r = pearson(profile, target);
        double absGapSum = 0;
        for (int dim = 0; dim < profile.length; dim++) {
            absGapSum += Math.abs(profile[dim] - target[dim]);
        }
        double meanAbsGap = absGapSum / profile.length;
        double fit = 25 * (r + 1) + 50 * (1 - meanAbsGap / 100);
        return Math.max(0, Math.min(100, fit));
    }

    /** Rule 4: the reported fitScore (1 decimal, half-up). */
    public static double fitScore(double[] profile, double[] target) {
        return Rounding.halfUp(fit(profile, target), 1);
    }

    /** Pearson correlation, 0 when either side is flat, clamped to [-1, 1] against rounding error. */
    static double pearson(double[] x, double[] y) {
        int n = x.length;
        double meanX = 0;
        double meanY = 0;
        for (int k = 0; k < n; k++) {
            meanX += x[k];
            meanY += y[k];
        }
        meanX /= n;
        meanY /= n;
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int k = 0; k < n; k++) {
            sxy += (x[k] - meanX) * (y[k] - meanY);
            sxx += (x[k] - meanX) * (x[k] - meanX);
            syy += (y[k] - meanY) * (y[k] - meanY);
        }
        if (sxx < FLAT || syy < FLAT) {
            return 0;
        }
        return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
    }

    /** Rule 6. */
    public static List<TfdGap> gaps(double[] profile, Occupation occupation) {
        checkLength(profile);
        double[] target = target(occupation);
        List<TfdGap> gaps = new ArrayList<>();
        for (int dim = 0; dim < DIMENSIONS.size(); dim++) {
            BigDecimal score = BigDecimal.valueOf(profile[dim]).setScale(1, RoundingMode.HALF_UP);
            BigDecimal goal = BigDecimal.valueOf(target[dim]).setScale(1, RoundingMode.HALF_UP);
            gaps.add(new TfdGap(DIMENSIONS.get(dim), score.doubleValue(), goal.doubleValue(),
                    score.subtract(goal).doubleValue()));
        }
        return gaps;
    }

    /**
     * Rule 7: the fit of {@code profile} (unrounded scores in {@link #DIMENSIONS} order) against each
     * candidate occupation, best reported fitScore first, equal fitScores by occupation id, at most 5.
     */
    public static List<TfdMatch> topMatches(double[] profile, List<Occupation> candidates) {
        checkLength(profile);
        return candidates.stream()
                .map(o -> new TfdMatch(o.id(), o.name(), fitScore(profile, target(o))))
                .sorted(Comparator.comparing(TfdMatch::getFitScore).reversed().thenComparing(TfdMatch::getOccupationId))
                .limit(TOP_MATCHES)
                .toList();
    }

    private static void checkLength(double[] values) {
        if (values == null || values.length != DIMENSIONS.size()) {
            throw new IllegalArgumentException("a TFD profile has exactly " + DIMENSIONS.size() + " scores");
        }
    }

    /** The bank must be a 1 to 5 Likert bank of the variant's layout with items on all six dimensions. */
    private static void checkBank(QuestionBank bank, Variant variant) {
        Likert.checkBank(bank, "TFD");
        boolean[] dimensions = new boolean[DIMENSIONS.size()];
        boolean styles = false;
        boolean values = false;
        for (BankItem item : bank.items()) {
            dimensions[Likert.dimension(item, DIMENSIONS, "TFD", "dimension")] = true;
            boolean sectionOk = variant == Variant.TFD ? item.section() == null
                    : SECTION_STYLES.equals(item.section()) || SECTION_VALUES.equals(item.section());
            if (!sectionOk) {
                throw new ScoringException(ScoringException.ENGINE_ERROR,
                        "bank item " + item.id() + " has section " + item.section() + ", unexpected for " + variant);
            }
            styles |= SECTION_STYLES.equals(item.section());
            values |= SECTION_VALUES.equals(item.section());
        }
        for (int dim = 0; dim < dimensions.length; dim++) {
            if (!dimensions[dim]) {
                throw new ScoringException(ScoringException.ENGINE_ERROR,
                        "the TFD bank has no items for " + DIMENSIONS.get(dim));
            }
        }
        if (variant == Variant.PLUS && !(styles && values)) {
            throw new ScoringException(ScoringException.ENGINE_ERROR, "the TFD Plus bank needs the sections styles and values");
        }
    }
}
