package com.assessments.scoring;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Chooses how a submission is scored: test sessions get deterministic mock results for every type; live
 * sessions go to the type's {@link ScoringEngine} bean, and a type without one is not scored live yet.
 */
@ApplicationScoped
public class Scoring {

    private final Map<String, ScoringEngine> live = new HashMap<>();
    private final MockScoring mock;

    public Scoring(Instance<ScoringEngine> engines, MockScoring mock) {
        engines.forEach(engine -> live.put(engine.type(), engine));
        this.mock = mock;
    }

    public boolean isLive(String type) {
        return live.containsKey(type);
    }

    public Optional<ScoringEngine> liveEngine(String type) {
        return Optional.ofNullable(live.get(type));
    }

    /** @throws ScoringException when the engine cannot score the answers */
    public JsonNode score(String type, boolean test, QuestionBank bank, List<Answer> answers, Map<String, String> config) {
        if (test) {
            return mock.score(type, answers, config);
        }
        return liveEngine(type).orElseThrow(() -> new IllegalStateException("no live engine for " + type)).score(bank, answers);
    }
}
