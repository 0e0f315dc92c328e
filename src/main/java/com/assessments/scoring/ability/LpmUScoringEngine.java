package com.assessments.scoring.ability;

import com.assessments.scoring.ScoringEngine;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

/** Live learning potential (universal) scoring ({@code lpm_u}): {@link AbilityScoring} as the contract's AbilityResult JSON. */
@ApplicationScoped
public class LpmUScoringEngine implements ScoringEngine {

    public static final String TYPE = "lpm_u";

    private final ObjectMapper mapper;

    public LpmUScoringEngine(ObjectMapper mapper) {
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
