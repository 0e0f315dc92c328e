package com.assessments.session;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

@QuarkusTest
class SubmitAndLifecycleTest {

    @Inject
    TestDb db;

    @Inject
    TestClock clock;

    @Inject
    ExpiryJob expiry;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private List<String> eventTypes(String sessionId) {
        return db.query("select type from events where session_id = ? order by created_at, seq", sessionId)
                .stream().map(r -> (String) r.get("type")).toList();
    }

    @Test
    void liveDiscSubmissionIsScoredAndCompleted() {
        Admin.Keys live = Admin.newTenant("live");
        String id = Sessions.created(live.secretKey(), "disc")[0];
        Sessions.submit(live.secretKey(), id, Sessions.discVaried()).statusCode(200)
                .body("status", equalTo("completed"))
                .body("completedAt", notNullValue())
                .body("results.kind", equalTo("disc"))
                .body("results.mock", equalTo(false))
                .body("results.primaryType", notNullValue());
        api().auth().oauth2(live.secretKey()).get("/api/v1/sessions/{id}", id).then().statusCode(200)
                .body("status", equalTo("completed")).body("results.kind", equalTo("disc"));
        assertEquals(List.of("session.created", "session.completed"), eventTypes(id));
        String payload = (String) db.query("select payload::text as p from events where session_id = ? and type = 'session.completed'", id)
                .get(0).get("p");
        var event = io.restassured.path.json.JsonPath.from(payload);
        assertEquals("session.completed", event.getString("event"));
        assertEquals(id, event.getString("data.sessionId"));
        assertEquals("completed", event.getString("data.status"));
        assertEquals("disc", event.getString("data.results.kind"));
        assertNotEquals(null, event.getString("data.completedAt"));
    }

    @Test
    void submitOnACompletedSessionIs409() {
        Admin.Keys keys = Admin.newTenant("test");
        String id = Sessions.created(keys.secretKey(), "disc")[0];
        Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(200);
        Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(409)
                .body("error.code", equalTo("session_already_completed"));
    }

    @Test
    void submitPastExpiresAtIs410EvenBeforeTheJobRuns() {
        Admin.Keys keys = Admin.newTenant("test");
        var b = Sessions.body("disc", "late");
        b.put("expiresIn", 300);
        String id = Sessions.create(keys.secretKey(), b).statusCode(201).extract().path("id");
        clock.advance(Duration.ofSeconds(300));
        Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(410)
                .body("error.code", equalTo("session_expired"));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", id).then().body("status", equalTo("created"));
    }

    @Test
    void expiryJobExpiresOverdueSessionsOnceWithAnEvent() {
        Admin.Keys keys = Admin.newTenant("test");
        var b = Sessions.body("disc", "expiring");
        b.put("expiresIn", 600);
        String due = Sessions.create(keys.secretKey(), b).statusCode(201).extract().path("id");
        String notDue = Sessions.created(keys.secretKey(), "disc")[0];
        String done = Sessions.created(keys.secretKey(), "disc")[0];
        Sessions.submit(keys.secretKey(), done, Sessions.discVaried()).statusCode(200);

        clock.advance(Duration.ofSeconds(599));
        expiry.run();
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", due).then().body("status", equalTo("created"));

        clock.advance(Duration.ofSeconds(1));
        expiry.run();
        expiry.run();
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", due).then().body("status", equalTo("expired"))
                .body("results", nullValue());
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", notDue).then().body("status", equalTo("created"));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", done).then().body("status", equalTo("completed"));
        assertEquals(List.of("session.created", "session.expired"), eventTypes(due));
        Sessions.submit(keys.secretKey(), due, Sessions.discVaried()).statusCode(410);
        assertEquals(1, db.count("select count(*) from job_runs where job = 'session-expiry'"));
    }

    @Test
    void runnerFirstLoadStartsTheSessionOnce() {
        Admin.Keys keys = Admin.newTenant("test");
        String[] s = Sessions.created(keys.secretKey(), "disc");
        for (int i = 0; i < 3; i++) {
            api().auth().oauth2(s[1]).get("/api/v1/embed/session").then().statusCode(200)
                    .body("sessionId", equalTo(s[0]))
                    .body("status", equalTo("in_progress"))
                    .body("candidateName", notNullValue())
                    .body("$", not(hasKey("results")));
        }
        assertEquals(List.of("session.created", "session.started"), eventTypes(s[0]));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", s[0]).then()
                .body("status", equalTo("in_progress")).body("startedAt", notNullValue());
    }

    @Test
    void progressIsSavedAndResumed() {
        Admin.Keys keys = Admin.newTenant("test");
        String[] s = Sessions.created(keys.secretKey(), "disc");
        var partial = Map.of("answers", List.of(Map.of("questionId", "disc_01", "dimension", "D", "response", 4),
                Map.of("questionId", "disc_02", "dimension", "I", "response", 2)));
        api().auth().oauth2(s[1]).contentType(ContentType.JSON).body(partial).put("/api/v1/embed/progress").then().statusCode(200)
                .body("answers.questionId", equalTo(List.of("disc_01", "disc_02")))
                .body("updatedAt", notNullValue());
        api().auth().oauth2(s[1]).get("/api/v1/embed/session").then().statusCode(200)
                .body("status", equalTo("in_progress"))
                .body("progress.answers.response", equalTo(List.of(4, 2)));
        var bad = Map.of("answers", List.of(Map.of("questionId", "nope", "response", 4)));
        api().auth().oauth2(s[1]).contentType(ContentType.JSON).body(bad).put("/api/v1/embed/progress").then().statusCode(400)
                .body("error.details.errors.field", hasItem("answers[0].questionId"));
    }

    @Test
    void embedSubmitAnswersTheOutcomeAndRedirectWithoutScores() {
        Admin.Keys keys = Admin.newTenant("test");
        var b = Sessions.body("disc", "embedded");
        b.put("redirectUrl", "https://careers.example.com/next?step=2");
        var created = Sessions.create(keys.secretKey(), b).statusCode(201).extract().jsonPath();
        String id = created.getString("id");
        api().auth().oauth2(created.getString("sessionToken")).contentType(ContentType.JSON).body(Sessions.discVaried())
                .post("/api/v1/embed/submit").then().statusCode(200)
                .body("sessionId", equalTo(id))
                .body("status", equalTo("completed"))
                .body("redirectUrl", equalTo("https://careers.example.com/next?step=2&session_id=" + id + "&outcome=completed"))
                .body("$", not(hasKey("results")));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", id).then().body("status", equalTo("completed"))
                .body("results.mock", equalTo(true));
    }

    @Test
    void embedRoutesNeedAValidSessionToken() {
        Admin.Keys keys = Admin.newTenant("test");
        api().get("/api/v1/embed/session").then().statusCode(401).body("error.code", equalTo("invalid_session_token"));
        api().auth().oauth2("vst_" + "x".repeat(43)).get("/api/v1/embed/session").then().statusCode(401)
                .body("error.code", equalTo("invalid_session_token"));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/embed/session").then().statusCode(401)
                .body("error.code", equalTo("invalid_session_token"));
        // and a session token is no API key
        String[] s = Sessions.created(keys.secretKey(), "disc");
        api().auth().oauth2(s[1]).get("/api/v1/sessions/{id}", s[0]).then().statusCode(401)
                .body("error.code", equalTo("invalid_api_key"));
    }

    @Test
    void discSubmissionsAreCheckedAgainstTheBank() {
        Admin.Keys keys = Admin.newTenant("test");
        String id = Sessions.created(keys.secretKey(), "disc")[0];
        // 14 answers: the missing one is named
        Sessions.submit(keys.secretKey(), id, Sessions.disc(3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)).statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.issue", hasItem("misses question disc_15"));
        // out of range, wrong dimension, unknown and repeated items
        List<Map<String, Object>> items = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            items.add(Map.of("questionId", Sessions.DISC_ITEMS.get(i)[0], "dimension", Sessions.DISC_ITEMS.get(i)[1], "response", 3));
        }
        items.set(0, Map.of("questionId", "disc_01", "dimension", "D", "response", 6));
        items.set(1, Map.of("questionId", "disc_02", "dimension", "C", "response", 3));
        items.add(Map.of("questionId", "disc_99", "dimension", "D", "response", 3));
        items.add(Map.of("questionId", "disc_03", "dimension", "S", "response", 3));
        Sessions.submit(keys.secretKey(), id, Map.of("responses", items)).statusCode(400)
                .body("error.details.errors.field", hasItem("responses[0].response"))
                .body("error.details.errors.field", hasItem("responses[1].dimension"))
                .body("error.details.errors.field", hasItem("responses[15].questionId"))
                .body("error.details.errors.field", hasItem("responses[16].questionId"));
        Sessions.submit(keys.secretKey(), id, Map.of("responses", List.of(Map.of("questionId", "disc_01", "response", "high"))))
                .statusCode(400).body("error.details.errors.field", hasItem("responses[0].response"));
        // nothing changed
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", id).then().body("status", equalTo("created"));
        assertEquals(List.of("session.created"), eventTypes(id));
    }

    /**
     * The DISC item's `dimension` is optional (the bank knows each item's): absent it scores exactly as when given;
     * given, it must be the item's own (400 validation_error naming responses[i].dimension, session unchanged).
     */
    @Test
    void discDimensionIsOptionalAndCheckedWhenGiven() {
        Admin.Keys live = Admin.newTenant("live");
        int[] responses = {5, 2, 3, 4, 5, 2, 3, 4, 4, 1, 3, 5, 1, 4, 3};
        List<Map<String, Object>> without = new ArrayList<>();
        for (int i = 0; i < responses.length; i++) {
            without.add(Map.of("questionId", Sessions.DISC_ITEMS.get(i)[0], "response", responses[i]));
        }
        String withId = Sessions.created(live.secretKey(), "disc")[0];
        String withoutId = Sessions.created(live.secretKey(), "disc")[0];
        var given = Sessions.submit(live.secretKey(), withId, Sessions.disc(responses)).statusCode(200)
                .body("status", equalTo("completed")).extract().jsonPath();
        var absent = Sessions.submit(live.secretKey(), withoutId, Map.of("responses", without)).statusCode(200)
                .body("status", equalTo("completed")).body("results.kind", equalTo("disc")).body("results.mock", equalTo(false))
                .extract().jsonPath();
        assertEquals(given.getMap("results"), absent.getMap("results"));

        // a wrong dimension among absent ones
        Admin.Keys test = Admin.newTenant("test");
        String id = Sessions.created(test.secretKey(), "disc")[0];
        List<Map<String, Object>> wrong = new ArrayList<>(without);
        wrong.set(4, Map.of("questionId", "disc_05", "dimension", "S", "response", 5));
        Sessions.submit(test.secretKey(), id, Map.of("responses", wrong)).statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.size()", equalTo(1))
                .body("error.details.errors[0].field", equalTo("responses[4].dimension"))
                .body("error.details.errors[0].issue", equalTo("must be D for question disc_05"));
        api().auth().oauth2(test.secretKey()).get("/api/v1/sessions/{id}", id).then().body("status", equalTo("created"))
                .body("results", nullValue());
    }

    @Test
    void testKeysScoreDeterministicallyForEveryType() {
        String org = Admin.createOrganization("Mock org", Map.of("aapa", 1, "disc", 1, "fra", 1, "lpm", 1, "lpm_u", 1, "tfd", 1, "tfd_plus", 1));
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());
        Map<String, String> kinds = Map.of("aapa", "ability", "disc", "disc", "fra", "fra", "lpm", "ability", "lpm_u", "ability",
                "tfd", "tfd", "tfd_plus", "tfd");
        for (String type : kinds.keySet()) {
            var bank = api().auth().oauth2(keys.secretKey()).get("/api/v1/assessments/questions/{type}", type)
                    .then().statusCode(200).extract().jsonPath();
            Map<String, ?> answers = type.equals("disc") ? Sessions.discVaried()
                    : com.assessments.catalogue.CatalogueAndScoringTest.answers(bank, bank.getList("questions").size());
            String first = null;
            for (int i = 0; i < 2; i++) {
                var b = Sessions.body(type, "mock-" + i);
                if (type.startsWith("tfd")) {
                    b.put("config", Map.of("occupationId", "15-1252.00"));
                }
                String id = Sessions.create(keys.secretKey(), b).statusCode(201).extract().path("id");
                String results = Sessions.submit(keys.secretKey(), id, answers).statusCode(200)
                        .body("status", equalTo("completed"))
                        .body("results.kind", equalTo(kinds.get(type)))
                        .body("results.mock", equalTo(true))
                        .extract().jsonPath().getString("results");
                if (first == null) {
                    first = results;
                } else {
                    assertEquals(first, results, type + " mock scoring is not deterministic");
                }
            }
        }
        assertEquals(0, db.count("select coalesce(sum(used), 0) from license_stripes where organization_id = ?", org));
    }

    @Test
    void idempotentSubmitReplays() {
        Admin.Keys keys = Admin.newTenant("test");
        String id = Sessions.created(keys.secretKey(), "disc")[0];
        String first = api().auth().oauth2(keys.secretKey()).header("Idempotency-Key", "submit-1").contentType(ContentType.JSON)
                .body(Sessions.discVaried()).post("/api/v1/sessions/{id}/submit", id).then().statusCode(200).extract().asString();
        String again = api().auth().oauth2(keys.secretKey()).header("Idempotency-Key", "submit-1").contentType(ContentType.JSON)
                .body(Sessions.discVaried()).post("/api/v1/sessions/{id}/submit", id).then().statusCode(200)
                .header("Idempotent-Replayed", equalTo("true")).extract().asString();
        assertEquals(first, again);
        assertEquals(1, db.count("select count(*) from events where session_id = ? and type = 'session.completed'", id));
    }
}
