package com.assessments.scoring;

/** One submitted answer, as validated against the bank (dimension may be null for types that do not send it). */
public record Answer(String questionId, String dimension, int response) {
}
