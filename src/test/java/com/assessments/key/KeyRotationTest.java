package com.assessments.key;

import com.assessments.support.Admin;
import com.assessments.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;

/** Rotation without downtime: both keys work during the grace period, then only the new one. */
@QuarkusTest
class KeyRotationTest {

    @Inject
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private JsonPath rotate(String key, String id, Map<String, Object> body) {
        return api().auth().oauth2(key).contentType(ContentType.JSON).body(body)
                .post("/api/v1/keys/{id}/rotate", id).then().statusCode(200)
                .body("key.secret", matchesPattern("service_sk_test_[0-9A-Za-z]{43}"))
                .body("previousKey.id", equalTo(id))
                .extract().jsonPath();
    }

    @Test
    void bothKeysWorkDuringTheGracePeriodThenOnlyTheNewOne() {
        Admin.Keys keys = Admin.issueKeys(Admin.createOrganization("Rotate", Map.of("disc", 1)), "test",
                Map.of("scopes", List.of("org:read", "keys:manage")));
        JsonPath rotated = rotate(keys.secretKey(), keys.secretKeyId(), Map.of("gracePeriodSeconds", 3600));
        String fresh = rotated.getString("key.secret");
        org.junit.jupiter.api.Assertions.assertEquals(List.of("org:read", "keys:manage"), rotated.getList("key.scopes"));
        org.junit.jupiter.api.Assertions.assertEquals("expiring", rotated.getString("previousKey.status"));

        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200);
        api().auth().oauth2(fresh).get("/api/v1/org/me").then().statusCode(200).body("key.id", equalTo(rotated.getString("key.id")));

        clock.advance(Duration.ofSeconds(3599));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200)
                .body("key.status", equalTo("expiring")).body("key.expiresAt", notNullValue());
        clock.advance(Duration.ofSeconds(1));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(401)
                .body("error.code", equalTo("invalid_api_key"));
        api().auth().oauth2(fresh).get("/api/v1/org/me").then().statusCode(200);
    }

    @Test
    void zeroGraceRevokesAtOnceAndOnlyActiveKeysOfTheCallerRotate() {
        Admin.Keys keys = Admin.newTenant("test");
        Admin.Keys other = Admin.newTenant("test");
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body(Map.of())
                .post("/api/v1/keys/{id}/rotate", other.secretKeyId()).then().statusCode(404)
                .body("error.code", equalTo("key_not_found"));
        JsonPath rotated = rotate(keys.secretKey(), keys.secretKeyId(), Map.of("gracePeriodSeconds", 0));
        org.junit.jupiter.api.Assertions.assertEquals("revoked", rotated.getString("previousKey.status"));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(401);
        String fresh = rotated.getString("key.secret");
        api().auth().oauth2(fresh).contentType(ContentType.JSON).body(Map.of())
                .post("/api/v1/keys/{id}/rotate", keys.secretKeyId()).then().statusCode(404)
                .body("error.code", equalTo("key_not_found"));
        // the body is optional: the default grace period is 24 hours
        JsonPath again = api().auth().oauth2(fresh).post("/api/v1/keys/{id}/rotate", rotated.getString("key.id"))
                .then().statusCode(200).extract().jsonPath();
        org.junit.jupiter.api.Assertions.assertEquals("expiring", again.getString("previousKey.status"));
    }

    @Test
    void eachScopeIsEnforced() {
        String org = Admin.createOrganization("Scopes", Map.of("disc", 5));
        Map<String, String[]> routeByScope = Map.of(
                "sessions:read", new String[]{"GET", "/api/v1/sessions"},
                "sessions:write", new String[]{"DELETE", "/api/v1/sessions/ses_none"},
                "reports:read", new String[]{"GET", "/api/v1/reports/ses_none/pdf"},
                "webhooks:manage", new String[]{"GET", "/api/v1/webhooks"},
                "keys:manage", new String[]{"POST", "/api/v1/keys/key_none/rotate"},
                "org:read", new String[]{"GET", "/api/v1/org/me"},
                "assessments:read", new String[]{"GET", "/api/v1/assessments/types"},
                "tfd:read", new String[]{"GET", "/api/v1/tfd/configs"},
                "events:read", new String[]{"GET", "/api/v1/events"});
        for (var entry : routeByScope.entrySet()) {
            List<String> allBut = Scopes.ALL.stream().filter(s -> !s.equals(entry.getKey())).toList();
            Admin.Keys keys = Admin.issueKeys(org, "test", Map.of("scopes", allBut));
            api().auth().oauth2(keys.secretKey()).request(entry.getValue()[0], entry.getValue()[1]).then().statusCode(403)
                    .body("error.code", equalTo("insufficient_permissions"))
                    .body("error.details.missingScope", equalTo(entry.getKey()));
        }
    }
}
