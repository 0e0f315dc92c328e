package com.assessments.scoring.ability;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Singleton;

/** Live general aptitude scoring ({@code aapa}). */
@Singleton // no client proxy: the base class takes its type in the constructor
public class AapaScoringEngine extends AbilityEngine {

    public static final String TYPE = "aapa";

    public AapaScoringEngine(ObjectMapper mapper) {
        super(mapper, TYPE);
    }
}
