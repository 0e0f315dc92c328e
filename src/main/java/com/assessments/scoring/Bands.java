package com.assessments.scoring;

import com.assessments.api.model.ScoreBand;

/**
 * The band cut-offs of every 0-100 score in the contract (DISC normalized scores, FRA percentiles, TFD fit,
 * ability percentiles, and the report's texts and chart shading): low &lt; 40 &lt;= moderate &lt; 70 &lt;= high.
 * Each engine applies them to the value it reports, so a reader can check a band against its score.
 */
public final class Bands {

    /** The lowest score of the moderate band. */
    public static final int MODERATE_FROM = 40;
    /** The lowest score of the high band. */
    public static final int HIGH_FROM = 70;

    private Bands() {
    }

    /** The band of a 0-100 score; NaN is low. */
    public static ScoreBand of(double score) {
        if (score >= HIGH_FROM) {
            return ScoreBand.HIGH;
        }
        return score >= MODERATE_FROM ? ScoreBand.MODERATE : ScoreBand.LOW;
    }

    /** The band's contract value: "low", "moderate" or "high". */
    public static String label(double score) {
        return of(score).toString();
    }
}
