package com.assessments.web;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static com.assessments.support.Contract.raw;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;

/** The candidate-facing files come from the service itself, with the right headers. */
@QuarkusTest
class WebResourceTest {

    @Test
    void runnerPageIsServedWithItsSecurityHeaders() {
        raw().get("/assess").then().statusCode(200)
                .contentType(startsWith("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'self'"))
                .header("Referrer-Policy", "no-referrer")
                .body(containsString("assess.js"));
        raw().get("/assess/assess.js").then().statusCode(200).contentType(startsWith("text/javascript"));
        raw().get("/assess/assess.css").then().statusCode(200).contentType(startsWith("text/css"));
    }

    @Test
    void sdkIsServedFromAVersionedPathWithLongCaching() {
        raw().get("/sdk/v1/embed.js").then().statusCode(200)
                .contentType(startsWith("text/javascript"))
                .header("Cache-Control", "public, max-age=86400")
                .body(containsString("AssessmentEmbed"))
                .body(containsString("0.1.0"));
    }

    @Test
    void demoHostPageCreatesTestSessions() {
        raw().get("/demo").then().statusCode(200).body(containsString("/sdk/v1/embed.js"));
        raw().header("Origin", "http://localhost:8081").post("/demo/session").then().statusCode(200)
                .body("sessionToken", startsWith("vst_"))
                .body("publishableKey", startsWith("service_pk_test_"))
                .body("assessmentUrl", containsString("/assess#token="));
    }
}
