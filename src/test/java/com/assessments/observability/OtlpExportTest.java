package com.assessments.observability;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.arc.Arc;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, spans go to that collector over OTLP (here http/protobuf to a local stub
 * collector that records what it gets). The suite's other tests record spans in memory instead (RecordedSpans, off in
 * this profile), and with no endpoint nothing is exported at all: see NoOtlpExportTest.
 */
@QuarkusTest
@TestProfile(OtlpExportTest.Collector.class)
class OtlpExportTest {

    private static final String PORT = "otlp-export-test.port";

    /**
     * The stub collector's port, chosen once per JVM and kept as a system property: the profile (which configures it)
     * and the test (which listens on it) run in different class loaders, so a static field would not be shared.
     */
    static synchronized int port() {
        String port = System.getProperty(PORT);
        if (port == null) {
            try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = Integer.toString(free.getLocalPort());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            System.setProperty(PORT, port);
        }
        return Integer.parseInt(port);
    }

    public static class Collector implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("observability-tests.record-spans", "false",
                    "OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + port(),
                    "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf",
                    "quarkus.otel.bsp.schedule.delay", "100ms");
        }
    }

    @Test
    void spansGoToTheConfiguredCollector() throws Exception {
        // a stub OTLP/HTTP collector on that port: records what is posted to it
        List<String> requests = new CopyOnWriteArrayList<>();
        List<byte[]> bodies = new CopyOnWriteArrayList<>();
        HttpServer collector = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port()), 10);
        collector.createContext("/", exchange -> {
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " "
                    + exchange.getRequestHeaders().getFirst("Content-Type"));
            try (InputStream in = exchange.getRequestBody()) {
                bodies.add(in.readAllBytes());
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.start();
        try {
            traced(requests, bodies);
        } finally {
            collector.stop(0);
        }
    }

    private void traced(List<String> requests, List<byte[]> bodies) throws InterruptedException {
        assertFalse(Arc.container().instance(RecordedSpans.class).isAvailable(), "the in-memory exporter is off here");
        String traceId = "0af7651916cd43dd8448eb211c80319c";
        RestAssured.given().header("traceparent", "00-" + traceId + "-b7ad6b7169203331-01").get("/api/v1/status")
                .then().statusCode(200);
        byte[] id = HexFormat.of().parseHex(traceId);
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (bodies.stream().noneMatch(body -> contains(body, id))) {
            assertTrue(System.nanoTime() < deadline, "the request's span never reached the collector: " + requests);
            Thread.sleep(50);
        }
        assertTrue(requests.stream().allMatch(r -> r.equals("POST /v1/traces application/x-protobuf")), requests.toString());
    }

    /** Whether {@code body} holds {@code part}: the trace id's 16 bytes are in the protobuf as they are. */
    static boolean contains(byte[] body, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= body.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (body[i + j] != part[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
