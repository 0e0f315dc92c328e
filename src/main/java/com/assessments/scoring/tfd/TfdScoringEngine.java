package com.assessments.scoring.tfd;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Singleton;

/** Live TFD scoring: the 24 work-style items of the tfd bank (no sections). */
@Singleton // no client proxy: the base class takes its type in the constructor
public class TfdScoringEngine extends TfdEngine {

    public static final String TYPE = "tfd";
    /** The session config member naming the occupation to score against (tfd and tfd_plus). */
    public static final String CONFIG_OCCUPATION = "occupationId";

    public TfdScoringEngine(ObjectMapper mapper, Occupations occupations, PublishedOccupations published) {
        super(mapper, occupations, published, TYPE, TfdScoring.Variant.TFD);
    }
}
