package com.assessments.status;

import com.assessments.jobs.HousekeepingJob;
import com.assessments.support.Admin;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
class StatusTest {

    @Inject
    HousekeepingJob housekeeping;

    @Inject
    TestDb db;

    @Inject
    TestClock clock;

    @BeforeEach
    @AfterEach
    void cleanUp() {
        db.update("delete from webhook_deliveries where id like 'whd_statustest%'");
        db.update("delete from events where id like 'evt_statustest%'");
        db.update("delete from job_runs");
        clock.reset();
    }

    @Test
    void answersWithoutAuthWithNoStoreAndAnyOrigin() {
        api().header("Origin", "https://anywhere.example").get("/api/v1/status").then()
                .statusCode(200)
                .header("Cache-Control", "no-store")
                .header("Access-Control-Allow-Origin", "*")
                .body("checks.database.ok", equalTo(true))
                .body("checks.database.latencyMs", greaterThanOrEqualTo(0))
                .body("version", notNullValue())
                .body("timestamp", notNullValue());
    }

    @Test
    void corsPreflightIsAnswered() {
        api().header("Origin", "https://anywhere.example").header("Access-Control-Request-Method", "GET")
                .options("/api/v1/status").then().statusCode(204)
                .header("Access-Control-Allow-Origin", "*");
    }

    @Test
    void degradedUntilTheSchedulerHasRunThenHealthy() {
        api().get("/api/v1/status").then().statusCode(200)
                .body("status", equalTo("degraded"))
                .body("checks.cron.ok", equalTo(false))
                .body("checks.cron.lastRunAt", equalTo(null));

        housekeeping.run();

        api().get("/api/v1/status").then().statusCode(200)
                .body("status", equalTo("healthy"))
                .body("checks.cron.ok", equalTo(true))
                .body("checks.cron.lastRunAt", notNullValue());
    }

    @Test
    void queueCountsComeFromTheDeliveryTable() {
        housekeeping.run();
        Instant now = clock.instant();
        String org = Admin.createOrganization("Status org", Map.of("disc", 1));
        db.update("insert into webhook_endpoints (id, organization_id, environment, url, events, status, secret_ciphertext, created_at, updated_at)"
                + " values ('we_statustest', ?, 'test', 'https://example.com/hook', '{session.completed}', 'enabled', '\\x00', now(), now())"
                + " on conflict do nothing", org);
        JsonPath before = api().get("/api/v1/status").then().statusCode(200).extract().jsonPath();
        long pending = before.getLong("checks.webhookQueue.pendingCount");
        long dead = before.getLong("checks.webhookQueue.dlqCount");

        insertDelivery("whd_statustest1", "pending", now.plusSeconds(30));
        insertDelivery("whd_statustest2", "dead", null);
        // a dead delivery already resent or recovered (superseded by a new one) has left the dead-letter queue
        insertDelivery("whd_statustest3", "dead", null);
        db.update("update webhook_deliveries set superseded_by = 'whd_statustest1' where id = 'whd_statustest3'");
        api().get("/api/v1/status").then().statusCode(200)
                .body("checks.webhookQueue.pendingCount", equalTo((int) pending + 1))
                .body("checks.webhookQueue.dlqCount", equalTo((int) dead + 1))
                .body("checks.webhookQueue.ok", equalTo(true));

        // a delivery left unsent well past its due time means the workers are not keeping up
        db.update("update webhook_deliveries set next_attempt_at = ? where id = 'whd_statustest1'",
                Timestamp.from(now.minus(Duration.ofMinutes(10))));
        api().get("/api/v1/status").then().statusCode(200)
                .body("checks.webhookQueue.ok", equalTo(false))
                .body("status", equalTo("degraded"));
    }

    @Test
    void cronGoesStaleWhenJobsStopRunning() {
        housekeeping.run();
        api().get("/api/v1/status").then().body("checks.cron.ok", equalTo(true));
        clock.advance(Duration.ofHours(1));
        api().get("/api/v1/status").then().body("checks.cron.ok", equalTo(false)).body("status", equalTo("degraded"));
    }

    @Test
    void housekeepingDeletesExpiredIdempotencyRecordsOnly() {
        String org = Admin.createOrganization("Idem org", Map.of("disc", 1));
        Instant now = clock.instant();
        insertIdempotency(org, "old", now.minus(Duration.ofMinutes(1)));
        insertIdempotency(org, "fresh", now.plus(Duration.ofHours(1)));
        housekeeping.run();
        assertEquals(0, db.count("select count(*) from idempotency_records where organization_id = ? and idempotency_key = 'old'", org));
        assertEquals(1, db.count("select count(*) from idempotency_records where organization_id = ? and idempotency_key = 'fresh'", org));
        assertEquals(1, db.count("select processed from job_runs where job = 'housekeeping'"));
    }

    /** One event and one delivery of it to the test endpoint (a delivery is unique per endpoint and event). */
    private void insertDelivery(String id, String status, Instant nextAttempt) {
        String event = id.replace("whd_", "evt_");
        db.update("insert into events (id, organization_id, environment, type, payload, created_at)"
                + " select ?, organization_id, 'test', 'session.completed', '{}', now() from webhook_endpoints where id = 'we_statustest'", event);
        db.update("insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, next_attempt_at, created_at)"
                        + " select ?, organization_id, 'we_statustest', ?, ?, ?, now() from webhook_endpoints where id = 'we_statustest'",
                id, event, status, nextAttempt == null ? null : Timestamp.from(nextAttempt));
    }

    private void insertIdempotency(String org, String key, Instant expiresAt) {
        db.update("insert into idempotency_records (organization_id, environment, idempotency_key, route, request_hash, state, created_at, expires_at)"
                + " values (?, 'test', ?, 'POST /api/v1/sessions', '\\x00', 'completed', now(), ?)", org, key, Timestamp.from(expiresAt));
    }
}
