package com.assessments.session;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

/**
 * A replay is checked like a first request (the key must be allowed to make it) and belongs to the key lineage
 * that made it: another key of the same organization never receives its session token or candidate data.
 */
@QuarkusTest
class IdempotentReplayPermissionsTest {

    private static ValidatableResponse create(String key, String idempotencyKey, Map<String, Object> body) {
        return api().auth().oauth2(key).header("Idempotency-Key", idempotencyKey).contentType(ContentType.JSON)
                .body(body).post("/api/v1/sessions").then();
    }

    @Test
    void aReplayNeedsThePermissionsOfTheOriginalRequestAndTheSameKeyLineage() {
        String org = Admin.createOrganization("Replays " + System.nanoTime(), Map.of("disc", 1, "aapa", 1));
        Admin.Keys owner = Admin.issueKeys(org, "test", Map.of());
        Admin.Keys discOnly = Admin.issueKeys(org, "test", Map.of("products", List.of("disc")));
        Admin.Keys sibling = Admin.issueKeys(org, "test", Map.of());
        Map<String, Object> body = Sessions.body("aapa", "cand-replay");

        String id = create(owner.secretKey(), "replay-1", body).statusCode(201).header("Idempotent-Replayed", nullValue())
                .extract().path("id");

        create(discOnly.secretKey(), "replay-1", body).statusCode(403)
                .body("error.code", equalTo("insufficient_permissions"))
                .body("error.details.assessmentType", equalTo("aapa"));
        create(sibling.secretKey(), "replay-1", body).statusCode(409)
                .body("error.code", equalTo("idempotency_conflict"))
                .body("error.details.reason", equalTo("different_key"))
                .body("error.message", not(containsString("vst_")));

        // the owner's rotated key is the same lineage: it gets the replay
        String rotated = api().auth().oauth2(owner.secretKey()).contentType(ContentType.JSON).body(Map.of("gracePeriodSeconds", 60))
                .post("/api/v1/keys/{id}/rotate", owner.secretKeyId()).then().statusCode(200).extract().path("key.secret");
        create(rotated, "replay-1", body).statusCode(201).header("Idempotent-Replayed", equalTo("true"))
                .body("id", equalTo(id));
    }

    @Test
    void aSubmitReplayBelongsToTheKeyLineageThatSubmitted() {
        String org = Admin.createOrganization("Submit replays " + System.nanoTime(), Map.of("disc", 1));
        Admin.Keys owner = Admin.issueKeys(org, "test", Map.of());
        Admin.Keys sibling = Admin.issueKeys(org, "test", Map.of());
        String id = Sessions.created(owner.secretKey(), "disc")[0];
        api().auth().oauth2(owner.secretKey()).header("Idempotency-Key", "submit-1").contentType(ContentType.JSON)
                .body(Sessions.discVaried()).post("/api/v1/sessions/{id}/submit", id).then().statusCode(200);
        api().auth().oauth2(sibling.secretKey()).header("Idempotency-Key", "submit-1").contentType(ContentType.JSON)
                .body(Sessions.discVaried()).post("/api/v1/sessions/{id}/submit", id).then().statusCode(409)
                .body("error.code", equalTo("idempotency_conflict"))
                .body("error.details.reason", equalTo("different_key"));
        api().auth().oauth2(owner.secretKey()).header("Idempotency-Key", "submit-1").contentType(ContentType.JSON)
                .body(Sessions.discVaried()).post("/api/v1/sessions/{id}/submit", id).then().statusCode(200)
                .header("Idempotent-Replayed", equalTo("true"));
    }
}
