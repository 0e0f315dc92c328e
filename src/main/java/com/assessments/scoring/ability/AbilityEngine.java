package com.assessments.scoring.ability;

import com.assessments.scoring.ScoringEngine;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The live engine of one ability type: {@link AbilityScoring} as the contract's AbilityResult JSON. */
abstract class AbilityEngine implements ScoringEngine {

    private final ObjectMapper mapper;
    private final String type;

    AbilityEngine(ObjectMapper mapper, String type) {
        this.mapper = mapper;
        this.type = type;
    }

    @Override
    public String type() {
        return type;
    }

    @Override
    public JsonNode score(ScoringRequest request) {
        return AbilityScoring.scoreAsJson(mapper, type, request);
    }
}
