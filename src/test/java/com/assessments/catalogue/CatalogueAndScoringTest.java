package com.assessments.catalogue;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The catalogue routes, and every type created, submitted and scored end to end. */
@QuarkusTest
public class CatalogueAndScoringTest {

    static final List<String> ALL = List.of("aapa", "disc", "fra", "lpm", "lpm_u", "tfd", "tfd_plus");

    @Inject
    TestDb db;

    private JsonPath bank(String key, String type) {
        return api().auth().oauth2(key).get("/api/v1/assessments/questions/{type}", type).then().statusCode(200).extract().jsonPath();
    }

    /** Answers the first {@code count} questions of a bank with a spread of valid responses. */
    public static Map<String, Object> answers(JsonPath bank, int count) {
        List<Map<String, Object>> items = new ArrayList<>();
        List<Map<String, Object>> questions = bank.getList("questions");
        for (int i = 0; i < count; i++) {
            Map<String, Object> q = questions.get(i);
            @SuppressWarnings("unchecked")
            Map<String, Object> format = (Map<String, Object>) q.get("responseFormat");
            int min = (Integer) format.get("min");
            int max = (Integer) format.get("max");
            Map<String, Object> item = new HashMap<>();
            item.put("questionId", q.get("id"));
            item.put("response", min + (i * 7 + 3) % (max - min + 1));
            item.put("responseTimeMs", 4000 + 100 * i);
            if (q.get("dimension") != null && "disc".equals(bank.getString("type"))) {
                item.put("dimension", q.get("dimension"));
            }
            items.add(item);
        }
        return Map.of("responses", items);
    }

    private Map<String, Object> create(String type) {
        Map<String, Object> b = Sessions.body(type, "cat-" + type);
        if (type.startsWith("tfd")) {
            b.put("config", Map.of("occupationId", "15-1252.00"));
        }
        return b;
    }

    @Test
    void listsAllSevenTypesForSecretAndPublishableKeys() {
        Admin.Keys keys = Admin.newTenant("test");
        api().auth().oauth2(keys.secretKey()).get("/api/v1/assessments/types").then().statusCode(200)
                .body("data.type", equalTo(ALL))
                .body("data.find { it.type == 'disc' }.questionCount", equalTo(15))
                .body("data.find { it.type == 'disc' }.liveScoring", equalTo(true))
                .body("data.find { it.type == 'aapa' }.liveScoring", equalTo(false));
        api().auth().oauth2(keys.publishableKey()).header("Origin", "https://app.example.com")
                .get("/api/v1/assessments/types").then().statusCode(200);
    }

    @Test
    void banksNeverShowAnswerKeys() {
        Admin.Keys keys = Admin.newTenant("test");
        for (String type : ALL) {
            String raw = api().auth().oauth2(keys.secretKey()).get("/api/v1/assessments/questions/{type}", type)
                    .then().statusCode(200).body("type", equalTo(type))
                    .body("questions", everyItem(not(hasKey("correct"))))
                    .extract().asString();
            assertEquals(false, raw.contains("\"correct\""), type);
            assertEquals(false, raw.contains("\"a\":"), type);
        }
        api().auth().oauth2(keys.secretKey()).get("/api/v1/assessments/questions/chess").then().statusCode(400)
                .body("error.code", equalTo("validation_error"));
    }

    @Test
    void theRunnerReadsOnlyItsOwnBank() {
        Admin.Keys keys = Admin.newTenant("test");
        String token = Sessions.created(keys.secretKey(), "disc")[1];
        api().auth().oauth2(token).get("/api/v1/assessments/questions/disc").then().statusCode(200);
        api().auth().oauth2(token).get("/api/v1/assessments/questions/fra").then().statusCode(403)
                .body("error.code", equalTo("insufficient_permissions"));
    }

    @Test
    void everyTypeScoresEndToEndWithATestKey() {
        String org = Admin.createOrganization("All types", Map.of("aapa", 1, "disc", 1, "fra", 1, "lpm", 1, "lpm_u", 1, "tfd", 1, "tfd_plus", 1));
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());
        for (String type : ALL) {
            JsonPath bank = bank(keys.secretKey(), type);
            String id = Sessions.create(keys.secretKey(), create(type)).statusCode(201).extract().path("id");
            Sessions.submit(keys.secretKey(), id, answers(bank, bank.getList("questions").size())).statusCode(200)
                    .body("status", equalTo("completed")).body("results.mock", equalTo(true));
        }
    }

    @Test
    void liveKeysScoreDiscFraTfdAndTfdPlusAndRefuseAbilityTypes() {
        String org = Admin.createOrganization("Live types", Map.of("aapa", 2, "disc", 2, "fra", 2, "lpm", 2, "lpm_u", 2, "tfd", 2, "tfd_plus", 2));
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        Map<String, String> kinds = Map.of("disc", "disc", "fra", "fra", "tfd", "tfd", "tfd_plus", "tfd");
        for (String type : kinds.keySet()) {
            JsonPath bank = bank(live.secretKey(), type);
            String id = Sessions.create(live.secretKey(), create(type)).statusCode(201).extract().path("id");
            Sessions.submit(live.secretKey(), id, answers(bank, bank.getList("questions").size())).statusCode(200)
                    .body("status", equalTo("completed"))
                    .body("results.kind", equalTo(kinds.get(type)))
                    .body("results.mock", equalTo(false));
        }
        for (String type : List.of("aapa", "lpm", "lpm_u")) {
            Sessions.create(live.secretKey(), create(type)).statusCode(501).body("error.code", equalTo("not_implemented"));
        }
    }

    @Test
    void fraValidityGateAt90Percent() {
        String org = Admin.createOrganization("FRA gate", Map.of("fra", 5));
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        JsonPath bank = bank(live.secretKey(), "fra");
        int total = bank.getList("questions").size();
        int ninety = (int) Math.ceil(total * 0.9);
        String below = Sessions.create(live.secretKey(), create("fra")).statusCode(201).extract().path("id");
        Sessions.submit(live.secretKey(), below, answers(bank, ninety - 1)).statusCode(400)
                .body("error.code", equalTo("validation_error"));
        api().auth().oauth2(live.secretKey()).get("/api/v1/sessions/{id}", below).then().body("status", equalTo("created"));
        Sessions.submit(live.secretKey(), below, answers(bank, ninety)).statusCode(200)
                .body("status", equalTo("completed"))
                .body("results.answeredRatio", equalTo((float) (Math.floor(100.0 * ninety / total) / 100)))
                .body("results.qualityFlags", hasItems("incomplete"));
        String full = Sessions.create(live.secretKey(), create("fra")).statusCode(201).extract().path("id");
        Sessions.submit(live.secretKey(), full, answers(bank, total)).statusCode(200)
                .body("results.answeredRatio", equalTo(1.0f));
    }

    @Test
    void fraWithAWholeScaleUnansweredIsRefusedAndChangesNothing() {
        String org = Admin.createOrganization("FRA scale", Map.of("fra", 5));
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        JsonPath bank = bank(live.secretKey(), "fra");
        List<Map<String, Object>> questions = bank.getList("questions");
        // drop every item of one scale (10 of 40): the 90% gate refuses it before the engine could (the engine's own
        // guard, invalid_responses for a scale under half answered, is covered by FraScoringTest)
        String scale = (String) questions.get(0).get("dimension");
        List<Map<String, Object>> kept = new ArrayList<>();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> all = (List<Map<String, Object>>) answers(bank, questions.size()).get("responses");
        for (int i = 0; i < questions.size(); i++) {
            if (!scale.equals(questions.get(i).get("dimension"))) {
                kept.add(all.get(i));
            }
        }
        String id = Sessions.create(live.secretKey(), create("fra")).statusCode(201).extract().path("id");
        Sessions.submit(live.secretKey(), id, Map.of("responses", kept)).statusCode(400)
                .body("error.code", equalTo("validation_error"));
        api().auth().oauth2(live.secretKey()).get("/api/v1/sessions/{id}", id).then().body("status", equalTo("created"));
    }

    @Test
    void tfdConfigsListsPublishedConfigsOnly() {
        Admin.Keys keys = Admin.newTenant("test");
        db.update("insert into tfd_configs (id, organization_id, occupation_id, occupation_name, question_pool, mode, language,"
                + " total_questions, status, created_at, updated_at) values (?, ?, '15-1252.00', 'Software Developers', 'tfd-1.0.0',"
                + " 'standard', 'en', 24, 'published', now(), now()), (?, ?, '29-1141.00', 'Registered Nurses', 'tfd-1.0.0',"
                + " 'standard', 'en', 24, 'archived', now(), now())", "tfc_pub" + keys.orgId().substring(4), keys.orgId(),
                "tfc_arc" + keys.orgId().substring(4), keys.orgId());
        api().auth().oauth2(keys.secretKey()).get("/api/v1/tfd/configs").then().statusCode(200)
                .body("configs.id", equalTo(List.of("tfc_pub" + keys.orgId().substring(4))))
                .body("configs[0].occupationName", equalTo("Software Developers"));
    }
}
