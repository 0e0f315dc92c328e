package com.assessments.webhook.delivery;

import com.assessments.sdk.webhooks.WebhookVerifier;
import com.assessments.support.Admin;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Delivery to a real HTTP receiver on loopback, driven by the injected clock. */
@QuarkusTest
class WebhookDeliveryTest {

    private static final Duration WAIT = Duration.ofSeconds(15);

    @Inject
    TestDb db;

    @Inject
    TestClock clock;

    @Inject
    DeliveryWorker worker;

    Receiver receiver;

    @BeforeEach
    void start() throws Exception {
        receiver = new Receiver();
    }

    @AfterEach
    void stop() {
        receiver.close();
        clock.reset();
    }

    private JsonPath register(String key, List<String> events) {
        return api().auth().oauth2(key).contentType(ContentType.JSON)
                .body(Map.of("url", receiver.url("/hooks"), "events", events, "description", "test receiver"))
                .post("/api/v1/webhooks").then().statusCode(201)
                .body("secret", matchesPattern("whsec_[A-Za-z0-9+/]+={0,2}"))
                .body("status", equalTo("enabled"))
                .extract().jsonPath();
    }

    private String deliveryStatus(String deliveryId) {
        return (String) db.query("select status from webhook_deliveries where id = ?", deliveryId).get(0).get("status");
    }

    private Map<String, Object> onlyDelivery(String endpointId) {
        var rows = db.query("select id, status, attempts, next_attempt_at from webhook_deliveries where endpoint_id = ? order by created_at", endpointId);
        assertEquals(1, rows.size(), "deliveries of " + endpointId);
        return rows.get(0);
    }

    /** Waits (bounded) for the delivery to leave its in-flight state after the given number of attempts. */
    private void awaitAttempts(String deliveryId, int attempts) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            var row = db.query("select attempts, claimed_until from webhook_deliveries where id = ?", deliveryId).get(0);
            if (((Number) row.get("attempts")).intValue() >= attempts && row.get("claimed_until") == null) {
                return;
            }
            worker.runOnce();
            sleep(20);
        }
        throw new AssertionError("delivery " + deliveryId + " did not reach " + attempts + " attempts");
    }

    @Test
    void completedSessionIsDeliveredSignedAndVerifiable() throws Exception {
        Admin.Keys keys = Admin.newTenant("test");
        String secret = register(keys.secretKey(), List.of("session.completed")).getString("secret");
        String id = Sessions.created(keys.secretKey(), "disc")[0];
        Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(200);

        var got = receiver.await(1, WAIT);
        assertEquals(1, got.size());
        Receiver.Received r = got.get(0);
        JsonPath event = JsonPath.from(new String(r.body(), StandardCharsets.UTF_8));
        assertEquals("session.completed", event.getString("event"));
        assertEquals(id, event.getString("data.sessionId"));
        assertEquals("disc", event.getString("data.results.kind"));

        // GitHub-style: HMAC-SHA256 over the exact received bytes, keyed with the secret string
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        assertEquals("sha256=" + HexFormat.of().formatHex(mac.doFinal(r.body())), r.header("X-Service-Signature"));
        // the timestamped and Standard Webhooks signatures, with the 5-minute window
        assertTrue(new WebhookVerifier(secret).isValid(r.body(), r.headers()));
        assertEquals(event.getString("id"), r.header("webhook-id"));
        assertEquals(r.header("X-Service-Timestamp"), r.header("webhook-timestamp"));
        assertTrue(r.header("webhook-signature").startsWith("v1,"));
        // the same event is available for polling
        api().auth().oauth2(keys.secretKey()).get("/api/v1/events/{id}", event.getString("id")).then().statusCode(200)
                .body("data.sessionId", equalTo(id));
    }

    @Test
    void failingReceiverGetsRetriesOnScheduleThenDeadLetterThenResendAndRecover() {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), List.of("session.created")).getString("id");
        receiver.defaultStatus(500);
        long deadBefore = api().get("/api/v1/status").then().extract().jsonPath().getLong("checks.webhookQueue.dlqCount");

        Sessions.created(keys.secretKey(), "disc");
        String delivery = (String) db.query("select id from webhook_deliveries where endpoint_id = ?", endpoint).get(0).get("id");
        awaitAttempts(delivery, 1);
        assertEquals("failed", deliveryStatus(delivery));

        long[] scheduleMinutes = {1, 5, 30, 120, 720};
        for (int retry = 0; retry < scheduleMinutes.length; retry++) {
            Instant failedAt = clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MICROS);
            Instant next = ((Timestamp) onlyDelivery(endpoint).get("next_attempt_at")).toInstant();
            Duration wait = Duration.between(failedAt, next);
            Duration base = Duration.ofMinutes(scheduleMinutes[retry]);
            assertTrue(wait.compareTo(base) >= 0 && wait.compareTo(base.multipliedBy(110).dividedBy(100).plusSeconds(1)) <= 0,
                    "retry " + (retry + 1) + " waits " + wait + ", expected about " + base);
            // not before its time
            clock.advance(wait.minusSeconds(1));
            worker.runOnce();
            assertEquals(retry + 1, ((Number) onlyDelivery(endpoint).get("attempts")).intValue());
            clock.advance(Duration.ofSeconds(1));
            awaitAttempts(delivery, retry + 2);
        }
        assertEquals(6, receiver.received().size());
        assertEquals("dead", deliveryStatus(delivery));
        api().get("/api/v1/status").then().body("checks.webhookQueue.dlqCount", equalTo((int) deadBefore + 1));
        api().auth().oauth2(keys.secretKey()).queryParam("status", "dead").get("/api/v1/webhooks/{id}/deliveries", endpoint)
                .then().statusCode(200).body("data.id", hasItem(delivery)).body("data[0].attempts", equalTo(6));

        // resend: a new delivery of the same event, delivered now that the receiver is back; the endpoint failed 6
        // times in a row, so its circuit is open: the resend goes out when the cool-down has passed
        receiver.defaultStatus(204);
        String resent = api().auth().oauth2(keys.secretKey())
                .post("/api/v1/webhooks/{id}/deliveries/{d}/resend", endpoint, delivery).then().statusCode(202)
                .body("status", equalTo("pending")).extract().path("id");
        worker.runOnce();
        assertEquals(6, receiver.received().size(), "sent while the endpoint's circuit was open");
        clock.advance(Duration.ofMinutes(1).plusSeconds(1));
        awaitAttempts(resent, 1);
        assertEquals("succeeded", deliveryStatus(resent));
        assertEquals(7, receiver.received().size());

        // the resent original has left the dead-letter queue and is not recovered a second time
        api().get("/api/v1/status").then().body("checks.webhookQueue.dlqCount", equalTo((int) deadBefore));
        assertEquals(0, recover(keys.secretKey(), endpoint, clock.instant().minus(Duration.ofDays(2))));
        worker.runOnce();
        assertEquals(7, receiver.received().size());
    }

    @Test
    void resendingAFailedDeliveryWhoseSenderDiedEndsItsLeaseAndTheAttemptItLeftInFlight() {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), List.of("session.created")).getString("id");
        receiver.defaultStatus(500);
        Sessions.created(keys.secretKey(), "disc");
        String delivery = (String) onlyDelivery(endpoint).get("id");
        awaitAttempts(delivery, 1);
        // its retry, claimed by a replica that died before recording an outcome, as a claim leaves it: the attempt
        // counted and in flight, the lease run out a second ago
        Instant leaseEnded = clock.instant().minusSeconds(1);
        db.update("update webhook_deliveries set attempts = 2, claimed_until = ?, claimed_by = 'gone/replica' where id = ?",
                Timestamp.from(leaseEnded), delivery);
        db.update("""
                insert into webhook_attempts (delivery_id, attempt, attempted_at, response_status, error, duration_ms, in_flight)
                values (?, 2, ?, null, null, 0, true)""", delivery, Timestamp.from(leaseEnded.minusSeconds(15)));

        receiver.defaultStatus(204);
        String resent = api().auth().oauth2(keys.secretKey())
                .post("/api/v1/webhooks/{id}/deliveries/{d}/resend", endpoint, delivery).then().statusCode(202)
                .extract().path("id");
        var original = db.query("select status, superseded_by, claimed_until, claimed_by from webhook_deliveries where id = ?",
                delivery).get(0);
        assertEquals("dead", original.get("status"));
        assertEquals(resent, original.get("superseded_by"));
        assertNull(original.get("claimed_until"), "the run-out lease ends with the delivery");
        assertNull(original.get("claimed_by"));
        var attempt = db.query("select in_flight, error from webhook_attempts where delivery_id = ? and attempt = 2", delivery).get(0);
        assertEquals(false, attempt.get("in_flight"));
        assertEquals(DeliveryQueue.LOST, attempt.get("error"));
        awaitAttempts(resent, 1);
        assertEquals("succeeded", deliveryStatus(resent));
    }

    private int recover(String key, String endpoint, Instant since) {
        return api().auth().oauth2(key).contentType(ContentType.JSON).body(Map.of("since", since.toString()))
                .post("/api/v1/webhooks/{id}/recover", endpoint).then().statusCode(202).extract().path("recovered");
    }

    /** Two events whose deliveries failed and were then moved to the dead-letter queue, as after their last retry. */
    private List<String> twoDeadDeliveries(String key, String endpoint) {
        receiver.defaultStatus(500);
        Sessions.created(key, "disc");
        Sessions.created(key, "disc");
        List<String> dead = db.query("select id from webhook_deliveries where endpoint_id = ? order by created_at", endpoint)
                .stream().map(r -> (String) r.get("id")).toList();
        assertEquals(2, dead.size());
        dead.forEach(d -> awaitAttempts(d, 1));
        db.update("update webhook_deliveries set status = 'dead', next_attempt_at = null where endpoint_id = ?", endpoint);
        clock.advance(Duration.ofMinutes(1)); // recover's window ends now: leave the originals inside it
        return dead;
    }

    @Test
    void recoverQueuesEachDeadDeliveryOnceHoweverOftenItIsCalled() {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), List.of("session.created")).getString("id");
        List<String> dead = twoDeadDeliveries(keys.secretKey(), endpoint);
        List<String> events = dead.stream().map(d -> (String) db.query("select event_id from webhook_deliveries where id = ?", d)
                .get(0).get("event_id")).toList();
        long dlqBefore = api().get("/api/v1/status").then().extract().jsonPath().getLong("checks.webhookQueue.dlqCount");
        int receivedBefore = receiver.received().size();
        receiver.defaultStatus(204);
        Instant since = clock.instant().minus(Duration.ofHours(1));

        assertEquals(2, recover(keys.secretKey(), endpoint, since));
        receiver.await(receivedBefore + 2, WAIT);
        assertEquals(0, recover(keys.secretKey(), endpoint, since));
        assertEquals(0, recover(keys.secretKey(), endpoint, since));
        worker.runOnce();
        sleep(200);

        var fresh = receiver.received().subList(receivedBefore, receiver.received().size());
        assertEquals(events.stream().sorted().toList(), fresh.stream().map(r -> r.header("webhook-id")).sorted().toList(),
                "each dead event is delivered exactly once more");
        assertEquals(4, db.count("select count(*) from webhook_deliveries where endpoint_id = ?", endpoint));
        for (String d : dead) {
            String copy = (String) db.query("select superseded_by from webhook_deliveries where id = ?", d).get(0).get("superseded_by");
            assertEquals("succeeded", deliveryStatus(copy));
        }
        api().get("/api/v1/status").then().body("checks.webhookQueue.dlqCount", equalTo((int) dlqBefore - 2));
    }

    @Test
    void aRecoveredCopyThatDiesIsRecoveredOnceMore() {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), List.of("session.created")).getString("id");
        twoDeadDeliveries(keys.secretKey(), endpoint);
        Instant since = clock.instant().minus(Duration.ofHours(1));

        assertEquals(2, recover(keys.secretKey(), endpoint, since)); // the receiver still answers 500
        var copies = db.query("select id from webhook_deliveries where endpoint_id = ? and superseded_by is null", endpoint);
        assertEquals(2, copies.size());
        copies.forEach(c -> awaitAttempts((String) c.get("id"), 1));
        clock.advance(Duration.ofSeconds(1)); // the copies' failures are now inside the window

        assertEquals(2, recover(keys.secretKey(), endpoint, since));
        assertEquals(0, recover(keys.secretKey(), endpoint, since));
        assertEquals(6, db.count("select count(*) from webhook_deliveries where endpoint_id = ?", endpoint));
        // cancels the last copies, so later tests that move the clock do not see them retry and die
        api().auth().oauth2(keys.secretKey()).delete("/api/v1/webhooks/{id}", endpoint).then().statusCode(200);
    }

    @Test
    void retryAfterIsHonouredAndGoneDisablesTheEndpoint() {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), List.of("session.created")).getString("id");
        receiver.answer(new Receiver.Answer(503, "7200"));
        receiver.answer(new Receiver.Answer(410, null));
        Sessions.created(keys.secretKey(), "disc");
        String delivery = (String) onlyDelivery(endpoint).get("id");
        assertTrue(delivery.matches("whd_[0-9A-Za-z]{16}"), "a fanned-out delivery's id is made like every other id: " + delivery);
        Instant before = clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MICROS); // the database keeps microseconds
        awaitAttempts(delivery, 1);
        Instant next = ((Timestamp) onlyDelivery(endpoint).get("next_attempt_at")).toInstant();
        assertTrue(Duration.between(before, next).compareTo(Duration.ofHours(2)) >= 0, "Retry-After 7200 s not honoured: " + next);

        clock.advance(Duration.ofHours(2).plusSeconds(1));
        awaitAttempts(delivery, 2);
        assertEquals("dead", deliveryStatus(delivery));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/webhooks/{id}", endpoint).then()
                .body("status", equalTo("disabled")).body("disabledReason", equalTo("gone"));
        // a disabled endpoint gets nothing new
        Sessions.created(keys.secretKey(), "disc");
        assertEquals(0, db.count("select count(*) from webhook_deliveries where endpoint_id = ? and status = 'pending'", endpoint));
    }

    @Test
    void aClaimThatIsNeverCompletedIsPickedUpAfterItsLease() {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), List.of("session.created")).getString("id");
        receiver.defaultStatus(200);
        // stop the immediate attempt: claim first, as a replica that then dies would
        db.update("update webhook_endpoints set status = 'disabled' where id = ?", endpoint);
        Sessions.created(keys.secretKey(), "disc");
        db.update("update webhook_endpoints set status = 'enabled' where id = ?", endpoint);
        db.update("insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)"
                + " select 'whd_leasetest' || substr(md5(random()::text), 1, 8), organization_id, id, (select id from events where organization_id = ? order by created_at desc limit 1),"
                + " 'pending', 0, now() - interval '1 minute', now() from webhook_endpoints where id = ?", keys.orgId(), endpoint);
        db.update("delete from webhook_deliveries where endpoint_id = ? and id not like 'whd_leasetest%'", endpoint);
        var claimed = worker.claim(clock.instant());
        assertEquals(1, claimed.size());
        // the claiming replica "dies" here: nothing is sent, nothing recorded
        worker.runOnce();
        assertEquals(0, receiver.received().size(), "a leased delivery was sent again before its lease ran out");
        clock.advance(Duration.ofSeconds(61));
        worker.runOnce();
        assertEquals(1, receiver.await(1, WAIT).size());
        awaitAttempts(claimed.get(0).id(), 2); // the lost attempt counts
        assertEquals("succeeded", deliveryStatus(claimed.get(0).id()));
    }

    @Test
    void endpointsReceiveOnlyTheirEnvironmentsSubscribedEvents() {
        String org = Admin.createOrganization("Env hooks", Map.of("disc", 5));
        Admin.Keys test = Admin.issueKeys(org, "test", Map.of());
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        // live endpoints need https; this one must never be called, so the receiver's http URL is not needed
        String liveEndpoint = api().auth().oauth2(live.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("url", "https://127.0.0.1/never", "events", List.of("session.created", "session.started")))
                .post("/api/v1/webhooks").then().statusCode(201).extract().path("id");
        String testEndpoint = register(test.secretKey(), List.of("session.started")).getString("id");
        String[] testSession = Sessions.created(test.secretKey(), "disc");
        api().auth().oauth2(testSession[1]).get("/api/v1/embed/session").then().statusCode(200);
        assertEquals(0, db.count("select count(*) from webhook_deliveries where endpoint_id = ?", liveEndpoint));
        assertEquals(1, db.count("select count(*) from webhook_deliveries d join events e on e.id = d.event_id"
                + " where d.endpoint_id = ? and e.type = 'session.started'", testEndpoint));
        api().auth().oauth2(test.secretKey()).get("/api/v1/webhooks/{id}", liveEndpoint).then().statusCode(404)
                .body("error.code", equalTo("webhook_not_found"));
    }

    @Test
    void everySessionEventKindIsEmittedWithItsPayload() {
        Admin.Keys keys = Admin.newTenant("test");
        register(keys.secretKey(), List.of("session.created", "session.started", "session.completed", "session.expired"));
        String[] done = Sessions.created(keys.secretKey(), "disc");
        api().auth().oauth2(done[1]).get("/api/v1/embed/session").then().statusCode(200);
        Sessions.submit(keys.secretKey(), done[0], Sessions.discVaried()).statusCode(200);
        var b = Sessions.body("disc", "expires");
        b.put("expiresIn", 300);
        String expiring = Sessions.create(keys.secretKey(), b).statusCode(201).extract().path("id");
        clock.advance(Duration.ofSeconds(301));
        api().auth().oauth2(Admin.TOKEN).get("/api/admin/organizations/{id}", keys.orgId()).then().statusCode(200);
        com.assessments.session.ExpiryJob expiry = io.quarkus.arc.Arc.container().instance(com.assessments.session.ExpiryJob.class).get();
        expiry.run();

        var events = api().auth().oauth2(keys.secretKey()).queryParam("limit", 100).get("/api/v1/events").then().statusCode(200)
                .extract().jsonPath();
        List<String> kinds = events.getList("data.event");
        for (String kind : List.of("session.created", "session.started", "session.completed", "session.expired")) {
            assertTrue(kinds.contains(kind), kind + " missing from " + kinds);
        }
        api().auth().oauth2(keys.secretKey()).queryParam("session_id", done[0]).queryParam("type", "session.started")
                .get("/api/v1/events").then().statusCode(200)
                .body("data[0].data.status", equalTo("in_progress"))
                .body("data[0].data.results", equalTo(null))
                .body("data[0].data.completedAt", equalTo(null));
        api().auth().oauth2(keys.secretKey()).queryParam("session_id", expiring).queryParam("type", "session.expired")
                .get("/api/v1/events").then().statusCode(200)
                .body("data[0].data.status", equalTo("expired"))
                .body("data[0].data.results", equalTo(null));
        receiver.await(5, WAIT);
        assertEquals(5, receiver.received().size()); // created x2, started, completed, expired
    }

    @Test
    void rotationSignsWithBothSecretsDuringTheOverlap() {
        Admin.Keys keys = Admin.newTenant("test");
        JsonPath created = register(keys.secretKey(), List.of("session.created"));
        String oldSecret = created.getString("secret");
        String newSecret = api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body(Map.of("overlapSeconds", 3600))
                .post("/api/v1/webhooks/{id}/rotate-secret", created.getString("id")).then().statusCode(200)
                .body("secretOverlapEndsAt", not(equalTo(null))).extract().path("secret");
        Sessions.created(keys.secretKey(), "disc");
        Receiver.Received r = receiver.await(1, WAIT).get(0);
        assertTrue(new WebhookVerifier(newSecret).isValid(r.body(), r.headers()));
        assertTrue(new WebhookVerifier(oldSecret).isValid(r.body(), r.headers()));
        assertEquals(2, r.header("X-Service-Signature").split(",").length);
    }

    @Test
    void managesEndpointsAndRefusesUnsafeUrls() {
        Admin.Keys keys = Admin.newTenant("test");
        for (String url : List.of("http://10.0.0.5/hook", "http://169.254.169.254/latest/meta-data", "http://[::1]:8080/x",
                "http://192.168.1.10/", "http://100.64.0.1/", "ftp://example.com/x", "http://user:pw@127.0.0.2/")) {
            api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                    .body(Map.of("url", url, "events", List.of("session.completed")))
                    .post("/api/v1/webhooks").then().statusCode(400)
                    .body("error.code", equalTo("validation_error"))
                    .body("error.details.errors[0].field", equalTo("url"));
        }
        String id = register(keys.secretKey(), List.of("session.completed")).getString("id");
        api().auth().oauth2(keys.secretKey()).get("/api/v1/webhooks/{id}", id).then().statusCode(200)
                .body("$", not(hasKey("secret")));
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("events", List.of("session.completed", "session.failed"), "status", "disabled"))
                .patch("/api/v1/webhooks/{id}", id).then().statusCode(200)
                .body("events", equalTo(List.of("session.completed", "session.failed")))
                .body("status", equalTo("disabled")).body("disabledReason", equalTo("manual"));
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body(Map.of())
                .patch("/api/v1/webhooks/{id}", id).then().statusCode(400);
        api().auth().oauth2(keys.secretKey()).get("/api/v1/webhooks").then().statusCode(200).body("data.id", hasItem(id));
        api().auth().oauth2(keys.secretKey()).delete("/api/v1/webhooks/{id}", id).then().statusCode(200)
                .body("deleted", equalTo(true));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/webhooks/{id}", id).then().statusCode(404);
        String stored = db.query("select encode(secret_ciphertext, 'escape') as s from webhook_endpoints where id = ?", id).get(0).get("s").toString();
        assertTrue(!stored.contains("whsec_"), "the signing secret is stored in clear");
    }

    @Test
    void deletingASessionCancelsItsPendingDeliveries() {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), List.of("session.created")).getString("id");
        receiver.defaultStatus(500);
        String session = Sessions.created(keys.secretKey(), "disc")[0];
        String delivery = (String) onlyDelivery(endpoint).get("id");
        awaitAttempts(delivery, 1);
        api().auth().oauth2(keys.secretKey()).delete("/api/v1/sessions/{id}", session).then().statusCode(204);
        assertEquals(0, db.count("select count(*) from webhook_deliveries where endpoint_id = ?", endpoint));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
