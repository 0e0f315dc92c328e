package com.assessments.key;

import com.assessments.support.Admin;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.startsWith;

@QuarkusTest
class AuthenticationTest {

    @Test
    void missingAuthorizationHeaderIs401() {
        api().get("/api/v1/org/me").then().statusCode(401)
                .body("error.code", equalTo("invalid_api_key"))
                .body("error.doc_url", startsWith("http"))
                .body("error.doc_url", org.hamcrest.Matchers.endsWith("/docs/errors#invalid_api_key"));
    }

    @Test
    void malformedAuthorizationHeadersAre401() {
        for (String header : List.of("Basic dXNlcjpwYXNz", "Bearer", "Bearer ", "Bearer service_sk_test_short",
                "Bearer not-a-key", "service_sk_test_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG", "Bearer a b")) {
            api().header("Authorization", header).get("/api/v1/org/me").then().statusCode(401)
                    .body("error.code", equalTo("invalid_api_key"));
        }
    }

    @Test
    void unknownKeyIs401() {
        api().auth().oauth2("service_sk_test_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG")
                .get("/api/v1/org/me").then().statusCode(401).body("error.code", equalTo("invalid_api_key"));
    }

    @Test
    void validSecretKeyIsAccepted() {
        Admin.Keys keys = Admin.newTenant("test");
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200)
                .body("organization.id", equalTo(keys.orgId()))
                .body("environment", equalTo("test"))
                .body("key.id", equalTo(keys.secretKeyId()));
    }

    @Test
    void schemeNameIsCaseInsensitive() {
        Admin.Keys keys = Admin.newTenant("live");
        api().header("Authorization", "bearer " + keys.secretKey()).get("/api/v1/org/me").then().statusCode(200)
                .body("environment", equalTo("live"));
    }

    @Test
    void revokedKeyIs401() {
        Admin.Keys keys = Admin.newTenant("test");
        // used once, so its look-up is in the auth cache: revocation must evict it at once
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200);
        api().auth().oauth2(Admin.TOKEN)
                .post("/api/admin/organizations/{org}/keys/{key}/revoke", keys.orgId(), keys.secretKeyId())
                .then().statusCode(200).body("status", equalTo("revoked"));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(401)
                .body("error.code", equalTo("invalid_api_key"));
    }

    @Test
    void publishableKeyOnSecretRouteIs403() {
        Admin.Keys keys = Admin.newTenant("test");
        api().auth().oauth2(keys.publishableKey()).header("Origin", "https://app.example.com")
                .get("/api/v1/org/me").then().statusCode(403)
                .body("error.code", equalTo("insufficient_permissions"))
                .body("error.details.requiredKeyKind", equalTo("secret"));
    }

    @Test
    void publishableKeyFromOriginOutsideAllowlistIs403() {
        Admin.Keys keys = Admin.newTenant("test");
        api().auth().oauth2(keys.publishableKey()).header("Origin", "https://evil.example.net")
                .get("/api/v1/org/me").then().statusCode(403)
                .body("error.code", equalTo("origin_not_allowed"))
                .body("error.details.origin", equalTo("https://evil.example.net"));
        api().auth().oauth2(keys.publishableKey())
                .get("/api/v1/org/me").then().statusCode(403)
                .body("error.code", equalTo("origin_not_allowed"));
    }

    @Test
    void publishableKeyOnASameOriginBrowserRequestUsesTheServicesOwnOrigin() {
        String org = Admin.createOrganization("Same origin", Map.of("disc", 1));
        String own = io.restassured.RestAssured.baseURI + ":" + io.restassured.RestAssured.port;
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of("allowedOrigins", List.of(own)));
        api().auth().oauth2(keys.publishableKey()).header("Sec-Fetch-Site", "same-origin")
                .get("/api/v1/assessments/types").then().statusCode(200);
        api().auth().oauth2(keys.publishableKey()).header("Sec-Fetch-Site", "cross-site")
                .get("/api/v1/assessments/types").then().statusCode(403).body("error.code", equalTo("origin_not_allowed"));
    }

    @Test
    void keyWithoutTheScopeIs403NamingIt() {
        String org = Admin.createOrganization("Scoped", Map.of("disc", 1));
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of("scopes", List.of("sessions:read")));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(403)
                .body("error.code", equalTo("insufficient_permissions"))
                .body("error.details.missingScope", equalTo("org:read"))
                .body("error.details.keyScopes", hasItem("sessions:read"));
    }

    @Test
    void statusNeedsNoKey() {
        api().get("/api/v1/status").then().statusCode(200);
    }

    @Test
    void adminApiNeedsTheOperatorToken() {
        api().contentType(ContentType.JSON).body(Map.of("name", "x"))
                .post("/api/admin/organizations").then().statusCode(401)
                .body("error.code", equalTo("invalid_admin_token"));
        api().auth().oauth2("wrong-token").get("/api/admin/organizations").then().statusCode(401)
                .body("error.code", equalTo("invalid_admin_token"));
        Admin.Keys keys = Admin.newTenant("live");
        api().auth().oauth2(keys.secretKey()).get("/api/admin/organizations").then().statusCode(401)
                .body("error.code", equalTo("invalid_admin_token"));
    }
}
