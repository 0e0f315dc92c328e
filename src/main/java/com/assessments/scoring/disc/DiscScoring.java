package com.assessments.scoring.disc;

import com.assessments.api.model.DiscBands;
import com.assessments.api.model.DiscDimension;
import com.assessments.api.model.DiscLikertScores;
import com.assessments.api.model.DiscNormalizedScores;
import com.assessments.api.model.DiscResult;
import com.assessments.api.model.ReliabilityLevel;
import com.assessments.api.model.ScoreBand;
import com.assessments.scoring.Answer;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.ScoringException;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
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
 * <li>likertScores[X] = mean keyed response of dimension X, rounded half-up to 2 decimals.</li>
 * <li>normalizedScores[X] = (unrounded mean - 1) / 4 * 100, rounded half-up to 1 decimal.</li>
 * <li>bands on the reported (rounded) normalized score: low &lt; 40, moderate 40 to &lt; 70, high &gt;= 70.</li>
 * <li>primary / secondary = highest unrounded means, ties broken by the order D, I, S, C.</li>
 * <li>type12 = 30-degree sector of the summed dimension vectors (D 135, I 45, S 315, C 225 degrees).</li>
 * <li>reliability from longstring, standard deviation and reverse-key inconsistency of the raw responses:
 * 1 - min(.50, max(0, L - 5) * .06) - (SD &lt; .5 ? .30 : SD &lt; .8 ? .10 : 0) - min(.40, max(0, INC - 1) * .30).
 * The slopes are steeper than first proposed (.05 and .20) so that each quality flag alone keeps the
 * level below high.</li>
 * </ol>
 */
public final class DiscScoring {

    /** The dimensions in their fixed order: array index, tie-break order. */
    static final List<String> DIMENSIONS = List.of("D", "I", "S", "C");
    static final int D = 0;
    static final int I = 1;
    static final int S = 2;
    static final int C = 3;

    static final int MIN_RESPONSE = 1;
    static final int MAX_RESPONSE = 5;

    /** Label of each 30-degree sector k = [30k, 30k + 30): a boundary belongs to the sector starting there. */
    private static final String[] SECTORS = {"IS", "II", "ID", "DI", "DD", "DC", "CD", "CC", "CS", "SC", "SS", "SI"};
    /** cos 45 = sin 45: every dimension's unit vector is (+-SQRT_HALF, +-SQRT_HALF). */
    private static final double SQRT_HALF = Math.sqrt(0.5);
    /** Below this length the summed vector has no direction and type12 is primary + primary. */
    static final double ZERO_VECTOR = 1e-9;

    /** Band thresholds on the 0-100 scale. */
    static final double BAND_MODERATE = 40.0;
    static final double BAND_HIGH = 70.0;

    // Reliability (see ResponseQuality and the docs page).
    /** Longstring runs up to this length cost nothing... */
    static final int LONGSTRING_FREE = 5;
    /** ...and every further identical response costs this many hundredths... */
    static final int LONGSTRING_STEP_HUNDREDTHS = 6;
    /** ...up to this many hundredths. */
    static final int LONGSTRING_CAP_HUNDREDTHS = 50;
    /** SD below 0.5 costs 0.30, below 0.8 costs 0.10. */
    static final int SD_VERY_LOW_HUNDREDTHS = 30;
    static final int SD_LOW_HUNDREDTHS = 10;
    /** Inconsistency above 1 costs 0.3 per point, at most 0.4. */
    static final Fraction INCONSISTENCY_FREE = Fraction.of(1, 1);
    static final Fraction INCONSISTENCY_SLOPE = Fraction.of(3, 10);
    static final Fraction INCONSISTENCY_CAP = Fraction.of(4, 10);
    static final int STRAIGHT_LINING_RUN = 10;
    static final Fraction INCONSISTENT_AT = Fraction.of(2, 1);
    static final BigDecimal LEVEL_HIGH = new BigDecimal("0.75");
    static final BigDecimal LEVEL_MODERATE = new BigDecimal("0.50");

    public static final String FLAG_INCONSISTENT = "inconsistent_responses";
    public static final String FLAG_LOW_VARIABILITY = "low_variability";
    public static final String FLAG_STRAIGHT_LINING = "straight_lining";

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
        long[] keyedSum = new long[4];
        int[] count = new int[4];
        for (int k = 0; k < items.size(); k++) {
            int dim = DIMENSIONS.indexOf(items.get(k).dimension());
            keyedSum[dim] += keyed(items.get(k), raw[k]);
            count[dim]++;
        }
        double[] means = new double[4];
        for (int dim = 0; dim < 4; dim++) {
            means[dim] = (double) keyedSum[dim] / count[dim];
        }
        ResponseQuality quality = ResponseQuality.of(items, raw);
        return derive(means, quality.score(), quality.level(), quality.flags(), false);
    }

    /**
     * The result for four given Likert means (keys D, I, S, C; each finite and within 1 to 5), with
     * reliabilityScore 1.0, level high and no quality flags. Used by mock scoring; {@link #score} derives
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
            if (mean == null || !(mean >= MIN_RESPONSE && mean <= MAX_RESPONSE)) {
                throw new IllegalArgumentException("likert mean of " + DIMENSIONS.get(dim) + " must be within 1 to 5: " + mean);
            }
            means[dim] = mean;
        }
        return derive(means, 1.0, ReliabilityLevel.HIGH, List.of(), mock);
    }

    /** Rule 1: reverse-keyed items are scored 6 - r (max + min - r). */
    static int keyed(BankItem item, int response) {
        return item.reverseKeyed() ? MAX_RESPONSE + MIN_RESPONSE - response : response;
    }

    /** Rules 2 to 6 from the unrounded means. */
    private static DiscResult derive(double[] means, double reliability, ReliabilityLevel level,
                                     List<String> flags, boolean mock) {
        double[] normalized = new double[4];
        double[] likert = new double[4];
        double[] normalizedRounded = new double[4];
        ScoreBand[] bands = new ScoreBand[4];
        for (int dim = 0; dim < 4; dim++) {
            likert[dim] = round(means[dim], 2);
            normalized[dim] = (means[dim] - 1) / 4 * 100;
            normalizedRounded[dim] = round(normalized[dim], 1);
            bands[dim] = band(normalizedRounded[dim]);
        }
        int primary = highest(means, -1);
        int secondary = highest(means, primary);
        return new DiscResult()
                .kind(DiscResult.KindEnum.DISC)
                .primaryType(DiscDimension.fromValue(DIMENSIONS.get(primary)))
                .secondaryType(DiscDimension.fromValue(DIMENSIONS.get(secondary)))
                .type12(type12(normalized, primary))
                .likertScores(new DiscLikertScores(likert[D], likert[I], likert[S], likert[C]))
                .normalizedScores(new DiscNormalizedScores(normalizedRounded[D], normalizedRounded[I],
                        normalizedRounded[S], normalizedRounded[C]))
                .bands(new DiscBands(bands[D], bands[I], bands[S], bands[C]))
                .reliabilityScore(reliability)
                .reliabilityLevel(level)
                .qualityFlags(new ArrayList<>(flags))
                .mock(mock);
    }

    /** Rule 4, on the reported 1-decimal score so that a reader can check the band against it. */
    static ScoreBand band(double normalizedRounded) {
        if (normalizedRounded >= BAND_HIGH) {
            return ScoreBand.HIGH;
        }
        return normalizedRounded >= BAND_MODERATE ? ScoreBand.MODERATE : ScoreBand.LOW;
    }

    /** Rule 5: index of the highest mean other than {@code except}; the first in D, I, S, C order wins a tie. */
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
        return SECTORS[(int) Math.floor(angleDegrees(x, y) / 30.0)];
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

    /** Half-up on the decimal value as Java prints it (so 6.25 gives 6.3 and 2.675 gives 2.68). */
    static double round(double value, int decimals) {
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).doubleValue();
    }

    /** The raw responses in bank order, after checking that every item is answered once within 1 to 5. */
    private static int[] rawInBankOrder(QuestionBank bank, List<Answer> answers) {
        if (bank == null || bank.items() == null || bank.items().isEmpty()) {
            throw new ScoringException(ScoringException.ENGINE_ERROR, "the DISC question bank is missing");
        }
        if (bank.responseFormat() != null && (bank.responseFormat().min() != MIN_RESPONSE
                || bank.responseFormat().max() != MAX_RESPONSE)) {
            throw new ScoringException(ScoringException.ENGINE_ERROR, "DISC scoring needs a 1 to 5 response scale");
        }
        Set<String> present = new HashSet<>();
        for (BankItem item : bank.items()) {
            if (!DIMENSIONS.contains(item.dimension())) {
                throw new ScoringException(ScoringException.ENGINE_ERROR,
                        "bank item " + item.id() + " has an unknown DISC dimension " + item.dimension());
            }
            present.add(item.dimension());
        }
        if (present.size() != DIMENSIONS.size()) {
            throw new ScoringException(ScoringException.ENGINE_ERROR, "the DISC bank must have items for D, I, S and C");
        }
        Map<String, Answer> byId = com.assessments.scoring.Answers.byQuestionId(answers);
        int[] raw = new int[bank.items().size()];
        for (int k = 0; k < raw.length; k++) {
            BankItem item = bank.items().get(k);
            Answer answer = byId.remove(item.id());
            if (answer == null) {
                throw new ScoringException(ScoringException.INVALID_RESPONSES, "question " + item.id() + " is not answered");
            }
            if (answer.response() < MIN_RESPONSE || answer.response() > MAX_RESPONSE) {
                throw new ScoringException(ScoringException.INVALID_RESPONSES,
                        "question " + item.id() + " has response " + answer.response() + ", not 1 to 5");
            }
            if (answer.dimension() != null && !answer.dimension().equals(item.dimension())) {
                throw new ScoringException(ScoringException.INVALID_RESPONSES,
                        "question " + item.id() + " belongs to dimension " + item.dimension() + ", not " + answer.dimension());
            }
            raw[k] = answer.response();
        }
        if (!byId.isEmpty()) {
            throw new ScoringException(ScoringException.INVALID_RESPONSES, "unknown questions " + byId.keySet());
        }
        return raw;
    }

    /**
     * Rule 7: response-quality indices of the raw responses in bank order and the reliability they give.
     * The thresholds are compared exactly (integers and fractions), never on rounded doubles.
     *
     * @param longstring    longest run of identical consecutive raw responses (1 to 15)
     * @param sd            population standard deviation of the raw responses
     * @param inconsistency mean over the dimensions with a reverse-keyed item of
     *                      |mean keyed reverse item(s) - mean keyed forward items| (0 to 4)
     * @param score         reliabilityScore, 2 decimals within [0, 1]
     */
    record ResponseQuality(int longstring, double sd, double inconsistency, double score,
                           ReliabilityLevel level, List<String> flags) {

        static ResponseQuality of(List<BankItem> items, int[] raw) {
            int n = raw.length;
            int longstring = 1;
            int run = 1;
            long sum = raw[0];
            long sumSquares = (long) raw[0] * raw[0];
            for (int k = 1; k < n; k++) {
                run = raw[k] == raw[k - 1] ? run + 1 : 1;
                longstring = Math.max(longstring, run);
                sum += raw[k];
                sumSquares += (long) raw[k] * raw[k];
            }
            // SD = sqrt(q) / n exactly, with q = n * sum(r^2) - (sum r)^2 an integer.
            long q = n * sumSquares - sum * sum;
            double sd = Math.sqrt(q) / n;
            boolean sdBelowHalf = 4 * q < (long) n * n;            // sqrt(q)/n < 1/2
            boolean sdBelowPoint8 = 25 * q < 16L * n * n;          // sqrt(q)/n < 4/5

            Fraction inconsistency = inconsistency(items, raw);

            int hundredths = Math.min(LONGSTRING_CAP_HUNDREDTHS, Math.max(0, longstring - LONGSTRING_FREE) * LONGSTRING_STEP_HUNDREDTHS)
                    + (sdBelowHalf ? SD_VERY_LOW_HUNDREDTHS : sdBelowPoint8 ? SD_LOW_HUNDREDTHS : 0);
            Fraction incPenalty = inconsistency.minus(INCONSISTENCY_FREE).atLeast(Fraction.ZERO)
                    .times(INCONSISTENCY_SLOPE).atMost(INCONSISTENCY_CAP);
            Fraction exact = Fraction.of(100 - hundredths, 100).minus(incPenalty).atLeast(Fraction.ZERO).atMost(Fraction.ONE);
            BigDecimal score = exact.toDecimal(2);

            ReliabilityLevel level = score.compareTo(LEVEL_HIGH) >= 0 ? ReliabilityLevel.HIGH
                    : score.compareTo(LEVEL_MODERATE) >= 0 ? ReliabilityLevel.MODERATE : ReliabilityLevel.LOW;
            List<String> flags = new ArrayList<>();   // alphabetical
            if (inconsistency.compareTo(INCONSISTENT_AT) >= 0) {
                flags.add(FLAG_INCONSISTENT);
            }
            if (sdBelowHalf) {
                flags.add(FLAG_LOW_VARIABILITY);
            }
            if (longstring >= STRAIGHT_LINING_RUN) {
                flags.add(FLAG_STRAIGHT_LINING);
            }
            return new ResponseQuality(longstring, sd, inconsistency.toDouble(), score.doubleValue(), level, List.copyOf(flags));
        }

        /** Mean over D, I, S (every dimension with reverse and forward items) of |keyed reverse - keyed forward|. */
        private static Fraction inconsistency(List<BankItem> items, int[] raw) {
            long[] reverseSum = new long[4];
            long[] reverseCount = new long[4];
            long[] forwardSum = new long[4];
            long[] forwardCount = new long[4];
            for (int k = 0; k < raw.length; k++) {
                BankItem item = items.get(k);
                int dim = DIMENSIONS.indexOf(item.dimension());
                if (item.reverseKeyed()) {
                    reverseSum[dim] += keyed(item, raw[k]);
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

    /** An exact, reduced fraction with a positive denominator (the quantities here are tiny). */
    record Fraction(long num, long den) implements Comparable<Fraction> {

        static final Fraction ZERO = new Fraction(0, 1);
        static final Fraction ONE = new Fraction(1, 1);

        static Fraction of(long num, long den) {
            if (den == 0) {
                throw new ArithmeticException("zero denominator");
            }
            if (den < 0) {
                num = -num;
                den = -den;
            }
            long g = gcd(Math.abs(num), den);
            return new Fraction(num / g, den / g);
        }

        private static long gcd(long a, long b) {
            return b == 0 ? Math.max(a, 1) : gcd(b, a % b);
        }

        Fraction plus(Fraction o) {
            return of(Math.addExact(Math.multiplyExact(num, o.den), Math.multiplyExact(o.num, den)), Math.multiplyExact(den, o.den));
        }

        Fraction minus(Fraction o) {
            return plus(new Fraction(-o.num, o.den));
        }

        Fraction times(Fraction o) {
            return of(Math.multiplyExact(num, o.num), Math.multiplyExact(den, o.den));
        }

        Fraction abs() {
            return num < 0 ? new Fraction(-num, den) : this;
        }

        Fraction atLeast(Fraction o) {
            return compareTo(o) < 0 ? o : this;
        }

        Fraction atMost(Fraction o) {
            return compareTo(o) > 0 ? o : this;
        }

        @Override
        public int compareTo(Fraction o) {
            return Long.compare(Math.multiplyExact(num, o.den), Math.multiplyExact(o.num, den));
        }

        /** Rounded half-up to {@code scale} decimals, exactly. */
        BigDecimal toDecimal(int scale) {
            return BigDecimal.valueOf(num).divide(BigDecimal.valueOf(den), scale, RoundingMode.HALF_UP);
        }

        double toDouble() {
            return (double) num / den;
        }
    }
}
