package com.assessments.scoring.tfd;

import com.assessments.api.model.TfdResult;
import com.assessments.scoring.LiveEngine;
import com.assessments.scoring.ScoringException;
import com.assessments.scoring.tfd.Occupations.Occupation;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.Map;

/**
 * The live engine of one TFD variant: {@link TfdScoring#score} for the session's occupation
 * ({@code config.occupationId}) as the contract's TfdResult JSON, with top matches among the organization's
 * published occupations. An unknown occupation is an engine error (the session was created with a checked
 * occupation, so the catalogue and the session disagree).
 */
abstract class TfdEngine extends LiveEngine {

    private final Occupations occupations;
    private final PublishedOccupations published;
    private final TfdScoring.Variant variant;

    TfdEngine(ObjectMapper mapper, Occupations occupations, PublishedOccupations published, String type,
              TfdScoring.Variant variant) {
        super(mapper, type, "TFD");
        this.occupations = occupations;
        this.published = published;
        this.variant = variant;
    }

    @Override
    protected TfdResult result(ScoringRequest request) {
        Map<String, String> config = request.config();
        String occupationId = config == null ? null : config.get(TfdScoringEngine.CONFIG_OCCUPATION);
        if (occupationId == null) {
            throw new ScoringException(ScoringException.ENGINE_ERROR, "the session has no config.occupationId to score against");
        }
        Occupation occupation = occupations.find(occupationId).orElseThrow(() -> new ScoringException(
                ScoringException.ENGINE_ERROR, "occupation " + occupationId + " is not in the occupation catalogue"));
        return TfdScoring.score(request.bank(), variant, request.answers(), occupation,
                published.forOrganization(request.organizationId(), occupation));
    }
}
