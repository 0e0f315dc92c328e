package com.assessments.scoring.ability;

import com.assessments.scoring.ScoringEngine;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

/** Live learning potential scoring ({@code lpm}): {@link AbilityScoring} as the contract's AbilityResult JSON. */
@ApplicationScoped
public class LpmScoringEngine implements ScoringEngine {

    public static final String TYPE = "lpm";

    private final ObjectMapper mapper;

    public LpmScoringEngine(ObjectMapper mapper) {
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
