package com.assessments.key;

import com.assessments.support.Admin;
import com.assessments.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** 120 requests per minute per key, sliding, shared by every replica through the database. */
@QuarkusTest
class RateLimitTest {

    @Inject
    TestClock clock;

    @Inject
    DataSource dataSource;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    /** A clock at the start of a fresh minute, so the whole test stays in one window unless it moves on. */
    private void startOfAMinute() {
        Instant now = Instant.now();
        clock.set(now.minusMillis(now.toEpochMilli() % 60_000).plus(Duration.ofMinutes(1)));
    }

    @Test
    void the121stRequestInAMinuteIs429AndTheWindowSlides() {
        startOfAMinute();
        Admin.Keys keys = Admin.newTenant("test");
        for (int i = 1; i <= 120; i++) {
            Response r = api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me");
            assertEquals(200, r.statusCode(), "request " + i);
            assertEquals("120", r.header("X-RateLimit-Limit"));
            assertEquals(String.valueOf(120 - i), r.header("X-RateLimit-Remaining"), "request " + i);
        }
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(429)
                .body("error.code", equalTo("rate_limit_exceeded"))
                .header("Retry-After", notNullValue())
                .header("X-RateLimit-Remaining", "0")
                .header("X-RateLimit-Reset", notNullValue());
        // half a minute later the previous window still weighs: 121 * 0.5 + 0 < 120 -> room again
        clock.advance(Duration.ofSeconds(90));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200)
                .body("rateLimit.limit", equalTo(120));
    }

    @Test
    void orgMeReportsTheLiveRemainingCount() {
        startOfAMinute();
        Admin.Keys keys = Admin.newTenant("test");
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200).body("rateLimit.remaining", equalTo(119));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200).body("rateLimit.remaining", equalTo(118));
    }

    @Test
    void aRaisedLimitAppliesAtOnce() {
        startOfAMinute();
        Admin.Keys keys = Admin.newTenant("test");
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().header("X-RateLimit-Limit", "120");
        api().auth().oauth2(Admin.TOKEN).contentType(io.restassured.http.ContentType.JSON).body(Map.of("rateLimitPerMinute", 600))
                .patch("/api/admin/organizations/{id}", keys.orgId()).then().statusCode(200);
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().header("X-RateLimit-Limit", "600");
    }

    @Test
    void rotatingAKeyDoesNotResetItsWindow() {
        startOfAMinute();
        Admin.Keys keys = Admin.newTenant("test");
        api().auth().oauth2(Admin.TOKEN).contentType(io.restassured.http.ContentType.JSON).body(Map.of("rateLimitPerMinute", 5))
                .patch("/api/admin/organizations/{id}", keys.orgId()).then().statusCode(200);
        for (int i = 0; i < 3; i++) {
            api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(200);
        }
        // the 4th request rotates; the replacement and the old key (in its grace period) share the lineage's window
        String fresh = api().auth().oauth2(keys.secretKey()).contentType(io.restassured.http.ContentType.JSON)
                .body(Map.of("gracePeriodSeconds", 3600)).post("/api/v1/keys/{id}/rotate", keys.secretKeyId())
                .then().statusCode(200).header("X-RateLimit-Remaining", "1").extract().path("key.secret");
        api().auth().oauth2(fresh).get("/api/v1/org/me").then().statusCode(200).header("X-RateLimit-Remaining", "0");
        api().auth().oauth2(fresh).get("/api/v1/org/me").then().statusCode(429).body("error.code", equalTo("rate_limit_exceeded"));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/org/me").then().statusCode(429);
        // rotating again from the replacement does not help either
        api().auth().oauth2(fresh).contentType(io.restassured.http.ContentType.JSON).body(Map.of())
                .post("/api/v1/keys/{id}/rotate", keys.secretKeyId()).then().statusCode(429);
    }

    @Test
    void twoInstancesSharingTheDatabaseEnforceOneCombinedLimit() {
        startOfAMinute();
        RateLimiter replicaA = new RateLimiter(dataSource, clock, null);
        RateLimiter replicaB = new RateLimiter(dataSource, clock, null);
        String subject = "key:shared-" + System.nanoTime();
        for (int i = 0; i < 60; i++) {
            assertTrue(replicaA.check(subject, 120).allowed());
            assertTrue(replicaB.check(subject, 120).allowed());
        }
        assertFalse(replicaA.check(subject, 120).allowed(), "the 121st request across two replicas");
        assertFalse(replicaB.check(subject, 120).allowed());
    }

    @Test
    void aFailingDatabaseIsAskedOnceThenSkippedForAFewSeconds() {
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        DataSource down = (DataSource) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[]{DataSource.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getConnection")) {
                        asked.incrementAndGet();
                        throw new java.sql.SQLTransientConnectionException("connection refused");
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        RateLimiter limiter = new RateLimiter(down, clock, null);
        assertTrue(limiter.check("key:outage", 120).allowed(), "fails open");
        assertTrue(limiter.check("key:outage", 120).allowed());
        assertTrue(limiter.check("key:outage", 120).allowed());
        assertEquals(1, asked.get(), "requests during an outage must not each wait for the database again");
    }

    @Test
    void slidingWindowArithmetic() {
        long start = 1_800_000_000_000L - (1_800_000_000_000L % 60_000);
        // 100 in the previous minute, 30 s into this one with 60 so far: 100 * 0.5 + 60 = 110 <= 120
        RateLimiter.Decision d = RateLimiter.decide(120, 60, 100, start + 30_000, start);
        assertTrue(d.allowed());
        assertEquals(10, d.remaining());
        // 90 now: 50 + 90 = 140 > 120; one more fits when 100 * (1 - e) + 91 <= 120, e = 0.71 -> 12.6 s -> 13 s
        RateLimiter.Decision over = RateLimiter.decide(120, 90, 100, start + 30_000, start);
        assertFalse(over.allowed());
        assertEquals(13, over.retryAfterSeconds());
        // no previous minute, 121 now at 10 s: the next window starts in 50 s, where 121 * (1 - e) + 1 <= 120 needs e >= 0.0165
        RateLimiter.Decision next = RateLimiter.decide(120, 121, 0, start + 10_000, start);
        assertEquals(51, next.retryAfterSeconds());
    }
}
