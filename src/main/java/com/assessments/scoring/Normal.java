package com.assessments.scoring;

/** The standard normal distribution, shared by every engine that turns a z-score or theta into a percentile. */
public final class Normal {

    private Normal() {
    }

    /**
     * Standard normal CDF by Marsaglia's Taylor series (J. Stat. Software 11(4), 2004), accurate to about
     * 1e-15 absolute for |x| &lt;= 8; beyond that 0 or 1 (the error is below 1e-15).
     */
    public static double cdf(double x) {
        if (Double.isNaN(x)) {
            throw new ArithmeticException("z is NaN");
        }
        if (x < -8) {
            return 0;
        }
        if (x > 8) {
            return 1;
        }
        double sum = x;
        double term = x;
        double previous = Double.NaN;
        double q = x * x;
        for (int i = 3; sum != previous; i += 2) {
            previous = sum;
            term *= q / i;
            sum += term;
        }
        return 0.5 + sum * Math.exp(-0.5 * q - 0.91893853320467274178);
    }

    /** The percentile of z in a standard normal reference group: round(100 * Phi(z)) half-up, within 0..100. */
    public static int percentile(double z) {
        return (int) Math.max(0, Math.min(100, Math.round(100 * cdf(z))));
    }
}
