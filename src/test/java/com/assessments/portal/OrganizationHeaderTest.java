package com.assessments.portal;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;

/** X-Organization-Id as the specification says: required for several organizations, optional for one, members only. */
@QuarkusTest
class OrganizationHeaderTest {

    private static String org(String name) {
        return Admin.createOrganization(name + " " + System.nanoTime(), Map.of("disc", 5));
    }

    @Test
    void aSingleOrganizationUserMayOmitTheHeader() {
        String a = org("Single");
        Portal.SignedIn owner = Portal.newOwner(a);
        owner.read().get("/api/portal/organization").then().statusCode(200)
                .body("id", equalTo(a))
                .body("role", equalTo("owner"))
                .body("licenses[0].capacity", equalTo(5));
        owner.read().header("X-Organization-Id", a).get("/api/portal/organization").then().statusCode(200).body("id", equalTo(a));
    }

    @Test
    void aMultiOrganizationUserMustNameTheOrganizationAndOnlyTheirOwn() {
        String a = org("Multi A");
        String b = org("Multi B");
        String stranger = org("Stranger");
        Portal.SignedIn owner = Portal.newOwner(a);
        Portal.accept(Portal.inviteOwner(b, owner.email()), null, Portal.PASSWORD).then().statusCode(200);

        owner.read().get("/api/portal/organization").then().statusCode(400)
                .body("error.code", equalTo("organization_required"))
                .body("error.details.organizations", containsInAnyOrder(a, b));
        owner.read().header("X-Organization-Id", a).get("/api/portal/organization").then().statusCode(200).body("id", equalTo(a));
        owner.read().header("X-Organization-Id", b).get("/api/portal/organization").then().statusCode(200).body("id", equalTo(b));
        owner.read().header("X-Organization-Id", stranger).get("/api/portal/organization").then().statusCode(403)
                .body("error.code", equalTo("organization_access_denied"))
                .body("error.details.organizationId", equalTo(stranger));
        owner.read().header("X-Organization-Id", "org_doesNotExist42").get("/api/portal/organization").then().statusCode(403)
                .body("error.code", equalTo("organization_access_denied"));
    }

    @Test
    void aMalformedHeaderIsAValidationError() {
        Portal.SignedIn owner = Portal.newOwner(org("Malformed"));
        owner.read().header("X-Organization-Id", "not an id").get("/api/portal/organization").then().statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors[0].field", equalTo("X-Organization-Id"));
        owner.read().header("X-Organization-Id", "").get("/api/portal/organization").then().statusCode(400)
                .body("error.code", equalTo("validation_error"));
    }

    @Test
    void theHeaderIsCheckedOnlyAfterTheSession() {
        String a = org("Order");
        io.restassured.RestAssured.given().header("X-Organization-Id", a).get("/api/portal/organization").then().statusCode(401)
                .body("error.code", equalTo("invalid_portal_session"));
    }
}
