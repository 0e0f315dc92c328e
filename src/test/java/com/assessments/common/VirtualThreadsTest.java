package com.assessments.common;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Requests are handled on virtual threads: a blocked request (a database round trip, a commit's flush, the coach's
 * model call) parks its virtual thread, and the two carrier threads of a 2-core machine go on with other requests,
 * instead of a worker pool of platform threads handing each request from one OS thread to another (which cost about as
 * much CPU as the get itself at 16 clients; see README, Benchmarks, session 12).
 */
@QuarkusTest
class VirtualThreadsTest {

    private static final Path MAIN = Path.of("src/main/java/com/assessments");
    /**
     * A JAX-RS resource: a class that implements an interface generated from openapi.yaml, or a class carrying @Path
     * itself (not the coach's REST client, an interface).
     */
    private static final Pattern RESOURCE = Pattern.compile(
            "(?m)^@Path\\(.*\\)\\n(?:@.*\\n)*public class |^public class \\w+ implements (?:\\w+, )*\\w+Api\\b");

    @Test
    void everyResourceClassRunsOnVirtualThreads() throws IOException {
        List<Path> resources;
        try (Stream<Path> walk = Files.walk(MAIN)) {
            resources = walk.filter(p -> p.toString().endsWith(".java")).filter(p -> RESOURCE.matcher(read(p)).find()).toList();
        }
        assertFalse(resources.size() < 18, "resources found: " + resources);
        for (Path resource : resources) {
            String source = read(resource);
            assertTrue(source.contains("\n@RunOnVirtualThread\n"), resource + " lacks @RunOnVirtualThread on its class");
        }
    }

    @Test
    void theApiIsServedOnVirtualThreads() {
        Admin.Keys keys = Admin.newTenant("test");
        String id = api().auth().oauth2(keys.secretKey()).header(ThreadProbe.PROBE, "1").contentType(ContentType.JSON)
                .body(Sessions.body("disc", "cand-vt")).post("/api/v1/sessions")
                .then().statusCode(201).header(ThreadProbe.THREAD, "virtual").extract().path("id");
        api().auth().oauth2(keys.secretKey()).header(ThreadProbe.PROBE, "1").get("/api/v1/sessions/{id}", id)
                .then().statusCode(200).header(ThreadProbe.THREAD, "virtual");
        api().auth().oauth2(keys.secretKey()).header(ThreadProbe.PROBE, "1").get("/api/v1/assessments/types")
                .then().statusCode(200).header(ThreadProbe.THREAD, "virtual");
        // and an error answer is made there too
        assertEquals("virtual", api().auth().oauth2(keys.secretKey()).header(ThreadProbe.PROBE, "1")
                .get("/api/v1/sessions/ses_doesnotexist").then().statusCode(404).extract().header(ThreadProbe.THREAD));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
