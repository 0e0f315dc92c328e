package com.assessments.scoring;

import com.assessments.common.Hashing;
import com.assessments.scoring.disc.DiscScoring;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test-key scoring: instant, and deterministic. The answers are sorted by questionId and written as
 * "type|id=response;id=response;..."; the SHA-256 of that text is the only source of the numbers, so the
 * same answers always give the same result and different answers (almost always) a different one. Each
 * number takes the next bytes of the digest, scaled into its documented range; derived fields (bands,
 * primary type, type12, percentiles) follow the same rules as live scoring ({@link Bands}, {@link Rounding},
 * {@link Normal#percentile}, {@link DiscScoring#fromMeans}). Results carry mock: true.
 */
@ApplicationScoped
public class MockScoring {

    static final List<String> FRA_SCALES = List.of("integrity", "rule_compliance", "self_control", "safety_awareness");
    static final List<String> TFD_DIMENSIONS = com.assessments.scoring.tfd.TfdScoring.DIMENSIONS;

    /** Version of the mock rules (scoringVersion of every mock result). */
    public static final String SCORING_VERSION = "mock-1";

    private final ObjectMapper mapper;
    private final com.assessments.scoring.tfd.Occupations occupations;
    private final QuestionBanks banks;

    public MockScoring(ObjectMapper mapper, com.assessments.scoring.tfd.Occupations occupations, QuestionBanks banks) {
        this.mapper = mapper;
        this.occupations = occupations;
        this.banks = banks;
    }

    public JsonNode score(String type, List<Answer> answers, Map<String, String> config) {
        Digits digits = new Digits(digest(type, answers));
        ObjectNode result = (ObjectNode) switch (type) {
            case "disc" -> disc(digits);
            case "fra" -> fra(digits);
            case "tfd", "tfd_plus" -> tfd(digits, config);
            default -> ability(digits, answers.size());
        };
        // Mock numbers come from a hash, never from norms: no norm version, nothing provisional to warn about.
        return result.put("bankVersion", banks.forType(type).map(QuestionBank::version).orElse("unknown"))
                .put("scoringVersion", SCORING_VERSION).putNull("normVersion").put("normsProvisional", false);
    }

    static byte[] digest(String type, List<Answer> answers) {
        StringBuilder text = new StringBuilder(type).append('|');
        answers.stream().sorted(Comparator.comparing(Answer::questionId))
                .forEach(a -> text.append(a.questionId()).append('=').append(a.response()).append(';'));
        return Hashing.sha256(text.toString());
    }

    private JsonNode disc(Digits d) {
        Map<String, Double> means = new LinkedHashMap<>();
        for (String dim : List.of("D", "I", "S", "C")) {
            means.put(dim, Rounding.halfUp(1 + 4 * d.unit(), 2));
        }
        ObjectNode out = mapper.valueToTree(DiscScoring.fromMeans(means, true));
        out.remove("percentiles"); // mock results keep their pinned shape: no norms, no percentiles (see score)
        return out;
    }

    private JsonNode fra(Digits d) {
        ObjectNode out = mapper.createObjectNode().put("kind", "fra");
        ArrayNode scales = out.putArray("scales");
        double sum = 0;
        for (String scale : FRA_SCALES) {
            double mean = Rounding.halfUp(1 + 4 * d.unit(), 2);
            int percentile = (int) Math.round((mean - 1) / 4 * 100);
            sum += percentile;
            scales.addObject().put("scale", scale).put("mean", mean).put("percentile", percentile).put("band", Bands.label(percentile));
        }
        double composite = Rounding.halfUp(sum / FRA_SCALES.size(), 1);
        int compositePercentile = (int) Math.round(composite);
        out.putObject("composite").put("score", composite).put("percentile", compositePercentile).put("band", Bands.label(compositePercentile));
        out.put("answeredRatio", 1.0);
        out.putArray("qualityFlags");
        return out.put("mock", true);
    }

    private JsonNode tfd(Digits d, Map<String, String> config) {
        String occupation = config.getOrDefault("occupationId", "unknown");
        String name = occupations.find(occupation).map(o -> o.name()).orElse(occupation);
        ObjectNode out = mapper.createObjectNode().put("kind", "tfd")
                .put("occupationId", occupation).put("occupationName", name);
        ArrayNode gaps = mapper.createArrayNode();
        double squared = 0;
        for (String dimension : TFD_DIMENSIONS) {
            double score = Rounding.halfUp(100 * d.unit(), 1);
            double target = Rounding.halfUp(100 * d.unit(), 1);
            squared += (score - target) * (score - target);
            gaps.addObject().put("dimension", dimension).put("score", score).put("target", target).put("gap", Rounding.halfUp(score - target, 1));
        }
        double fit = Rounding.halfUp(Math.max(0, 100 - Math.sqrt(squared / TFD_DIMENSIONS.size())), 1);
        out.put("fitScore", fit).put("band", Bands.label(fit));
        out.set("gaps", gaps);
        out.putArray("topMatches").addObject().put("occupationId", occupation)
                .put("occupationName", name).put("fitScore", fit);
        out.putArray("qualityFlags");
        return out.put("mock", true);
    }

    private JsonNode ability(Digits d, int answered) {
        int correct = answered == 0 ? 0 : (int) Math.floor(d.unit() * (answered + 1)) % (answered + 1);
        double theta = Rounding.halfUp(-3 + 6 * d.unit(), 2);
        double se = Rounding.halfUp(0.3 + 0.3 * d.unit(), 2);
        ObjectNode out = mapper.createObjectNode().put("kind", "ability")
                .put("numberCorrect", correct).put("numberAnswered", answered)
                .put("theta", theta).put("standardError", se).put("percentile", Normal.percentile(theta));
        out.putArray("qualityFlags");
        return out.put("mock", true);
    }

    /** Reads the digest two bytes at a time as numbers in [0, 1); wraps around after 16 numbers. */
    static final class Digits {
        private final byte[] bytes;
        private int next;

        Digits(byte[] bytes) {
            this.bytes = bytes;
        }

        double unit() {
            int hi = bytes[next % bytes.length] & 0xff;
            int lo = bytes[(next + 1) % bytes.length] & 0xff;
            next += 2;
            return ((hi << 8) | lo) / 65536.0;
        }
    }
}
