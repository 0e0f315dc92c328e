package com.assessments.bench;

import com.assessments.support.Admin;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import com.assessments.webhook.delivery.DeliveryWorker;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;

/**
 * Webhook delivery benchmark (not part of the test suite; its name does not end in Test). Run:
 * <pre>./mvnw -B verify -Dtest=WebhookDeliveryBenchmark -Dsurefire.failIfNoSpecifiedTests=false</pre>
 * Prints deliveries per second to a local receiver, and the latency from the start of a submit call to the
 * receipt of its session.completed webhook (p50, p99).
 */
@QuarkusTest
class WebhookDeliveryBenchmark {

    static final int QUEUED = Integer.getInteger("bench.deliveries", 2000);
    static final int SUBMITS = Integer.getInteger("bench.submits", 200);

    @Inject
    TestDb db;

    @Inject
    DeliveryWorker worker;

    @Inject
    com.assessments.support.TestClock clock;

    @Test
    void deliveries() throws Exception {
        try (Receiver receiver = new Receiver()) {
            Admin.Keys keys = Admin.newTenant("test");
            api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON).body(Map.of("rateLimitPerMinute", 100_000))
                    .patch("/api/admin/organizations/{id}", keys.orgId()).then().statusCode(200);
            String endpoint = api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url("/bench"), "events", List.of("session.completed")))
                    .post("/api/v1/webhooks").then().statusCode(201).extract().path("id");

            // 1. throughput: queue QUEUED deliveries of one event at once, then time the worker draining them
            String[] warm = Sessions.created(keys.secretKey(), "disc");
            Sessions.submit(keys.secretKey(), warm[0], Sessions.discVaried()).statusCode(200);
            receiver.await(1, Duration.ofSeconds(10)); // the first send also warms up the HTTP client
            String event = (String) db.query("select id from events where session_id = ? and type = 'session.completed'", warm[0])
                    .get(0).get("id");
            int before = receiver.received().size();
            db.update("insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)"
                    + " select 'whd_bench' || g || substr(md5(random()::text), 1, 6), ?, ?, ?, 'pending', 0, ?, now()"
                    + " from generate_series(1, ?) g", keys.orgId(), endpoint, event, java.sql.Timestamp.from(clock.instant()), QUEUED);
            long started = System.nanoTime();
            worker.runOnce();
            receiver.await(before + QUEUED, Duration.ofSeconds(120));
            double seconds = (System.nanoTime() - started) / 1e9;
            int delivered = receiver.received().size() - before;
            System.out.printf("%nwebhook throughput: %d deliveries in %.2f s = %.0f deliveries/s (concurrency %s, one endpoint: at most %s in flight)%n",
                    delivered, seconds, delivered / seconds, System.getProperty("assessments.webhooks.concurrency", "32"),
                    System.getProperty("assessments.webhooks.max-in-flight-per-endpoint", "4"));

            // 2. latency: submit -> receipt of session.completed, one session at a time
            Map<String, Long> submitted = new HashMap<>();
            int already = receiver.received().size();
            for (int i = 0; i < SUBMITS; i++) {
                String id = Sessions.created(keys.secretKey(), "disc")[0];
                submitted.put(id, System.nanoTime());
                Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(200);
                receiver.await(already + i + 1, Duration.ofSeconds(10));
            }
            List<Double> latencies = new ArrayList<>();
            for (Receiver.Received r : receiver.received().subList(already, receiver.received().size())) {
                String session = JsonPath.from(new String(r.body(), StandardCharsets.UTF_8)).getString("data.sessionId");
                Long t0 = submitted.get(session);
                if (t0 != null) {
                    latencies.add((r.receivedAtNanos() - t0) / 1e6);
                }
            }
            Collections.sort(latencies);
            System.out.printf("submit-to-receipt latency over %d sessions: p50 %.1f ms, p99 %.1f ms, max %.1f ms%n%n",
                    latencies.size(), percentile(latencies, 50), percentile(latencies, 99), latencies.get(latencies.size() - 1));
        }
    }

    static double percentile(List<Double> sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }
}
