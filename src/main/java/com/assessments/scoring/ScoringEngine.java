package com.assessments.scoring;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * Live scoring of one assessment type: one CDI bean per type. The answers are already validated against
 * the bank (known, unique ids; responses in range). Returns the result summary as the contract's result
 * JSON for that type. Throws {@link ScoringException} with INVALID_RESPONSES when these answers cannot be
 * scored (the submit is answered 400 invalid_responses and the session is unchanged), or ENGINE_ERROR for a
 * failure of the engine itself (the session becomes failed).
 */
public interface ScoringEngine {

    String type();

    /** When two engines score one type (a test double beside the real one), the higher priority wins. */
    default int priority() {
        return 0;
    }

    JsonNode score(ScoringRequest request);

    /** What an engine gets: the bank, the answers, and the session's context. */
    record ScoringRequest(QuestionBank bank, List<Answer> answers, String organizationId,
                          java.util.Map<String, String> config) {
    }
}
