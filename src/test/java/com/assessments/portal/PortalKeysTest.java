package com.assessments.portal;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
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

/** API keys in the portal: list, issue a pair (secrets shown once), rotate with grace, revoke; audited. */
@QuarkusTest
class PortalKeysTest {

    @Inject
    TestDb db;

    @Inject
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void aDeveloperIssuesAPairWhoseSecretWorksOnThePublicApiAndIsNeverListed() {
        String org = Admin.createOrganization("Keys " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn developer = Portal.member(db, org, "developer");
        Response issued = developer.in(org).contentType(ContentType.JSON)
                .body(Map.of("environment", "test", "allowedOrigins", List.of("http://localhost:3000")))
                .post("/api/portal/keys");
        issued.then().statusCode(201)
                .body("secretKey.secret", startsWith("service_sk_test_"))
                .body("publishableKey.secret", startsWith("service_pk_test_"))
                .body("publishableKey.allowedOrigins", equalTo(List.of("http://localhost:3000")));
        String secret = issued.path("secretKey.secret");
        String keyId = issued.path("secretKey.id");

        api().auth().oauth2(secret).get("/api/v1/org/me").then().statusCode(200).body("organization.id", equalTo(org));
        developer.in(org).get("/api/portal/keys").then().statusCode(200)
                .body("data.id", hasItem(keyId))
                .body("data.secret", not(hasItem(secret)));
        assertEquals(1, db.count("select count(*) from portal_audit_log where organization_id = ? and action = 'key.issued' and target = ?",
                org, keyId));
    }

    @Test
    void rotationKeepsTheOldKeyForItsGracePeriodThenRevokeEndsTheNewOneAtOnce() {
        String org = Admin.createOrganization("Rotate " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn owner = Portal.newOwner(org);
        Admin.Keys keys = Admin.issueKeys(org, "live", Map.of());
        Response rotated = owner.in(org).contentType(ContentType.JSON).body(Map.of("gracePeriodSeconds", 3600))
                .post("/api/portal/keys/{id}/rotate", keys.secretKeyId());
        rotated.then().statusCode(200)
                .body("previousKey.status", equalTo("expiring"))
                .body("key.secret", startsWith("service_sk_live_"));
        String fresh = rotated.path("key.secret");
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200);
        clock.advance(Duration.ofSeconds(3601));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(401);
        api().auth().oauth2(fresh).get("/api/v1/org/me").then().statusCode(200);

        owner.in(org).post("/api/portal/keys/{id}/revoke", (String) rotated.path("key.id")).then().statusCode(200)
                .body("status", equalTo("revoked"));
        api().auth().oauth2(fresh).get("/api/v1/org/me").then().statusCode(401);
    }

    @Test
    void anotherOrganizationsKeyIsNotFound() {
        String org = Admin.createOrganization("Mine " + System.nanoTime(), Map.of("disc", 5));
        Admin.Keys other = Admin.newTenant("test");
        Portal.SignedIn owner = Portal.newOwner(org);
        owner.in(org).post("/api/portal/keys/{id}/revoke", other.secretKeyId()).then().statusCode(404)
                .body("error.code", equalTo("key_not_found"));
        owner.in(org).post("/api/portal/keys/{id}/rotate", other.secretKeyId()).then().statusCode(404)
                .body("error.code", equalTo("key_not_found"));
        api().auth().oauth2(other.secretKey()).get("/api/v1/org/me").then().statusCode(200);
    }

    @Test
    void issuingNeedsTheCsrfToken() {
        String org = Admin.createOrganization("Csrf " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn owner = Portal.newOwner(org);
        owner.read().contentType(ContentType.JSON).body(Map.of("environment", "test")).post("/api/portal/keys")
                .then().statusCode(403).body("error.code", equalTo("csrf_check_failed"));
    }
}
