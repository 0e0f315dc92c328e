package com.assessments.portal;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sessions in the portal: search by environment and filters, detail with results, the PDF, deletion by an admin. */
@QuarkusTest
class PortalSessionsTest {

    @Inject
    TestDb db;

    @Test
    void membersFindReadAndDownloadSessionsAndAnAdminDeletesOne() {
        String org = Admin.createOrganization("Sessions " + System.nanoTime(), Map.of("disc", 5));
        Admin.Keys test = Admin.issueKeys(org, "test", Map.of());
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        String completed = Sessions.created(test.secretKey(), "disc")[0];
        Sessions.submit(test.secretKey(), completed, Sessions.discVaried()).statusCode(200);
        String open = Sessions.created(test.secretKey(), "disc")[0];
        String liveSession = Sessions.created(live.secretKey(), "disc")[0];
        Portal.SignedIn viewer = Portal.member(db, org, "viewer");

        viewer.in(org).queryParam("environment", "test").get("/api/portal/sessions").then().statusCode(200)
                .body("total", equalTo(2)).body("data.id", containsInAnyOrder(open, completed)); // the test clock may give both one instant
        viewer.in(org).queryParam("environment", "test").queryParam("status", "completed").get("/api/portal/sessions").then()
                .statusCode(200).body("data.id", equalTo(List.of(completed)));
        viewer.in(org).get("/api/portal/sessions").then().statusCode(200).body("data.id", equalTo(List.of(liveSession)));

        viewer.in(org).queryParam("environment", "test").get("/api/portal/sessions/{id}", completed).then().statusCode(200)
                .body("status", equalTo("completed")).body("results", notNullValue());
        byte[] pdf = viewer.in(org).queryParam("environment", "test").get("/api/portal/sessions/{id}/report.pdf", completed)
                .then().statusCode(200).contentType("application/pdf").extract().asByteArray();
        assertTrue(new String(pdf, 0, 5).startsWith("%PDF-"));
        viewer.in(org).queryParam("environment", "test").get("/api/portal/sessions/{id}/report.pdf", open).then().statusCode(400)
                .body("error.code", equalTo("session_not_completed"));
        viewer.in(org).get("/api/portal/sessions/{id}", completed).then().statusCode(404).body("error.code", equalTo("session_not_found"));

        Portal.SignedIn admin = Portal.member(db, org, "admin");
        admin.in(org).queryParam("environment", "test").delete("/api/portal/sessions/{id}", completed).then().statusCode(204);
        viewer.in(org).queryParam("environment", "test").get("/api/portal/sessions/{id}", completed).then().statusCode(404);
        api().auth().oauth2(test.secretKey()).get("/api/v1/sessions/{id}", completed).then().statusCode(404);
        assertEquals(1, db.count("select count(*) from portal_audit_log where organization_id = ? and action = 'session.deleted' and target = ?",
                org, completed));
    }

    @Test
    void anotherOrganizationsSessionIsNotFound() {
        Admin.Keys theirs = Admin.newTenant("test");
        String session = Sessions.created(theirs.secretKey(), "disc")[0];
        String org = Admin.createOrganization("Mine " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn owner = Portal.newOwner(org);
        owner.in(org).queryParam("environment", "test").get("/api/portal/sessions/{id}", session).then().statusCode(404);
        owner.in(org).queryParam("environment", "test").delete("/api/portal/sessions/{id}", session).then().statusCode(404);
        owner.in(org).queryParam("environment", "test").get("/api/portal/sessions").then().statusCode(200)
                .body("data.id", not(hasItem(session)));
    }
}
