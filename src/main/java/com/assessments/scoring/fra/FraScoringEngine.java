package com.assessments.scoring.fra;

import com.assessments.scoring.ScoringEngine;
import com.assessments.scoring.ScoringException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/** Live FRA scoring: {@link FraScoring#score} as the contract's FraResult JSON. */
@ApplicationScoped
public class FraScoringEngine implements ScoringEngine {

    public static final String TYPE = "fra";

    private static final Logger LOG = Logger.getLogger(FraScoringEngine.class);

    private final ObjectMapper mapper;

    public FraScoringEngine(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public String type() {
        return TYPE;
    }

    /** A bug below surfaces as a failed session ({@code engine_error}, details in the log), not as an HTTP 500. */
    @Override
    public JsonNode score(ScoringRequest request) {
        try {
            return mapper.valueToTree(FraScoring.score(request.bank(), request.answers()));
        } catch (ScoringException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.error("FRA scoring failed", e);
            throw new ScoringException(ScoringException.ENGINE_ERROR, "FRA scoring failed unexpectedly");
        }
    }
}
