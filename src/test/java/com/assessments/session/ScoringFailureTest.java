package com.assessments.session;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** When the engine fails the session becomes failed with the error, emits session.failed, and may be resubmitted. */
@QuarkusTest
@TestProfile(ScoringFailureTest.WithFailingEngine.class)
class ScoringFailureTest {

    public static class WithFailingEngine implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.arc.selected-alternatives", FailingEngine.class.getName(),
                    "assessments.scoring.live-types", "disc,fra,tfd,tfd_plus,lpm_u");
        }
    }

    @Inject
    TestDb db;

    @Test
    void failedScoringIsRecordedAndRetryable() {
        Admin.Keys live = Admin.newTenant("live");
        api().auth().oauth2(Admin.TOKEN).contentType(io.restassured.http.ContentType.JSON)
                .body(Map.of("assessmentTypes", List.of("lpm_u"), "licenses", Map.of("lpm_u", 2)))
                .patch("/api/admin/organizations/{id}", live.orgId()).then().statusCode(200);
        String[] created = Sessions.created(live.secretKey(), "lpm_u");
        String id = created[0];
        var bank = api().auth().oauth2(live.secretKey()).get("/api/v1/assessments/questions/lpm_u").then().statusCode(200)
                .extract().jsonPath();
        Map<String, Object> answers = com.assessments.catalogue.CatalogueAndScoringTest.answers(bank, bank.getList("questions").size());
        Sessions.submit(live.secretKey(), id, answers).statusCode(200)
                .body("status", equalTo("failed"))
                .body("results.kind", equalTo("error"))
                .body("results.error.code", equalTo("engine_error"))
                .body("results.error.message", equalTo("The engine could not converge."))
                .body("completedAt", equalTo(null));
        var event = db.query("select payload::text as p from events where session_id = ? and type = 'session.failed'", id);
        assertEquals(1, event.size());
        var payload = io.restassured.path.json.JsonPath.from((String) event.get(0).get("p"));
        assertEquals("failed", payload.getString("data.status"));
        assertEquals("error", payload.getString("data.results.kind"));
        assertEquals("engine_error", payload.getString("data.results.error.code"));
        // failed sessions take another submission (and fail again here)
        Sessions.submit(live.secretKey(), id, answers).statusCode(200).body("status", equalTo("failed"));
        assertEquals(2, db.count("select count(*) from events where session_id = ? and type = 'session.failed'", id));
        api().auth().oauth2(live.secretKey()).get("/api/v1/sessions/{id}", id).then().body("status", equalTo("failed"))
                .body("results.kind", equalTo("error"))
                .body("results.error", notNullValue());
        // a failed session is not finished before expiresAt: its token still shows the name, progress and questions
        api().auth().oauth2(created[1]).contentType(io.restassured.http.ContentType.JSON)
                .body(Map.of("answers", answers.get("responses"))).put("/api/v1/embed/progress").then().statusCode(200);
        api().auth().oauth2(created[1]).get("/api/v1/embed/session").then().statusCode(200)
                .body("status", equalTo("failed"))
                .body("candidateName", notNullValue())
                .body("progress.answers.size()", equalTo(bank.getList("questions").size()));
        api().auth().oauth2(created[1]).get("/api/v1/assessments/questions/lpm_u").then().statusCode(200);
    }

    /**
     * Results stored before every result carried `kind` (the ScoringError of failed sessions had none) get it from
     * V8__result_kind.sql, in the sessions and in the stored events that GET /api/v1/events and webhooks serve as is.
     * The rows lose their `kind` again (the old shape of a ScoringError; a summary without one checks the derivation
     * from the assessment type) and the migration's statements run again.
     */
    @Test
    void resultsStoredWithoutKindGetItFromTheV8Migration() throws Exception {
        Admin.Keys live = Admin.newTenant("live");
        api().auth().oauth2(Admin.TOKEN).contentType(io.restassured.http.ContentType.JSON)
                .body(Map.of("assessmentTypes", List.of("lpm_u"), "licenses", Map.of("lpm_u", 2)))
                .patch("/api/admin/organizations/{id}", live.orgId()).then().statusCode(200);
        String failed = Sessions.created(live.secretKey(), "lpm_u")[0];
        var bank = api().auth().oauth2(live.secretKey()).get("/api/v1/assessments/questions/lpm_u").then().statusCode(200)
                .extract().jsonPath();
        Sessions.submit(live.secretKey(), failed, com.assessments.catalogue.CatalogueAndScoringTest.answers(bank,
                bank.getList("questions").size())).statusCode(200).body("status", equalTo("failed"));
        // (this profile's selected alternative leaves FailingEngine the only live engine: DISC with a test key)
        Admin.Keys test = Admin.newTenant("test");
        String completed = Sessions.created(test.secretKey(), "disc")[0];
        Sessions.submit(test.secretKey(), completed, Sessions.discVaried()).statusCode(200).body("status", equalTo("completed"));

        // the shape earlier versions stored
        assertEquals(2, db.update("update sessions set results = results - 'kind' where id in (?, ?)", failed, completed));
        assertEquals(2, db.update("update events set payload = jsonb_set(payload, '{data,results}', (payload #> '{data,results}') - 'kind')"
                + " where session_id in (?, ?) and type in ('session.failed', 'session.completed')", failed, completed));
        // that shape breaks the contract (kind is required), so this one response is not validated
        com.assessments.support.Contract.raw().auth().oauth2(live.secretKey()).get("/api/v1/sessions/{id}", failed).then()
                .statusCode(200).body("results.kind", equalTo(null)).body("results.error.code", equalTo("engine_error"));

        String migration = new String(getClass().getResourceAsStream("/db/migration/V8__result_kind.sql").readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        for (String statement : migration.replaceAll("(?m)^--.*$", "").split(";")) {
            if (!statement.isBlank()) {
                db.update(statement);
            }
        }

        api().auth().oauth2(live.secretKey()).get("/api/v1/sessions/{id}", failed).then().statusCode(200)
                .body("results.kind", equalTo("error")).body("results.error.code", equalTo("engine_error"));
        api().auth().oauth2(test.secretKey()).get("/api/v1/sessions/{id}", completed).then().statusCode(200)
                .body("results.kind", equalTo("disc"));
        api().auth().oauth2(live.secretKey()).get("/api/v1/events?session_id={id}&type=session.failed", failed).then()
                .statusCode(200).body("data[0].data.results.kind", equalTo("error"));
        api().auth().oauth2(test.secretKey()).get("/api/v1/events?session_id={id}&type=session.completed", completed).then()
                .statusCode(200).body("data[0].data.results.kind", equalTo("disc"));
        // events without results are left alone
        assertEquals(0, db.count("select count(*) from events where session_id in (?, ?) and type = 'session.created'"
                + " and payload #> '{data,results}' <> 'null'::jsonb", failed, completed));
    }
}
