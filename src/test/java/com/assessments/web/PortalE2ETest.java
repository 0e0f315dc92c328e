package com.assessments.web;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import com.assessments.webhook.delivery.DeliveryWorker;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The developer portal in a real headless Chromium (src/test/e2e/portal.e2e.mjs): sign in, read the overview chart
 * with the keyboard (live, then test), issue a key, register a webhook and send it a test event (received here,
 * signed with the secret the page showed), see dead-lettered deliveries and resend them (an endpoint's, and the
 * organization's queue), download the report CSV, filter the audit log, invite a member who signs in, create and
 * publish a TFD config, sign out; screenshots at desktop and phone widths in target/screenshots. Skipped like RunnerE2ETest without
 * Chromium or the e2e node modules on a developer machine; a failure on CI.
 */
@QuarkusTest
class PortalE2ETest {

    @Inject
    TestDb db;

    @Inject
    DeliveryWorker worker;

    @Test
    void anOwnerRunsTheirOrganizationFromThePortal() throws Exception {
        BrowserScript.assumeReady("PortalE2ETest", "playwright-core");

        String org = Admin.createOrganization("Portal e2e " + System.nanoTime(), Map.of("disc", 10, "tfd", 10));
        Portal.SignedIn owner = Portal.newOwner(org);
        String deadEndpoint;
        List<String> dead;
        try (Receiver receiver = new Receiver()) {
            receiver.defaultStatus(500);
            Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());
            deadEndpoint = api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url("/failing"), "events", List.of("session.created")))
                    .post("/api/v1/webhooks").then().statusCode(201).extract().path("id");
            Sessions.created(keys.secretKey(), "disc");
            Sessions.created(keys.secretKey(), "disc");
            dead = db.query("select id from webhook_deliveries where endpoint_id = ?", deadEndpoint).stream()
                    .map(r -> (String) r.get("id")).toList();
            assertEquals(2, dead.size());
            for (String delivery : dead) {
                for (int i = 0; i < 500 && db.count("select count(*) from webhook_deliveries where id = ? and attempts >= 1"
                        + " and claimed_until is null", delivery) == 0; i++) {
                    worker.runOnce();
                    Thread.sleep(20);
                }
                db.update("update webhook_deliveries set status = 'dead', next_attempt_at = null where id = ?", delivery); // as after its last retry
            }
        }
        String memberEmail = Portal.uniqueEmail("mia");

        String baseUrl = RestAssured.baseURI + ":" + RestAssured.port;
        String output;
        Process process;
        boolean finished;
        try (Receiver hooks = new Receiver()) {
            hooks.defaultStatus(204);
            process = new ProcessBuilder(List.of("node", "portal.e2e.mjs", baseUrl, owner.email(), Portal.PASSWORD, deadEndpoint,
                    memberEmail, Path.of("target/screenshots").toAbsolutePath().toString(), hooks.url("/portal-e2e")))
                    .directory(RunnerE2ETest.E2E.toFile()).redirectErrorStream(true).start();
            finished = process.waitFor(180, TimeUnit.SECONDS);
            output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!finished) {
                process.destroyForcibly();
            }
            assertTrue(finished, "the browser test did not finish in 3 minutes:\n" + output);
            assertEquals(0, process.exitValue(), output);

            // the test event the browser sent reached the endpoint, signed with the secret the browser was shown
            String[] lines = output.trim().split("\n");
            JsonPath sent = JsonPath.from(lines[lines.length - 1]);
            List<Receiver.Received> got = hooks.await(1, java.time.Duration.ofSeconds(20));
            assertEquals(1, got.size(), "one test event");
            Receiver.Received r = got.get(0);
            assertEquals("webhook.test", JsonPath.from(new String(r.body(), StandardCharsets.UTF_8)).getString("event"));
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(sent.getString("hookSecret").getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            assertEquals("sha256=" + java.util.HexFormat.of().formatHex(mac.doFinal(r.body())), r.header("X-Service-Signature"));
        }

        String[] lines = output.trim().split("\n");
        JsonPath result = JsonPath.from(lines[lines.length - 1]);
        assertEquals("organization,period,period_start,assessment_type,completed,licenses_consumed", result.getString("csvHeader"));
        assertEquals(1, db.count("select count(*) from portal_audit_log where organization_id = ? and action = 'webhook.test_sent'", org));
        assertEquals(1, db.count("select count(*) from portal_audit_log where organization_id = ? and action = 'key.issued'", org));
        assertEquals(1, db.count("select count(*) from webhook_endpoints where organization_id = ? and url like '%/portal-e2e'", org));
        assertEquals(2, db.count("select count(*) from webhook_deliveries where endpoint_id = ? and superseded_by is not null", deadEndpoint),
                "both dead deliveries resent: one from the endpoint's dead letters, one from the organization's queue");
        assertEquals("developer", db.query("select m.role from portal_memberships m join portal_users u on u.id = m.user_id"
                + " where m.organization_id = ? and u.email = ?", org, memberEmail).get(0).get("role"));
        assertEquals("published", db.query("select status from tfd_configs where id = ?", result.getString("tfdConfigId")).get(0).get("status"));
        assertEquals(1, db.count("select count(*) from portal_audit_log a join portal_users u on u.id = a.user_id"
                + " where u.email = ? and a.action = 'sign_out'", owner.email().toLowerCase()), "the browser signed out");
        for (String shot : List.of("portal-sign-in-phone.png", "portal-overview-desktop.png", "portal-overview-test-phone.png",
                "portal-keys-phone.png", "portal-webhooks-desktop.png", "portal-webhooks-phone.png", "portal-dead-letters-desktop.png",
                "portal-dead-letter-queue-desktop.png", "portal-dead-letter-queue-phone.png", "portal-reports-desktop.png",
                "portal-reports-phone.png", "portal-audit-desktop.png", "portal-audit-phone.png", "portal-team-desktop.png",
                "portal-accept-phone.png", "portal-tfd-phone.png")) {
            assertTrue(Files.size(Path.of("target/screenshots", shot)) > 1000, shot);
        }
    }
}
