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

    private FraNorms() {
    }

    public static List<String> scaleNames() {
        return SCALES.stream().map(Norm::scale).toList();
    }
}
