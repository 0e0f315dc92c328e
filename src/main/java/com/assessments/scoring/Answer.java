package com.assessments.scoring;

/**
 * One submitted answer, as validated against the bank. {@code dimension} may be null for types that do not
 * send it; {@code responseTimeMs} is the runner's per-item answer time when it sent one (quality flags).
 */
public record Answer(String questionId, String dimension, int response, Integer responseTimeMs) {

    public Answer(String questionId, String dimension, int response) {
        this(questionId, dimension, response, null);
    }
}
