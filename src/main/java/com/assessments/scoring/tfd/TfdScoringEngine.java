package com.assessments.scoring.tfd;

import com.assessments.scoring.ScoringEngine;
import com.assessments.scoring.ScoringException;
import com.assessments.scoring.tfd.Occupations.Occupation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.Map;

/**
 * Live TFD scoring: {@link TfdScoring#score} for the session's occupation ({@code config.occupationId}) as the
 * contract's TfdResult JSON, with top matches among every occupation of the catalogue.
 */
@ApplicationScoped
public class TfdScoringEngine implements ScoringEngine {

    public static final String TYPE = "tfd";
    public static final String CONFIG_OCCUPATION = "occupationId";

    private static final Logger LOG = Logger.getLogger(TfdScoringEngine.class);

    private final ObjectMapper mapper;
    private final Occupations occupations;

    private final PublishedOccupations published;

    public TfdScoringEngine(ObjectMapper mapper, Occupations occupations, PublishedOccupations published) {
        this.published = published;
        this.mapper = mapper;
        this.occupations = occupations;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public JsonNode score(ScoringRequest request) {
        return score(mapper, occupations, published, request, TfdScoring.Variant.TFD);
    }

    /**
     * Shared by tfd and tfd_plus. An unknown occupation is an engine error (the session was created with a
     * checked occupation, so the catalogue and the session disagree); a bug below surfaces as a failed
     * session ({@code engine_error}, details in the log), not as an HTTP 500.
     */
    static JsonNode score(ObjectMapper mapper, Occupations occupations, PublishedOccupations published, ScoringRequest request,
                          TfdScoring.Variant variant) {
        Map<String, String> config = request.config();
        String occupationId = config == null ? null : config.get(CONFIG_OCCUPATION);
        if (occupationId == null) {
            throw new ScoringException(ScoringException.ENGINE_ERROR, "the session has no config.occupationId to score against");
        }
        Occupation occupation = occupations.find(occupationId).orElseThrow(() -> new ScoringException(
                ScoringException.ENGINE_ERROR, "occupation " + occupationId + " is not in the occupation catalogue"));
        try {
            var candidates = published.forOrganization(request.organizationId(), occupation);
            return mapper.valueToTree(TfdScoring.score(request.bank(), variant, request.answers(), occupation, candidates));
        } catch (ScoringException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.error("TFD scoring (" + variant + ") failed", e);
            throw new ScoringException(ScoringException.ENGINE_ERROR, "TFD scoring failed unexpectedly");
        }
    }
}
