package com.assessments.observability;

import com.assessments.session.ExpiryJob;
import com.assessments.support.Admin;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A scenario, then /q/metrics read back: each family with the values the scenario must have moved. */
@QuarkusTest
class MetricsTest {

    // label values may hold braces (uri="/api/v1/sessions/{id}"); a sample recorded inside a trace may end with an
    // OpenMetrics exemplar naming it (# {span_id="...",trace_id="..."} value timestamp)
    private static final Pattern SAMPLE = Pattern.compile(
            "^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\\{.*?})?) (\\S+)(?: # \\{span_id=\"[0-9a-f]{16}\",trace_id=\"[0-9a-f]{32}\"} .*)?$");

    @Inject
    TestClock clock;

    @Inject
    ExpiryJob expiry;

    @Inject
    DatabaseGauges gauges;

    @Inject
    com.assessments.webhook.delivery.DeliveryWorker worker;

    static Map<String, Double> scrape() {
        String text = RestAssured.given().get("/q/metrics").then().statusCode(200).extract().asString();
        Map<String, Double> out = new HashMap<>();
        for (String line : text.split("\n")) {
            Matcher m = SAMPLE.matcher(line);
            if (!line.startsWith("#") && m.matches()) {
                out.put(m.group(1), Double.parseDouble(m.group(2)));
            }
        }
        return out;
    }

    static double value(Map<String, Double> samples, String name, String... labels) {
        // label order in the exposition is alphabetical; match on containment so the test does not depend on it
        return samples.entrySet().stream()
                .filter(e -> e.getKey().startsWith(name + "{") || e.getKey().equals(name))
                .filter(e -> List.of(labels).stream().allMatch(l -> e.getKey().contains(l)))
                .mapToDouble(Map.Entry::getValue).sum();
    }

    @Test
    void aScenarioMovesEveryFamily() throws Exception {
        String org = Admin.createOrganization("Metrics org " + System.nanoTime(), Map.of("disc", 7));
        api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON).body(Map.of("rateLimitPerMinute", 6))
                .patch("/api/admin/organizations/{id}", org).then().statusCode(200);
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        Map<String, Double> before = scrape();

        String completed = Sessions.created(live.secretKey(), "disc")[0];
        Sessions.submit(live.secretKey(), completed, Sessions.discVaried()).statusCode(200);
        String toExpire = Sessions.created(live.secretKey(), "disc")[0];
        api().auth().oauth2(live.secretKey()).get("/api/v1/sessions/{id}", toExpire).then().statusCode(200);
        clock.advance(Duration.ofDays(30));
        expiry.run();
        // a new minute (the clock moved): six requests, then the seventh is over the organization's limit of 6
        for (int i = 0; i < 6; i++) {
            api().auth().oauth2(live.secretKey()).get("/api/v1/sessions").then().statusCode(200);
        }
        api().auth().oauth2(live.secretKey()).get("/api/v1/sessions").then().statusCode(429);
        // a delivery to a local receiver (test key: plain http on 127.0.0.1)
        Admin.Keys test = Admin.issueKeys(org, "test", Map.of());
        try (Receiver receiver = new Receiver()) {
            receiver.answer(500, 1); // the first attempt fails: the delivery's latency includes the wait for its retry
            api().auth().oauth2(test.secretKey()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url("/hook"), "events", List.of("session.created")))
                    .post("/api/v1/webhooks").then().statusCode(201);
            Sessions.created(test.secretKey(), "disc");
            receiver.await(1, Duration.ofSeconds(30));
            awaitCounted(before, "retrying");
            clock.advance(Duration.ofMinutes(2)); // past the first retry's wait (1 min + up to 10 %)
            worker.runOnce();
            assertEquals(2, receiver.await(2, Duration.ofSeconds(30)).size());
            awaitCounted(before, "succeeded");
        }
        String unknown = "/api/v1/no-such-route-" + System.nanoTime();
        RestAssured.given().get(unknown).then().statusCode(404);
        gauges.refresh();
        Map<String, Double> after = scrape();

        String disc = "type=\"disc\"";
        String liveEnv = "environment=\"live\"";
        assertEquals(2, delta(before, after, "assessments_sessions_total", "event=\"created\"", disc, liveEnv));
        assertEquals(1, delta(before, after, "assessments_sessions_total", "event=\"completed\"", disc, liveEnv));
        assertTrue(delta(before, after, "assessments_sessions_total", "event=\"expired\"", disc, liveEnv) >= 1);
        assertEquals(1, delta(before, after, "assessments_scoring_duration_seconds_count", disc, "mode=\"live\""));
        assertEquals(1, delta(before, after, "assessments_rate_limit_refusals_total", "credential=\"key\""));
        // delivery latency (event committed -> 2xx): one success, one observation, by event group only
        String session = "event_group=\"session\"";
        assertEquals(1, delta(before, after, "assessments_webhook_delivery_latency_seconds_count", session));
        assertEquals(0, delta(before, after, "assessments_webhook_delivery_latency_seconds_count", "event_group=\"report\""));
        assertEquals(1, delta(before, after, "assessments_webhook_delivery_latency_seconds_bucket", session, "le=\"+Inf\""));
        // measured on the service clock, which stood still but for the 2 minutes the test moved it before the retry
        assertEquals(120.0, delta(before, after, "assessments_webhook_delivery_latency_seconds_sum", session), 1e-6);
        assertEquals(0, delta(before, after, "assessments_webhook_delivery_latency_seconds_bucket", session, "le=\"60.0\""));
        assertEquals(1, delta(before, after, "assessments_webhook_delivery_latency_seconds_bucket", session, "le=\"300.0\""));
        assertTrue(after.keySet().stream().filter(k -> k.startsWith("assessments_webhook_delivery_latency_seconds_bucket{"))
                .allMatch(k -> k.matches(".*\\{event_group=\"(session|report|webhook|other)\",le=\"[^\"]+\"}")), "event_group and le only");
        assertTrue(value(after, "assessments_jobs_duration_seconds_count", "job=\"" + ExpiryJob.NAME + "\"") >= 1);
        assertTrue(value(after, "assessments_jobs_last_success_seconds", "job=\"" + ExpiryJob.NAME + "\"") > 0);
        assertTrue(value(after, "assessments_licenses_available", disc) >= 5, "this organization alone has 5 left");
        for (String state : List.of("pending", "retrying", "dead")) {
            assertTrue(after.keySet().stream().anyMatch(k -> k.startsWith("assessments_webhook_queue{")
                    && k.contains("state=\"" + state + "\"")), state);
        }
        // HTTP server requests by route template, method and status: never by raw path (no ids in labels)
        assertEquals(3, delta(before, after, "http_server_requests_seconds_count", "uri=\"/api/v1/sessions\"",
                "method=\"POST\"", "status=\"201\""));
        assertTrue(delta(before, after, "http_server_requests_seconds_count", "uri=\"/api/v1/sessions/{id}\"",
                "method=\"GET\"") >= 1);
        assertFalse(after.keySet().stream().anyMatch(k -> k.contains(completed) || k.contains(toExpire) || k.contains(org)
                || k.contains(unknown)), "no id and no raw path in any label");
    }

    private static void awaitCounted(Map<String, Double> before, String outcome) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (delta(before, scrape(), "assessments_webhook_deliveries_total", "outcome=\"" + outcome + "\"") < 1) {
            assertTrue(System.nanoTime() < deadline, "the delivery's outcome " + outcome + " was never counted");
            Thread.sleep(20); // its outcome is recorded with the worker's next cycle
        }
    }

    private static double delta(Map<String, Double> before, Map<String, Double> after, String name, String... labels) {
        return value(after, name, labels) - value(before, name, labels);
    }
}
