package com.assessments.web;

import com.assessments.session.ExpiryJob;
import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WCAG 2.2 AA as axe-core measures it (src/test/e2e/a11y.e2e.mjs, rule tags wcag2a, wcag2aa, wcag21a, wcag21aa,
 * wcag22aa, no rule disabled): the runner in every state for every assessment type, the demo page and the portal, at
 * desktop and phone widths, must have no violation. The sessions in each state are real: made through the API, the
 * expired one by the expiry job under the test clock, the failed one as the scoring engine leaves it.
 */
@QuarkusTest
class AccessibilityE2ETest {

    static final List<String> TYPES = List.of("disc", "fra", "tfd", "tfd_plus", "aapa", "lpm", "lpm_u");

    @Inject
    TestDb db;

    @Inject
    TestClock clock;

    @Inject
    ExpiryJob expiry;

    @Test
    void everyPageAPersonSeesHasNoAxeViolation() throws Exception {
        BrowserScript.assumeReady("AccessibilityE2ETest", "playwright-core", "@axe-core/playwright");
        Path file = fixtures("a11y");

        JsonPath result = BrowserScript.run("a11y.e2e.mjs", 420, file.toString(), BrowserScript.screenshots().toString());
        assertEquals(0, result.getInt("violations"));
        // 2 widths x (loading, 7 types x 2, form error, review, completed, failed, expired, invalid, connection error,
        // the expiry warning, demo x 2, portal sign-in, invitation, reset and its 9 tabs of an owner, the statement)
        assertEquals(2 * (1 + 14 + 7 + 1 + 2 + 3 + 9 + 1), result.getInt("scans"));
        assertTrue(result.getInt("rules") > 50, "axe ran " + result.getInt("rules") + " rules");
        List<Map<String, Object>> pages = result.getList("pages");
        assertTrue(pages.stream().allMatch(p -> ((Number) p.get("passes")).intValue() > 0), "every scan passed some rules");
        assertTrue(result.getList("control").containsAll(List.of("color-contrast", "image-alt", "label")),
                "the control page's three planted faults are found: " + result.getList("control"));
        assertTrue(Files.size(BrowserScript.screenshots().resolve("a11y-runner-review-phone.png")) > 1000);
    }

    /**
     * 200% zoom and 320 px reflow without sideways scrolling, also with the WCAG 1.4.12 text spacing, and no motion
     * under prefers-reduced-motion (src/test/e2e/reflow.e2e.mjs); screenshots target/screenshots/reflow-*.png.
     */
    @Test
    void pagesReflowAtZoomAndNarrowWidthsAndHonourReducedMotion() throws Exception {
        BrowserScript.assumeReady("AccessibilityE2ETest", "playwright-core");
        Path file = fixtures("reflow");

        JsonPath result = BrowserScript.run("reflow.e2e.mjs", 420, file.toString(), BrowserScript.screenshots().toString());
        List<String> pages = result.getList("pages");
        assertTrue(pages.containsAll(List.of("runner-disc", "runner-aapa", "runner-expired", "demo-embedded", "portal-sign-in",
                "portal-overview", "portal-audit", "statement")), String.valueOf(pages));
        assertEquals(3 * pages.size(), result.getInt("checks"));
        assertEquals("0s", result.getString("reducedMotion.reduce.progress"));
        assertTrue(Files.size(BrowserScript.screenshots().resolve("reflow-runner-aapa-reflow320.png")) > 1000);
        assertTrue(Files.size(BrowserScript.screenshots().resolve("reflow-portal-overview-zoom200.png")) > 1000);
    }

    /** Sessions of every type and in each end state, and a portal owner, written for the browser scripts. */
    private Path fixtures(String name) throws Exception {
        Map<String, Integer> licenses = new LinkedHashMap<>();
        TYPES.forEach(t -> licenses.put(t, 10));
        String org = Admin.createOrganization("A11y " + System.nanoTime(), licenses);
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());

        Map<String, Object> fixtures = new LinkedHashMap<>();
        Map<String, String> tokens = new LinkedHashMap<>();
        for (String type : TYPES) {
            var body = Sessions.body(type, "a11y-" + type + "-" + System.nanoTime());
            if (type.startsWith("tfd")) {
                body.put("config", Map.of("occupationId", "15-1252.00"));
            }
            tokens.put(type, Sessions.create(keys.secretKey(), body).statusCode(201).extract().<String>path("sessionToken"));
        }
        fixtures.put("tokens", tokens);
        fixtures.put("discToken", Sessions.created(keys.secretKey(), "disc")[1]);
        fixtures.put("failedToken", failedSession(keys.secretKey()));
        fixtures.put("expiredToken", expiredSession(keys.secretKey()));
        var shortLived = Sessions.body("disc", "short-" + System.nanoTime());
        shortLived.put("expiresIn", 300); // inside the runner's 10-minute warning
        fixtures.put("shortToken", Sessions.create(keys.secretKey(), shortLived).statusCode(201).extract().<String>path("sessionToken"));
        Portal.SignedIn owner = Portal.newOwner(org);
        fixtures.put("portalEmail", owner.email());
        fixtures.put("portalPassword", Portal.PASSWORD);
        Path file = Path.of("target/" + name + "-fixtures.json").toAbsolutePath();
        Files.createDirectories(file.getParent());
        Files.writeString(file, new ObjectMapper().writeValueAsString(fixtures));
        return file;
    }

    /** A DISC session with every answer saved whose scoring failed: the runner offers to try again. */
    private String failedSession(String secretKey) {
        String[] created = Sessions.created(secretKey, "disc");
        api().auth().oauth2(created[1]).contentType(ContentType.JSON)
                .body(Map.of("answers", Sessions.discVaried().get("responses"))).put("/api/v1/embed/progress")
                .then().statusCode(200);
        // what SubmissionScorer stores when the engine fails (ScoringFailureTest drives that through a failing engine)
        assertEquals(1, db.update("update sessions set status = 'failed', failed_at = now(), updated_at = now(),"
                + " results = '{\"kind\": \"error\", \"error\": {\"code\": \"engine_error\", \"message\": \"The engine could not converge.\"}}'::jsonb"
                + " where id = ?", created[0]));
        return created[1];
    }

    private String expiredSession(String secretKey) {
        var body = Sessions.body("disc", "expired-" + System.nanoTime());
        body.put("expiresIn", 300);
        String token = Sessions.create(secretKey, body).statusCode(201).extract().path("sessionToken");
        clock.advance(Duration.ofSeconds(301));
        try {
            expiry.run();
        } finally {
            clock.reset();
        }
        return token;
    }
}
