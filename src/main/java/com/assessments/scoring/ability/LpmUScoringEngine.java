package com.assessments.scoring.ability;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Singleton;

/** Live learning potential (universal) scoring ({@code lpm_u}). */
@Singleton // no client proxy: the base class takes its type in the constructor
public class LpmUScoringEngine extends AbilityEngine {

    public static final String TYPE = "lpm_u";

    public LpmUScoringEngine(ObjectMapper mapper) {
        super(mapper, TYPE);
    }
}
