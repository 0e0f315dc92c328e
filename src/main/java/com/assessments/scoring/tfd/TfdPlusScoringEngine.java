package com.assessments.scoring.tfd;

import com.assessments.scoring.ScoringEngine;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Live TFD Plus scoring: the same rules as tfd, with the profile taken from both sections of the bank
 * (24 work-style items and 12 work-value items, 6 per dimension instead of 4).
 */
@ApplicationScoped
public class TfdPlusScoringEngine implements ScoringEngine {

    public static final String TYPE = "tfd_plus";

    private final ObjectMapper mapper;
    private final Occupations occupations;

    private final PublishedOccupations published;

    public TfdPlusScoringEngine(ObjectMapper mapper, Occupations occupations, PublishedOccupations published) {
        this.mapper = mapper;
        this.occupations = occupations;
        this.published = published;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public JsonNode score(ScoringRequest request) {
        return TfdScoringEngine.score(mapper, occupations, published, request, TfdScoring.Variant.PLUS);
    }
}
