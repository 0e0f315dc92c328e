package com.assessments.observability;

import com.assessments.support.LogTail;
import com.assessments.support.Admin;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Traces as an operator sees them (spans read back from the in-memory exporter, {@link RecordedSpans}): a request's
 * trace holds its database statements, scoring and report rendering; each webhook delivery attempt is a span whose
 * W3C traceparent the receiver gets; every log line of a request names its request id and trace id.
 */
@QuarkusTest
class TracingTest {

    private static final Pattern TRACEPARENT = Pattern.compile("^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$");
    private static final Path LOG = Path.of("target/quarkus-test.log");

    @Inject
    RecordedSpans spans;

    @Test
    void aWebhookDeliveryCarriesTheTraceparentOfItsAttemptSpan() throws Exception {
        Admin.Keys test = Admin.newTenant("test");
        try (Receiver receiver = new Receiver()) {
            String secret = api().auth().oauth2(test.secretKey()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url("/hook?token=receiver-own-token"), "events", List.of("session.created")))
                    .post("/api/v1/webhooks").then().statusCode(201).extract().path("secret");
            String session = Sessions.created(test.secretKey(), "disc")[0];
            List<Receiver.Received> received = receiver.await(1, Duration.ofSeconds(30));
            assertEquals(1, received.size(), "one delivery");
            String traceparent = received.get(0).header("traceparent");
            assertNotNull(traceparent, "the delivery carries traceparent");
            Matcher m = TRACEPARENT.matcher(traceparent);
            assertTrue(m.matches(), "a W3C traceparent (version 00, 32 + 16 lower-case hex digits, 2 of flags): " + traceparent);
            String traceId = m.group(1);
            String spanId = m.group(2);
            assertFalse(traceId.matches("0+") || spanId.matches("0+"), "valid ids (not all zero)");
            assertEquals(1, Integer.parseInt(m.group(3), 16) & 1, "sampled (bit 0; bit 1 is Trace Context 2's random trace id)");

            SpanData attempt = await(s -> s.getSpanId().equals(spanId));
            assertEquals(traceId, attempt.getTraceId(), "the header names the attempt's own span and trace");
            assertEquals("webhook deliver", attempt.getName());
            assertEquals(SpanKind.CLIENT, attempt.getKind());
            assertEquals(1L, attempt.getAttributes().get(AttributeKey.longKey("webhook.attempt")));
            assertEquals("session.created", attempt.getAttributes().get(AttributeKey.stringKey("webhook.event.type")));
            assertEquals(200L, attempt.getAttributes().get(AttributeKey.longKey("http.response.status_code")));
            String deliveryId = attempt.getAttributes().get(AttributeKey.stringKey("webhook.delivery.id"));
            assertTrue(deliveryId != null && !deliveryId.isBlank(), "the attempt names its delivery");
            // nothing of the receiver's URL (its query may hold the receiver's own token), the secret or the session
            String attributes = attempt.getAttributes().toString();
            for (String value : List.of("receiver-own-token", "127.0.0.1", secret, session)) {
                assertFalse(attributes.contains(value), "the attempt span holds " + value);
            }
        }
    }

    @Test
    void aRequestTraceHoldsItsDatabaseStatementsScoringAndReportRendering() {
        Admin.Keys live = Admin.issueKeys(Admin.createOrganization("Tracing org " + System.nanoTime(), Map.of("disc", 2)),
                "live", Map.of());
        String id = Sessions.created(live.secretKey(), "disc")[0];

        String submitTrace = newTraceId();
        api().auth().oauth2(live.secretKey()).contentType(ContentType.JSON).header("traceparent", traceparent(submitTrace))
                .body(Sessions.discVaried()).post("/api/v1/sessions/{id}/submit", id).then().statusCode(200);
        SpanData server = await(s -> s.getTraceId().equals(submitTrace) && s.getKind() == SpanKind.SERVER);
        SpanData scoring = await(s -> s.getTraceId().equals(submitTrace) && s.getName().equals("scoring score"));
        assertEquals("disc", scoring.getAttributes().get(AttributeKey.stringKey("assessment.type")));
        assertEquals(Boolean.FALSE, scoring.getAttributes().get(AttributeKey.booleanKey("assessment.test_mode")));
        List<SpanData> statements = spans.matching(s -> s.getTraceId().equals(submitTrace) && s.getKind() == SpanKind.CLIENT
                && "postgresql".equals(dbSystem(s)));
        assertFalse(statements.isEmpty(), "the submit's database statements are spans of its trace");
        assertTrue(statements.stream().allMatch(s -> !s.getParentSpanId().equals("0000000000000000")), "statements have parents");
        assertEquals(server.getTraceId(), scoring.getTraceId());

        String reportTrace = newTraceId();
        byte[] pdf = RestAssured.given().auth().oauth2(live.secretKey()).header("traceparent", traceparent(reportTrace))
                .get("/api/v1/sessions/{id}/report.pdf", id).then().statusCode(200).extract().asByteArray();
        assertTrue(new String(pdf, 0, 5, StandardCharsets.US_ASCII).startsWith("%PDF-"));
        SpanData render = await(s -> s.getTraceId().equals(reportTrace) && s.getName().equals("report render"));
        assertEquals("disc", render.getAttributes().get(AttributeKey.stringKey("assessment.type")));
    }

    @Test
    void aRequestSpanIsNamedByItsRouteAndJoinsTheCallersTrace() {
        Admin.Keys test = Admin.newTenant("test");
        String id = Sessions.created(test.secretKey(), "disc")[0];
        String trace = newTraceId();
        api().auth().oauth2(test.secretKey()).header("traceparent", traceparent(trace))
                .get("/api/v1/sessions/{id}", id).then().statusCode(200);
        SpanData get = await(s -> s.getTraceId().equals(trace) && s.getKind() == SpanKind.SERVER);
        assertEquals("GET /api/v1/sessions/{id}", get.getName(), "named by the route template, not the path");
        assertEquals("00f067aa0ba902b7", get.getParentSpanId(), "a child of the caller's span");
        assertEquals("/api/v1/sessions/{id}", get.getAttributes().get(AttributeKey.stringKey("http.route")));
        assertEquals("GET", get.getAttributes().get(AttributeKey.stringKey("http.request.method")));
        assertEquals(200L, get.getAttributes().get(AttributeKey.longKey("http.response.status_code")));
        assertEquals(io.opentelemetry.api.trace.StatusCode.UNSET, get.getStatus().getStatusCode());
        assertFalse(get.getAttributes().toString().contains(id), "no session id in the span: " + get.getAttributes());
        assertEquals(1, spans.matching(s -> s.getTraceId().equals(trace) && s.getKind() == SpanKind.SERVER).size(),
                "one SERVER span per request (Quarkus's own HTTP instrumentation is off)");

        // no traceparent: a trace of its own; a path no route matches: named by the method alone, the id nowhere
        String unknownId = "ses_" + newTraceId();
        long mark = spans.mark();
        api().auth().oauth2(test.secretKey()).get("/api/v1/nosuch/{id}", unknownId).then().statusCode(404);
        SpanData unmatched = awaitSince(mark, s -> s.getKind() == SpanKind.SERVER && s.getName().equals("GET")
                && Long.valueOf(404).equals(s.getAttributes().get(AttributeKey.longKey("http.response.status_code"))));
        assertFalse(unmatched.getParentSpanContext().isValid(), "a root span");
        assertFalse((unmatched.getName() + unmatched.getAttributes()).contains(unknownId), unmatched.toString());

        // no credential: refused (401) at the same route, which the span still names; a NUL in the path is refused too,
        // and the raw path is in neither span
        String refusedAuthTrace = newTraceId();
        RestAssured.given().header("traceparent", traceparent(refusedAuthTrace)).get("/api/v1/sessions/{id}", id)
                .then().statusCode(401);
        SpanData unauthenticated = await(s -> s.getTraceId().equals(refusedAuthTrace) && s.getKind() == SpanKind.SERVER);
        assertEquals("GET /api/v1/sessions/{id}", unauthenticated.getName());
        assertEquals(401L, unauthenticated.getAttributes().get(AttributeKey.longKey("http.response.status_code")));
        assertEquals(io.opentelemetry.api.trace.StatusCode.UNSET, unauthenticated.getStatus().getStatusCode(), "a 4xx is the caller's");
        String nulTrace = newTraceId();
        int nulStatus = RestAssured.given().urlEncodingEnabled(false).header("traceparent", traceparent(nulTrace))
                .auth().oauth2(test.secretKey()).get("/api/v1/sessions/ses_%00" + id).then().extract().statusCode();
        assertTrue(nulStatus == 400 || nulStatus == 404, "refused: " + nulStatus);
        SpanData nul = await(s -> s.getTraceId().equals(nulTrace) && s.getKind() == SpanKind.SERVER);
        assertEquals((long) nulStatus, nul.getAttributes().get(AttributeKey.longKey("http.response.status_code")));
        assertFalse((nul.getName() + nul.getAttributes()).contains(id) || (nul.getName() + nul.getAttributes()).contains("%00"),
                nul.toString());

        // a method token the contract does not know: bounded as _OTHER
        mark = spans.mark();
        RestAssured.given().request("FROBNICATE", "/api/v1/status");
        SpanData other = awaitSince(mark, s -> s.getKind() == SpanKind.SERVER && "_OTHER".equals(
                s.getAttributes().get(AttributeKey.stringKey("http.request.method"))));
        assertTrue(other.getName().startsWith("HTTP"), other.getName());

        // an unexpected error: the span says so, with the exception recorded on it
        String explodeTrace = newTraceId();
        RestAssured.given().header("traceparent", traceparent(explodeTrace)).get("/test-only/explode").then().statusCode(500);
        SpanData exploded = await(s -> s.getTraceId().equals(explodeTrace) && s.getKind() == SpanKind.SERVER);
        assertEquals(io.opentelemetry.api.trace.StatusCode.ERROR, exploded.getStatus().getStatusCode());
        assertEquals("500", exploded.getAttributes().get(AttributeKey.stringKey("error.type")));
        assertTrue(exploded.getEvents().stream().anyMatch(e -> e.getName().equals("exception")), "the exception is an event");

        // refused at the edge, before any resource: still a span, with its status and no route
        String refusedTrace = newTraceId();
        RestAssured.given().header("traceparent", traceparent(refusedTrace))
                .get("/api/v1/sessions?q=" + "x".repeat(5000)).then().statusCode(414);
        SpanData refused = await(s -> s.getTraceId().equals(refusedTrace) && s.getKind() == SpanKind.SERVER);
        assertEquals("GET", refused.getName());
        assertEquals(414L, refused.getAttributes().get(AttributeKey.longKey("http.response.status_code")));
        assertEquals(null, refused.getAttributes().get(AttributeKey.stringKey("http.route")));

        // management routes (health, metrics) are not traced
        String healthTrace = newTraceId();
        RestAssured.given().header("traceparent", traceparent(healthTrace)).get("/q/health/live").then().statusCode(200);
        api().auth().oauth2(test.secretKey()).get("/api/v1/sessions/{id}", id).then().statusCode(200); // a later span
        await(s -> s.getKind() == SpanKind.SERVER && !s.getTraceId().equals(trace) && s.getName().equals(get.getName())
                && s.getStartEpochNanos() > get.getEndEpochNanos());
        assertTrue(spans.matching(s -> s.getTraceId().equals(healthTrace)).isEmpty(), "a span for /q/health/live");
    }

    @Test
    void theRequestsLatencyCarriesAnExemplarOfItsTrace() {
        Admin.Keys test = Admin.newTenant("test");
        String id = Sessions.created(test.secretKey(), "disc")[0];
        for (int i = 0; i < 5; i++) {
            api().auth().oauth2(test.secretKey()).header("traceparent", traceparent(newTraceId()))
                    .get("/api/v1/sessions/{id}", id).then().statusCode(200);
        }
        String metrics = RestAssured.given().accept("application/openmetrics-text; version=1.0.0; charset=utf-8")
                .get("/q/metrics").then().statusCode(200).extract().asString(); // exemplars are OpenMetrics only
        List<String> exemplars = metrics.lines().filter(l -> l.startsWith("http_server_requests_seconds_bucket{")
                && l.contains("uri=\"/api/v1/sessions/{id}\"") && l.contains(" # {")).toList();
        assertFalse(exemplars.isEmpty(), "no exemplar on the get's latency buckets");
        Matcher m = Pattern.compile("trace_id=\"([0-9a-f]{32})\"").matcher(exemplars.get(exemplars.size() - 1));
        assertTrue(m.find(), exemplars.toString());
        String traceId = m.group(1);
        SpanData request = await(s -> s.getTraceId().equals(traceId) && s.getKind() == SpanKind.SERVER);
        assertEquals("GET /api/v1/sessions/{id}", request.getName(), "the exemplar names a request's trace");
    }

    @Test
    void everyLogLineOfARequestNamesItsRequestIdAndTraceId() throws IOException {
        Admin.Keys test = Admin.newTenant("test");
        long start = Files.exists(LOG) ? Files.size(LOG) : 0;
        String traceId = newTraceId();
        String requestId = "req_tracing_" + System.nanoTime();
        // Hibernate's statement log (DEBUG, statements with ? placeholders, no values) makes the request write lines
        java.util.logging.Logger sql = java.util.logging.Logger.getLogger("org.hibernate.SQL");
        Level was = sql.getLevel();
        sql.setLevel(Level.FINE);
        try {
            Sessions.create(test.secretKey(), Sessions.body("disc", "log-trace-" + System.nanoTime()))
                    .statusCode(201);
            api().auth().oauth2(test.secretKey()).header("traceparent", traceparent(traceId)).header("X-Request-Id", requestId)
                    .get("/api/v1/sessions").then().statusCode(200).header("X-Request-Id", requestId);
        } finally {
            sql.setLevel(was);
        }
        List<String> lines = readFrom(start).lines().filter(l -> l.contains(requestId) || l.contains(traceId)).toList();
        assertTrue(lines.size() >= 2, "the request wrote log lines: " + lines);
        for (String line : lines) {
            assertTrue(line.contains(requestId) && line.contains(traceId), "a line with both ids: " + line);
        }
    }

    private static String dbSystem(SpanData s) {
        String name = s.getAttributes().get(AttributeKey.stringKey("db.system.name"));
        return name != null ? name : s.getAttributes().get(AttributeKey.stringKey("db.system"));
    }

    /** A span recorded after {@code mark} (RecordedSpans.mark) that matches. */
    private SpanData awaitSince(long mark, Predicate<SpanData> which) {
        return awaitFirst(() -> spans.since(mark).stream().filter(which).toList());
    }

    private SpanData await(Predicate<SpanData> which) {
        return awaitFirst(() -> spans.matching(which));
    }

    /** The first span {@code found} lists, polled for up to 15 s: spans are exported as they end, after the answer. */
    private static SpanData awaitFirst(java.util.function.Supplier<List<SpanData>> found) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (true) {
            List<SpanData> now = found.get();
            if (!now.isEmpty()) {
                return now.get(0);
            }
            assertTrue(System.nanoTime() < deadline, "no such span was recorded");
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    private static String newTraceId() {
        byte[] bytes = new byte[16];
        ThreadLocalRandom.current().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private static String traceparent(String traceId) {
        return "00-" + traceId + "-" + "00f067aa0ba902b7" + "-01";
    }

    private static String readFrom(long offset) throws IOException {
        return LogTail.readFrom(LOG, offset);
    }
}
