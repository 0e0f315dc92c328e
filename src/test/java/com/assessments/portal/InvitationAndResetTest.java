package com.assessments.portal;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import io.quarkus.mailer.Mail;
import io.quarkus.mailer.MockMailbox;
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
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Invitations (operator's first owner) and password resets: emailed single-use links that expire. */
@QuarkusTest
class InvitationAndResetTest {

    @Inject
    MockMailbox mailbox;

    @Inject
    TestClock clock;

    @Inject
    TestDb db;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private static String org() {
        return Admin.createOrganization("Portal org " + System.nanoTime(), Map.of("disc", 5));
    }

    @Test
    void theOperatorInvitesTheFirstOwnerByEmailAndTheOwnerSignsInByAcceptingIt() {
        String org = org();
        String email = Portal.uniqueEmail("Grace");
        Response invited = api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON).body(Map.of("email", email))
                .post("/api/admin/organizations/{id}/owner-invitations", org);
        invited.then().statusCode(201)
                .body("role", equalTo("owner"))
                .body("status", equalTo("pending"))
                .body("email", equalTo(email.toLowerCase()))
                .body("acceptUrl", startsWith("http://localhost:8080/portal#invitation=pit_"));
        String link = invited.path("acceptUrl");

        List<Mail> mails = mailbox.getMailsSentTo(email.toLowerCase());
        assertEquals(1, mails.size());
        assertTrue(mails.get(0).getText().contains(link), "the email carries the same link the inviter sees");

        String token = Portal.token(link);
        assertEquals(1, db.count("select count(*) from portal_invitations where token_hash = sha256(convert_to(?, 'UTF8'))", token),
                "the invitation keeps the token's SHA-256 only");

        Response accepted = Portal.accept(token, "Grace Hopper", Portal.PASSWORD);
        accepted.then().statusCode(200)
                .body("user.name", equalTo("Grace Hopper"))
                .body("memberships", hasSize(1))
                .body("memberships[0].organizationId", equalTo(org))
                .body("memberships[0].role", equalTo("owner"));
        assertTrue(accepted.getCookie(Portal.COOKIE).startsWith("pst_"));

        Portal.signIn(email, Portal.PASSWORD).read().get("/api/portal/me").then().statusCode(200)
                .body("user.email", equalTo(email.toLowerCase()));
        String hash = (String) db.query("select password_hash from portal_users where email = ?", email.toLowerCase()).get(0).get("password_hash");
        assertTrue(hash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$"), hash);
    }

    @Test
    void anInvitationWorksOnce() {
        String token = Portal.inviteOwner(org(), Portal.uniqueEmail("once"));
        Portal.accept(token, "Once", Portal.PASSWORD).then().statusCode(200);
        Portal.accept(token, "Twice", Portal.PASSWORD).then().statusCode(409)
                .body("error.code", equalTo("invitation_already_used"));
    }

    @Test
    void anInvitationExpiresAfterSevenDays() {
        String token = Portal.inviteOwner(org(), Portal.uniqueEmail("late"));
        clock.advance(Duration.ofDays(7).plusSeconds(1));
        Portal.accept(token, "Late", Portal.PASSWORD).then().statusCode(410)
                .body("error.code", equalTo("invitation_expired"));
    }

    @Test
    void aNewInvitationOfTheSameEmailReplacesThePendingOne() {
        String org = org();
        String email = Portal.uniqueEmail("again");
        String first = Portal.inviteOwner(org, email);
        String second = Portal.inviteOwner(org, email);
        Portal.accept(first, "First", Portal.PASSWORD).then().statusCode(409).body("error.code", equalTo("invitation_already_used"));
        Portal.accept(second, "Second", Portal.PASSWORD).then().statusCode(200);
    }

    @Test
    void anUnknownInvitationTokenIsNotFound() {
        Portal.accept("pit_doesnotexist", "Nobody", Portal.PASSWORD).then().statusCode(404)
                .body("error.code", equalTo("invitation_not_found"));
    }

    @Test
    void aNewAccountNeedsANameAndALongEnoughPassword() {
        String token = Portal.inviteOwner(org(), Portal.uniqueEmail("short"));
        Portal.accept(token, null, Portal.PASSWORD).then().statusCode(400).body("error.details.errors[0].field", equalTo("name"));
        Portal.accept(token, "Short", "too short").then().statusCode(400).body("error.details.errors[0].field", equalTo("password"));
        Portal.accept(token, "Short", "\uD83D\uDE00".repeat(129)).then().statusCode(400)
                .body("error.details.errors[0].field", equalTo("password"));
        Portal.accept(token, "Short", Portal.PASSWORD).then().statusCode(200);
        // the limits count characters, not UTF-16 units: 128 emoji are 256 units and a valid password
        String emoji = Portal.inviteOwner(org(), Portal.uniqueEmail("emoji"));
        Portal.accept(emoji, "Emoji", "\uD83D\uDE00".repeat(128)).then().statusCode(200);
    }

    @Test
    void aPersonWithAnAccountJoinsASecondOrganizationWithTheirPassword() {
        String a = org();
        String b = org();
        String email = Portal.uniqueEmail("two");
        Portal.accept(Portal.inviteOwner(a, email), "Two Orgs", Portal.PASSWORD).then().statusCode(200);
        String token = Portal.inviteOwner(b, email);
        Portal.accept(token, null, "not my password at all").then().statusCode(401).body("error.code", equalTo("invalid_credentials"));
        Portal.accept(token, null, Portal.PASSWORD).then().statusCode(200).body("memberships", hasSize(2));
    }

    @Test
    void aPasswordResetLinkSetsANewPasswordOnceAndEndsEverySession() {
        Portal.SignedIn owner = Portal.newOwner(org());
        mailbox.clear();
        api().contentType(ContentType.JSON).body(Map.of("email", owner.email().toUpperCase()))
                .post("/api/portal/password-reset").then().statusCode(202);
        List<Mail> mails = mailbox.getMailsSentTo(owner.email().toLowerCase());
        assertEquals(1, mails.size());
        String text = mails.get(0).getText();
        String token = text.substring(text.indexOf("#reset=") + 7).split("\\s")[0];
        assertTrue(token.startsWith("prt_"), token);

        String newPassword = "an entirely new passphrase";
        confirm(token, newPassword).then().statusCode(204);
        owner.read().get("/api/portal/me").then().statusCode(401).body("error.code", equalTo("invalid_portal_session"));
        Portal.signInResponse(owner.email(), Portal.PASSWORD).then().statusCode(401);
        Portal.signIn(owner.email(), newPassword);
        confirm(token, "yet another passphrase").then().statusCode(400).body("error.code", equalTo("reset_token_invalid"));
    }

    @Test
    void aPasswordResetLinkExpiresAfterAnHour() {
        Portal.SignedIn owner = Portal.newOwner(org());
        mailbox.clear();
        api().contentType(ContentType.JSON).body(Map.of("email", owner.email())).post("/api/portal/password-reset").then().statusCode(202);
        String text = mailbox.getMailsSentTo(owner.email().toLowerCase()).get(0).getText();
        String token = text.substring(text.indexOf("#reset=") + 7).split("\\s")[0];
        clock.advance(Duration.ofHours(1).plusSeconds(1));
        confirm(token, "an entirely new passphrase").then().statusCode(400).body("error.code", equalTo("reset_token_invalid"));
    }

    @Test
    void aResetRequestForAnUnknownEmailAnswersTheSameAndSendsNothing() {
        mailbox.clear();
        String email = Portal.uniqueEmail("nobody");
        api().contentType(ContentType.JSON).body(Map.of("email", email)).post("/api/portal/password-reset").then().statusCode(202);
        assertFalse(mailbox.getTotalMessagesSent() > 0);
    }

    private static Response confirm(String token, String password) {
        return api().contentType(ContentType.JSON).body(Map.of("token", token, "password", password))
                .post("/api/portal/password-reset/confirm");
    }
}
