package com.assessments.scoring.disc;

import com.assessments.scoring.Answer;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.ScoringEngine;
import com.assessments.scoring.ScoringException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.List;

/** Live DISC scoring: {@link DiscScoring#score} as the contract's DiscResult JSON. */
@ApplicationScoped
public class DiscScoringEngine implements ScoringEngine {

    public static final String TYPE = "disc";

    private static final Logger LOG = Logger.getLogger(DiscScoringEngine.class);

    private final ObjectMapper mapper;

    public DiscScoringEngine(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public String type() {
        return TYPE;
    }

    /** A bug below surfaces as a failed session ({@code engine_error}, details in the log), not as an HTTP 500. */
    @Override
    public JsonNode score(QuestionBank bank, List<Answer> answers) {
        try {
            return mapper.valueToTree(DiscScoring.score(bank, answers));
        } catch (ScoringException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.error("DISC scoring failed", e);
            throw new ScoringException(ScoringException.ENGINE_ERROR, "DISC scoring failed unexpectedly");
        }
    }
}
