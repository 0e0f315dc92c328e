package com.assessments.web;

import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs one of the Node scripts in src/test/e2e against the test instance and returns its last output line as JSON.
 * Like RunnerE2ETest: on CI (CI=true) a missing Chromium or node module is a failure, on a developer machine a skip.
 */
final class BrowserScript {

    private BrowserScript() {
    }

    static void assumeReady(String test, String... modules) {
        String chromium = System.getenv().getOrDefault("CHROMIUM_PATH", "/usr/bin/chromium");
        boolean ready = new File(chromium).canExecute();
        for (String module : modules) {
            ready &= Files.isDirectory(RunnerE2ETest.E2E.resolve("node_modules").resolve(module));
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            assertTrue(ready, "CI must provide " + chromium + " and src/test/e2e/node_modules (see .ci/run)");
        }
        if (!ready) {
            // Surefire's console shows only "Skipped: 1": say why, and how to run it, where a developer looks
            System.out.println(test + " SKIPPED: needs " + chromium + " (apt-get install chromium, or set CHROMIUM_PATH)"
                    + " and src/test/e2e/node_modules " + List.of(modules) + " (cd src/test/e2e && npm ci); then ./mvnw -B verify -Dtest=" + test);
        }
        assumeTrue(ready, "Chromium or the e2e node modules are missing");
    }

    /** Runs {@code node script <baseUrl> args...}; asserts exit 0 within the time; the last line of output as JSON. */
    static JsonPath run(String script, int seconds, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("node", script, RestAssured.baseURI + ":" + RestAssured.port));
        command.addAll(List.of(args));
        // to a file, not a pipe: a long report cannot fill a pipe's buffer and stall the browser
        Path log = Path.of("target", script.replace(".mjs", ".log")).toAbsolutePath();
        Files.createDirectories(log.getParent());
        Process process = new ProcessBuilder(command).directory(RunnerE2ETest.E2E.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        boolean finished = process.waitFor(seconds, TimeUnit.SECONDS);
        if (!finished) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(finished, script + " did not finish in " + seconds + " s:\n" + output);
        assertEquals(0, process.exitValue(), output);
        String[] lines = output.trim().split("\n");
        System.out.println(script + ": " + lines[lines.length - 1].replaceAll("\"pages\":\\[.*]", "\"pages\":[...]"));
        return JsonPath.from(lines[lines.length - 1]);
    }

    static Path screenshots() {
        return Path.of("target/screenshots").toAbsolutePath();
    }
}
