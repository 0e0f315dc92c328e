package com.assessments.status;

import com.assessments.jobs.HousekeepingJob;
import com.assessments.support.Admin;
import com.assessments.support.Plans;
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
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class StatusTest {

    @Inject
    HousekeepingJob housekeeping;

    @Inject
    TestDb db;

    @Inject
    TestClock clock;

    @Inject
    DataSource dataSource;

    @BeforeEach
    void quietQueue() {
        // the status reports the whole queue: deliveries other test classes left retrying (to receivers long closed,
        // more than 10 to 3 or more endpoints after a full run) would make it degraded; they go to the dead-letter
        // queue, which this test counts relative to what it found
        db.update("update webhook_deliveries set status = 'dead', next_attempt_at = null, claimed_until = null"
                + " where status in ('pending', 'failed') and id not like 'whd_statustest%'");
    }

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

    @Test
    void queueCountsWhatWaitsWhatRetriesWhatIsHeldAndWhatIsDead() {
        housekeeping.run();
        Instant now = clock.instant();
        String org = Admin.createOrganization("Status org", Map.of("disc", 1));
        insertEndpoint("we_statustest", org, "enabled");
        insertEndpoint("we_statustestoff", org, "disabled");
        JsonPath before = api().get("/api/v1/status").then().statusCode(200).extract().jsonPath();

        insertDelivery("whd_statustest10", "pending", now.plusSeconds(30));
        insertDelivery("whd_statustest11", "pending", now.plusSeconds(30));
        for (int i = 0; i < 3; i++) { // failed attempts waiting for their retry: the pendingCount 0 of the incident
            insertDelivery("whd_statustest2" + i, "failed", now.plus(Duration.ofMinutes(5)));
        }
        insertDelivery("whd_statustest30", "succeeded", null);
        insertDelivery("whd_statustest31", "dead", null);
        insertDelivery("whd_statustest32", "dead", null);
        db.update("update webhook_deliveries set superseded_by = 'whd_statustest10' where id = 'whd_statustest32'");
        insertDelivery("whd_statustest40", "pending", now.plusSeconds(30), "we_statustestoff");
        insertDelivery("whd_statustest41", "failed", now.plusSeconds(30), "we_statustestoff");

        JsonPath after = api().get("/api/v1/status").then().statusCode(200).extract().jsonPath();
        assertEquals(5, delta(before, after, "pendingCount"), "pending and failed deliveries of enabled endpoints");
        assertEquals(3, delta(before, after, "retryingCount"), "failed deliveries waiting for their retry");
        assertEquals(2, delta(before, after, "heldCount"), "deliveries waiting on a disabled endpoint");
        assertEquals(1, delta(before, after, "dlqCount"), "dead and not superseded");
        assertEquals(8, delta(before, after, "undeliveredCount"), "everything not delivered and not replaced");
        assertEquals(after.getLong("checks.webhookQueue.pendingCount") + after.getLong("checks.webhookQueue.heldCount")
                + after.getLong("checks.webhookQueue.dlqCount"), after.getLong("checks.webhookQueue.undeliveredCount"));
    }

    @Test
    void failuresSpreadOverSeveralEndpointsDegradeTheVerdict() {
        housekeeping.run();
        Instant now = clock.instant();
        String org = Admin.createOrganization("Status org", Map.of("disc", 1));
        for (String endpoint : new String[]{"we_statustest", "we_statustest2", "we_statustest3"}) {
            insertEndpoint(endpoint, org, "enabled");
        }
        for (int i = 0; i < PlatformHealth.RETRYING_DEGRADED; i++) {
            insertDelivery("whd_statustest5" + i, "failed", now.plus(Duration.ofMinutes(5)), "we_statustest" + (i % 3 == 0 ? "" : i % 3 + 1));
        }
        api().get("/api/v1/status").then().statusCode(200)
                .body("checks.webhookQueue.ok", equalTo(false))
                .body("checks.database.ok", equalTo(true))
                .body("checks.cron.ok", equalTo(true))
                .body("status", equalTo("degraded"));
    }

    @Test
    void theVerdictRuleOfTheQueue() {
        // retrying, retrying endpoints, overdue
        assertTrue(queue(0, 0, 0).ok());
        assertTrue(queue(9, 3, 0).ok(), "a few failures");
        assertFalse(queue(10, 3, 0).ok(), "failures spread over three receivers point at the sending side");
        assertTrue(queue(500, 2, 0).ok(), "one or two broken receivers are their owners' business");
        assertFalse(queue(0, 0, 1).ok(), "a delivery overdue by five minutes: the workers are not keeping up");
    }

    private static PlatformHealth.Queue queue(long retrying, long endpoints, long overdue) {
        return new PlatformHealth.Queue(retrying, retrying, endpoints, overdue, 0, 0);
    }

    private static long delta(JsonPath before, JsonPath after, String count) {
        return after.getLong("checks.webhookQueue." + count) - before.getLong("checks.webhookQueue." + count);
    }

    private void insertEndpoint(String id, String org, String status) {
        db.update("insert into webhook_endpoints (id, organization_id, environment, url, events, status, secret_ciphertext, created_at, updated_at)"
                + " values (?, ?, 'test', 'https://example.com/hook', '{session.completed}', ?, '\\x00', now(), now())"
                + " on conflict (id) do update set organization_id = excluded.organization_id, status = excluded.status", id, org, status);
    }

    private void insertDelivery(String id, String status, Instant nextAttempt) {
        insertDelivery(id, status, nextAttempt, "we_statustest");
    }

    /** One event and one delivery of it to the endpoint (a delivery is unique per endpoint and event). */
    private void insertDelivery(String id, String status, Instant nextAttempt, String endpoint) {
        String event = id.replace("whd_", "evt_");
        db.update("insert into events (id, organization_id, environment, type, payload, created_at)"
                + " select ?, organization_id, 'test', 'session.completed', '{}', now() from webhook_endpoints where id = ?", event, endpoint);
        db.update("insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, next_attempt_at, created_at)"
                        + " select ?, organization_id, ?, ?, ?, ?, now() from webhook_endpoints where id = ?",
                id, endpoint, event, status, nextAttempt == null ? null : Timestamp.from(nextAttempt), endpoint);
    }

    @Test
    void theQueuesCheckReadsOnlyThePartialIndexesOfTheQueuesStates() throws Exception {
        // delivered rows are kept: a scan of them would grow with the history, on a probe that gives up after 800 ms
        List<String> scans = Plans.scans(dataSource, "webhook_deliveries", PlatformHealth.QUEUE, Timestamp.from(clock.instant()));
        assertFalse(scans.isEmpty());
        assertTrue(Set.of("webhook_deliveries_endpoint_due", "webhook_deliveries_dead").containsAll(scans),
                "every read of webhook_deliveries goes through a queue state's partial index: " + scans);
    }

    private void insertIdempotency(String org, String key, Instant expiresAt) {
        db.update("insert into idempotency_records (organization_id, environment, idempotency_key, route, request_hash, state, created_at, expires_at)"
                + " values (?, 'test', ?, 'POST /api/v1/sessions', '\\x00', 'completed', now(), ?)", org, key, Timestamp.from(expiresAt));
    }
}
