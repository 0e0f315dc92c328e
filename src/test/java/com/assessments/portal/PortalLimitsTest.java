package com.assessments.portal;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

/**
 * The portal's request limit per person and the sign-in throttle per client address (IPv4 address, IPv6 /64), with
 * small limits so the edges are reached quickly. The test profile trusts X-Forwarded-For (as behind a proxy), which
 * is how these requests come from several addresses.
 */
@QuarkusTest
@TestProfile(PortalLimitsTest.SmallLimits.class)
class PortalLimitsTest {

    public static class SmallLimits implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("assessments.portal.requests-per-minute", "5", "assessments.portal.max-failures-per-address", "3");
        }
    }

    @Inject
    TestClock clock;

    @AfterEach
    void reset() {
        clock.reset();
    }

    private static Response signIn(String address, String email, String password) {
        return api().header("X-Forwarded-For", address).contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", password)).post("/api/portal/sign-in");
    }

    @Test
    void aPersonsPortalRequestsAreLimitedPerMinuteAcrossTheirSessions() {
        String org = Admin.createOrganization("Limits " + System.nanoTime(), Map.of("disc", 5));
        Portal.SignedIn owner = Portal.newOwner(org);
        for (int i = 0; i < 5; i++) {
            owner.read().get("/api/portal/me").then().statusCode(200);
        }
        Response refused = owner.read().get("/api/portal/me");
        refused.then().statusCode(429).body("error.code", equalTo("rate_limit_exceeded")).header("Retry-After", notNullValue());
        // a new session of the same person shares the window
        Portal.SignedIn again = Portal.signIn(owner.email(), Portal.PASSWORD);
        again.read().get("/api/portal/me").then().statusCode(429);
        owner.in(org).contentType(ContentType.JSON).body(Map.of("environment", "test")).post("/api/portal/keys").then().statusCode(429);
        // someone else is not limited by it
        Portal.newOwner(Admin.createOrganization("Limits other " + System.nanoTime(), Map.of("disc", 5)))
                .read().get("/api/portal/me").then().statusCode(200);
        // a sliding minute later the person is let in again
        clock.advance(Duration.ofMinutes(2));
        owner.read().get("/api/portal/me").then().statusCode(200);
    }

    @Test
    void failedSignInsFromOneAddressLockItWhateverEmailsTheyTried() {
        String org = Admin.createOrganization("Throttle " + System.nanoTime(), Map.of("disc", 5));
        String email = Portal.newOwner(org).email();
        String ip = "203.0.113." + (int) (System.nanoTime() % 200 + 1);
        String otherIp = "198.51.100." + (int) (System.nanoTime() % 200 + 1);
        // three wrong guesses, each at a different account (so no email is locked)
        for (int i = 0; i < 3; i++) {
            signIn(ip, Portal.uniqueEmail("guess" + i), "not the password at all").then().statusCode(401)
                    .body("error.code", equalTo("invalid_credentials"));
        }
        // the address is locked, even for a right password; another address is not
        Response locked = signIn(ip, email, Portal.PASSWORD);
        locked.then().statusCode(429).body("error.code", equalTo("too_many_sign_in_attempts")).header("Retry-After", notNullValue());
        signIn(otherIp, email, Portal.PASSWORD).then().statusCode(200);
        // a success from an address does not wipe its failures: two, a success, one more lock it
        signIn(otherIp, Portal.uniqueEmail("x"), "wrong wrong wrong").then().statusCode(401);
        signIn(otherIp, Portal.uniqueEmail("y"), "wrong wrong wrong").then().statusCode(401);
        signIn(otherIp, email, Portal.PASSWORD).then().statusCode(200);
        signIn(otherIp, Portal.uniqueEmail("z"), "wrong wrong wrong").then().statusCode(401);
        signIn(otherIp, email, Portal.PASSWORD).then().statusCode(429);
        // after the lockout (15 minutes) the address may try again
        clock.advance(Duration.ofMinutes(16));
        signIn(ip, email, Portal.PASSWORD).then().statusCode(200);
    }

    @Test
    void ipv6AddressesCountPerSlash64() {
        String org = Admin.createOrganization("Throttle v6 " + System.nanoTime(), Map.of("disc", 5));
        String email = Portal.newOwner(org).email();
        String block = "2001:db8:" + Integer.toHexString((int) (System.nanoTime() % 0xffff)) + ":7";
        for (int i = 1; i <= 3; i++) {
            signIn(block + "::" + i, Portal.uniqueEmail("v6"), "not the password at all").then().statusCode(401);
        }
        signIn(block + "::99", email, Portal.PASSWORD).then().statusCode(429); // same /64, another address
        signIn(block.substring(0, block.length() - 1) + "8::1", email, Portal.PASSWORD).then().statusCode(200); // the next /64
    }
}
