package com.assessments.scoring.disc;

import com.assessments.api.model.DiscBands;
import com.assessments.api.model.DiscDimension;
import com.assessments.api.model.DiscLikertScores;
import com.assessments.api.model.DiscNormalizedScores;
import com.assessments.api.model.DiscResult;
import com.assessments.api.model.ReliabilityLevel;
import com.assessments.api.model.ScoreBand;
import com.assessments.scoring.Answer;
import com.assessments.scoring.Answers;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.Bands;
import com.assessments.scoring.Likert;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.ResponseQuality;
import com.assessments.scoring.Rounding;
import com.assessments.scoring.ScoringException;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DISC scoring: pure, deterministic math with no CDI and no state. Every rule, with its numbers, is
 * documented for humans in {@code src/main/resources/docs/scoring-disc.html}; keep the two in step.
 *
 * <ol>
 * <li>Keyed response = 6 - r for reverse-keyed items, r otherwise (responses 1 to 5).</li>
 * <li>likertScores[X] = keyed mean of dimension X in which reverse-keyed items weigh 1/4 together and forward
 * items 3/4 (with bank 2.0.0: D, I and S, one reverse item of four, the plain mean; C, one reverse item of
 * three, 3/8 + 3/8 + 1/4), so that agreeing with everything moves every dimension alike; rounded half-up to
 * 2 decimals. A dimension without both kinds of item takes the plain mean.</li>
 * <li>normalizedScores[X] = (unrounded mean - 1) / 4 * 100, rounded half-up to 1 decimal.</li>
 * <li>bands ({@link Bands}) on the reported (rounded) normalized score: low &lt; 40, moderate 40 to &lt; 70, high &gt;= 70.</li>
 * <li>primary / secondary = highest unrounded means; a tie is still resolved in the order D, I, S, C for the
 * required fields, and reported in primaryTiedWith / secondaryTiedWith.</li>
 * <li>type12 = 30-degree sector of the summed dimension vectors (D 135, I 45, S 315, C 225 degrees);
 * profileStrength = the vector's length in normalized points, undifferentiated below
 * {@link #UNDIFFERENTIATED_BELOW}.</li>
 * <li>reliability = a response-quality index: item-pair consistency P (mean |keyed difference| over the 21
 * same-dimension item pairs) gives (2.1 - P) / 1.4, clamped to [0, 1]; minus min(.50, max(0, L - 5) * .06)
 * for longstring, (SD &lt; .5 ? .30 : SD &lt; .8 ? .10 : 0) for low variability and min(.40, max(0, INC - 1)
 * * .30) for disagreement between reverse-keyed and forward items (INC, each dimension's |keyed reverse mean
 * - forward mean|, averaged); clamped to [0, 1]; minus .30 for too_fast
 * ({@link DiscScoringEngine}). Levels: high from .75 (P &lt;= 1.05), moderate from .50 (P &lt;= 1.4).
 * The thresholds come from the seeded simulation in the test suite (ScoringSimulationTest).</li>
 * </ol>
 */
public final class DiscScoring {

    /** Version of these rules; results name it (scoringVersion). */
    public static final String SCORING_VERSION = "disc-2";

    /** The dimensions in their fixed order: array index, tie-break order. */
    static final List<String> DIMENSIONS = List.of("D", "I", "S", "C");
    static final int D = 0;
    static final int I = 1;
    static final int S = 2;
    static final int C = 3;

    /**
     * Label of each 30-degree sector k = [30k, 30k + 30), counter-clockwise from 3 o'clock: a boundary belongs
     * to the sector starting there. The report's DISC circle draws the same sectors.
     */
    public static final List<String> SECTORS = List.of("IS", "II", "ID", "DI", "DD", "DC", "CD", "CC", "CS", "SC", "SS", "SI");
    /** cos 45 = sin 45: every dimension's unit vector is (+-SQRT_HALF, +-SQRT_HALF). */
    private static final double SQRT_HALF = Math.sqrt(0.5);
    /** Below this length the summed vector has no direction and type12 is primary + primary. */
    static final double ZERO_VECTOR = 1e-9;
    /**
     * Below this profileStrength (normalized points) the profile is undifferentiated: its type12 moves with a
     * one-step change of a few answers (the simulation table on /docs/scoring shows how often).
     */
    public static final double UNDIFFERENTIATED_BELOW = 20;

    /** Reverse-keyed items together weigh this share of a dimension's score. */
    static final Fraction REVERSE_SHARE = Fraction.of(1, 4);

    // Response quality (see Reliability and the docs page).
    /** Longstring runs up to this length cost nothing... */
    static final int LONGSTRING_FREE = 5;
    /** ...and every further identical response costs this many hundredths... */
    static final int LONGSTRING_STEP_HUNDREDTHS = 6;
    /** ...up to this many hundredths. */
    static final int LONGSTRING_CAP_HUNDREDTHS = 50;
    /** SD below 0.5 costs 0.30, below 0.8 costs 0.10. */
    static final int SD_VERY_LOW_HUNDREDTHS = 30;
    static final int SD_LOW_HUNDREDTHS = 10;
    /** Item-pair consistency P maps to (PAIR_ZERO - P) / PAIR_SPAN, clamped to [0, 1]. */
    static final Fraction PAIR_ZERO = Fraction.of(21, 10);
    static final Fraction PAIR_SPAN = Fraction.of(14, 10);
    /** P at or above this (with varied answers) is random_responding: the median of uniformly random answers. */
    static final Fraction RANDOM_AT = Fraction.of(3, 2);
    /** Reverse-keyed inconsistency above 1 costs 0.3 per point, at most 0.4 (so its flag at 2 is never high). */
    static final Fraction INCONSISTENCY_FREE = Fraction.of(1, 1);
    static final Fraction INCONSISTENCY_SLOPE = Fraction.of(3, 10);
    static final Fraction INCONSISTENCY_CAP = Fraction.of(4, 10);
    static final int STRAIGHT_LINING_RUN = 10;
    static final Fraction INCONSISTENT_AT = Fraction.of(2, 1);
    static final double LEVEL_HIGH = 0.75;
    static final double LEVEL_MODERATE = 0.50;

    public static final String FLAG_INCONSISTENT = "inconsistent_responses";
    public static final String FLAG_LOW_VARIABILITY = "low_variability";
    public static final String FLAG_RANDOM_RESPONDING = ResponseQuality.RANDOM_RESPONDING;
    public static final String FLAG_STRAIGHT_LINING = ResponseQuality.STRAIGHT_LINING;

    private DiscScoring() {
    }

    /**
     * Scores validated answers (each bank item exactly once, responses 1 to 5). The checks here only
     * guard against a caller bug; they throw {@link ScoringException} ({@code invalid_responses} for bad
     * answers, {@code engine_error} for a bank this engine cannot score).
     */
    public static DiscResult score(QuestionBank bank, List<Answer> answers) {
        int[] raw = rawInBankOrder(bank, answers);
        List<BankItem> items = bank.items();
        double[] means = means(items, raw);
        Reliability quality = Reliability.of(items, raw);
        com.assessments.scoring.ProvisionalNorms norms = com.assessments.scoring.ProvisionalNorms.DISC;
        // live results compare each unrounded mean with the (provisional) reference group; mock results do not
        return derive(means, quality.score(), quality.level(), quality.flags(), false).bankVersion(bank.version())
                .percentiles(new com.assessments.api.model.DiscPercentiles(norms.percentile("D", means[D]),
                        norms.percentile("I", means[I]), norms.percentile("S", means[S]), norms.percentile("C", means[C])))
                .normVersion(norms.version())
                .normsProvisional(norms.provisional());
    }

    /** Rule 2, unrounded: per dimension, reverse items weigh 1/4 together and forward items 3/4. */
    static double[] means(List<BankItem> items, int[] raw) {
        long[] forwardSum = new long[4];
        long[] forwardCount = new long[4];
        long[] reverseSum = new long[4];
        long[] reverseCount = new long[4];
        for (int k = 0; k < items.size(); k++) {
            int dim = DIMENSIONS.indexOf(items.get(k).dimension());
            if (items.get(k).reverseKeyed()) {
                reverseSum[dim] += Likert.keyed(items.get(k), raw[k]);
                reverseCount[dim]++;
            } else {
                forwardSum[dim] += raw[k];
                forwardCount[dim]++;
            }
        }
        double[] means = new double[4];
        for (int dim = 0; dim < 4; dim++) {
            Fraction mean;
            if (reverseCount[dim] > 0 && forwardCount[dim] > 0) {
                mean = Fraction.of(reverseSum[dim], reverseCount[dim]).times(REVERSE_SHARE)
                        .plus(Fraction.of(forwardSum[dim], forwardCount[dim]).times(Fraction.ONE.minus(REVERSE_SHARE)));
            } else {
                mean = Fraction.of(reverseSum[dim] + forwardSum[dim], reverseCount[dim] + forwardCount[dim]);
            }
            means[dim] = mean.toDouble();
        }
        return means;
    }

    /**
     * The result for four given Likert means (keys D, I, S, C; each finite and within 1 to 5), with
     * reliabilityScore 1.0, level high, no quality flags and no bankVersion (the caller sets it). Used by mock scoring; {@link #score} derives
     * its fields through the same code, so equal means give equal derived fields.
     *
     * @throws IllegalArgumentException when a key is missing or unknown or a mean is out of range
     */
    public static DiscResult fromMeans(Map<String, Double> likertMeans, boolean mock) {
        if (likertMeans == null || !likertMeans.keySet().equals(Set.copyOf(DIMENSIONS))) {
            throw new IllegalArgumentException("likertMeans must have exactly the keys D, I, S, C: "
                    + (likertMeans == null ? null : likertMeans.keySet()));
        }
        double[] means = new double[4];
        for (int dim = 0; dim < 4; dim++) {
            Double mean = likertMeans.get(DIMENSIONS.get(dim));
            if (mean == null || !(mean >= Likert.MIN_RESPONSE && mean <= Likert.MAX_RESPONSE)) {
                throw new IllegalArgumentException("likert mean of " + DIMENSIONS.get(dim) + " must be within 1 to 5: " + mean);
            }
            means[dim] = mean;
        }
        return derive(means, 1.0, ReliabilityLevel.HIGH, List.of(), mock);
    }

    /** Rules 2 to 6 from the unrounded means. */
    private static DiscResult derive(double[] means, double reliability, ReliabilityLevel level,
                                     List<String> flags, boolean mock) {
        double[] normalized = new double[4];
        double[] likert = new double[4];
        double[] normalizedRounded = new double[4];
        ScoreBand[] bands = new ScoreBand[4];
        for (int dim = 0; dim < 4; dim++) {
            likert[dim] = Rounding.halfUp(means[dim], 2);
            normalized[dim] = (means[dim] - 1) / 4 * 100;
            normalizedRounded[dim] = Rounding.halfUp(normalized[dim], 1);
            bands[dim] = Bands.of(normalizedRounded[dim]);
        }
        int primary = highest(means, -1);
        int secondary = highest(means, primary);
        double strength = profileStrength(normalized);
        return new DiscResult()
                .kind(DiscResult.KindEnum.DISC)
                .primaryType(DiscDimension.fromValue(DIMENSIONS.get(primary)))
                .secondaryType(DiscDimension.fromValue(DIMENSIONS.get(secondary)))
                .primaryTiedWith(tiedWith(means, primary, primary))
                .secondaryTiedWith(tiedWith(means, secondary, primary))
                .type12(type12(normalized, primary))
                .profileStrength(Rounding.halfUp(strength, 1))
                .undifferentiated(Rounding.halfUp(strength, 1) < UNDIFFERENTIATED_BELOW)
                .likertScores(new DiscLikertScores(likert[D], likert[I], likert[S], likert[C]))
                .normalizedScores(new DiscNormalizedScores(normalizedRounded[D], normalizedRounded[I],
                        normalizedRounded[S], normalizedRounded[C]))
                .bands(new DiscBands(bands[D], bands[I], bands[S], bands[C]))
                .reliabilityScore(reliability)
                .reliabilityLevel(level)
                .qualityFlags(new ArrayList<>(flags))
                .mock(mock)
                .scoringVersion(SCORING_VERSION)
                .normVersion(null)    // DISC compares with no reference group
                .normsProvisional(false);
    }

    /** The dimensions other than {@code of} and {@code except} whose unrounded mean equals that of {@code of}, in D, I, S, C order. */
    private static List<DiscDimension> tiedWith(double[] means, int of, int except) {
        List<DiscDimension> tied = new ArrayList<>();
        for (int dim = 0; dim < 4; dim++) {
            if (dim != of && dim != except && means[dim] == means[of]) {
                tied.add(DiscDimension.fromValue(DIMENSIONS.get(dim)));
            }
        }
        return tied;
    }

    /** Rule 6's vector length |v| = sqrt(1/2) * |(x, y)| in normalized points (0 to 141.4). */
    static double profileStrength(double[] normalized) {
        double x = (normalized[I] + normalized[S]) - (normalized[D] + normalized[C]);
        double y = (normalized[D] + normalized[I]) - (normalized[S] + normalized[C]);
        return Math.hypot(x, y) * SQRT_HALF;
    }

    /** Rule 7's level from the reliability score (2 decimals): high from 0.75, moderate from 0.50, else low. */
    static ReliabilityLevel reliabilityLevel(double reliabilityScore) {
        return reliabilityScore >= LEVEL_HIGH ? ReliabilityLevel.HIGH
                : reliabilityScore >= LEVEL_MODERATE ? ReliabilityLevel.MODERATE : ReliabilityLevel.LOW;
    }

    /**
     * Rule 5: index of the highest mean other than {@code except}; the first in D, I, S, C order fills the
     * required field in a tie, and the others are reported as tied.
     */
    private static int highest(double[] means, int except) {
        int best = -1;
        for (int dim = 0; dim < 4; dim++) {
            if (dim != except && (best < 0 || means[dim] > means[best])) {
                best = dim;
            }
        }
        return best;
    }

    /**
     * Rule 6. With unit vectors D (-h, h), I (h, h), S (h, -h), C (-h, -h), h = sqrt(1/2), the sum is
     * v = h * (nI + nS - nD - nC, nD + nI - nS - nC); only its direction matters, except that |v| &lt; 1e-9
     * (nD = nS and nI = nC, e.g. all four equal) has none and gives primary + primary.
     */
    static String type12(double[] normalized, int primary) {
        double x = (normalized[I] + normalized[S]) - (normalized[D] + normalized[C]);
        double y = (normalized[D] + normalized[I]) - (normalized[S] + normalized[C]);
        if (Math.hypot(x, y) * SQRT_HALF < ZERO_VECTOR) {
            return DIMENSIONS.get(primary) + DIMENSIONS.get(primary);
        }
        return SECTORS.get((int) Math.floor(angleDegrees(x, y) / 30.0));
    }

    /** atan2 in degrees within [0, 360); the axes are exact so that 0, 90, 180 and 270 open their sectors. */
    static double angleDegrees(double x, double y) {
        if (y == 0) {
            return x > 0 ? 0 : 180;
        }
        if (x == 0) {
            return y > 0 ? 90 : 270;
        }
        double theta = Math.toDegrees(Math.atan2(y, x));
        if (theta < 0) {
            theta += 360;
        }
        return theta >= 360 ? 0 : theta;
    }

    /** The raw responses in bank order, after checking that every item is answered once within 1 to 5. */
    private static int[] rawInBankOrder(QuestionBank bank, List<Answer> answers) {
        Likert.checkBank(bank, "DISC");
        Set<String> present = new HashSet<>();
        for (BankItem item : bank.items()) {
            present.add(DIMENSIONS.get(Likert.dimension(item, DIMENSIONS, "DISC", "dimension")));
        }
        if (present.size() != DIMENSIONS.size()) {
            throw new ScoringException(ScoringException.ENGINE_ERROR, "the DISC bank must have items for D, I, S and C");
        }
        Map<String, Answer> byId = Answers.byQuestionId(answers);
        Integer[] raw = Likert.rawInBankOrder(bank, byId, true, "dimension");
        if (!byId.isEmpty()) {
            throw new ScoringException(ScoringException.INVALID_RESPONSES, "unknown questions " + byId.keySet());
        }
        return Arrays.stream(raw).mapToInt(Integer::intValue).toArray();
    }

    /**
     * Rule 7: response-quality indices of the raw responses in bank order and the quality score they give.
     * The thresholds are compared exactly (integers and fractions), never on rounded doubles.
     *
     * @param pairConsistency P, mean |keyed difference| over the same-dimension item pairs (0 to 4)
     * @param longstring      longest run of identical consecutive raw responses (1 to 15)
     * @param sd              population standard deviation of the raw responses
     * @param inconsistency   mean over the dimensions with reverse and forward items of
     *                        |mean keyed reverse item(s) - mean keyed forward items| (0 to 4)
     * @param score           reliabilityScore, 2 decimals within [0, 1]
     */
    record Reliability(double pairConsistency, int longstring, double sd, double inconsistency, double score,
                       ReliabilityLevel level, List<String> flags) {

        static Reliability of(List<BankItem> items, int[] raw) {
            int n = raw.length;
            Integer[] boxed = Arrays.stream(raw).boxed().toArray(Integer[]::new);
            ResponseQuality.PairConsistency pairs = ResponseQuality.pairConsistency(items, boxed);
            Fraction p = pairs.pairs() == 0 ? Fraction.ZERO : Fraction.of(pairs.absDiffSum(), pairs.pairs());
            int longstring = ResponseQuality.longestRun(Arrays.asList(boxed));
            long sum = 0;
            long sumSquares = 0;
            for (int r : raw) {
                sum += r;
                sumSquares += (long) r * r;
            }
            // SD = sqrt(q) / n exactly, with q = n * sum(r^2) - (sum r)^2 an integer.
            long q = n * sumSquares - sum * sum;
            double sd = Math.sqrt(q) / n;
            boolean sdBelowHalf = 4 * q < (long) n * n;            // sqrt(q)/n < 1/2
            boolean sdBelowPoint8 = 25 * q < 16L * n * n;          // sqrt(q)/n < 4/5

            Fraction inconsistency = inconsistency(items, raw);

            Fraction base = PAIR_ZERO.minus(p).times(Fraction.of(PAIR_SPAN.den(), PAIR_SPAN.num()))
                    .atLeast(Fraction.ZERO).atMost(Fraction.ONE);
            int hundredths = Math.min(LONGSTRING_CAP_HUNDREDTHS, Math.max(0, longstring - LONGSTRING_FREE) * LONGSTRING_STEP_HUNDREDTHS)
                    + (sdBelowHalf ? SD_VERY_LOW_HUNDREDTHS : sdBelowPoint8 ? SD_LOW_HUNDREDTHS : 0);
            Fraction incPenalty = inconsistency.minus(INCONSISTENCY_FREE).atLeast(Fraction.ZERO)
                    .times(INCONSISTENCY_SLOPE).atMost(INCONSISTENCY_CAP);
            Fraction exact = base.minus(Fraction.of(hundredths, 100)).minus(incPenalty).atLeast(Fraction.ZERO).atMost(Fraction.ONE);
            BigDecimal score = exact.toDecimal(2);

            List<String> flags = new ArrayList<>();   // alphabetical
            if (inconsistency.compareTo(INCONSISTENT_AT) >= 0) {
                flags.add(FLAG_INCONSISTENT);
            }
            if (sdBelowHalf) {
                flags.add(FLAG_LOW_VARIABILITY);
            }
            if (p.compareTo(RANDOM_AT) >= 0 && !sdBelowHalf && longstring < STRAIGHT_LINING_RUN) {
                flags.add(FLAG_RANDOM_RESPONDING);
            }
            if (longstring >= STRAIGHT_LINING_RUN) {
                flags.add(FLAG_STRAIGHT_LINING);
            }
            return new Reliability(p.toDouble(), longstring, sd, inconsistency.toDouble(), score.doubleValue(),
                    reliabilityLevel(score.doubleValue()), List.copyOf(flags));
        }

        /** Mean over the dimensions with reverse and forward items of |keyed reverse - keyed forward|. */
        private static Fraction inconsistency(List<BankItem> items, int[] raw) {
            long[] reverseSum = new long[4];
            long[] reverseCount = new long[4];
            long[] forwardSum = new long[4];
            long[] forwardCount = new long[4];
            for (int k = 0; k < raw.length; k++) {
                BankItem item = items.get(k);
                int dim = DIMENSIONS.indexOf(item.dimension());
                if (item.reverseKeyed()) {
                    reverseSum[dim] += Likert.keyed(item, raw[k]);
                    reverseCount[dim]++;
                } else {
                    forwardSum[dim] += raw[k];
                    forwardCount[dim]++;
                }
            }
            Fraction total = Fraction.ZERO;
            int dimensions = 0;
            for (int dim = 0; dim < 4; dim++) {
                if (reverseCount[dim] > 0 && forwardCount[dim] > 0) {
                    total = total.plus(Fraction.of(reverseSum[dim], reverseCount[dim])
                            .minus(Fraction.of(forwardSum[dim], forwardCount[dim])).abs());
                    dimensions++;
                }
            }
            return dimensions == 0 ? Fraction.ZERO : total.times(Fraction.of(1, dimensions));
        }
    }
}
