package com.assessments.scoring.disc;

import java.math.BigDecimal;
import java.math.RoundingMode;

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
