package com.assessments.portal;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import com.assessments.webhook.delivery.DeliveryWorker;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The portal's "send test event" (one webhook.test event, to one endpoint, signed and sent by the real workers to a
 * real local receiver) and the organization-wide dead-letter queue with its resend and recover.
 */
@QuarkusTest
class PortalTestEventAndDeadLettersTest {

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

    private static String endpoint(Portal.SignedIn who, String org, String environment, String url, List<String> events) {
        return who.in(org).contentType(ContentType.JSON).body(Map.of("environment", environment, "url", url, "events", events))
                .post("/api/portal/webhooks").then().statusCode(201).extract().path("id");
    }

    @Test
    void aTestEventGoesSignedToThatEndpointOnly() throws Exception {
        String org = Admin.createOrganization("Test event " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn developer = Portal.member(db, org, "developer");
        Response created = developer.in(org).contentType(ContentType.JSON).body(Map.of("environment", "test",
                "url", receiver.url("/one"), "events", List.of("session.completed"))).post("/api/portal/webhooks");
        String target = created.then().statusCode(201).extract().path("id");
        String secret = created.path("secret");
        // another endpoint of the same organization and environment, subscribed to everything: it gets nothing
        String other = endpoint(developer, org, "test", receiver.url("/other"), List.of("session.created", "session.started",
                "session.completed", "session.failed", "session.expired", "report.generated"));

        Response sent = developer.in(org).post("/api/portal/webhooks/{id}/test", target);
        sent.then().statusCode(202).body("endpointId", equalTo(target)).body("eventType", equalTo("webhook.test"))
                .body("status", equalTo("pending"));
        String delivery = sent.path("id");
        awaitAttempts(delivery);

        List<Receiver.Received> got = receiver.await(1, Duration.ofSeconds(10));
        assertEquals(1, got.size(), "one request, to the named endpoint only");
        Receiver.Received r = got.get(0);
        JsonPath event = JsonPath.from(new String(r.body(), StandardCharsets.UTF_8));
        assertEquals("webhook.test", event.getString("event"));
        assertTrue(event.getString("data.sessionId").startsWith("ses_test"), event.prettify());
        assertEquals(Boolean.TRUE, event.getBoolean("data.metadata.test"));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        assertEquals("sha256=" + HexFormat.of().formatHex(mac.doFinal(r.body())), r.header("X-Service-Signature"),
                "signed with the endpoint's secret, like any delivery");
        assertEquals(event.getString("id"), r.header("webhook-id"));
        assertEquals("succeeded", db.query("select status from webhook_deliveries where id = ?", delivery).get(0).get("status"));
        assertEquals(0, db.count("select count(*) from webhook_deliveries where endpoint_id = ?", other));

        // the event is in the organization's event log as delivered, valid against the contract's Event
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());
        api().auth().oauth2(keys.secretKey()).get("/api/v1/events/{id}", event.getString("id")).then().statusCode(200)
                .body("event", equalTo("webhook.test"));
        developer.in(org).get("/api/portal/webhooks/{id}/deliveries", target).then().statusCode(200)
                .body("data[0].eventType", equalTo("webhook.test")).body("data[0].status", equalTo("succeeded"));
        assertEquals(1, db.count("select count(*) from portal_audit_log where organization_id = ? and action = 'webhook.test_sent'"
                + " and target = ?", org, target));
    }

    @Test
    void testEventsAreRefusedForDisabledForeignAndUnknownEndpointsAndCannotBeSubscribedTo() {
        String org = Admin.createOrganization("Test event refusals " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn owner = Portal.newOwner(org);
        String hook = endpoint(owner, org, "test", receiver.url("/x"), List.of("session.completed"));
        owner.in(org).contentType(ContentType.JSON).body(Map.of("status", "disabled")).patch("/api/portal/webhooks/{id}", hook)
                .then().statusCode(200);
        owner.in(org).post("/api/portal/webhooks/{id}/test", hook).then().statusCode(400)
                .body("error.code", equalTo("validation_error")).body("error.details.errors[0].field", equalTo("status"));
        owner.in(org).post("/api/portal/webhooks/{id}/test", "we_unknown1").then().statusCode(404)
                .body("error.code", equalTo("webhook_not_found"));

        String otherOrg = Admin.createOrganization("Test event stranger " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn stranger = Portal.newOwner(otherOrg);
        String theirs = endpoint(stranger, otherOrg, "test", receiver.url("/theirs"), List.of("session.completed"));
        owner.in(org).post("/api/portal/webhooks/{id}/test", theirs).then().statusCode(404).body("error.code", equalTo("webhook_not_found"));
        assertEquals(0, db.count("select count(*) from webhook_deliveries where endpoint_id in (?, ?)", hook, theirs));

        // nobody subscribes to the test kind, in the portal or with a key
        owner.in(org).contentType(ContentType.JSON).body(Map.of("environment", "test", "url", receiver.url("/sub"),
                "events", List.of("session.completed", "webhook.test"))).post("/api/portal/webhooks").then().statusCode(400)
                .body("error.details.errors[0].field", equalTo("events"));
        owner.in(org).contentType(ContentType.JSON).body(Map.of("events", List.of("webhook.test")))
                .patch("/api/portal/webhooks/{id}", hook).then().statusCode(400).body("error.details.errors[0].field", equalTo("events"));
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("url", receiver.url("/k"), "events", List.of("webhook.test"))).post("/api/v1/webhooks")
                .then().statusCode(400).body("error.details.errors[0].field", equalTo("events"));
        // a viewer cannot send one (the matrix covers every role; this is the refusal's shape)
        Portal.SignedIn viewer = Portal.member(db, org, "viewer");
        viewer.in(org).post("/api/portal/webhooks/{id}/test", hook).then().statusCode(403)
                .body("error.code", equalTo("insufficient_permissions"));
    }

    @Test
    void theDeadLetterQueueSpansEndpointsAndEnvironmentsAndEmptiesByResendAndRecover() {
        String org = Admin.createOrganization("Dead letters " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn developer = Portal.member(db, org, "developer");
        String testA = endpoint(developer, org, "test", receiver.url("/a"), List.of("session.created"));
        String testB = endpoint(developer, org, "test", receiver.url("/b"), List.of("session.created"));
        String live = endpoint(developer, org, "live", "https://127.0.0.1:9/live", List.of("session.created"));
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());
        Sessions.created(keys.secretKey(), "disc");
        Sessions.created(keys.secretKey(), "disc");
        List<String> testDeliveries = db.query("select id from webhook_deliveries where endpoint_id in (?, ?) order by id", testA, testB)
                .stream().map(r -> (String) r.get("id")).toList();
        assertEquals(4, testDeliveries.size());
        testDeliveries.forEach(this::awaitAttempts); // sent once (the receiver takes them): no attempt in flight from here
        // as after their last retries: every test delivery dead; and a dead live one, made by a test event
        db.update("update webhook_deliveries set status = 'dead', attempts = 6, next_attempt_at = null where endpoint_id in (?, ?)",
                testA, testB);
        String liveDead = developer.in(org).post("/api/portal/webhooks/{id}/test", live).then().statusCode(202).extract().path("id");
        awaitAttempts(liveDead);
        db.update("update webhook_deliveries set status = 'dead', attempts = 6, next_attempt_at = null where id = ?", liveDead);
        // a dead delivery of another organization never shows
        String otherOrg = Admin.createOrganization("Dead elsewhere " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn stranger = Portal.newOwner(otherOrg);
        String theirs = endpoint(stranger, otherOrg, "test", receiver.url("/theirs"), List.of("session.created"));
        String theirDead = stranger.in(otherOrg).post("/api/portal/webhooks/{id}/test", theirs).then().statusCode(202).extract().path("id");
        awaitAttempts(theirDead);
        db.update("update webhook_deliveries set status = 'dead', next_attempt_at = null where id = ?", theirDead);

        Portal.SignedIn viewer = Portal.member(db, org, "viewer");
        viewer.in(org).get("/api/portal/dead-letters").then().statusCode(200).body("total", equalTo(5))
                .body("data.id", hasItem(liveDead)).body("data.id", not(hasItem(theirDead)));
        viewer.in(org).queryParam("environment", "live").get("/api/portal/dead-letters").then().statusCode(200)
                .body("data.id", equalTo(List.of(liveDead))).body("data[0].endpointId", equalTo(live));
        viewer.in(org).queryParam("environment", "test").queryParam("limit", 2).get("/api/portal/dead-letters").then().statusCode(200)
                .body("total", equalTo(4)).body("data.size()", equalTo(2));

        // resend one (the endpoint's own route, with the row's endpointId): it leaves the queue
        String first = testDeliveries.get(0);
        String firstEndpoint = (String) db.query("select endpoint_id from webhook_deliveries where id = ?", first).get(0).get("endpoint_id");
        developer.in(org).post("/api/portal/webhooks/{id}/deliveries/{d}/resend", firstEndpoint, first).then().statusCode(202);
        viewer.in(org).get("/api/portal/dead-letters").then().statusCode(200).body("total", equalTo(4))
                .body("data.id", not(hasItem(first)));

        // recover the test environment's: the three left, once; the live one stays (recover takes deliveries made
        // before now, and this clock stands still: a second passes)
        clock.advance(Duration.ofSeconds(1));
        developer.in(org).queryParam("environment", "test").contentType(ContentType.JSON).body(Map.of("since", "2020-01-01T00:00:00Z"))
                .post("/api/portal/dead-letters/recover").then().statusCode(202).body("recovered", equalTo(3));
        developer.in(org).queryParam("environment", "test").contentType(ContentType.JSON).body(Map.of("since", "2020-01-01T00:00:00Z"))
                .post("/api/portal/dead-letters/recover").then().statusCode(202).body("recovered", equalTo(0));
        viewer.in(org).get("/api/portal/dead-letters").then().statusCode(200).body("data.id", equalTo(List.of(liveDead)));
        developer.in(org).contentType(ContentType.JSON).body(Map.of("since", "2030-01-01T00:00:00Z", "until", "2029-01-01T00:00:00Z"))
                .post("/api/portal/dead-letters/recover").then().statusCode(400).body("error.details.errors[0].field", equalTo("since"));
        viewer.in(org).contentType(ContentType.JSON).body(Map.of("since", "2020-01-01T00:00:00Z"))
                .post("/api/portal/dead-letters/recover").then().statusCode(403).body("error.code", equalTo("insufficient_permissions"));
        assertEquals(2, db.count("select count(*) from portal_audit_log where organization_id = ? and action = 'webhook.dead_letters_recovered'",
                org), "both recovers that ran are on record (the refused ones are not)");
        // the other organization's dead letter was not recovered by this one
        assertEquals(0, db.count("select count(*) from webhook_deliveries where id = ? and superseded_by is not null", theirDead));
    }

    private void awaitAttempts(String deliveryId) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            var row = db.query("select attempts, claimed_until from webhook_deliveries where id = ?", deliveryId).get(0);
            if (((Number) row.get("attempts")).intValue() >= 1 && row.get("claimed_until") == null) {
                return;
            }
            worker.runOnce();
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new AssertionError("delivery " + deliveryId + " was not attempted");
    }
}
