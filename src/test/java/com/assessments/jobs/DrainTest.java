package com.assessments.jobs;

import com.assessments.support.Admin;
import com.assessments.support.AppProperties;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import com.assessments.webhook.delivery.DeliveryWorker;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.runtime.configuration.DurationConverter;
import io.quarkus.scheduler.Scheduler;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.config.SmallRyeConfig;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static com.assessments.support.Contract.raw;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a replica does when SIGTERM arrives during a rolling deploy, as far as it can be seen inside one process. */
@QuarkusTest
class DrainTest {

    @Inject
    Event<ShutdownDelayInitiatedEvent> shutdownDelay;

    @Inject
    Drain drain;

    @Inject
    Scheduler scheduler;

    @Inject
    JobRuns jobRuns;

    @Inject
    DeliveryWorker deliveryWorker;

    @Inject
    TestDb db;

    @Test
    void readinessGoesDownAndJobsStopWhileRequestsAreStillServed() {
        raw().get("/q/health/ready").then().statusCode(200);
        assertTrue(scheduler.isRunning());
        try {
            // what Quarkus fires first on SIGTERM when quarkus.shutdown.delay-enabled is set
            shutdownDelay.fire(new ShutdownDelayInitiatedEvent());

            assertTrue(drain.draining());
            assertFalse(scheduler.isRunning(), "no new background job run may start on a replica that is going away");
            raw().get("/q/health/ready").then().statusCode(503)
                    .body("status", equalTo("DOWN"))
                    .body("checks.find { it.name == 'drain' }.status", equalTo("DOWN"));
            raw().get("/q/health/live").then().statusCode(200);
            // load balancers are still catching up: requests keep being served until the delay is over
            api().get("/api/v1/status").then().statusCode(200);
        } finally {
            drain.end();
        }
        raw().get("/q/health/ready").then().statusCode(200).body("checks.name", hasItem("drain"));
        assertTrue(scheduler.isRunning());
    }

    @Test
    void aBatchedJobClaimsNoFurtherBatchOnceDrainingBegins() {
        int[] batches = {0};
        // every batch comes back full, so only the drain can end the run; the drain begins during the first batch
        int handled = jobRuns.runInBatches("drain-test", java.time.Instant.now(), 10, now -> {
            if (batches[0]++ == 0) {
                drain.begin();
            }
            return batches[0] > 50 ? 0 : 10;
        });
        try {
            assertEquals(1, batches[0], "no batch is claimed after the drain began");
            assertEquals(10, handled);
        } finally {
            drain.end();
        }
    }

    @Test
    void aDrainingReplicaClaimsNoWebhookDeliveryAndSendsThemOnceItIsBack() throws Exception {
        try (Receiver receiver = new Receiver()) {
            Admin.Keys keys = Admin.newTenant("test");
            String endpoint = api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url("/hooks"), "events", List.of("session.created")))
                    .post("/api/v1/webhooks").then().statusCode(201).extract().path("id");
            try {
                drain.begin();
                try {
                    Sessions.created(keys.secretKey(), "disc"); // its commit wakes the worker, which claims nothing
                    assertEquals(0, deliveryWorker.runOnce());
                    assertEquals(0, db.count("select count(*) from webhook_deliveries where endpoint_id = ? and attempts > 0", endpoint));
                    assertEquals(0, receiver.received().size());
                } finally {
                    drain.end();
                }
                deliveryWorker.runOnce();
                assertEquals(1, receiver.await(1, Duration.ofSeconds(15)).size());
            } finally {
                api().auth().oauth2(keys.secretKey()).delete("/api/v1/webhooks/{id}", endpoint).then().statusCode(200);
            }
        }
    }

    @Test
    void theShutdownTimingsFitTheKubernetesGracePeriod() throws Exception {
        SmallRyeConfig prod = AppProperties.under("prod");
        assertTrue(prod.getValue("quarkus.shutdown.delay-enabled", Boolean.class));
        Duration delay = DurationConverter.parseDuration(prod.getRawValue("quarkus.shutdown.delay"));
        Duration timeout = DurationConverter.parseDuration(prod.getRawValue("quarkus.shutdown.timeout"));
        assertEquals(Duration.ofSeconds(5), delay);
        assertEquals(Duration.ofSeconds(20), timeout);
        // tests and dev mode do not wait (Quarkus ignores the delay in dev mode by itself)
        assertEquals(Duration.ZERO, DurationConverter.parseDuration(AppProperties.under("test").getRawValue("quarkus.shutdown.delay")));

        JsonNode pod = new ObjectMapper(new YAMLFactory()).readTree(Path.of("k8s/deployment.yaml").toFile()).at("/spec/template/spec");
        long grace = pod.at("/terminationGracePeriodSeconds").asLong();
        long preStop = pod.at("/containers/0/lifecycle/preStop/sleep/seconds").asLong();
        assertEquals(5, preStop, "the pod keeps serving while its removal from the endpoints propagates");
        // preStop, then SIGTERM: the delay, the requests in flight, then a few seconds to close pools and flush
        assertTrue(grace >= preStop + delay.toSeconds() + timeout.toSeconds() + 10,
                "terminationGracePeriodSeconds " + grace + " leaves no room to close after draining");
        assertTrue(pod.at("/containers/0/readinessProbe/httpGet/path").asText().equals("/q/health/ready"));
    }
}
