package com.assessments.key;

import com.assessments.support.Admin;
import com.assessments.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

/** lastUsedAt is written in batches (no write per request) and only moves forward. */
@QuarkusTest
class KeyUsageTest {

    @Inject
    TestClock clock;

    @Inject
    KeyUsage usage;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void lastUsedAtShowsTheLatestUseAfterAFlush() {
        Instant t0 = Instant.parse("2031-05-01T10:00:00Z");
        clock.set(t0);
        Admin.Keys keys = Admin.newTenant("test");
        usage.flush(); // whatever other tests left behind
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200).body("key.lastUsedAt", nullValue());
        usage.flush();
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200)
                .body("key.lastUsedAt", equalTo("2031-05-01T10:00:00Z"));

        clock.set(t0.plus(Duration.ofMinutes(5)));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200);
        // a replica whose note is older must not move it back
        usage.used(keys.secretKeyId(), t0.minus(1, ChronoUnit.DAYS));
        usage.flush();
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200)
                .body("key.lastUsedAt", equalTo("2031-05-01T10:05:00Z"));
    }
}
