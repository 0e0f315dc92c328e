package com.assessments.report;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Both report routes, the stored report, report.generated once, and right to forget. */
@QuarkusTest
class ReportRoutesTest {

    @Inject
    TestDb db;

    @Inject
    ReportService reports;

    private byte[] pdf(String key, String path, String id) {
        return api().auth().oauth2(key).get(path, id).then().statusCode(200)
                .contentType("application/pdf")
                .header("Content-Disposition", containsString("assessment-report-disc-" + id + ".pdf"))
                .extract().asByteArray();
    }

    @Test
    void completedSessionsHaveTheSameReportOnBothRoutes() throws Exception {
        Admin.Keys keys = Admin.newTenant("live");
        var b = Sessions.body("disc", "report-candidate");
        b.put("candidate", Map.of("externalId", "report-candidate", "name", "Grace Hopper"));
        String id = Sessions.create(keys.secretKey(), b).statusCode(201).extract().path("id");
        Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(200).body("reportUrl", nullValue());

        byte[] first = pdf(keys.secretKey(), "/api/v1/sessions/{id}/report.pdf", id);
        byte[] second = pdf(keys.secretKey(), "/api/v1/reports/{id}/pdf", id);
        assertArrayEquals(first, second, "both routes serve the one stored report");
        try (PDDocument doc = Loader.loadPDF(first)) {
            assertTrue(doc.getNumberOfPages() >= 1);
            String text = new PDFTextStripper().getText(doc);
            assertTrue(text.contains("Grace Hopper"), text);
            assertTrue(!text.contains("TEST"), "a live report is stamped TEST");
        }
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", id).then()
                .body("reportUrl", endsWith("/api/v1/sessions/" + id + "/report.pdf"));
        assertEquals(1, db.count("select count(*) from events where session_id = ? and type = 'report.generated'", id));
        String payload = (String) db.query("select payload::text as p from events where session_id = ? and type = 'report.generated'", id)
                .get(0).get("p");
        assertTrue(payload.contains("/api/v1/sessions/" + id + "/report.pdf"), payload);
        assertEquals(1, db.count("select count(*) from reports where session_id = ?", id));
    }

    @Test
    void theJobRendersNewReportsOnceAndAnnouncesThemOnce() {
        Admin.Keys keys = Admin.newTenant("test");
        String id = Sessions.created(keys.secretKey(), "disc")[0];
        Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(200);
        reports.run();
        reports.run();
        assertEquals(1, db.count("select count(*) from reports where session_id = ?", id));
        assertEquals(1, db.count("select count(*) from events where session_id = ? and type = 'report.generated'", id));
        pdf(keys.secretKey(), "/api/v1/reports/{id}/pdf", id);
        assertEquals(1, db.count("select count(*) from events where session_id = ? and type = 'report.generated'", id));
    }

    @Test
    void sessionsNotCompletedAre400AndOthersAre404() {
        Admin.Keys keys = Admin.newTenant("test");
        Admin.Keys other = Admin.newTenant("test");
        String open = Sessions.created(keys.secretKey(), "disc")[0];
        for (String path : new String[]{"/api/v1/sessions/{id}/report.pdf", "/api/v1/reports/{id}/pdf"}) {
            api().auth().oauth2(keys.secretKey()).get(path, open).then().statusCode(400)
                    .body("error.code", equalTo("session_not_completed"));
            api().auth().oauth2(other.secretKey()).get(path, open).then().statusCode(404)
                    .body("error.code", equalTo("session_not_found"));
            api().auth().oauth2(keys.secretKey()).get(path, "ses_doesnotexist").then().statusCode(404);
        }
    }

    @Test
    void deletingTheSessionRemovesItsReport() {
        Admin.Keys keys = Admin.newTenant("test");
        String id = Sessions.created(keys.secretKey(), "disc")[0];
        Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(200);
        byte[] pdf = pdf(keys.secretKey(), "/api/v1/reports/{id}/pdf", id);
        assertTrue(new String(pdf, 0, 5).startsWith("%PDF"));
        api().auth().oauth2(keys.secretKey()).delete("/api/v1/sessions/{id}", id).then().statusCode(204);
        assertEquals(0, db.count("select count(*) from reports where session_id = ?", id));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/reports/{id}/pdf", id).then().statusCode(404);
    }
}
