package com.assessments.portal;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

/**
 * TFD configs made in the portal from the occupation catalogue, moved through generating, reviewing, published and
 * archived; session creation with config.orgConfigId then answers as the error table says, and
 * GET /api/v1/tfd/configs lists the published ones only.
 */
@QuarkusTest
class PortalTfdConfigsTest {

    static final String OCCUPATION = "15-1252.00";

    @Inject
    TestDb db;

    @Test
    void aConfigGoesFromGeneratingToPublishedToArchivedAndSessionsFollowItsStatus() {
        String org = Admin.createOrganization("Tfd " + System.nanoTime(), Map.of("tfd", 5));
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());
        Portal.SignedIn developer = Portal.member(db, org, "developer");
        developer.in(org).get("/api/portal/occupations").then().statusCode(200).body("data.id", hasItem(OCCUPATION));

        String id = developer.in(org).contentType(ContentType.JSON).body(Map.of("occupationId", OCCUPATION))
                .post("/api/portal/tfd-configs").then().statusCode(201)
                .body("status", equalTo("generating"))
                .body("occupationName", equalTo("Software Developers"))
                .extract().path("id");
        session(keys, id).statusCode(409).body("error.code", equalTo("tfd_config_not_published"))
                .body("error.details.status", equalTo("generating"));
        published(keys).body("configs.id", not(hasItem(id)));

        move(developer, org, id, "published").statusCode(409).body("error.code", equalTo("invalid_status_transition"));
        move(developer, org, id, "reviewing").statusCode(200).body("status", equalTo("reviewing"));
        session(keys, id).statusCode(409).body("error.details.status", equalTo("reviewing"));
        move(developer, org, id, "published").statusCode(200).body("status", equalTo("published"));
        session(keys, id).statusCode(201);
        published(keys).body("configs.id", hasItem(id));

        move(developer, org, id, "archived").statusCode(200);
        session(keys, id).statusCode(409).body("error.details.status", equalTo("archived"));
        published(keys).body("configs.id", not(hasItem(id)));
        developer.in(org).get("/api/portal/tfd-configs").then().statusCode(200)
                .body("data.find { it.id == '" + id + "' }.status", equalTo("archived"));
    }

    @Test
    void anUnknownOrAnotherOrganizationsConfigIsNotFound() {
        String org = Admin.createOrganization("Tfd mine " + System.nanoTime(), Map.of("tfd", 5));
        String other = Admin.createOrganization("Tfd other " + System.nanoTime(), Map.of("tfd", 5));
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());
        Portal.SignedIn stranger = Portal.newOwner(other);
        String theirs = stranger.in(other).contentType(ContentType.JSON).body(Map.of("occupationId", OCCUPATION))
                .post("/api/portal/tfd-configs").then().statusCode(201).extract().path("id");
        session(keys, theirs).statusCode(404).body("error.code", equalTo("tfd_config_not_found"));
        session(keys, "tfc_unknown").statusCode(404).body("error.code", equalTo("tfd_config_not_found"));
        Portal.SignedIn owner = Portal.newOwner(org);
        move(owner, org, theirs, "reviewing").statusCode(404).body("error.code", equalTo("tfd_config_not_found"));
        owner.in(org).contentType(ContentType.JSON).body(Map.of("occupationId", "99-9999.99")).post("/api/portal/tfd-configs")
                .then().statusCode(400).body("error.details.errors[0].field", equalTo("occupationId"));
    }

    private static io.restassured.response.ValidatableResponse move(Portal.SignedIn who, String org, String id, String status) {
        return who.in(org).contentType(ContentType.JSON).body(Map.of("status", status))
                .post("/api/portal/tfd-configs/{id}/status", id).then();
    }

    private static io.restassured.response.ValidatableResponse session(Admin.Keys keys, String configId) {
        Map<String, Object> body = Sessions.body("tfd", "tfd-" + System.nanoTime());
        body.put("config", Map.of("occupationId", OCCUPATION, "orgConfigId", configId));
        return Sessions.create(keys.secretKey(), body);
    }

    private static io.restassured.response.ValidatableResponse published(Admin.Keys keys) {
        return api().auth().oauth2(keys.secretKey()).get("/api/v1/tfd/configs").then().statusCode(200);
    }
}
