package com.assessments.scoring;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The one rounding rule of reported numbers. */
public final class Rounding {

    private Rounding() {
    }

    /**
     * Half-up on the decimal value as Java prints it (so 6.25 gives 6.3, 2.675 gives 2.68 and 61.25 gives 61.3),
     * never -0.0.
     */
    public static double halfUp(double value, int decimals) {
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).doubleValue();
    }
}
