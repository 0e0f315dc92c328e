package com.assessments.webhook;

import com.assessments.support.Admin;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

/**
 * score.ready, named by the overview, is not offered (openapi.yaml, Webhooks): session.completed is sent when the
 * results are stored and carries them. Subscribing to it is refused; session.completed is accepted.
 */
@QuarkusTest
class ScoreReadyDecisionTest {

    @Test
    void scoreReadyIsNotASubscribableKind() {
        Admin.Keys keys = Admin.newTenant("test");
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("url", "https://hooks.example.com/a", "events", List.of("score.ready")))
                .post("/api/v1/webhooks").then().statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.field", hasItem(org.hamcrest.Matchers.startsWith("events")));
    }
}
