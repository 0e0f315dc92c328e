package com.assessments.common.input;

import com.assessments.support.Admin;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

/**
 * Request bodies are checked against the contract as they are read ({@link RequestBodyValidation},
 * {@link BodyConstraints}): through HTTP, an absent body, and the issues of a body and of what it holds by path.
 */
@QuarkusTest
class RequestBodyValidationTest {

    @Test
    void anAbsentRequiredBodyIsRefusedAndAnAbsentOptionalOneIsNot() {
        var keys = Admin.newTenant("test");
        for (String path : List.of("/api/v1/sessions", "/api/v1/webhooks")) {
            api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body("")
                    .post(path)
                    .then().statusCode(400)
                    .body("error.code", equalTo("validation_error"))
                    .body("error.details.errors.field", equalTo(List.of("request")))
                    .body("error.details.errors.issue", equalTo(List.of("must not be null")));
        }
        // key rotation's body is optional: no body means the defaults
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body("")
                .post("/api/v1/keys/" + keys.secretKeyId() + "/rotate")
                .then().statusCode(200);
    }

    @Test
    void constraintsOfTheBodyAndOfWhatItCascadesToAreNamedByTheirPath() {
        var keys = Admin.newTenant("test");
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("assessmentType", "disc", "locale", "",
                        "candidate", Map.of("externalId", "c-1", "email", "not an address", "name", "Ada")))
                .post("/api/v1/sessions")
                .then().statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.field", hasItems("candidate.email", "locale"));
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body(Map.of("assessmentType", "disc"))
                .post("/api/v1/sessions")
                .then().statusCode(400)
                .body("error.details.errors.field", equalTo(List.of("candidate")));
    }
}
