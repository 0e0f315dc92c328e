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
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sign-in, the session cookie, CSRF, timeouts, sign-out, throttling, and the wall between portal and public API. */
@QuarkusTest
class PortalSessionTest {

    @Inject
    TestClock clock;

    @Inject
    TestDb db;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private static Portal.SignedIn owner() {
        return Portal.newOwner(Admin.createOrganization("Session org " + System.nanoTime(), Map.of("disc", 5)));
    }

    @Test
    void theSessionCookieIsHttpOnlyLaxScopedToThePortalApiAndSecureOnlyOverHttps() {
        Portal.SignedIn owner = owner();
        String plain = Portal.signInResponse(owner.email(), Portal.PASSWORD).header("Set-Cookie");
        assertTrue(plain.matches("portal_session=pst_[A-Za-z0-9]{43}; Path=/api/portal; Max-Age=43200; HttpOnly; SameSite=Lax"), plain);

        String https = api().header("X-Forwarded-Proto", "https").contentType(ContentType.JSON)
                .body(Map.of("email", owner.email(), "password", Portal.PASSWORD)).post("/api/portal/sign-in").header("Set-Cookie");
        assertTrue(https.endsWith("; HttpOnly; SameSite=Lax; Secure"), https);
        String token = https.substring("portal_session=".length(), https.indexOf(';'));
        assertEquals(1, db.count("select count(*) from portal_sessions where token_hash = sha256(convert_to(?, 'UTF8'))", token),
                "the session row keeps the token's SHA-256 only");
    }

    @Test
    void meShowsTheUserTheirOrganizationsAndTheSameCsrfTokenAsSignIn() {
        Portal.SignedIn owner = owner();
        owner.read().get("/api/portal/me").then().statusCode(200)
                .body("csrfToken", equalTo(owner.csrf()))
                .body("memberships[0].role", equalTo("owner"));
    }

    @Test
    void aWrongPasswordAndAnUnknownEmailGetTheSameAnswer() {
        Portal.SignedIn owner = owner();
        Response wrong = Portal.signInResponse(owner.email(), "not the password");
        Response unknown = Portal.signInResponse(Portal.uniqueEmail("ghost"), Portal.PASSWORD);
        wrong.then().statusCode(401).body("error.code", equalTo("invalid_credentials"));
        unknown.then().statusCode(401).body("error.code", equalTo("invalid_credentials"));
        assertEquals(wrong.path("error.message"), (Object) unknown.path("error.message"));
    }

    @Test
    void fiveFailedSignInsLockTheEmailForFifteenMinutesEvenForTheRightPassword() {
        Portal.SignedIn owner = owner();
        for (int i = 0; i < 5; i++) {
            Portal.signInResponse(owner.email(), "wrong password " + i).then().statusCode(401);
        }
        Response locked = Portal.signInResponse(owner.email(), Portal.PASSWORD);
        locked.then().statusCode(429).body("error.code", equalTo("too_many_sign_in_attempts"));
        int retryAfter = Integer.parseInt(locked.header("Retry-After"));
        assertTrue(retryAfter > 800 && retryAfter <= 901, "Retry-After " + retryAfter);
        clock.advance(Duration.ofMinutes(15).plusSeconds(1));
        Portal.signIn(owner.email(), Portal.PASSWORD);
        // a success clears the count: four more failures do not lock
        for (int i = 0; i < 4; i++) {
            Portal.signInResponse(owner.email(), "wrong again " + i).then().statusCode(401);
        }
        Portal.signIn(owner.email(), Portal.PASSWORD);
    }

    @Test
    void failuresOutsideTheFifteenMinuteWindowDoNotAddUp() {
        Portal.SignedIn owner = owner();
        for (int i = 0; i < 4; i++) {
            Portal.signInResponse(owner.email(), "wrong " + i).then().statusCode(401);
        }
        clock.advance(Duration.ofMinutes(16));
        for (int i = 0; i < 4; i++) {
            Portal.signInResponse(owner.email(), "wrong later " + i).then().statusCode(401);
        }
        Portal.signIn(owner.email(), Portal.PASSWORD);
    }

    @Test
    void signOutNeedsTheCsrfTokenAndThenTheCookieIsDead() {
        Portal.SignedIn owner = owner();
        owner.read().post("/api/portal/sign-out").then().statusCode(403).body("error.code", equalTo("csrf_check_failed"));
        owner.read().header("X-CSRF-Token", "not-the-token").post("/api/portal/sign-out").then().statusCode(403)
                .body("error.code", equalTo("csrf_check_failed"));
        String cleared = owner.write().post("/api/portal/sign-out").then().statusCode(204).extract().header("Set-Cookie");
        assertTrue(cleared.startsWith("portal_session=; Path=/api/portal; Max-Age=0; HttpOnly; SameSite=Lax"), cleared);
        owner.read().get("/api/portal/me").then().statusCode(401).body("error.code", equalTo("invalid_portal_session"));
    }

    @Test
    void aStateChangingRequestFromAnotherSiteIsRefusedEvenWithTheToken() {
        Portal.SignedIn owner = owner();
        owner.write().header("Origin", "https://evil.example").post("/api/portal/sign-out").then().statusCode(403)
                .body("error.code", equalTo("csrf_check_failed"));
        owner.write().header("Sec-Fetch-Site", "cross-site").post("/api/portal/sign-out").then().statusCode(403)
                .body("error.code", equalTo("csrf_check_failed"));
        owner.write().header("Origin", "http://localhost:8080").post("/api/portal/sign-out").then().statusCode(204);
    }

    @Test
    void signInFromAnotherSiteIsRefused() {
        Portal.SignedIn owner = owner();
        api().header("Origin", "https://evil.example").contentType(ContentType.JSON)
                .body(Map.of("email", owner.email(), "password", Portal.PASSWORD))
                .post("/api/portal/sign-in").then().statusCode(403).body("error.code", equalTo("csrf_check_failed"));
        api().header("Sec-Fetch-Site", "same-site").contentType(ContentType.JSON)
                .body(Map.of("email", owner.email(), "password", Portal.PASSWORD))
                .post("/api/portal/sign-in").then().statusCode(403).body("error.code", equalTo("csrf_check_failed"));
    }

    @Test
    void aSessionEndsAfterTwoIdleHours() {
        Portal.SignedIn owner = owner();
        clock.advance(Duration.ofMinutes(110));
        owner.read().get("/api/portal/me").then().statusCode(200); // use moves the idle end
        clock.advance(Duration.ofMinutes(110));
        owner.read().get("/api/portal/me").then().statusCode(200);
        clock.advance(Duration.ofHours(2).plusSeconds(1));
        owner.read().get("/api/portal/me").then().statusCode(401).body("error.code", equalTo("invalid_portal_session"));
    }

    @Test
    void aSessionEndsTwelveHoursAfterSignInHoweverBusy() {
        Portal.SignedIn owner = owner();
        for (int i = 0; i < 11; i++) {
            clock.advance(Duration.ofHours(1));
            owner.read().get("/api/portal/me").then().statusCode(200);
        }
        clock.advance(Duration.ofMinutes(59));
        owner.read().get("/api/portal/me").then().statusCode(200).body("idleExpiresAt", equalTo(owner.read().get("/api/portal/me").path("expiresAt")));
        clock.advance(Duration.ofMinutes(1).plusSeconds(1));
        owner.read().get("/api/portal/me").then().statusCode(401);
    }

    @Test
    void anApiKeyNeverAuthenticatesAPortalRoute() {
        Admin.Keys keys = Admin.newTenant("test");
        api().auth().oauth2(keys.secretKey()).get("/api/portal/me").then().statusCode(401)
                .body("error.code", equalTo("invalid_portal_session"));
        api().auth().oauth2(keys.secretKey()).get("/api/portal/organization").then().statusCode(401)
                .body("error.code", equalTo("invalid_portal_session"));
    }

    @Test
    void aPortalCookieNeverAuthenticatesThePublicApi() {
        Portal.SignedIn owner = owner();
        owner.write().get("/api/v1/org/me").then().statusCode(401).body("error.code", equalTo("invalid_api_key"));
        owner.write().get("/api/v1/sessions").then().statusCode(401).body("error.code", equalTo("invalid_api_key"));
        owner.write().header("Authorization", "Bearer " + owner.cookie()).get("/api/v1/org/me").then().statusCode(401)
                .body("error.code", equalTo("invalid_api_key"));
    }

    @Test
    void noPasswordEmailOrTokenReachesTheLog() throws Exception {
        Portal.SignedIn owner = owner();
        Portal.signInResponse(owner.email(), "a wrong password for the log").then().statusCode(401);
        String log = java.nio.file.Files.readString(java.nio.file.Path.of("target/quarkus-test.log"));
        assertFalse(log.contains(owner.email()), "the email is in the log");
        assertFalse(log.contains("a wrong password for the log"), "a password is in the log");
        assertFalse(log.contains(owner.cookie()), "a session token is in the log");
    }
}
