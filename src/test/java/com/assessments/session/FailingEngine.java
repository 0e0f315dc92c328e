package com.assessments.session;

import com.assessments.scoring.Answer;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.ScoringEngine;
import com.assessments.scoring.ScoringException;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;

import java.util.List;

/** A live engine for lpm_u that always fails, selected only by {@link ScoringFailureTest}'s profile. */
@Alternative
@ApplicationScoped
public class FailingEngine implements ScoringEngine {

    @Override
    public String type() {
        return "lpm_u";
    }

    @Override
    public int priority() {
        return 1;
    }

    @Override
    public JsonNode score(ScoringRequest request) {
        throw new ScoringException(ScoringException.ENGINE_ERROR, "The engine could not converge.");
    }
}
