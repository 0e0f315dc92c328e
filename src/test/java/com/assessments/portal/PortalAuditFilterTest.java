package com.assessments.portal;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.startsWith;

/** The owner's audit log narrowed by actor (id or email), action (one, or a family), and time range. */
@QuarkusTest
class PortalAuditFilterTest {

    @Inject
    TestDb db;

    @Inject
    TestClock clock;

    @AfterEach
    void reset() {
        clock.reset();
    }

    @Test
    void anOwnerNarrowsTheLogByWhoWhatAndWhen() {
        String org = Admin.createOrganization("Audit " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn owner = Portal.newOwner(org);
        Portal.SignedIn developer = Portal.member(db, org, "developer");
        String developerId = (String) db.query("select id from portal_users where email = ?", developer.email().toLowerCase()).get(0).get("id");

        clock.set(Instant.parse("2025-05-01T09:00:00Z"));
        owner.in(org).contentType(ContentType.JSON).body(Map.of("environment", "test")).post("/api/portal/keys").then().statusCode(201);
        clock.set(Instant.parse("2025-05-02T09:00:00Z"));
        String hook = developer.in(org).contentType(ContentType.JSON).body(Map.of("environment", "test", "url", "https://127.0.0.1:9/a",
                "events", List.of("session.completed"))).post("/api/portal/webhooks").then().statusCode(201).extract().path("id");
        clock.set(Instant.parse("2025-05-03T09:00:00Z"));
        developer.in(org).post("/api/portal/webhooks/{id}/rotate-secret", hook).then().statusCode(200);
        developer.in(org).contentType(ContentType.JSON).body(Map.of("environment", "test")).post("/api/portal/keys").then().statusCode(201);

        owner.in(org).queryParam("actor", developer.email()).get("/api/portal/audit-log").then().statusCode(200)
                .body("total", equalTo(3)).body("data.userId", everyItem(equalTo(developerId)));
        owner.in(org).queryParam("actor", developer.email().toUpperCase()).get("/api/portal/audit-log").then().statusCode(200)
                .body("total", equalTo(3)); // emails match whatever their case
        owner.in(org).queryParam("actor", developerId).queryParam("action", "webhook.*").get("/api/portal/audit-log").then()
                .statusCode(200).body("data.action", equalTo(List.of("webhook.secret_rotated", "webhook.created")));
        owner.in(org).queryParam("action", "key.issued").get("/api/portal/audit-log").then().statusCode(200)
                .body("total", equalTo(2)).body("data.action", everyItem(equalTo("key.issued")));
        owner.in(org).queryParam("action", "webhook.*").queryParam("created_after", "2025-05-03T00:00:00Z")
                .get("/api/portal/audit-log").then().statusCode(200).body("data.action", equalTo(List.of("webhook.secret_rotated")));
        owner.in(org).queryParam("created_after", "2025-05-01T00:00:00Z").queryParam("created_before", "2025-05-02T09:00:00Z")
                .get("/api/portal/audit-log").then().statusCode(200).body("data.action", equalTo(List.of("key.issued")));
        owner.in(org).queryParam("action", "webhook.*").get("/api/portal/audit-log").then().statusCode(200)
                .body("data.action", everyItem(startsWith("webhook.")));
        // the family does not treat "_" as a wildcard: "key_is.*" is no family of "key.issued"
        owner.in(org).queryParam("action", "key_issued.*").get("/api/portal/audit-log").then().statusCode(200).body("total", equalTo(0));

        // nobody's email, and another organization's member, match nothing
        owner.in(org).queryParam("actor", "nobody@acme.example").get("/api/portal/audit-log").then().statusCode(200)
                .body("total", equalTo(0)).body("data.size()", equalTo(0));
        String stranger = Admin.createOrganization("Audit other " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn other = Portal.newOwner(stranger);
        other.in(stranger).contentType(ContentType.JSON).body(Map.of("environment", "test")).post("/api/portal/keys").then().statusCode(201);
        owner.in(org).queryParam("actor", other.email()).get("/api/portal/audit-log").then().statusCode(200).body("total", equalTo(0));

        owner.in(org).queryParam("action", "key.issued; drop table").get("/api/portal/audit-log").then().statusCode(400)
                .body("error.code", equalTo("validation_error"));
        owner.in(org).queryParam("actor", "").get("/api/portal/audit-log").then().statusCode(400);
        owner.in(org).queryParam("created_after", "yesterday").get("/api/portal/audit-log").then().statusCode(400);
    }
}
