package com.assessments.scoring.disc;

import com.assessments.api.model.DiscResult;
import com.assessments.scoring.Answer;
import com.assessments.scoring.LiveEngine;
import com.assessments.scoring.ResponseQuality;
import com.assessments.scoring.Rounding;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Live DISC scoring: {@link DiscScoring#score} as the contract's DiscResult JSON. */
@Singleton // no client proxy: the base class takes its type in the constructor
public class DiscScoringEngine extends LiveEngine {

    public static final String TYPE = "disc";

    static final double TOO_FAST_PENALTY = 0.30;

    public DiscScoringEngine(ObjectMapper mapper) {
        super(mapper, TYPE, "DISC");
    }

    /**
     * When the runner sent answer times and their median is under 1.5 s per statement, the answers were most
     * likely not read: flag too_fast and take 0.30 off the reliability score (the level follows the score).
     */
    static DiscResult tooFastCheck(DiscResult result, List<Answer> answers) {
        if (!ResponseQuality.tooFast(answers, ResponseQuality.TOO_FAST_MEDIAN_MS)) {
            return result;
        }
        double score = Rounding.halfUp(Math.max(0, result.getReliabilityScore() - TOO_FAST_PENALTY), 2);
        List<String> flags = new ArrayList<>(result.getQualityFlags());
        flags.add(ResponseQuality.TOO_FAST);
        Collections.sort(flags);
        return result.reliabilityScore(score).reliabilityLevel(DiscScoring.reliabilityLevel(score)).qualityFlags(flags);
    }

    @Override
    protected DiscResult result(ScoringRequest request) {
        return tooFastCheck(DiscScoring.score(request.bank(), request.answers()), request.answers());
    }
}
