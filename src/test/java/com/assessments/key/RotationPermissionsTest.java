package com.assessments.key;

import com.assessments.support.Admin;
import com.assessments.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Who may rotate which key: a key may rotate itself; rotating another needs every scope and product of that key;
 * a key that was rotated out (expiring) or revoked rotates nothing. A matrix of callers and targets by scopes,
 * products and key state.
 */
@QuarkusTest
class RotationPermissionsTest {

    static final List<String> ALL = Scopes.ALL;

    @Inject
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private static ValidatableResponse rotate(String callerKey, String targetId, int grace) {
        return api().auth().oauth2(callerKey).contentType(ContentType.JSON).body(Map.of("gracePeriodSeconds", grace))
                .post("/api/v1/keys/{id}/rotate", targetId).then();
    }

    private static Admin.Keys keys(String org, List<String> scopes, List<String> products) {
        Map<String, Object> body = new java.util.HashMap<>();
        body.put("scopes", scopes);
        if (products != null) {
            body.put("products", products);
        }
        body.put("allowedOrigins", List.of("https://app.example.com"));
        return Admin.issueKeys(org, "test", body);
    }

    private static String newOrg() {
        return Admin.createOrganization("Rotation matrix " + System.nanoTime(), Map.of("disc", 1, "aapa", 1));
    }

    record Case(String name, List<String> callerScopes, List<String> callerProducts, List<String> targetScopes,
                List<String> targetProducts, int status, String code) {
    }

    @Test
    void anotherKeyIsRotatedOnlyByAKeyHoldingAllItsScopesAndProducts() {
        List<Case> cases = List.of(
                new Case("keys:manage only -> full key", List.of("keys:manage"), null, ALL, null, 403, "insufficient_permissions"),
                new Case("keys:manage only -> keys:manage only", List.of("keys:manage"), null, List.of("keys:manage"), null, 200, null),
                new Case("full key -> full key", ALL, null, ALL, null, 200, null),
                new Case("misses one scope", List.of("keys:manage", "sessions:read"), null,
                        List.of("keys:manage", "sessions:read", "sessions:write"), null, 403, "insufficient_permissions"),
                new Case("superset of scopes", ALL, null, List.of("sessions:read"), null, 200, null),
                new Case("disc-only -> all products", ALL, List.of("disc"), ALL, null, 403, "insufficient_permissions"),
                new Case("disc-only -> aapa-only", ALL, List.of("disc"), ALL, List.of("aapa"), 403, "insufficient_permissions"),
                new Case("disc-only -> disc-only", ALL, List.of("disc"), ALL, List.of("disc"), 200, null),
                new Case("all products -> disc-only", ALL, null, ALL, List.of("disc"), 200, null),
                new Case("disc+aapa -> disc-only", ALL, List.of("disc", "aapa"), List.of("sessions:read"), List.of("disc"), 200, null));
        for (Case c : cases) {
            String org = newOrg();
            Admin.Keys caller = keys(org, c.callerScopes(), c.callerProducts());
            Admin.Keys target = keys(org, c.targetScopes(), c.targetProducts());
            var response = rotate(caller.secretKey(), target.secretKeyId(), 0).statusCode(c.status());
            if (c.code() != null) {
                response.body("error.code", equalTo(c.code()));
                // nothing happened to the target
                api().auth().oauth2(target.secretKey()).get("/api/v1/assessments/types").then()
                        .statusCode(c.targetScopes().contains("assessments:read") ? 200 : 403);
            } else {
                // the new key has exactly the target's scopes and products, never the caller's
                response.body("key.scopes", contains(c.targetScopes().toArray()))
                        .body("previousKey.id", equalTo(target.secretKeyId()));
                if (c.targetProducts() == null) {
                    response.body("key.products", equalTo(null));
                } else {
                    response.body("key.products", contains(c.targetProducts().toArray()));
                }
            }
        }
    }

    @Test
    void theRefusalNamesWhatIsMissing() {
        String org = newOrg();
        Admin.Keys manager = keys(org, List.of("keys:manage"), List.of("disc"));
        Admin.Keys full = keys(org, ALL, null);
        rotate(manager.secretKey(), full.secretKeyId(), 0).statusCode(403)
                .body("error.code", equalTo("insufficient_permissions"))
                .body("error.details.missingScopes", hasItem("sessions:read"))
                .body("error.details.missingProducts", contains("*"));
        // the full key still works and is still active
        api().auth().oauth2(full.secretKey()).get("/api/v1/org/me").then().statusCode(200).body("key.status", equalTo("active"));
    }

    @Test
    void aKeyMayAlwaysRotateItselfAndKeepsItsOwnScopes() {
        String org = newOrg();
        Admin.Keys manager = keys(org, List.of("keys:manage"), List.of("disc"));
        rotate(manager.secretKey(), manager.secretKeyId(), 60).statusCode(200)
                .body("key.scopes", contains("keys:manage"))
                .body("key.products", contains("disc"))
                .body("previousKey.status", equalTo("expiring"));
    }

    @Test
    void aRotatedOutKeyCanNeitherRotateItselfNorItsReplacement() {
        String org = newOrg();
        Admin.Keys leaked = keys(org, ALL, null);
        String replacement = rotate(leaked.secretKey(), leaked.secretKeyId(), 3600).statusCode(200)
                .extract().path("key.secret");
        String replacementId = api().auth().oauth2(replacement).get("/api/v1/org/me").then().extract().path("key.id");

        // the old key still works for reading during its grace period ...
        api().auth().oauth2(leaked.secretKey()).get("/api/v1/org/me").then().statusCode(200).body("key.status", equalTo("expiring"));
        // ... but it can mint no successor and cannot revoke the owner's replacement
        rotate(leaked.secretKey(), leaked.secretKeyId(), 0).statusCode(403)
                .body("error.code", equalTo("insufficient_permissions"))
                .body("error.details.keyStatus", equalTo("expiring"));
        rotate(leaked.secretKey(), replacementId, 0).statusCode(403).body("error.code", equalTo("insufficient_permissions"));
        rotate(leaked.secretKey(), leaked.publishableKeyId(), 0).statusCode(403);
        api().auth().oauth2(replacement).get("/api/v1/org/me").then().statusCode(200).body("key.status", equalTo("active"));

        // the owner's replacement can end the old key's grace at once (and gets one more key for it)
        rotate(replacement, leaked.secretKeyId(), 0).statusCode(200).body("previousKey.status", equalTo("revoked"));
        api().auth().oauth2(leaked.secretKey()).get("/api/v1/org/me").then().statusCode(401);
    }

    @Test
    void aRevokedKeyRotatesNothing() {
        String org = newOrg();
        Admin.Keys keys = keys(org, ALL, null);
        String fresh = rotate(keys.secretKey(), keys.secretKeyId(), 0).statusCode(200).extract().path("key.secret");
        rotate(keys.secretKey(), keys.publishableKeyId(), 0).statusCode(401).body("error.code", equalTo("invalid_api_key"));
        rotate(fresh, keys.publishableKeyId(), 0).statusCode(200)
                .body("key.kind", equalTo("publishable"))
                .body("key.scopes", containsInAnyOrder("assessments:read"))
                .body("key.allowedOrigins", contains("https://app.example.com"));
    }

    @Test
    void rotationKeepsTheKeysOwnRateLimitAndLineage() {
        String org = newOrg();
        Admin.Keys keys = keys(org, ALL, null);
        String fresh = rotate(keys.secretKey(), keys.secretKeyId(), 60).statusCode(200).extract().path("key.id");
        ApiKey rotated = ApiKey.findById(fresh);
        assertEquals(keys.secretKeyId(), rotated.lineageId);
        assertEquals(keys.secretKeyId(), rotated.rotatedFromId);
    }
}
