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
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The TypeScript client a customer generates from openapi.yaml (typescript-fetch, default options; generated into
 * target/generated-clients/typescript by the pom) compiles under tsc --strict together with a short scenario
 * (src/test/ts-client/scenario.ts), and the scenario runs against the test instance: create, get (results null),
 * submit DISC answers, get the typed DISC result (narrowed on `kind`), list the session's events.
 * On CI (CI=true) missing Node.js or src/test/ts-client/node_modules is a failure; elsewhere the test is skipped.
 */
@QuarkusTest
class GeneratedTypeScriptClientTest {

    static final Path DIR = Path.of("src/test/ts-client");
    static final Path SCENARIO = Path.of("target/ts-client/src/test/ts-client/scenario.js");

    @TestHTTPResource("/")
    URL root;

    @Test
    void compilesUnderStrictAndRunsTheDiscScenario() throws Exception {
        boolean ci = "true".equalsIgnoreCase(System.getenv("CI"));
        boolean ready = Files.isRegularFile(DIR.resolve("node_modules/typescript/bin/tsc")) && nodeAvailable();
        if (ci) {
            assertTrue(ready, "CI must provide node and src/test/ts-client/node_modules (see .ci/run)");
        }
        if (!ready) {
            System.out.println("GeneratedTypeScriptClientTest SKIPPED: needs node and src/test/ts-client/node_modules"
                    + " (cd src/test/ts-client && npm ci); then ./mvnw -B verify -Dtest=GeneratedTypeScriptClientTest");
        }
        assumeTrue(ready, "Node.js or the TypeScript compiler is missing: run `npm ci` in src/test/ts-client");
        assertTrue(Files.isRegularFile(Path.of("target/generated-clients/typescript/index.ts")),
                "the pom generates the client in generate-test-sources");

        long start = System.nanoTime();
        Files.deleteIfExists(SCENARIO);
        String compile = run(DIR, 300, "node", "node_modules/typescript/bin/tsc", "-p", "tsconfig.json");
        long compiled = System.nanoTime();

        Admin.Keys keys = Admin.newTenant("test");
        String output = run(Path.of("."), 60, "node", SCENARIO.toString(), root.toString().replaceAll("/+$", ""), keys.secretKey());
        long ran = System.nanoTime();
        System.out.printf("GeneratedTypeScriptClientTest: tsc --strict %d ms, scenario %d ms%n",
                (compiled - start) / 1_000_000, (ran - compiled) / 1_000_000);
        assertEquals("", compile.trim(), "tsc reports nothing on success");

        String[] lines = output.trim().split("\n");
        JsonPath result = JsonPath.from(lines[lines.length - 1]);
        assertEquals("created", result.getString("createdStatus"));
        assertNull(result.get("freshResults"));
        assertEquals("completed", result.getString("status"));
        assertEquals("disc", result.getString("kind"));
        assertEquals(true, result.getBoolean("mock"));
        List<Float> scores = result.getList("normalizedScores", Float.class);
        assertEquals(4, scores.size());
        scores.forEach(s -> assertTrue(s >= 0 && s <= 100, "normalized score " + s));
        float likertD = result.getFloat("likertD");
        assertTrue(likertD >= 1 && likertD <= 5, "likert D " + likertD);
        assertTrue(result.getList("events").containsAll(List.of("session.created", "session.completed")), output);
        assertEquals("disc", result.getString("completedEventKind"));
    }

    private static boolean nodeAvailable() {
        try {
            Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
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
