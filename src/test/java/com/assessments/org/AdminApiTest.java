package com.assessments.org;

import com.assessments.support.Admin;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

@QuarkusTest
class AdminApiTest {

    @Inject
    TestDb db;

    @Test
    void createsReadsAndUpdatesAnOrganization() {
        String id = api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                .body(Map.of("name", "Acme Hiring", "assessmentTypes", List.of("disc", "fra"),
                        "licenses", Map.of("disc", 10, "fra", 2), "rateLimitPerMinute", 300))
                .post("/api/admin/organizations").then().statusCode(201)
                .body("id", startsWith("org_"))
                .body("name", equalTo("Acme Hiring"))
                .body("assessmentTypes", containsInAnyOrder("disc", "fra"))
                .body("rateLimitPerMinute", equalTo(300))
                .body("licenses.find { it.assessmentType == 'disc' }.capacity", equalTo(10))
                .body("licenses.find { it.assessmentType == 'disc' }.used", equalTo(0))
                .body("licenses.find { it.assessmentType == 'disc' }.available", equalTo(10))
                .extract().path("id");

        api().auth().oauth2(Admin.TOKEN).get("/api/admin/organizations/{id}", id).then().statusCode(200)
                .body("name", equalTo("Acme Hiring"));

        api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                .body(Map.of("assessmentTypes", List.of("disc", "tfd"), "licenses", Map.of("tfd", 4)))
                .patch("/api/admin/organizations/{id}", id).then().statusCode(200)
                .body("name", equalTo("Acme Hiring"))
                .body("assessmentTypes", containsInAnyOrder("disc", "tfd"))
                .body("licenses.find { it.assessmentType == 'tfd' }.capacity", equalTo(4))
                .body("licenses.find { it.assessmentType == 'disc' }.capacity", equalTo(10));

        api().auth().oauth2(Admin.TOKEN).queryParam("limit", 100).get("/api/admin/organizations").then().statusCode(200)
                .body("data.id", hasItem(id))
                .body("limit", equalTo(100))
                .body("offset", equalTo(0));
    }

    @Test
    void defaultsRateLimitTo120() {
        api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON).body(Map.of("name", "Defaults"))
                .post("/api/admin/organizations").then().statusCode(201)
                .body("rateLimitPerMinute", equalTo(120))
                .body("assessmentTypes", hasSize(0));
    }

    @Test
    void unknownOrganizationIs404() {
        api().auth().oauth2(Admin.TOKEN).get("/api/admin/organizations/org_doesnotexist").then().statusCode(404)
                .body("error.code", equalTo("organization_not_found"));
        api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON).body(Map.of("environment", "test"))
                .post("/api/admin/organizations/org_doesnotexist/keys").then().statusCode(404)
                .body("error.code", equalTo("organization_not_found"));
    }

    @Test
    void issuesKeyPairsReturnedOnceAndStoredHashed() {
        String org = Admin.createOrganization("Keys org", Map.of("disc", 1));
        JsonPath pair = api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                .body(Map.of("environment", "live", "allowedOrigins", List.of("https://Careers.Example.com")))
                .post("/api/admin/organizations/{id}/keys", org).then().statusCode(201)
                .body("secretKey.secret", matchesPattern("service_sk_live_[0-9A-Za-z]{43}"))
                .body("publishableKey.secret", matchesPattern("service_pk_live_[0-9A-Za-z]{43}"))
                .body("secretKey.kind", equalTo("secret"))
                .body("publishableKey.kind", equalTo("publishable"))
                .body("publishableKey.scopes", equalTo(List.of("assessments:read")))
                .body("publishableKey.allowedOrigins", equalTo(List.of("https://careers.example.com")))
                .body("secretKey.status", equalTo("active"))
                .extract().jsonPath();
        String secret = pair.getString("secretKey.secret");
        assertEquals(secret.substring(secret.length() - 4), pair.getString("secretKey.last4"));

        // listing never shows the plain key again
        api().auth().oauth2(Admin.TOKEN).get("/api/admin/organizations/{id}/keys", org).then().statusCode(200)
                .body("data", hasSize(2))
                .body("data.secret", everyItem(nullValue()))
                .body("data.last4", hasItem(secret.substring(secret.length() - 4)));

        // the database holds a SHA-256 digest, never the key
        List<Map<String, Object>> rows = db.query("select * from api_keys where organization_id = ?", org);
        assertEquals(2, rows.size());
        for (Map<String, Object> row : rows) {
            for (Object value : row.values()) {
                String text = value instanceof byte[] b ? HexFormat.of().formatHex(b) : String.valueOf(value);
                assertFalse(text.contains(secret.substring(16)), "a column holds the plain key");
            }
        }
        assertEquals(1, db.count("select count(*) from api_keys where key_hash = sha256(convert_to(?, 'UTF8'))", secret));
    }

    @Test
    void rejectsUnknownScopesAndBadOrigins() {
        String org = Admin.createOrganization("Bad keys org", Map.of("disc", 1));
        api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                .body(Map.of("environment", "test", "scopes", List.of("sessions:read", "root")))
                .post("/api/admin/organizations/{id}/keys", org).then().statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.field", hasItem(startsWith("scopes")));
        api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                .body(Map.of("environment", "test", "allowedOrigins", List.of("https://ok.example.com/path")))
                .post("/api/admin/organizations/{id}/keys", org).then().statusCode(400)
                .body("error.details.errors.field", hasItem("allowedOrigins[]"));
        // an origin is copied into the runner's Content-Security-Policy: nothing that could add a directive
        for (String bad : List.of("https://a.example.com; script-src *", "https://a.example.com 'unsafe-inline'",
                "https://a.example.com,https://b.example.com", "https://a_b.example.com\"")) {
            api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                    .body(Map.of("environment", "test", "allowedOrigins", List.of(bad)))
                    .post("/api/admin/organizations/{id}/keys", org).then().statusCode(400)
                    .body("error.code", equalTo("validation_error"));
        }
        api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                .body(Map.of("environment", "staging"))
                .post("/api/admin/organizations/{id}/keys", org).then().statusCode(400)
                .body("error.code", equalTo("validation_error"));
        assertEquals(0, db.count("select count(*) from api_keys where organization_id = ?", org));
    }

    @Test
    void revokingAKeyOfAnotherOrganizationIs404() {
        Admin.Keys a = Admin.newTenant("test");
        Admin.Keys b = Admin.newTenant("test");
        api().auth().oauth2(Admin.TOKEN)
                .post("/api/admin/organizations/{org}/keys/{key}/revoke", a.orgId(), b.secretKeyId())
                .then().statusCode(404).body("error.code", equalTo("key_not_found"));
        api().auth().oauth2(b.secretKey()).get("/api/v1/org/me").then().statusCode(200);
    }

    @Test
    void orgMeDescribesTheCallersContext() {
        String org = Admin.createOrganization("Context org", Map.of("disc", 3, "fra", 1));
        Admin.Keys keys = Admin.issueKeys(org, "live", Map.of("products", List.of("disc")));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200)
                .body("organization.id", equalTo(org))
                .body("organization.name", equalTo("Context org"))
                .body("organization.assessmentTypes", containsInAnyOrder("disc", "fra"))
                .body("organization.licenses.find { it.assessmentType == 'disc' }.available", equalTo(3))
                .body("environment", equalTo("live"))
                .body("key.id", equalTo(keys.secretKeyId()))
                .body("key.kind", equalTo("secret"))
                .body("key.products", equalTo(List.of("disc")))
                .body("key.secret", nullValue())
                .body("key.scopes", hasItem("org:read"))
                .body("rateLimit.limit", equalTo(120))
                .body("rateLimit.windowSeconds", equalTo(60));
    }
}
