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
                .body("results.error.code", equalTo("engine_error"))
                .body("results.error.message", equalTo("The engine could not converge."))
                .body("completedAt", equalTo(null));
        var event = db.query("select payload::text as p from events where session_id = ? and type = 'session.failed'", id);
        assertEquals(1, event.size());
        var payload = io.restassured.path.json.JsonPath.from((String) event.get(0).get("p"));
        assertEquals("failed", payload.getString("data.status"));
        assertEquals("engine_error", payload.getString("data.results.error.code"));
        // failed sessions take another submission (and fail again here)
        Sessions.submit(live.secretKey(), id, answers).statusCode(200).body("status", equalTo("failed"));
        assertEquals(2, db.count("select count(*) from events where session_id = ? and type = 'session.failed'", id));
        api().auth().oauth2(live.secretKey()).get("/api/v1/sessions/{id}", id).then().body("status", equalTo("failed"))
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
}
