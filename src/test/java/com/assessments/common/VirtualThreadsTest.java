package com.assessments.common;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.HttpMethod;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reads (GET) are handled on virtual threads; writes, and the few GETs that write ({@link #GETS_THAT_WRITE}), on the
 * worker pool's platform threads. A read is one short database round trip: on the worker pool each was handed from
 * the event loop to an OS thread of its own and back, and at 16
 * concurrent clients on 2 cores that hand-off cost about as much CPU as the get itself; on a virtual thread the two
 * carrier threads go on with other requests while it waits. Writes (several round trips and a durable commit) measured
 * a much longer p99 on virtual threads in the same runs (63-415 ms against 41-49 ms for a live create), so they stay
 * on the worker pool (README, Benchmarks, session 12).
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

    /**
     * GET routes that write, so they stay on the worker pool: the runner's load starts the session (a row lock, the
     * status, an event), and a report not yet stored is rendered and stored by the request that asks for it.
     */
    static final Set<String> GETS_THAT_WRITE = Set.of("EmbedResource.getEmbedSession",
            "ReportsResource.getReportPdf", "SessionsResource.getSessionReportPdf",
            "OverviewResource.getOverviewSessionReportPdf", "OverviewResource.getOverviewReportPdf",
            "PortalResource.portalGetSessionReport");

    @Test
    void everyReadAndNoWriteRunsOnAVirtualThread() throws Exception {
        List<Path> resources;
        try (Stream<Path> walk = Files.walk(MAIN)) {
            resources = walk.filter(p -> p.toString().endsWith(".java")).filter(p -> RESOURCE.matcher(read(p)).find()).toList();
        }
        assertFalse(resources.size() < 18, "resources found: " + resources);
        int reads = 0;
        int writingGets = 0;
        for (Path resource : resources) {
            String name = "com.assessments." + MAIN.relativize(resource).toString().replace(".java", "").replace('/', '.');
            Class<?> type = Class.forName(name);
            for (Method method : type.getDeclaredMethods()) {
                String verb = httpMethod(type, method);
                if (verb == null) {
                    continue;
                }
                boolean virtual = method.isAnnotationPresent(RunOnVirtualThread.class);
                boolean read = "GET".equals(verb) && !GETS_THAT_WRITE.contains(type.getSimpleName() + "." + method.getName());
                assertEquals(read, virtual, name + "." + method.getName() + " (" + verb + ")"
                        + (virtual ? " runs on a virtual thread" : " lacks @RunOnVirtualThread"));
                writingGets += "GET".equals(verb) && !read ? 1 : 0;
                reads += virtual ? 1 : 0;
            }
            assertFalse(type.isAnnotationPresent(RunOnVirtualThread.class), name + ": per method, not for the whole class");
        }
        assertTrue(reads >= 40, "GET routes on virtual threads: " + reads);
        assertEquals(GETS_THAT_WRITE.size(), writingGets, "every GET that writes is a route that exists");
    }

    /** The HTTP method of a resource method: its own annotation, or that of the generated interface method it implements. */
    private static String httpMethod(Class<?> type, Method method) {
        List<Method> candidates = new ArrayList<>(List.of(method));
        for (Class<?> contract : type.getInterfaces()) {
            try {
                candidates.add(contract.getMethod(method.getName(), method.getParameterTypes()));
            } catch (NoSuchMethodException e) {
                // not this interface's
            }
        }
        for (Method m : candidates) {
            for (Annotation a : m.getAnnotations()) {
                HttpMethod verb = a.annotationType().getAnnotation(HttpMethod.class);
                if (verb != null) {
                    return verb.value();
                }
            }
        }
        return null;
    }

    @Test
    void readsAreServedOnVirtualThreadsAndWritesOnTheWorkerPool() {
        Admin.Keys keys = Admin.newTenant("test");
        String id = api().auth().oauth2(keys.secretKey()).header(ThreadProbe.PROBE, "1").contentType(ContentType.JSON)
                .body(Sessions.body("disc", "cand-vt")).post("/api/v1/sessions")
                .then().statusCode(201).header(ThreadProbe.THREAD, "platform").extract().path("id");
        api().auth().oauth2(keys.secretKey()).header(ThreadProbe.PROBE, "1").get("/api/v1/sessions/{id}", id)
                .then().statusCode(200).header(ThreadProbe.THREAD, "virtual");
        api().auth().oauth2(keys.secretKey()).header(ThreadProbe.PROBE, "1").get("/api/v1/assessments/types")
                .then().statusCode(200).header(ThreadProbe.THREAD, "virtual");
        // a read that ends in an error answer ran there too
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
