package com.assessments.scoring.ability;

/**
 * Pure math of the two-parameter logistic (2PL) IRT model in ltm's parameterisation:
 * {@code P(correct | theta) = 1 / (1 + exp(-a (theta - b)))}, with discrimination {@code a} (ltm "Dscrmn")
 * and difficulty {@code b} (ltm "Dffclt"). The ability estimate is ltm's default factor score ("EB",
 * empirical Bayes): the MODE of the posterior of theta under a standard normal N(0, 1) prior, and its
 * standard error 1 / sqrt(observed information at the mode), the information including the prior's 1.
 */
public final class Irt2pl {

    /** Newton-Raphson stops when a step is smaller than this (well below the 2 reported decimals). */
    static final double TOLERANCE = 1e-10;
    static final int MAX_ITERATIONS = 200;

    private Irt2pl() {
    }

    /** The posterior mode and its standard error. */
    public record Estimate(double theta, double standardError) {
    }

    /** P(correct | theta) for an item with discrimination a and difficulty b. */
    public static double probability(double a, double b, double theta) {
        double x = a * (theta - b);
        // numerically stable logistic
        if (x >= 0) {
            return 1 / (1 + Math.exp(-x));
        }
        double e = Math.exp(x);
        return e / (1 + e);
    }

    /** Log posterior (up to a constant): sum of Bernoulli log-likelihoods plus log N(0, 1) density. */
    public static double logPosterior(double[] a, double[] b, int[] y, double theta) {
        check(a, b, y);
        double sum = -theta * theta / 2;
        for (int i = 0; i < y.length; i++) {
            double x = a[i] * (theta - b[i]);
            // log P = -log(1 + e^-x), log(1 - P) = -log(1 + e^x)
            sum += y[i] == 1 ? -log1pExp(-x) : -log1pExp(x);
        }
        return sum;
    }

    /**
     * Empirical Bayes estimate: the theta maximising the log posterior. Its derivative
     * {@code g(theta) = sum a_i (y_i - P_i) - theta} is strictly decreasing (second derivative
     * {@code -(sum a_i^2 P_i (1 - P_i) + 1) < 0}), so the mode is unique and lies in
     * {@code [-sum a_i, sum a_i]} (where g changes sign). Newton-Raphson from theta = 0, safeguarded by
     * bisection inside that bracket, always converges.
     *
     * @param a discriminations (positive), b difficulties, y responses 0 (wrong) or 1 (right); same length
     */
    public static Estimate posteriorMode(double[] a, double[] b, int[] y) {
        check(a, b, y);
        double sumA = 0;
        for (double ai : a) {
            sumA += ai;
        }
        double lo = -sumA - 1;
        double hi = sumA + 1;
        double theta = 0;
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            double g = gradient(a, b, y, theta);
            double info = information(a, b, theta);
            if (g > 0) {
                lo = theta;
            } else if (g < 0) {
                hi = theta;
            } else {
                break;
            }
            double next = theta + g / info;
            if (!(next > lo && next < hi)) {
                next = (lo + hi) / 2;
            }
            double step = Math.abs(next - theta);
            theta = next;
            if (step < TOLERANCE) {
                break;
            }
        }
        return new Estimate(theta, 1 / Math.sqrt(information(a, b, theta)));
    }

    /** d/dtheta of the log posterior. */
    static double gradient(double[] a, double[] b, int[] y, double theta) {
        double g = -theta;
        for (int i = 0; i < y.length; i++) {
            g += a[i] * (y[i] - probability(a[i], b[i], theta));
        }
        return g;
    }

    /** Observed information of the posterior: sum a^2 P (1 - P) + 1 (the prior's part). */
    public static double information(double[] a, double[] b, double theta) {
        double info = 1;
        for (int i = 0; i < a.length; i++) {
            double p = probability(a[i], b[i], theta);
            info += a[i] * a[i] * p * (1 - p);
        }
        return info;
    }

    /** Standard normal CDF (shared implementation, accurate to about 1e-15). */
    public static double normalCdf(double z) {
        return com.assessments.scoring.Normal.cdf(z);
    }

    private static double log1pExp(double x) {
        return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
    }

    private static void check(double[] a, double[] b, int[] y) {
        if (a.length != b.length || a.length != y.length || a.length == 0) {
            throw new IllegalArgumentException("a, b and y must have the same, non-zero length");
        }
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] > 0) || Double.isInfinite(a[i]) || !Double.isFinite(b[i])) {
                throw new IllegalArgumentException("item " + i + ": a must be positive and finite, b finite");
            }
            if (y[i] != 0 && y[i] != 1) {
                throw new IllegalArgumentException("item " + i + ": response must be 0 or 1");
            }
        }
    }
}
