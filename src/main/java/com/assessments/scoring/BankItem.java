package com.assessments.scoring;

import java.util.List;

/**
 * One item of a question bank. {@code dimension} is the DISC letter, the FRA scale or the TFD dimension the
 * item scores; {@code section} groups items (TFD Plus has two sections); Likert items use the bank's response
 * format and are reversed (max + min - response) when {@code reverseKeyed}. Ability items instead carry their
 * own {@code options}, the answer key {@code correct} (an option value; never sent to clients) and their
 * 2PL IRT parameters: discrimination {@code a} and difficulty {@code b}.
 */
@io.quarkus.runtime.annotations.RegisterForReflection
public record BankItem(String id, String text, String dimension, String section, boolean reverseKeyed,
                       List<Option> options, Integer correct, Double a, Double b) {

    @io.quarkus.runtime.annotations.RegisterForReflection
    public record Option(int value, String label) {
    }

    /** A Likert item (the shape DISC, FRA and TFD items have). */
    public BankItem(String id, String text, String dimension, boolean reverseKeyed) {
        this(id, text, dimension, null, reverseKeyed, null, null, null, null);
    }

    public boolean isMultipleChoice() {
        return options != null && !options.isEmpty();
    }
}
