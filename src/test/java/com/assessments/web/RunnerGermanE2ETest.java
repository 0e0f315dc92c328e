package com.assessments.web;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The runner in German in a real headless Chromium (src/test/e2e/runner-de.e2e.mjs): a session created with locale
 * "de" is taken from its assessmentUrl in an English browser; the page, the questions and the end state are German,
 * and the answers are scored. Skipped, saying why, without Chromium or the e2e node modules (like RunnerE2ETest).
 */
@QuarkusTest
class RunnerGermanE2ETest {

    @Inject
    TestDb db;

    @Test
    void aGermanSessionRunsInGermanFromFirstQuestionToTheEnd() throws Exception {
        BrowserScript.assumeReady("RunnerGermanE2ETest", "playwright-core");

        Admin.Keys keys = Admin.newTenant("test");
        var body = Sessions.body("disc", "de-candidate");
        body.put("locale", "de-DE");
        JsonPath created = Sessions.create(keys.secretKey(), body).statusCode(201).extract().jsonPath();
        URI url = URI.create(created.getString("assessmentUrl"));
        String local = RestAssured.baseURI + ":" + RestAssured.port + url.getRawPath() + "?" + url.getRawQuery() + "#" + url.getRawFragment();

        Process process = new ProcessBuilder(List.of("node", "runner-de.e2e.mjs", local,
                Path.of("target/screenshots").toAbsolutePath().toString()))
                .directory(RunnerE2ETest.E2E.toFile()).redirectErrorStream(true).start();
        boolean finished = process.waitFor(120, TimeUnit.SECONDS);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!finished) {
            process.destroyForcibly();
        }
        assertTrue(finished, "the browser test did not finish in 2 minutes:\n" + output);
        assertEquals(0, process.exitValue(), output);
        String[] lines = output.trim().split("\n");
        JsonPath result = JsonPath.from(lines[lines.length - 1]);
        assertEquals("Arbeitsstil-Profil (DISC)", result.getString("title"));

        var row = db.query("select status, locale from sessions where id = ?", created.getString("id")).get(0);
        assertEquals("completed", row.get("status"));
        assertEquals("de-DE", row.get("locale"));
        assertTrue(Files.size(Path.of("target/screenshots", "runner-de-completed.png")) > 1000);
    }
}
