package com.assessments.clients;

import com.assessments.support.Admin;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The TypeScript server SDK (sdk/typescript) against the test instance: the test builds it (`npm run build`:
 * openapi-typescript from openapi.yaml, then tsc --strict) and runs its integration scenario
 * (test/integration/scenario.ts) with node: webhook endpoint on the scenario's own receiver, create, get, list with
 * paging, submit, results, PDF bytes, typed errors, a delivery verified by the SDK's WebhookVerifier.
 * On CI (CI=true) missing Node.js or sdk/typescript/node_modules is a failure; elsewhere the test is skipped.
 */
@QuarkusTest
class TypeScriptSdkScenarioTest {

    static final Path DIR = Path.of("sdk/typescript");

    @TestHTTPResource("/")
    URL root;

    @Test
    void theSdkBuildsUnderStrictAndRunsTheScenario() throws Exception {
        boolean ci = "true".equalsIgnoreCase(System.getenv("CI"));
        boolean ready = Files.isRegularFile(DIR.resolve("node_modules/typescript/bin/tsc")) && available("node") && available("npm");
        if (ci) {
            assertTrue(ready, "CI must provide node, npm and sdk/typescript/node_modules (see .ci/run)");
        }
        if (!ready) {
            System.out.println("TypeScriptSdkScenarioTest SKIPPED: needs node and sdk/typescript/node_modules"
                    + " (cd sdk/typescript && npm ci); then ./mvnw -B verify -Dtest=TypeScriptSdkScenarioTest");
        }
        assumeTrue(ready, "Node.js or sdk/typescript/node_modules is missing: run `npm ci` in sdk/typescript");

        run(DIR, 300, "npm", "run", "build");
        Admin.Keys keys = Admin.newTenant("test");
        String output = run(DIR, 90, "node", "dist/test/integration/scenario.js", root.toString().replaceAll("/+$", ""), keys.secretKey());

        String[] lines = output.trim().split("\n");
        JsonPath r = JsonPath.from(lines[lines.length - 1]);
        assertEquals("whsec_", r.getString("webhookSecretPrefix"));
        assertEquals("created", r.getString("createdStatus"));
        assertTrue(r.getBoolean("replayedSameId"), "the same Idempotency-Key and body replay the first session");
        assertNull(r.get("freshResults"));
        assertEquals(3, r.getInt("total"));
        assertEquals(2, r.getInt("firstPageSize"));
        assertEquals(r.getList("onePage"), r.getList("walked"), "pages of two walk the service's order, each session once");
        assertEquals(Set.copyOf(r.getList("created")), Set.copyOf(r.getList("walked")));
        assertEquals(3, r.getList("walked").size());
        assertEquals("session_not_completed", r.getString("earlyError.code"));
        assertEquals(400, r.getInt("earlyError.status"));
        assertTrue(r.getString("earlyError.requestId").length() > 0);
        assertEquals("completed", r.getString("submittedStatus"));
        assertEquals("disc", r.getString("kind"));
        assertTrue(r.getBoolean("mock"));
        float d = r.getFloat("normalizedD");
        assertTrue(d >= 0 && d <= 100, "normalized D " + d);
        assertEquals("%PDF-", r.getString("pdfMagic"));
        assertTrue(r.getInt("pdfBytes") > 1000);
        assertEquals("session.completed", r.getString("deliveredEvent"));
        assertEquals(r.getString("sessionId"), r.getString("deliveredSessionId"));
        assertEquals("disc", r.getString("deliveredKind"));
        assertEquals("signature_mismatch", r.getString("tamperedReason"));
        assertTrue(r.getList("eventTypes").containsAll(List.of("session.created", "session.completed")), output);
        assertEquals("session_not_found", r.getString("goneError.code"));
        assertEquals(404, r.getInt("goneError.status"));
    }

    private static boolean available(String tool) {
        try {
            Process p = new ProcessBuilder(tool, "--version").redirectErrorStream(true).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Runs a command, fails the test on a non-zero exit or a time-out, returns stdout and stderr. */
    private static String run(Path dir, int timeoutSeconds, String... command) throws Exception {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        boolean finished = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!finished) {
            process.destroyForcibly();
        }
        assertTrue(finished, String.join(" ", command) + " did not finish in " + timeoutSeconds + " s:\n" + output);
        assertEquals(0, process.exitValue(), String.join(" ", command) + "\n" + output);
        return output;
    }
}
