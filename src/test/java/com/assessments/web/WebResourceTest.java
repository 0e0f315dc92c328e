package com.assessments.web;

import com.assessments.common.AssessmentTypes;
import com.assessments.org.Organization;
import com.assessments.org.OrganizationService;
import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static com.assessments.support.Contract.raw;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The candidate-facing files come from the service itself, with the right headers. */
@QuarkusTest
class WebResourceTest {

    @Inject
    TestDb db;

    @Inject
    TestClock clock;

    @Inject
    OrganizationService organizations;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void runnerPageIsServedWithItsSecurityHeaders() {
        raw().get("/assess").then().statusCode(200)
                .contentType(startsWith("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'self'"))
                .header("Content-Security-Policy", containsString("base-uri 'none'; form-action 'none'"))
                .header("Referrer-Policy", "no-referrer")
                .body(containsString("assess.js"));
        raw().get("/assess/assess.js").then().statusCode(200).contentType(startsWith("text/javascript"));
        raw().get("/assess/assess.css").then().statusCode(200).contentType(startsWith("text/css"));
    }

    /** The frame-ancestors source list of the runner page at this URL. */
    private static String frameAncestors(String pathAndQuery) {
        String csp = raw().urlEncodingEnabled(false).get(pathAndQuery).then().statusCode(200)
                .header("Referrer-Policy", "no-referrer")
                .extract().header("Content-Security-Policy");
        var m = java.util.regex.Pattern.compile("(?:^|; )frame-ancestors ([^;]*)(?:;|$)").matcher(csp);
        assertTrue(m.find(), csp);
        assertEquals(1, csp.split("frame-ancestors", -1).length - 1, csp);
        return m.group(1);
    }

    @Test
    void withoutSessionOrKeyTheRunnerMayNotBeFramed() {
        assertEquals("'none'", frameAncestors("/assess"));
    }

    @Test
    void theServerMadeUrlLetsOnlyTheSessionsOrganizationsPublishableKeyOriginsFrameTheRunner() {
        Admin.Keys keys = Admin.newTenant("test"); // publishable key allows https://app.example.com
        Admin.issueKeys(keys.orgId(), "test", Map.of("allowedOrigins", List.of("https://careers.example.com", "https://app.example.com")));
        Admin.Keys live = Admin.issueKeys(keys.orgId(), "live", Map.of("allowedOrigins", List.of("https://live.example.com")));
        Admin.Keys revoked = Admin.issueKeys(keys.orgId(), "test", Map.of("allowedOrigins", List.of("https://revoked.example.com")));
        Admin.Keys expired = Admin.issueKeys(keys.orgId(), "test", Map.of("allowedOrigins", List.of("https://expired.example.com")));
        Admin.Keys expiring = Admin.issueKeys(keys.orgId(), "test", Map.of("allowedOrigins", List.of("https://grace.example.com")));
        Admin.Keys otherOrg = Admin.newTenant("test");
        Admin.issueKeys(otherOrg.orgId(), "test", Map.of("allowedOrigins", List.of("https://other.example.com")));
        db.update("update api_keys set revoked_at = ? where id = ?", clock.instant().atOffset(ZoneOffset.UTC), revoked.publishableKeyId());
        db.update("update api_keys set expires_at = ? where id = ?", clock.instant().atOffset(ZoneOffset.UTC), expired.publishableKeyId());
        db.update("update api_keys set expires_at = ? where id = ?", clock.instant().plusSeconds(3600).atOffset(ZoneOffset.UTC), expiring.publishableKeyId());

        var created = Sessions.create(keys.secretKey(), Sessions.body("disc", "framed")).statusCode(201).extract().jsonPath();
        String id = created.getString("id");
        String url = created.getString("assessmentUrl");
        assertEquals("http://localhost:8080/assess?session=" + id + "#token=" + created.getString("sessionToken"), url);
        String query = url.substring("http://localhost:8080".length(), url.indexOf('#'));

        assertEquals("https://app.example.com https://careers.example.com https://grace.example.com", frameAncestors(query));
        clock.advance(Duration.ofSeconds(3600)); // the rotated-out key's grace period ends
        assertEquals("https://app.example.com https://careers.example.com", frameAncestors(query));

        String liveId = Sessions.created(live.secretKey(), "disc")[0];
        assertEquals("https://live.example.com", frameAncestors("/assess?session=" + liveId));
        String otherId = Sessions.created(otherOrg.secretKey(), "disc")[0];
        assertEquals("https://app.example.com https://other.example.com", frameAncestors("/assess?session=" + otherId));

        // a deleted or unknown session, a malformed id: nobody
        api().auth().oauth2(keys.secretKey()).delete("/api/v1/sessions/{id}", id).then().statusCode(204);
        assertEquals("'none'", frameAncestors(query));
        assertEquals("'none'", frameAncestors("/assess?session=ses_doesNotExist0000"));
        assertEquals("'none'", frameAncestors("/assess?session=" + otherId + "%27;x"));
        assertEquals("'none'", frameAncestors("/assess?session="));
    }

    @Test
    void anOrganizationWithoutPublishableOriginsGetsNone() {
        String org = Admin.createOrganization("No origins " + System.nanoTime(), Map.of("disc", 5));
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());
        String id = Sessions.created(keys.secretKey(), "disc")[0];
        assertEquals("'none'", frameAncestors("/assess?session=" + id));
    }

    @Test
    void theSdkUrlLetsOnlyItsPublishableKeysOriginsFrameTheRunner() {
        Admin.Keys keys = Admin.newTenant("test");
        Admin.issueKeys(keys.orgId(), "test", Map.of("allowedOrigins", List.of("https://sibling.example.com")));
        assertEquals("https://app.example.com", frameAncestors("/assess?pk=" + keys.publishableKey()));
        // a secret key in a URL is never accepted; unknown and malformed keys allow nobody
        assertEquals("'none'", frameAncestors("/assess?pk=" + keys.secretKey()));
        assertEquals("'none'", frameAncestors("/assess?pk=service_pk_test_" + "x".repeat(30)));
        assertEquals("'none'", frameAncestors("/assess?pk=nonsense"));

        // a revoked key allows nobody; its replacement carries the same origins
        String fresh = api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body(Map.of("gracePeriodSeconds", 0))
                .post("/api/v1/keys/{id}/rotate", keys.publishableKeyId()).then().statusCode(200)
                .extract().path("key.secret");
        assertEquals("'none'", frameAncestors("/assess?pk=" + keys.publishableKey()));
        assertEquals("https://app.example.com", frameAncestors("/assess?pk=" + fresh));
    }

    @Test
    void storedOriginsThatCouldInjectDirectivesAreDropped() {
        Admin.Keys keys = Admin.newTenant("test");
        db.update("update api_keys set allowed_origins = array['https://ok.example.com', 'https://a.example.com; script-src *',"
                + " 'https://b.example.com https://c.example.com', '*', 'https://d.example.com,https://e.example.com',"
                + " 'https://f.example.com''', 'https://g.example.com\t', 'http://[::1]:8080', 'https://h.example.com:8443']"
                + " where id = ?", keys.publishableKeyId());
        String expected = "https://ok.example.com http://[::1]:8080 https://h.example.com:8443";
        assertEquals(expected, frameAncestors("/assess?pk=" + keys.publishableKey()));
        String id = Sessions.created(keys.secretKey(), "disc")[0];
        String sessionList = frameAncestors("/assess?session=" + id);
        assertEquals(List.of("http://[::1]:8080", "https://h.example.com:8443", "https://ok.example.com"),
                java.util.Arrays.stream(sessionList.split(" ")).sorted().toList());
    }

    @Test
    void sdkIsServedFromAVersionedPathWithLongCaching() {
        raw().get("/sdk/v1/embed.js").then().statusCode(200)
                .contentType(startsWith("text/javascript"))
                .header("Cache-Control", "public, max-age=86400")
                .body(containsString("AssessmentEmbed"))
                .body(containsString("0.1.0"))
                // the runner is loaded with the publishable key in the query and the token in the fragment
                .body(containsString("'/assess?pk=' + encodeURIComponent(options.publishableKey)"))
                .body(containsString("'#token=' + encodeURIComponent(options.sessionToken)"));
    }

    @Test
    void demoHostPageCreatesTestSessions() {
        raw().get("/demo").then().statusCode(200).body(containsString("/sdk/v1/embed.js"));
        raw().header("Origin", "http://localhost:8081").post("/demo/session").then().statusCode(200)
                .body("sessionToken", startsWith("vst_"))
                .body("publishableKey", startsWith("service_pk_test_"))
                .body("assessmentUrl", matchesPattern(".*/assess\\?session=ses_[A-Za-z0-9]+#token=vst_.*"));
    }

    /** The demo's key is looked up at each create: a type its organization disables is refused at once, and back. */
    @Test
    void demoSessionsFollowTheDemoOrganizationsTypes() {
        String origin = "http://localhost:8082";
        raw().header("Origin", origin).post("/demo/session").then().statusCode(200);
        String org = QuarkusTransaction.requiringNew()
                .call(() -> Organization.findByName(DemoResource.DEMO_ORG).orElseThrow().id);
        organizations.update(org, null, List.of("fra"), null, null);
        try {
            raw().header("Origin", origin).post("/demo/session").then().statusCode(403)
                    .body("error.code", equalTo("assessment_not_enabled"));
        } finally {
            organizations.update(org, null, AssessmentTypes.ALL, null, null);
        }
        raw().header("Origin", origin).post("/demo/session").then().statusCode(200);
    }
}
