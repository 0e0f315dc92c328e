package com.assessments.scoring;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reference-group norms of a score (mean and standard deviation per dimension) and the percentiles they give.
 *
 * <p><strong>Provisional.</strong> The DISC and TFD tables below are placeholders chosen to be plausible (self-
 * descriptions at work lean favourable, so means sit above the scale's middle); they are not yet estimated from a
 * real reference sample, and results that use them say so ({@code normsProvisional: true}, {@code normVersion}).
 * Replace them and bump the version once a norm study exists; /docs/scoring lists the same numbers.
 */
public record ProvisionalNorms(String version, boolean provisional, Map<String, double[]> meanAndSd) {

    /** DISC: each dimension's keyed Likert mean (1 to 5). */
    public static final ProvisionalNorms DISC = new ProvisionalNorms("disc-provisional-1", true, ordered(
            List.of("D", "I", "S", "C"),
            new double[][]{{3.20, 0.70}, {3.40, 0.70}, {3.50, 0.65}, {3.60, 0.65}}));

    /** TFD and TFD Plus: each work-style dimension's score (0 to 100). */
    public static final ProvisionalNorms TFD = new ProvisionalNorms("tfd-provisional-1", true, ordered(
            List.of("analytical", "interpersonal", "structure", "drive", "adaptability", "care"),
            new double[][]{{58, 18}, {60, 18}, {60, 17}, {62, 17}, {57, 18}, {62, 18}}));

    /** The percentile of a score on a dimension: round(100 * Phi(z)) with z = (score - mean) / sd, within 0..100. */
    public int percentile(String dimension, double score) {
        double[] m = meanAndSd.get(dimension);
        if (m == null) {
            throw new IllegalArgumentException("no norm for " + dimension + " in " + version);
        }
        return Normal.percentile((score - m[0]) / m[1]);
    }

    private static Map<String, double[]> ordered(List<String> dims, double[][] values) {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (int i = 0; i < dims.size(); i++) {
            out.put(dims.get(i), values[i]);
        }
        return out;
    }
}
