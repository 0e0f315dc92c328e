package com.assessments.scoring.ability;

import com.assessments.scoring.ScoringEngine;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

/** Live general aptitude scoring ({@code aapa}): {@link AbilityScoring} as the contract's AbilityResult JSON. */
@ApplicationScoped
public class AapaScoringEngine implements ScoringEngine {

    public static final String TYPE = "aapa";

    private final ObjectMapper mapper;

    public AapaScoringEngine(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public JsonNode score(ScoringRequest request) {
        return AbilityScoring.scoreAsJson(mapper, TYPE, request);
    }
}
