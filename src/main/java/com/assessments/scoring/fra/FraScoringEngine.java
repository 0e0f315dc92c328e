package com.assessments.scoring.fra;

import com.assessments.api.model.FraResult;
import com.assessments.scoring.LiveEngine;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Singleton;

/** Live FRA scoring: {@link FraScoring#score} as the contract's FraResult JSON. */
@Singleton // no client proxy: the base class takes its type in the constructor
public class FraScoringEngine extends LiveEngine {

    public static final String TYPE = "fra";

    public FraScoringEngine(ObjectMapper mapper) {
        super(mapper, TYPE, "FRA");
    }

    @Override
    protected FraResult result(ScoringRequest request) {
        return FraScoring.score(request.bank(), request.answers());
    }
}
