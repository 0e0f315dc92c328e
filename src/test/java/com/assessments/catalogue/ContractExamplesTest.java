package com.assessments.catalogue;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Examples in openapi.yaml work when copied: every question id an example names is a question of the real banks
 * (with its dimension and a response in its range), the question-bank examples are exactly what the service serves,
 * and the submission examples are accepted as they are.
 */
@QuarkusTest
class ContractExamplesTest {

    static final JsonNode SPEC = read();

    static JsonNode read() {
        try {
            return new ObjectMapper(new YAMLFactory()).readTree(Files.readString(Path.of("openapi.yaml")));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyQuestionIdInTheExamplesIsARealQuestion() throws Exception {
        Admin.Keys keys = tenantWithEveryType();
        Map<String, JsonNode> banks = new HashMap<>();
        Map<String, JsonNode> questions = new HashMap<>();
        for (String type : CatalogueAndScoringTest.ALL) {
            JsonNode bank = new ObjectMapper().readTree(api().auth().oauth2(keys.secretKey())
                    .get("/api/v1/assessments/questions/{type}", type).then().statusCode(200).extract().asString());
            banks.put(type, bank);
            bank.get("questions").forEach(q -> questions.put(q.get("id").asText(), q));
        }

        List<String> problems = new ArrayList<>();
        int[] answers = {0};
        int[] bankExamples = {0};
        walk("", SPEC, (path, node) -> {
            if (node.path("questionId").isTextual()) {
                answers[0]++;
                JsonNode question = questions.get(node.get("questionId").asText());
                if (question == null) {
                    problems.add(path + ": no question " + node.get("questionId"));
                    return;
                }
                if (node.path("dimension").isTextual() && !node.get("dimension").equals(question.get("dimension"))) {
                    problems.add(path + ": dimension " + node.get("dimension") + ", the bank says " + question.get("dimension"));
                }
                int response = node.path("response").asInt(-1);
                JsonNode format = question.get("responseFormat");
                if (response < format.get("min").asInt() || response > format.get("max").asInt()) {
                    problems.add(path + ": response " + response + " outside " + format.get("min") + ".." + format.get("max"));
                }
            }
            if (node.path("type").isTextual() && node.path("questions").isArray()) {
                bankExamples[0]++;
                JsonNode served = banks.get(node.get("type").asText());
                for (String field : List.of("version", "language", "instructions")) {
                    if (!node.get(field).equals(served.get(field))) {
                        problems.add(path + "/" + field + ": " + node.get(field) + ", served " + served.get(field));
                    }
                }
                node.get("questions").forEach(q -> {
                    if (!q.equals(questions.get(q.path("id").asText()))) {
                        problems.add(path + ": question " + q.path("id") + " is not served like that: " + questions.get(q.path("id").asText()));
                    }
                });
            }
        });
        for (String pointer : List.of("/components/schemas/SubmissionItem/properties/questionId/example",
                "/components/schemas/Question/properties/id/example")) {
            if (!questions.containsKey(SPEC.at(pointer).asText())) {
                problems.add(pointer + ": no question " + SPEC.at(pointer));
            }
        }
        JsonNode questionExample = SPEC.at("/components/schemas/Question/properties");
        JsonNode first = questions.get(questionExample.at("/id/example").asText());
        if (first != null && !first.get("text").equals(questionExample.at("/text/example"))) {
            problems.add("/components/schemas/Question/properties/text/example is not the text of " + first.get("id"));
        }
        assertEquals(List.of(), problems);
        assertTrue(answers[0] >= 20, "found only " + answers[0] + " example answers: the walk misses examples");
        assertEquals(2, bankExamples[0], "question bank examples");
    }

    @Test
    void submissionExamplesAreAcceptedAsTheyAre() {
        Admin.Keys keys = Admin.newTenant("test");
        JsonNode discSubmit = SPEC.at("/components/examples/SubmitRequestDisc/value");
        JsonNode progress = SPEC.at("/paths/~1api~1v1~1embed~1progress/put/requestBody/content/application~1json/examples/partial/value");
        assertTrue(discSubmit.isObject() && progress.isObject());

        String id = Sessions.created(keys.secretKey(), "disc")[0];
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body(discSubmit.toString())
                .post("/api/v1/sessions/{id}/submit", id).then().statusCode(200)
                .body("status", equalTo("completed")).body("results.kind", equalTo("disc"));

        String token = Sessions.created(keys.secretKey(), "disc")[1];
        api().auth().oauth2(token).contentType(ContentType.JSON).body(progress.toString())
                .put("/api/v1/embed/progress").then().statusCode(200).body("answers.size()", equalTo(2));
        api().auth().oauth2(token).contentType(ContentType.JSON).body(discSubmit.toString())
                .post("/api/v1/embed/submit").then().statusCode(200).body("status", equalTo("completed"));
    }

    private static Admin.Keys tenantWithEveryType() {
        Map<String, Integer> licenses = new HashMap<>();
        CatalogueAndScoringTest.ALL.forEach(type -> licenses.put(type, 1));
        return Admin.issueKeys(Admin.createOrganization("Examples", licenses), "test", Map.of());
    }

    private static void walk(String path, JsonNode node, BiConsumer<String, JsonNode> visit) {
        if (node.isObject()) {
            visit.accept(path, node);
            node.fields().forEachRemaining(e -> walk(path + "/" + e.getKey(), e.getValue(), visit));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(path + "/" + i, node.get(i), visit);
            }
        }
    }
}
