package com.assessments.scoring;

/**
 * One item of a question bank. {@code dimension} is the DISC letter or the scale/section the item scores;
 * {@code reverseKeyed} items are scored max + min - response.
 */
@io.quarkus.runtime.annotations.RegisterForReflection
public record BankItem(String id, String text, String dimension, boolean reverseKeyed) {
}
