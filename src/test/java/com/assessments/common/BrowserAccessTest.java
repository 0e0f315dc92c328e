package com.assessments.common;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

import java.util.List;

import static com.assessments.support.Contract.api;
import static com.assessments.support.Contract.raw;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * CORS follows the contract: browsers on other origins may call what accepts a publishable key or a session token
 * (and the public status); secret-key and operator routes grant them nothing. And the headers every response
 * carries: X-Content-Type-Options: nosniff everywhere, Cache-Control: no-store on JSON API responses.
 */
@QuarkusTest
class BrowserAccessTest {

    private static final String ORIGIN = "https://app.example.com"; // on Admin.newTenant's publishable-key allowlist
    private static final String ALLOW_ORIGIN = "Access-Control-Allow-Origin";
    private static final String ALLOW_METHODS = "Access-Control-Allow-Methods";
    private static final String ALLOW_HEADERS = "Access-Control-Allow-Headers";
    private static final String EXPOSE_HEADERS = "Access-Control-Expose-Headers";

    private static ValidatableResponse preflight(String path, String method) {
        return raw().header("Origin", ORIGIN).header("Access-Control-Request-Method", method)
                .header("Access-Control-Request-Headers", "authorization, content-type")
                .options(path).then();
    }

    private static void preflightAllowed(String path, String method, String allowedMethods) {
        preflight(path, method).statusCode(204)
                .header(ALLOW_ORIGIN, "*")
                .header(ALLOW_METHODS, allowedMethods)
                .header(ALLOW_HEADERS, containsString("Authorization"))
                .header(ALLOW_HEADERS, containsString("Content-Type"))
                .header("Access-Control-Max-Age", "600");
    }

    @Test
    void theSdksCatalogueCallsWorkCrossOrigin() {
        var keys = Admin.newTenant("test");
        preflightAllowed("/api/v1/assessments/types", "GET", "GET");
        preflightAllowed("/api/v1/assessments/questions/disc", "GET", "GET");
        api().auth().oauth2(keys.publishableKey()).header("Origin", ORIGIN).get("/api/v1/assessments/types").then()
                .statusCode(200)
                .header(ALLOW_ORIGIN, "*")
                .header(EXPOSE_HEADERS, containsString("X-RateLimit-Remaining"))
                .header(EXPOSE_HEADERS, containsString("X-Request-Id"));
        api().auth().oauth2(keys.publishableKey()).header("Origin", ORIGIN).get("/api/v1/assessments/questions/disc").then()
                .statusCode(200).header(ALLOW_ORIGIN, "*");
        // errors of a browser route stay readable, so the SDK can show why
        api().auth().oauth2(keys.publishableKey()).header("Origin", "https://evil.example.net").get("/api/v1/assessments/types")
                .then().statusCode(403).body("error.code", equalTo("origin_not_allowed")).header(ALLOW_ORIGIN, "*");
    }

    @Test
    void theRunnersSessionTokenCallsWorkCrossOrigin() {
        var keys = Admin.newTenant("test");
        String token = Sessions.created(keys.secretKey(), "disc")[1];
        preflightAllowed("/api/v1/embed/session", "GET", "GET");
        preflightAllowed("/api/v1/embed/progress", "PUT", "PUT");
        preflightAllowed("/api/v1/embed/submit", "POST", "POST");
        api().auth().oauth2(token).header("Origin", ORIGIN).get("/api/v1/embed/session").then()
                .statusCode(200).header(ALLOW_ORIGIN, "*");
        api().auth().oauth2(token).header("Origin", ORIGIN).contentType(ContentType.JSON)
                .body("{\"answers\": []}").put("/api/v1/embed/progress").then()
                .statusCode(200).header(ALLOW_ORIGIN, "*");
        api().auth().oauth2(token).header("Origin", ORIGIN).get("/api/v1/assessments/questions/disc").then()
                .statusCode(200).header(ALLOW_ORIGIN, "*");
        api().auth().oauth2("vst_unknown").header("Origin", ORIGIN).get("/api/v1/embed/session").then()
                .statusCode(401).header(ALLOW_ORIGIN, "*");
    }

    @Test
    void statusAllowsAnyOrigin() {
        preflightAllowed("/api/v1/status", "GET", "GET");
        api().header("Origin", "https://anywhere.example").get("/api/v1/status").then().header(ALLOW_ORIGIN, "*");
    }

    @Test
    void secretKeyAndOperatorRoutesSendNoCorsHeaders() {
        var keys = Admin.newTenant("test");
        api().auth().oauth2(keys.secretKey()).header("Origin", ORIGIN).get("/api/v1/org/me").then()
                .statusCode(200).header(ALLOW_ORIGIN, nullValue()).header(EXPOSE_HEADERS, nullValue());
        api().auth().oauth2(keys.secretKey()).header("Origin", ORIGIN).get("/api/v1/sessions").then()
                .statusCode(200).header(ALLOW_ORIGIN, nullValue());
        api().header("Origin", ORIGIN).get("/api/v1/sessions").then()
                .statusCode(401).header(ALLOW_ORIGIN, nullValue());
        api().auth().oauth2(Admin.TOKEN).header("Origin", ORIGIN).get("/api/admin/organizations").then()
                .statusCode(200).header(ALLOW_ORIGIN, nullValue()).header(EXPOSE_HEADERS, nullValue());
        raw().header("Origin", ORIGIN).get("/api/v1/no-such-route").then()
                .statusCode(404).header(ALLOW_ORIGIN, nullValue());
    }

    @Test
    void preflightsForServerOnlyOperationsGrantNothing() {
        List<String[]> serverOnly = List.of(
                new String[]{"/api/v1/sessions", "POST"},
                new String[]{"/api/v1/sessions", "GET"},
                new String[]{"/api/v1/sessions/ses_1", "GET"},
                new String[]{"/api/v1/sessions/ses_1", "DELETE"},
                new String[]{"/api/v1/sessions/ses_1/report.pdf", "GET"},
                new String[]{"/api/v1/webhooks", "POST"},
                new String[]{"/api/v1/org/me", "GET"},
                new String[]{"/api/v1/keys/key_1/rotate", "POST"},
                new String[]{"/api/admin/organizations", "POST"},
                new String[]{"/api/admin/organizations/org_1/keys", "GET"},
                new String[]{"/api/v1/assessments/types", "DELETE"}, // a browser route, but not with this method
                new String[]{"/api/v1/embed/session", "POST"},
                new String[]{"/api/v1/no-such-route", "GET"});
        for (String[] request : serverOnly) {
            String what = request[1] + " " + request[0];
            var response = preflight(request[0], request[1]).statusCode(204).body(emptyString()).extract();
            assertEquals(null, response.header(ALLOW_ORIGIN), what);
            assertEquals(null, response.header(ALLOW_METHODS), what);
            assertEquals(null, response.header(ALLOW_HEADERS), what);
        }
    }

    @Test
    void everyResponseIsNosniff() {
        for (String path : List.of("/api/v1/status", "/api/v1/no-such-route", "/api/v1/sessions", "/docs/errors",
                "/sdk/v1/embed.js", "/assess", "/no-such-page", "/q/openapi")) {
            raw().get(path).then().header("X-Content-Type-Options", equalTo("nosniff"));
        }
        preflight("/api/v1/status", "GET").header("X-Content-Type-Options", equalTo("nosniff"));
        preflight("/api/v1/sessions", "POST").header("X-Content-Type-Options", equalTo("nosniff"));
    }

    @Test
    void jsonApiResponsesAreNoStoreIncludingErrors() {
        var keys = Admin.newTenant("test");
        noStore(api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200));
        noStore(api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions").then().statusCode(200));
        noStore(api().auth().oauth2(keys.secretKey()).get("/api/v1/assessments/types").then().statusCode(200));
        noStore(api().auth().oauth2(Admin.TOKEN).get("/api/admin/organizations").then().statusCode(200));
        noStore(api().get("/api/v1/sessions").then().statusCode(401));
        noStore(api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/ses_nope").then().statusCode(404));
        noStore(raw().get("/api/v1/no-such-route").then().statusCode(404));
        noStore(raw().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                .body("{\"name\": \"" + "x".repeat(1_100_000) + "\"}").post("/api/admin/organizations").then().statusCode(413));
        // a route that sets its own keeps it, once
        noStore(api().get("/api/v1/status").then().statusCode(200));
        raw().get("/sdk/v1/embed.js").then().statusCode(200).header("Cache-Control", "public, max-age=86400");
    }

    private static void noStore(ValidatableResponse response) {
        assertEquals(List.of("no-store"), response.contentType(ContentType.JSON).extract().headers().getValues("Cache-Control"));
    }
}
