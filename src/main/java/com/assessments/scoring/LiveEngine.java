package com.assessments.scoring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jboss.logging.Logger;

/**
 * The base of every live engine: its type, and the scoring of one request as the contract's result JSON. A
 * {@link ScoringException} passes unchanged; any other failure (a bug below) surfaces as a failed session
 * ({@code engine_error}, details in the log), not as an HTTP 500. Subclasses are {@code @Singleton}: no client
 * proxy, since this class takes its type in the constructor.
 */
public abstract class LiveEngine implements ScoringEngine {

    private final Logger log = Logger.getLogger(getClass());
    private final ObjectMapper mapper;
    private final String type;
    private final String name;

    /** @param name the engine's name in the log and the engine_error message ("DISC", "aapa") */
    protected LiveEngine(ObjectMapper mapper, String type, String name) {
        this.mapper = mapper;
        this.type = type;
        this.name = name;
    }

    @Override
    public String type() {
        return type;
    }

    @Override
    public JsonNode score(ScoringRequest request) {
        try {
            return mapper.valueToTree(result(request));
        } catch (ScoringException e) {
            throw e;
        } catch (RuntimeException e) {
            log.error(name + " scoring failed", e);
            throw new ScoringException(ScoringException.ENGINE_ERROR, name + " scoring failed unexpectedly");
        }
    }

    /** The contract's result object for these answers; a {@link ScoringException} when they cannot be scored. */
    protected abstract Object result(ScoringRequest request);
}
