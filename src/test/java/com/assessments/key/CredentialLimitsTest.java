package com.assessments.key;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Timestamp;
import java.time.Instant;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

/**
 * Every credential has a window: session tokens and the operator token too. And a change made on any replica
 * (a revoked key, a lowered organization limit) reaches every replica's key cache within a second.
 */
@QuarkusTest
class CredentialLimitsTest {

    @Inject
    TestClock clock;

    @Inject
    DataSource dataSource;

    @Inject
    ApiKeyService keys;

    @Inject
    CredentialLimits limits;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    /** A minute no other test uses, with the subject's window already holding {@code count} requests. */
    private void fullWindow(String subject, Instant minute, int count) {
        clock.set(minute);
        new TestDb(dataSource).update("insert into rate_limit_windows (subject, window_start, count) values (?, ?, ?)"
                + " on conflict (subject, window_start) do update set count = excluded.count", subject, Timestamp.from(minute), count);
    }

    @Test
    void aSessionTokenHasItsOwnWindow() {
        Admin.Keys keys = Admin.newTenant("test");
        String[] limited = Sessions.created(keys.secretKey(), "disc");
        String[] other = Sessions.created(keys.secretKey(), "disc");
        fullWindow("session:" + limited[0], Instant.parse("2041-03-04T05:06:00Z"), limits.sessionTokenPerMinute() - 1);

        api().auth().oauth2(limited[1]).get("/api/v1/embed/session").then().statusCode(200)
                .header("X-RateLimit-Limit", String.valueOf(limits.sessionTokenPerMinute()))
                .header("X-RateLimit-Remaining", "0");
        api().auth().oauth2(limited[1]).get("/api/v1/embed/session").then().statusCode(429)
                .body("error.code", equalTo("rate_limit_exceeded"))
                .header("Retry-After", notNullValue());
        api().auth().oauth2(limited[1]).get("/api/v1/assessments/questions/disc").then().statusCode(429);
        // another session of the same organization, and the organization's key, are not affected
        api().auth().oauth2(other[1]).get("/api/v1/embed/session").then().statusCode(200);
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", limited[0]).then().statusCode(200);
    }

    @Test
    void theOperatorTokenHasAWindow() {
        fullWindow("operator", Instant.parse("2041-03-04T07:08:00Z"), limits.operatorPerMinute() - 1);
        api().auth().oauth2(Admin.TOKEN).get("/api/admin/organizations").then().statusCode(200)
                .header("X-RateLimit-Remaining", "0");
        api().auth().oauth2(Admin.TOKEN).get("/api/admin/organizations").then().statusCode(429)
                .body("error.code", equalTo("rate_limit_exceeded"))
                .header("Retry-After", notNullValue());
        // a wrong token is refused as such, without touching the operator's window
        api().auth().oauth2("not-the-operator-token-not-the-operator-token").get("/api/admin/organizations")
                .then().statusCode(401).body("error.code", equalTo("invalid_admin_token"));
    }

    @Test
    void aRevocationOnAnotherReplicaReachesThisReplicasCacheAtTheNextCheck() {
        Admin.Keys tenant = Admin.newTenant("test");
        keys.followChanges();
        api().auth().oauth2(tenant.secretKey()).get("/api/v1/org/me").then().statusCode(200)
                .header("X-RateLimit-Limit", "120");
        // what another replica's revocation and limit change write, in their transactions
        TestDb db = new TestDb(dataSource);
        db.update("update api_keys set revoked_at = now() where id = ?", tenant.secretKeyId());
        db.update("update organizations set rate_limit_per_minute = 7 where id = ?", tenant.orgId());
        db.update("update auth_cache_epoch set epoch = epoch + 1 where id = 1");
        // this replica still serves its cached look-up until it checks the epoch (every second in production)
        api().auth().oauth2(tenant.secretKey()).get("/api/v1/org/me").then().statusCode(200);
        keys.followChanges();
        api().auth().oauth2(tenant.secretKey()).get("/api/v1/org/me").then().statusCode(401)
                .body("error.code", equalTo("invalid_api_key"));
    }

    @Test
    void aLoweredOrganizationLimitReachesEveryReplicaAtTheNextCheck() {
        Admin.Keys tenant = Admin.newTenant("test");
        keys.followChanges();
        api().auth().oauth2(tenant.secretKey()).get("/api/v1/org/me").then().header("X-RateLimit-Limit", "120");
        TestDb db = new TestDb(dataSource);
        db.update("update organizations set rate_limit_per_minute = 7 where id = ?", tenant.orgId());
        db.update("update auth_cache_epoch set epoch = epoch + 1 where id = 1");
        keys.followChanges();
        api().auth().oauth2(tenant.secretKey()).get("/api/v1/org/me").then().header("X-RateLimit-Limit", "7");
    }
}
