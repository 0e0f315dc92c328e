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

    static final int TOO_FAST_MEDIAN_MS = 1500;
    static final double TOO_FAST_PENALTY = 0.30;

    /**
     * When the runner sent answer times and their median is under 1.5 s per statement, the answers were most
     * likely not read: flag too_fast and take 0.30 off the reliability score (the level follows the score).
     */
    static com.assessments.api.model.DiscResult tooFastCheck(com.assessments.api.model.DiscResult result, List<Answer> answers) {
        List<Integer> times = answers.stream().map(Answer::responseTimeMs).filter(java.util.Objects::nonNull).sorted().toList();
        if (times.isEmpty()) {
            return result;
        }
        double median = times.size() % 2 == 1 ? times.get(times.size() / 2)
                : (times.get(times.size() / 2 - 1) + times.get(times.size() / 2)) / 2.0;
        if (median >= TOO_FAST_MEDIAN_MS) {
            return result;
        }
        double score = java.math.BigDecimal.valueOf(Math.max(0, result.getReliabilityScore() - TOO_FAST_PENALTY))
                .setScale(2, java.math.RoundingMode.HALF_UP).doubleValue();
        List<String> flags = new java.util.ArrayList<>(result.getQualityFlags());
        flags.add("too_fast");
        java.util.Collections.sort(flags);
        return result.reliabilityScore(score)
                .reliabilityLevel(score >= 0.75 ? com.assessments.api.model.ReliabilityLevel.HIGH
                        : score >= 0.5 ? com.assessments.api.model.ReliabilityLevel.MODERATE : com.assessments.api.model.ReliabilityLevel.LOW)
                .qualityFlags(flags);
    }

    /** A bug below surfaces as a failed session ({@code engine_error}, details in the log), not as an HTTP 500. */
    @Override
    public JsonNode score(ScoringRequest request) {
        QuestionBank bank = request.bank();
        List<Answer> answers = request.answers();
        try {
            return mapper.valueToTree(tooFastCheck(DiscScoring.score(bank, answers), answers));
        } catch (ScoringException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.error("DISC scoring failed", e);
            throw new ScoringException(ScoringException.ENGINE_ERROR, "DISC scoring failed unexpectedly");
        }
    }
}
