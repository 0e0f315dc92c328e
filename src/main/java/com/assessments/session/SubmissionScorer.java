package com.assessments.session;

import com.assessments.api.model.SessionConfig;
import com.assessments.api.model.SubmissionItem;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.scoring.Answer;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.QuestionBanks;
import com.assessments.scoring.Scoring;
import com.assessments.scoring.ScoringEngine;
import com.assessments.scoring.ScoringException;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A submission, from the API (secret key) or the runner (session token), scored the same way. */
@ApplicationScoped
public class SubmissionScorer {

    private final SessionLifecycle lifecycle;
    private final SessionMapper mapper;
    private final SubmissionValidator validator;
    private final QuestionBanks banks;
    private final Scoring scoring;

    public SubmissionScorer(SessionLifecycle lifecycle, SessionMapper mapper, SubmissionValidator validator, QuestionBanks banks,
                            Scoring scoring) {
        this.lifecycle = lifecycle;
        this.mapper = mapper;
        this.validator = validator;
        this.banks = banks;
        this.scoring = scoring;
    }

    /**
     * Validates, scores and moves the session to completed or failed. Validation errors and answers the engine
     * cannot score (400 invalid_responses) change nothing; a failure of the engine itself fails the session.
     */
    void score(Session s, List<SubmissionItem> items) {
        lifecycle.requireSubmittable(s);
        QuestionBank bank = banks.forType(s.assessmentType).orElse(null);
        List<Answer> answers = validator.validate(s.assessmentType, bank, items, true);
        if (!s.isTest() && !scoring.isLive(s.assessmentType)) {
            throw SessionRules.notLive(s.assessmentType);
        }
        s.responses = mapper.write(items);
        try {
            var results = scoring.score(s.assessmentType, s.isTest(),
                    new ScoringEngine.ScoringRequest(bank, answers, s.organizationId, configValues(s)));
            lifecycle.complete(s, mapper.write(results));
        } catch (ScoringException e) {
            if (ScoringException.INVALID_RESPONSES.equals(e.code())) {
                throw new ApiException(ErrorCode.INVALID_RESPONSES, e.getMessage());
            }
            // the contract's ScoringError: kind "error" is the AssessmentResult discriminator
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("code", e.code());
            error.put("message", e.getMessage());
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("kind", "error");
            result.put("error", error);
            lifecycle.fail(s, mapper.write(result));
        }
    }

    private Map<String, String> configValues(Session s) {
        Map<String, String> values = new LinkedHashMap<>();
        SessionConfig config = mapper.config(s);
        if (config.getOccupationId() != null) {
            values.put("occupationId", config.getOccupationId());
        }
        if (config.getOrgConfigId() != null) {
            values.put("orgConfigId", config.getOrgConfigId());
        }
        return values;
    }
}
