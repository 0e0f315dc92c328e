package com.assessments.scoring;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * Live scoring of one assessment type: one CDI bean per type. The answers are already validated against
 * the bank (known, unique ids; responses in range). Returns the result summary as the contract's
 * result JSON for that type; throws {@link ScoringException} when the answers cannot be scored.
 */
public interface ScoringEngine {

    String type();

    JsonNode score(QuestionBank bank, List<Answer> answers);
}
