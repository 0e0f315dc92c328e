package com.assessments.key;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import com.assessments.support.Admin;
import com.assessments.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

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

    /**
     * The cross-replica bound of RateLimiter. A replica never holds B = max(1, limit / 50) or more counted requests of a
     * subject unwritten, and every write reads the database's total back. Let t be the moment the written total
     * reaches the limit: the write that got it there held fewer than B requests, so at most limit - 1 + B - 1 are
     * written by then. After t a replica admits a request only while it holds it unwritten (its next write reads a
     * total at the limit), and what it held unwritten at t counts against the same B - 1. So R replicas admit at most
     * limit + (R + 1) * (B - 1) requests in a window; with one replica the view is exact and the limit is the limit.
     */
    @Test
    void replicasTogetherOvershootByAtMostRPlusOneTimesB() {
        startOfAMinute();
        for (int limit : new int[]{120, 1000}) {
            RateLimiter replicaA = new RateLimiter(dataSource, clock, null, new SimpleMeterRegistry());
            RateLimiter replicaB = new RateLimiter(dataSource, clock, null, new SimpleMeterRegistry());
            String subject = "key:shared-" + limit + "-" + System.nanoTime();
            java.util.Random random = new java.util.Random(limit);
            int admitted = 0;
            for (int i = 0; i < 2 * limit; i++) {
                RateLimiter replica = random.nextBoolean() ? replicaA : replicaB;
                if (replica.check(subject, limit).allowed()) {
                    admitted++;
                }
                if (i % 97 == 0) {
                    (random.nextBoolean() ? replicaA : replicaB).flush(); // the periodic flush, at arbitrary moments
                }
            }
            int b = RateLimiter.unwritten(limit);
            assertTrue(admitted >= limit, "a replica's view never counts more than there is: " + admitted);
            assertTrue(admitted <= limit + 3 * (b - 1), admitted + " admitted, bound " + (limit + 3 * (b - 1)));
            // once both have written and read, both refuse
            replicaA.flush();
            replicaB.flush();
            assertFalse(replicaA.check(subject, limit).allowed());
            assertFalse(replicaB.check(subject, limit).allowed());
        }
    }

    @Test
    void twoInstancesSharingTheDatabaseEnforceOneCombinedLimit() {
        startOfAMinute();
        RateLimiter replicaA = new RateLimiter(dataSource, clock, null, new SimpleMeterRegistry());
        RateLimiter replicaB = new RateLimiter(dataSource, clock, null, new SimpleMeterRegistry());
        String subject = "key:shared-" + System.nanoTime();
        int admitted = 0;
        for (int i = 0; i < 70; i++) {
            admitted += replicaA.check(subject, 120).allowed() ? 1 : 0;
            admitted += replicaB.check(subject, 120).allowed() ? 1 : 0;
        }
        // limit 120: B = 2, so every second request of a replica is written at once; 120 + 3 * (2 - 1) at most
        assertTrue(admitted >= 120 && admitted <= 123, "admitted " + admitted);
        assertFalse(replicaA.check(subject, 120).allowed(), "the 141st request across two replicas");
        assertFalse(replicaB.check(subject, 120).allowed());
    }

    @Test
    void aReplicaLearnsTheOthersCountsAtItsNextFlush() {
        startOfAMinute();
        RateLimiter replicaA = new RateLimiter(dataSource, clock, null, new SimpleMeterRegistry());
        RateLimiter replicaB = new RateLimiter(dataSource, clock, null, new SimpleMeterRegistry());
        String subject = "key:learn-" + System.nanoTime();
        assertEquals(999, replicaB.check(subject, 1000).remaining()); // B has a view of this window now
        for (int i = 0; i < 500; i++) {
            replicaA.check(subject, 1000);
        }
        replicaA.flush();
        int before = replicaB.check(subject, 1000).remaining();
        assertTrue(before >= 998 - 500, "B counts A's written requests only after reading them: " + before);
        replicaB.flush();
        assertEquals(1000 - 502 - 1, replicaB.check(subject, 1000).remaining(), "after its flush B knows all 502");
    }

    @Test
    void aFailingDatabaseIsAskedOnceThenSkippedForAFewSeconds() {
        AtomicInteger asked = new AtomicInteger();
        DataSource down = dataSource(() -> {
            asked.incrementAndGet();
            throw new SQLTransientConnectionException("connection refused");
        });
        RateLimiter limiter = new RateLimiter(down, clock, null, new SimpleMeterRegistry());
        assertTrue(limiter.check("key:outage", 120).allowed(), "fails open");
        assertTrue(limiter.check("key:outage", 120).allowed());
        assertTrue(limiter.check("key:outage", 120).allowed());
        assertEquals(1, asked.get(), "requests during an outage must not each wait for the database again");
    }

    /**
     * Requests that queued behind a write whose database did not answer (the pool's wait ran out) are let through when
     * it fails, without asking the database again one after the other: before, the n-th of them waited n times the
     * pool's timeout.
     */
    @Test
    void requestsWaitingBehindAFailedWriteDoNotAskTheDatabaseAgain() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        DataSource stuck = dataSource(() -> {
            asked.incrementAndGet();
            Thread.sleep(1_000); // the pool's acquisition timeout
            throw new SQLTransientConnectionException("acquisition timeout");
        });
        RateLimiter limiter = new RateLimiter(stuck, clock, null, new SimpleMeterRegistry());
        int requests = 6;
        ExecutorService callers = Executors.newFixedThreadPool(requests);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Boolean>> allowed = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                String subject = "key:stuck-" + i; // each the first of its window: each must write at once
                allowed.add(callers.submit(() -> {
                    go.await();
                    return limiter.check(subject, 120).allowed();
                }));
            }
            go.countDown();
            for (Future<Boolean> a : allowed) {
                assertTrue(a.get(30, TimeUnit.SECONDS), "fails open");
            }
        } finally {
            callers.shutdownNow();
        }
        assertEquals(1, asked.get(), "the requests behind the failed write each waited for the database again");
    }

    /**
     * A flush that cannot get a connection (under load the requests may hold them all for longer than the pool's wait)
     * keeps its counts for the next one and leaves the limit on: the requests after it are still counted.
     */
    @Test
    void aFailedFlushLeavesTheLimitOn() throws Exception {
        startOfAMinute();
        AtomicInteger asked = new AtomicInteger();
        DataSource failsAfterOne = dataSource(() -> {
            if (asked.incrementAndGet() == 1) {
                return dataSource.getConnection();
            }
            throw new SQLTransientConnectionException("acquisition timeout");
        });
        RateLimiter limiter = new RateLimiter(failsAfterOne, clock, null, new SimpleMeterRegistry());
        String subject = "key:flush-timeout-" + System.nanoTime();
        assertEquals(999, limiter.check(subject, 1000).remaining()); // written at once: the database answers
        assertEquals(998, limiter.check(subject, 1000).remaining()); // counted here, for the flush
        limiter.flush();
        assertEquals(2, asked.get(), "the flush asked for a connection");
        assertEquals(997, limiter.check(subject, 1000).remaining(), "the limit was off after the failed flush");
    }

    /** A DataSource whose getConnection is {@code connect}; nothing else of it is called. */
    private static DataSource dataSource(Callable<Connection> connect) {
        return (DataSource) Proxy.newProxyInstance(RateLimitTest.class.getClassLoader(),
                new Class<?>[]{DataSource.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getConnection")) {
                        return connect.call();
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
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
