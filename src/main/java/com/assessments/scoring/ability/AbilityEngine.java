package com.assessments.scoring.ability;

import com.assessments.api.model.AbilityResult;
import com.assessments.scoring.LiveEngine;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The live engine of one ability type: {@link AbilityScoring} as the contract's AbilityResult JSON. */
abstract class AbilityEngine extends LiveEngine {

    AbilityEngine(ObjectMapper mapper, String type) {
        super(mapper, type, type);
    }

    @Override
    protected AbilityResult result(ScoringRequest request) {
        return AbilityScoring.score(request.bank(), request.answers());
    }
}
