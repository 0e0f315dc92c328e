package com.assessments.coach;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The optional model provider: an OpenAI-compatible chat-completions call with the grounding as structured context.
 * What goes out is the result summaries (scores, bands, flags) and session ids: never the candidate's email or name,
 * which the results do not hold. Any failure (time limit, status, empty or guarded answer) is an empty reply, and
 * the built-in coach answers instead.
 */
@ApplicationScoped
public class ModelCoach {

    private static final Logger LOG = Logger.getLogger(ModelCoach.class);

    static final String SYSTEM = "You are a career coach talking to a candidate about their own psychometric "
            + "assessment results. Ground every statement in the results given as JSON; say plainly what you do not "
            + "know. Never recommend hiring, rejecting or ranking anyone, never compare candidates, and make no "
            + "clinical or medical claims. Say that results are one input among several. Answer in at most 200 words.";

    private final CoachConfig config;
    private final ObjectMapper mapper;
    private volatile ChatCompletionsApi client;

    public ModelCoach(CoachConfig config, ObjectMapper mapper) {
        this.config = config;
        this.mapper = mapper;
    }

    public boolean configured() {
        return config.provider().url().isPresent();
    }

    /** One earlier turn of the conversation. */
    public record Turn(String message, String reply) {
    }

    public Optional<String> reply(String message, List<GroundedSession> grounding, List<Turn> history) {
        try {
            JsonNode answer = client().complete(config.provider().apiKey().map(k -> "Bearer " + k).orElse(null),
                    request(message, grounding, history));
            String text = answer.path("choices").path(0).path("message").path("content").asText("").strip();
            if (text.isEmpty() || GuardRails.refusal(text).isPresent()) {
                LOG.warn("the coach's model provider gave an empty or guarded answer; the built-in coach answers");
                return Optional.empty();
            }
            return Optional.of(text.contains("one input among several") ? text : text + "\n\n" + GuardRails.REMINDER);
        } catch (RuntimeException e) {
            // the reason only (time limit, status, connection): no request or answer text, which may be personal
            LOG.warnf("the coach's model provider failed (%s); the built-in coach answers", e.getClass().getSimpleName());
            return Optional.empty();
        }
    }

    ObjectNode request(String message, List<GroundedSession> grounding, List<Turn> history) {
        ObjectNode body = mapper.createObjectNode().put("model", config.provider().model()).put("temperature", 0.2);
        ArrayNode messages = body.putArray("messages");
        messages.addObject().put("role", "system").put("content", SYSTEM);
        ArrayNode results = mapper.createArrayNode();
        grounding.forEach(g -> results.addObject().put("sessionId", g.id()).put("assessmentType", g.assessmentType())
                .set("results", g.results()));
        messages.addObject().put("role", "system").put("content", "The candidate's results (JSON): " + results);
        history.forEach(turn -> {
            messages.addObject().put("role", "user").put("content", turn.message());
            messages.addObject().put("role", "assistant").put("content", turn.reply());
        });
        messages.addObject().put("role", "user").put("content", message);
        return body;
    }

    private ChatCompletionsApi client() {
        ChatCompletionsApi c = client;
        if (c == null) {
            long millis = config.provider().timeout().toMillis();
            c = QuarkusRestClientBuilder.newBuilder().baseUri(config.provider().url().orElseThrow())
                    .connectTimeout(millis, TimeUnit.MILLISECONDS).readTimeout(millis, TimeUnit.MILLISECONDS)
                    .build(ChatCompletionsApi.class);
            client = c;
        }
        return c;
    }
}
