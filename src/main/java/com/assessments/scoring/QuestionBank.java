package com.assessments.scoring;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** A versioned question bank of one assessment type, read from src/main/resources/banks/{type}.json. */
@io.quarkus.runtime.annotations.RegisterForReflection
public record QuestionBank(String type, String version, String language, String instructions,
                           ResponseFormat responseFormat, List<BankItem> items) {

    /** Likert items: response is an integer from min to max; labels name each point. */
    @io.quarkus.runtime.annotations.RegisterForReflection
    public record ResponseFormat(String kind, int min, int max, List<String> labels) {
    }

    public Optional<BankItem> item(String id) {
        return Optional.ofNullable(byId().get(id));
    }

    public Map<String, BankItem> byId() {
        return items.stream().collect(Collectors.toUnmodifiableMap(BankItem::id, Function.identity()));
    }
}
