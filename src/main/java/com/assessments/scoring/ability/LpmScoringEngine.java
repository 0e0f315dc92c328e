package com.assessments.scoring.ability;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Singleton;

/** Live learning potential scoring ({@code lpm}). */
@Singleton // no client proxy: the base class takes its type in the constructor
public class LpmScoringEngine extends AbilityEngine {

    public static final String TYPE = "lpm";

    public LpmScoringEngine(ObjectMapper mapper) {
        super(mapper, TYPE);
    }
}
