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
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Webhooks in the portal: endpoints of both environments, secrets shown once, deliveries, the dead-letter queue. */
@QuarkusTest
class PortalWebhooksTest {

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

    @Test
    void aDeveloperSeesADeadLetteredDeliveryAndResendsIt() {
        String org = Admin.createOrganization("Hooks " + System.nanoTime(), Map.of("disc", 5));
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());
        Portal.SignedIn developer = Portal.member(db, org, "developer");
        Response created = developer.in(org).contentType(ContentType.JSON)
                .body(Map.of("environment", "test", "url", receiver.url("/hooks"), "events", List.of("session.created")))
                .post("/api/portal/webhooks");
        created.then().statusCode(201).body("environment", equalTo("test")).body("secret", startsWith("whsec_"));
        String endpoint = created.path("id");
        developer.in(org).get("/api/portal/webhooks").then().statusCode(200).body("data.id", hasItem(endpoint));

        receiver.defaultStatus(500);
        Sessions.created(keys.secretKey(), "disc");
        String delivery = (String) db.query("select id from webhook_deliveries where endpoint_id = ?", endpoint).get(0).get("id");
        awaitAttempts(delivery, 1);
        db.update("update webhook_deliveries set status = 'dead', next_attempt_at = null where id = ?", delivery); // as after its last retry

        developer.in(org).queryParam("status", "dead").get("/api/portal/webhooks/{id}/deliveries", endpoint).then().statusCode(200)
                .body("data.id", equalTo(List.of(delivery)))
                .body("data[0].attempts", equalTo(1));
        receiver.defaultStatus(204);
        Response resent = developer.in(org).post("/api/portal/webhooks/{id}/deliveries/{d}/resend", endpoint, delivery);
        resent.then().statusCode(202).body("status", equalTo("pending"));
        assertEquals(resent.path("id"), db.query("select superseded_by from webhook_deliveries where id = ?", delivery).get(0)
                .get("superseded_by"), "the dead delivery left the dead-letter queue: the copy supersedes it");
        awaitAttempts(resent.path("id"), 1);
        assertEquals("succeeded", db.query("select status from webhook_deliveries where id = ?", (String) resent.path("id")).get(0).get("status"));
        assertEquals(1, db.count("select count(*) from portal_audit_log where organization_id = ? and action = 'webhook.delivery_resent'", org));
    }

    @Test
    void endpointsOfBothEnvironmentsAreManagedAndOtherOrganizationsAreInvisible() {
        String org = Admin.createOrganization("Hooks env " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn owner = Portal.newOwner(org);
        String live = owner.in(org).contentType(ContentType.JSON)
                .body(Map.of("environment", "live", "url", "https://127.0.0.1:9/live", "events", List.of("session.completed")))
                .post("/api/portal/webhooks").then().statusCode(201).body("environment", equalTo("live")).extract().path("id");
        owner.in(org).contentType(ContentType.JSON).body(Map.of("environment", "live", "url", "http://127.0.0.1:9/plain",
                "events", List.of("session.completed"))).post("/api/portal/webhooks").then().statusCode(400)
                .body("error.details.errors[0].field", equalTo("url")); // live endpoints need https, as with a live key
        owner.in(org).contentType(ContentType.JSON).body(Map.of("status", "disabled"))
                .patch("/api/portal/webhooks/{id}", live).then().statusCode(200).body("status", equalTo("disabled"));
        owner.in(org).contentType(ContentType.JSON).body(Map.of("overlapSeconds", 0))
                .post("/api/portal/webhooks/{id}/rotate-secret", live).then().statusCode(200).body("secret", startsWith("whsec_"));

        String otherOrg = Admin.createOrganization("Other " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn stranger = Portal.newOwner(otherOrg);
        stranger.in(otherOrg).get("/api/portal/webhooks/{id}/deliveries", live).then().statusCode(404)
                .body("error.code", equalTo("webhook_not_found"));
        stranger.in(otherOrg).delete("/api/portal/webhooks/{id}", live).then().statusCode(404);

        owner.in(org).delete("/api/portal/webhooks/{id}", live).then().statusCode(200).body("deleted", equalTo(true));
        owner.in(org).get("/api/portal/webhooks").then().statusCode(200).body("data.id", not(hasItem(live)));
    }

    private void awaitAttempts(String deliveryId, int attempts) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            var row = db.query("select attempts, claimed_until from webhook_deliveries where id = ?", deliveryId).get(0);
            if (((Number) row.get("attempts")).intValue() >= attempts && row.get("claimed_until") == null) {
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
        throw new AssertionError("delivery " + deliveryId + " did not reach " + attempts + " attempts");
    }
}
