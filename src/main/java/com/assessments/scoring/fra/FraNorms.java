package com.assessments.scoring.fra;

import java.util.List;

/**
 * The FRA norm table: mean and standard deviation of each scale's keyed mean (1 to 5) in a reference group.
 *
 * <p><strong>Provisional.</strong> These values are placeholders chosen to be plausible for a workplace
 * self-report questionnaire (people describe themselves favourably, so means sit well above the scale
 * midpoint of 3); they are not yet estimated from a real reference sample. Percentiles computed from them
 * are therefore indicative only. Replace them (and bump {@link #VERSION}) once a norm study exists; the
 * docs fragment {@code docs/scoring-fra.html} lists the same numbers and must be kept in step.
 */
public final class FraNorms {

    /** Label of this norm table; "provisional" until real reference data replaces it. */
    public static final String VERSION = "provisional-1";
    /** True until the table comes from a real reference sample; results say so (normsProvisional). */
    public static final boolean PROVISIONAL = true;

    /** One scale's reference mean and standard deviation (sd &gt; 0). */
    public record Norm(String scale, double mean, double sd) {

        public Norm {
            if (!(sd > 0)) {
                throw new IllegalArgumentException("norm sd must be positive: " + scale);
            }
        }

        /** z = (mean - reference mean) / reference sd. */
        public double z(double scaleMean) {
            return (scaleMean - mean) / sd;
        }
    }

    /** In the fixed scale order of the result: integrity, rule_compliance, self_control, safety_awareness. */
    public static final List<Norm> SCALES = List.of(
            new Norm("integrity", 3.85, 0.60),
            new Norm("rule_compliance", 3.70, 0.65),
            new Norm("self_control", 3.60, 0.70),
            new Norm("safety_awareness", 3.90, 0.55));

    /**
     * Assumed correlation between any two scales' z-scores in the reference group (provisional, like the
     * means and SDs): the four scales describe related habits, so their mean z varies less than one z does.
     */
    public static final double SCALE_CORRELATION = 0.30;

    /**
     * The standard deviation of the mean of the four z-scores in the reference group:
     * sqrt((1 + 3 * rho) / 4) = sqrt(0.475) = 0.689 with rho = 0.30. The composite divides by it so that its
     * z is standard normal again and its percentile spreads like a scale's.
     */
    public static double compositeSd() {
        int k = SCALES.size();
        return Math.sqrt((1 + (k - 1) * SCALE_CORRELATION) / k);
    }

    private FraNorms() {
    }

    public static List<String> scaleNames() {
        return SCALES.stream().map(Norm::scale).toList();
    }
}
