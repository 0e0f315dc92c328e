package com.assessments.scoring;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.opentelemetry.instrumentation.annotations.SpanAttribute;
import io.opentelemetry.instrumentation.annotations.WithSpan;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Chooses how a submission is scored: test sessions get deterministic mock results for every type; live
 * sessions go to the type's {@link ScoringEngine} bean, and a type without one is not scored live yet.
 */
@ApplicationScoped
public class Scoring {

    private final Map<String, ScoringEngine> live = new HashMap<>();
    private final MockScoring mock;

    /**
     * Only types released for live keys (assessments.scoring.live-types) get their engine here; an engine that
     * exists but is not released is still unit-tested, and live keys get 501 for its type.
     */
    private final MeterRegistry registry;

    public Scoring(Instance<ScoringEngine> engines, MockScoring mock, com.assessments.common.AppConfig config,
                   MeterRegistry registry) {
        this.registry = registry;
        Set<String> released = config.scoring().liveTypes();
        engines.forEach(engine -> {
            if (released.contains(engine.type())) {
                live.merge(engine.type(), engine, (a, b) -> a.priority() >= b.priority() ? a : b);
            }
        });
        this.mock = mock;
    }

    public boolean isLive(String type) {
        return live.containsKey(type);
    }

    public Optional<ScoringEngine> liveEngine(String type) {
        return Optional.ofNullable(live.get(type));
    }

    /** @throws ScoringException when the engine cannot score the answers */
    /** Scores; the time taken goes to assessments_scoring_duration_seconds{type, mode} (mode: live or mock). */
    @WithSpan("scoring score") // a span of the request's trace: the type and mode only, never answers or results
    public JsonNode score(@SpanAttribute("assessment.type") String type, @SpanAttribute("assessment.test_mode") boolean test,
                          ScoringEngine.ScoringRequest request) {
        Timer.Sample sample = Timer.start(registry);
        try {
            if (test) {
                return mock.score(type, request.answers(), request.config());
            }
            return liveEngine(type).orElseThrow(() -> new IllegalStateException("no live engine for " + type)).score(request);
        } finally {
            sample.stop(Timer.builder("assessments.scoring.duration").description("Time to score one submission")
                    .tag("type", type).tag("mode", test ? "mock" : "live").register(registry));
        }
    }
}
