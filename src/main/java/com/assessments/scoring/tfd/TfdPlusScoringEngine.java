package com.assessments.scoring.tfd;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Singleton;

/**
 * Live TFD Plus scoring: the same rules as tfd, with the profile taken from both sections of the bank
 * (24 work-style items and 12 work-value items, 6 per dimension instead of 4).
 */
@Singleton // no client proxy: the base class takes its type in the constructor
public class TfdPlusScoringEngine extends TfdEngine {

    public static final String TYPE = "tfd_plus";

    public TfdPlusScoringEngine(ObjectMapper mapper, Occupations occupations, PublishedOccupations published) {
        super(mapper, occupations, published, TYPE, TfdScoring.Variant.PLUS);
    }
}
