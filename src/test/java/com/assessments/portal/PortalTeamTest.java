package com.assessments.portal;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.TestDb;
import io.quarkus.mailer.MockMailbox;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The team: invitations by owners and admins, roles, removal, the last owner, and the owners' audit log. */
@QuarkusTest
class PortalTeamTest {

    @Inject
    TestDb db;

    @Inject
    MockMailbox mailbox;

    private static String org() {
        return Admin.createOrganization("Team " + System.nanoTime(), Map.of("disc", 5));
    }

    private static Response invite(Portal.SignedIn who, String org, String email, String role) {
        return who.in(org).contentType(ContentType.JSON).body(Map.of("email", email, "role", role)).post("/api/portal/team/invitations");
    }

    @Test
    void anOwnerInvitesADeveloperWhoAcceptsTheEmailedLinkAndIsSignedIn() {
        String org = org();
        Portal.SignedIn owner = Portal.newOwner(org);
        String email = Portal.uniqueEmail("linus");
        mailbox.clear();
        Response invited = invite(owner, org, email, "developer");
        invited.then().statusCode(201).body("role", equalTo("developer")).body("status", equalTo("pending"));
        String link = invited.path("acceptUrl");
        assertTrue(mailbox.getMailsSentTo(email).get(0).getText().contains(link));

        Response accepted = Portal.accept(Portal.token(link), "Linus", Portal.PASSWORD);
        accepted.then().statusCode(200).body("memberships[0].role", equalTo("developer"));
        Portal.SignedIn developer = new Portal.SignedIn(email, accepted.getCookie(Portal.COOKIE), accepted.path("csrfToken"));
        developer.read().get("/api/portal/team/members").then().statusCode(200)
                .body("data.email", containsInAnyOrder(owner.email(), email));
        owner.in(org).get("/api/portal/team/invitations").then().statusCode(200)
                .body("data.find { it.email == '" + email + "' }.status", equalTo("accepted"));
        invite(owner, org, email, "viewer").then().statusCode(409).body("error.code", equalTo("already_member"));
    }

    @Test
    void onlyAnOwnerHandlesOwnersAndTheLastOwnerStays() {
        String org = org();
        Portal.SignedIn owner = Portal.newOwner(org);
        Portal.SignedIn admin = Portal.member(db, org, "admin");
        String ownerId = userId(owner);
        String adminId = userId(admin);

        invite(admin, org, Portal.uniqueEmail("boss"), "owner").then().statusCode(403).body("error.code", equalTo("insufficient_permissions"));
        invite(admin, org, Portal.uniqueEmail("dev"), "developer").then().statusCode(201);
        role(admin, org, ownerId, "viewer").statusCode(403);
        admin.in(org).delete("/api/portal/team/members/{id}", ownerId).then().statusCode(403);
        role(admin, org, adminId, "owner").statusCode(403);

        role(owner, org, ownerId, "admin").statusCode(409).body("error.code", equalTo("last_owner"));
        owner.in(org).delete("/api/portal/team/members/{id}", ownerId).then().statusCode(409).body("error.code", equalTo("last_owner"));
        role(owner, org, adminId, "owner").statusCode(200).body("role", equalTo("owner"));
        role(owner, org, ownerId, "developer").statusCode(200).body("role", equalTo("developer"));
    }

    @Test
    void aRemovedMemberWithNoOtherOrganizationIsSignedOutEverywhere() {
        String org = org();
        Portal.SignedIn owner = Portal.newOwner(org);
        String email = Portal.uniqueEmail("leaving");
        Response accepted = Portal.accept(Portal.token(invite(owner, org, email, "viewer").path("acceptUrl")), "Leaving", Portal.PASSWORD);
        Portal.SignedIn viewer = new Portal.SignedIn(email, accepted.getCookie(Portal.COOKIE), accepted.path("csrfToken"));
        owner.in(org).delete("/api/portal/team/members/{id}", (String) accepted.path("user.id")).then().statusCode(204);
        viewer.read().get("/api/portal/me").then().statusCode(401);
        Portal.signInResponse(email, Portal.PASSWORD).then().statusCode(403).body("error.code", equalTo("organization_access_denied"));
        owner.in(org).get("/api/portal/team/members").then().body("data.email", not(hasItem(email)));
    }

    @Test
    void aWithdrawnInvitationNoLongerWorks() {
        String org = org();
        Portal.SignedIn owner = Portal.newOwner(org);
        Response invited = invite(owner, org, Portal.uniqueEmail("withdrawn"), "viewer");
        owner.in(org).post("/api/portal/team/invitations/{id}/revoke", (String) invited.path("id")).then().statusCode(200)
                .body("status", equalTo("revoked"));
        Portal.accept(Portal.token(invited.path("acceptUrl")), "Too late", Portal.PASSWORD).then().statusCode(409)
                .body("error.code", equalTo("invitation_already_used"));
    }

    @Test
    void ownersReadWhoDidWhatAndNoSecretIsInIt() {
        String org = org();
        Portal.SignedIn owner = Portal.newOwner(org);
        Response pair = owner.in(org).contentType(ContentType.JSON).body(Map.of("environment", "test")).post("/api/portal/keys");
        invite(owner, org, Portal.uniqueEmail("audited"), "viewer").then().statusCode(201);
        Response log = owner.in(org).get("/api/portal/audit-log");
        log.then().statusCode(200)
                .body("data.action", hasItems("invitation.accepted", "key.issued", "invitation.created"))
                .body("data.find { it.action == 'key.issued' }.userEmail", equalTo(owner.email().toLowerCase()));
        assertTrue(!log.asString().contains((String) pair.path("secretKey.secret")), "a key secret is in the audit log");
        assertEquals(403, Portal.member(db, org, "admin").in(org).get("/api/portal/audit-log").statusCode());
    }

    private static io.restassured.response.ValidatableResponse role(Portal.SignedIn who, String org, String userId, String role) {
        return who.in(org).contentType(ContentType.JSON).body(Map.of("role", role)).patch("/api/portal/team/members/{id}", userId).then();
    }

    private String userId(Portal.SignedIn who) {
        return (String) db.query("select id from portal_users where email = ?", who.email().toLowerCase()).get(0).get("id");
    }
}
