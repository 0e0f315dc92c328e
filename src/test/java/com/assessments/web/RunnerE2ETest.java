package com.assessments.web;

import com.assessments.session.ExpiryJob;
import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The candidate experience in a real headless Chromium (src/test/e2e/runner.e2e.mjs with playwright-core):
 * embed through the demo host page and SDK, keyboard-only answering, submission, the host page's events,
 * resume after reload, the expired state; screenshots at desktop and phone widths in target/screenshots.
 * On CI (CI=true) a missing Chromium or Node.js is a failure; on a developer machine the test is skipped.
 */
@QuarkusTest
class RunnerE2ETest {

    static final Path E2E = Path.of("src/test/e2e");

    @Inject
    TestDb db;

    @Inject
    TestClock clock;

    @Inject
    ExpiryJob expiry;

    @Test
    void candidateTakesADiscAssessmentInTheEmbeddedRunner() throws Exception {
        BrowserScript.assumeReady("RunnerE2ETest", "playwright-core");

        // an expired session for the expired-state check
        Admin.Keys keys = Admin.newTenant("test");
        var body = Sessions.body("disc", "expired-candidate");
        body.put("expiresIn", 300);
        String expiredToken = Sessions.create(keys.secretKey(), body).statusCode(201).extract().path("sessionToken");
        clock.advance(Duration.ofSeconds(301));
        expiry.run();
        clock.reset();

        String baseUrl = RestAssured.baseURI + ":" + RestAssured.port;
        Process process = new ProcessBuilder(List.of("node", "runner.e2e.mjs", baseUrl, expiredToken,
                Path.of("target/screenshots").toAbsolutePath().toString()))
                .directory(E2E.toFile()).redirectErrorStream(true).start();
        boolean finished = process.waitFor(180, TimeUnit.SECONDS);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!finished) {
            process.destroyForcibly();
        }
        assertTrue(finished, "the browser test did not finish in 3 minutes:\n" + output);
        assertEquals(0, process.exitValue(), output);

        String[] lines = output.trim().split("\n");
        JsonPath result = JsonPath.from(lines[lines.length - 1]);
        String completed = result.getString("completedSessionId");
        assertNotNull(completed, output);
        var row = db.query("select status, results::text as results from sessions where id = ?", completed).get(0);
        assertEquals("completed", row.get("status"));
        assertTrue(((String) row.get("results")).contains("\"kind\": \"disc\"") || ((String) row.get("results")).contains("\"kind\":\"disc\""));
        assertEquals(1, db.count("select count(*) from events where session_id = ? and type = 'session.started'", completed));
        assertEquals(1, db.count("select count(*) from events where session_id = ? and type = 'session.completed'", completed));
        var resumed = db.query("select status, progress::text as progress from sessions where id = ?", result.getString("resumedSessionId")).get(0);
        assertEquals("in_progress", resumed.get("status"));
        for (String shot : List.of("runner-desktop.png", "runner-phone.png", "runner-completed-desktop.png", "runner-expired-phone.png")) {
            assertTrue(Files.size(Path.of("target/screenshots", shot)) > 1000, shot);
        }
    }
}
