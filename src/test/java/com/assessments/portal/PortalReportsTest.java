package com.assessments.portal;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The overview (licenses, sessions per day, type and status; live by default, test on request) and the admin reports
 * (completions and license consumption per period, live only; CSV), from sessions made through the real API at
 * chosen instants of the test clock.
 */
@QuarkusTest
class PortalReportsTest {

    @Inject
    TestDb db;

    @Inject
    TestClock clock;

    @AfterEach
    void reset() {
        clock.reset();
    }

    /** The organization's name tries a spreadsheet formula, a comma and quotes: the CSV must neutralise all three. */
    private static final String NAME = "=HYPERLINK(\"http://evil.example\",\"x\"), Inc ";

    @Test
    void theOverviewAndTheReportsCountWhatHappenedAndLeaveTestSessionsOut() {
        String org = Admin.createOrganization(NAME + System.nanoTime(), Map.of("disc", 10, "fra", 5));
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        Admin.Keys test = Admin.issueKeys(org, "test", Map.of());
        Portal.SignedIn admin = Portal.member(db, org, "admin");

        clock.set(Instant.parse("2025-01-15T10:00:00Z"));
        String a = Sessions.created(live.secretKey(), "disc")[0];
        Sessions.submit(live.secretKey(), a, Sessions.discVaried()).statusCode(200); // completed in January
        String d = Sessions.created(test.secretKey(), "disc")[0];
        Sessions.submit(test.secretKey(), d, Sessions.discVaried()).statusCode(200); // a test session: never in reports
        clock.set(Instant.parse("2025-01-16T10:00:00Z"));
        String e = Sessions.created(live.secretKey(), "disc")[0];
        admin.in(org).delete("/api/portal/sessions/{id}", e).then().statusCode(204); // deleted: its license stays consumed
        clock.set(Instant.parse("2025-01-20T10:00:00Z"));
        Sessions.created(live.secretKey(), "fra");
        clock.set(Instant.parse("2025-02-28T23:00:00Z"));
        String c = Sessions.created(live.secretKey(), "disc")[0];
        clock.set(Instant.parse("2025-03-01T00:30:00Z"));
        Sessions.submit(live.secretKey(), c, Sessions.discVaried()).statusCode(200); // consumed in February, completed in March
        clock.set(Instant.parse("2025-03-01T12:00:00Z"));

        // overview: 60 days back from 1 March is 1 January; deleted sessions are not shown, licenses count them
        Portal.SignedIn viewer = Portal.member(db, org, "viewer");
        Response overview = viewer.in(org).queryParam("days", 60).get("/api/portal/overview");
        overview.then().statusCode(200).body("environment", equalTo("live")).body("from", equalTo("2025-01-01"));
        assertEquals(List.of(
                Map.of("date", "2025-01-15", "assessmentType", "disc", "status", "completed", "count", 1),
                Map.of("date", "2025-01-20", "assessmentType", "fra", "status", "created", "count", 1),
                Map.of("date", "2025-02-28", "assessmentType", "disc", "status", "completed", "count", 1)),
                overview.jsonPath().getList("sessions"));
        assertEquals(Map.of("assessmentType", "disc", "capacity", 10, "used", 3, "available", 7),
                overview.jsonPath().getMap("licenses.find { it.assessmentType == 'disc' }"));
        viewer.in(org).get("/api/portal/overview").then().statusCode(200).body("days", equalTo(30))
                .body("sessions.date", equalTo(List.of("2025-02-28")));
        viewer.in(org).queryParam("environment", "test").queryParam("days", 60).get("/api/portal/overview").then().statusCode(200)
                .body("sessions", equalTo(List.of(Map.of("date", "2025-01-15", "assessmentType", "disc", "status", "completed", "count", 1))));
        viewer.in(org).queryParam("days", 0).get("/api/portal/overview").then().statusCode(400).body("error.code", equalTo("validation_error"));
        viewer.in(org).queryParam("days", 367).get("/api/portal/overview").then().statusCode(400);

        // the monthly report, live only
        Response monthly = admin.in(org).queryParam("period", "month").queryParam("from", "2025-01-01T00:00:00Z")
                .queryParam("to", "2025-04-01T00:00:00Z").get("/api/portal/reports");
        monthly.then().statusCode(200).body("period", equalTo("month"));
        assertEquals(List.of(
                Map.of("periodStart", "2025-01-01", "assessmentType", "disc", "completed", 1, "licensesConsumed", 2),
                Map.of("periodStart", "2025-01-01", "assessmentType", "fra", "completed", 0, "licensesConsumed", 1),
                Map.of("periodStart", "2025-02-01", "assessmentType", "disc", "completed", 0, "licensesConsumed", 1),
                Map.of("periodStart", "2025-03-01", "assessmentType", "disc", "completed", 1, "licensesConsumed", 0)),
                monthly.jsonPath().getList("rows"));
        // weeks start on Monday: 15 and 16 January 2025 are in the week of Monday 13 January
        admin.in(org).queryParam("period", "week").queryParam("from", "2025-01-01T00:00:00Z").queryParam("to", "2025-02-01T00:00:00Z")
                .get("/api/portal/reports").then().statusCode(200)
                .body("rows.find { it.assessmentType == 'disc' }.periodStart", equalTo("2025-01-13"))
                .body("rows.find { it.assessmentType == 'disc' }.licensesConsumed", equalTo(2));
        // the default range is the 12 months up to now; "to" is exclusive
        admin.in(org).get("/api/portal/reports").then().statusCode(200).body("from", equalTo("2024-03-01T12:00:00Z"))
                .body("rows.size()", equalTo(4)); // March's completion (00:30) is before now (12:00): in
        admin.in(org).queryParam("from", "2025-03-01T00:30:00Z").queryParam("to", "2025-03-01T00:30:00Z").get("/api/portal/reports")
                .then().statusCode(400).body("error.details.errors[0].field", equalTo("from"));
        admin.in(org).queryParam("from", "2020-01-01T00:00:00Z").queryParam("to", "2025-01-01T00:00:00Z").get("/api/portal/reports")
                .then().statusCode(400).body("error.details.errors[0].field", equalTo("from")); // more than 3 years
        admin.in(org).queryParam("period", "year").get("/api/portal/reports").then().statusCode(400)
                .body("error.code", equalTo("validation_error"));
        viewer.in(org).get("/api/portal/reports").then().statusCode(403).body("error.code", equalTo("insufficient_permissions"));

        // CSV: the same rows; the organization's name quoted and defused
        Response csv = admin.in(org).queryParam("from", "2025-01-01T00:00:00Z").queryParam("to", "2025-04-01T00:00:00Z")
                .get("/api/portal/reports/export.csv");
        csv.then().statusCode(200).contentType("text/csv")
                .header("Content-Disposition", equalTo("attachment; filename=\"report-month-2025-01-01-2025-04-01.csv\""));
        String body = csv.asString();
        String[] lines = body.split("\r\n", -1);
        assertEquals(6, lines.length, body); // header, 4 rows, and the empty rest after the last CRLF
        assertEquals("", lines[5]);
        assertEquals("organization,period,period_start,assessment_type,completed,licenses_consumed", lines[0]);
        String name = db.query("select name from organizations where id = ?", org).get(0).get("name").toString();
        String quoted = "\"'" + name.replace("\"", "\"\"") + "\"";
        assertEquals(quoted + ",month,2025-01-01,disc,1,2", lines[1]);
        assertEquals(quoted + ",month,2025-03-01,disc,1,0", lines[4]);
        assertTrue(lines[1].startsWith("\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\"), Inc "), lines[1]);
        viewer.in(org).get("/api/portal/reports/export.csv").then().statusCode(403);
    }

    @Test
    void anotherOrganizationsSessionsAreNotCounted() {
        Admin.Keys theirs = Admin.issueKeys(Admin.createOrganization("Busy " + System.nanoTime(), Map.of("disc", 5)), "live", Map.of());
        Sessions.created(theirs.secretKey(), "disc");
        String org = Admin.createOrganization("Quiet " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn owner = Portal.newOwner(org);
        owner.in(org).get("/api/portal/overview").then().statusCode(200).body("sessions.size()", equalTo(0))
                .body("licenses[0].used", equalTo(0));
        owner.in(org).get("/api/portal/reports").then().statusCode(200).body("rows.size()", equalTo(0));
        String csv = owner.in(org).get("/api/portal/reports/export.csv").then().statusCode(200).extract().asString();
        assertEquals("organization,period,period_start,assessment_type,completed,licenses_consumed\r\n", csv);
        api().get("/api/portal/reports").then().statusCode(401).body("error.code", equalTo("invalid_portal_session"));
    }
}
