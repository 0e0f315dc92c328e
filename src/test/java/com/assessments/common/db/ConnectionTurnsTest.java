package com.assessments.common.db;

import com.assessments.common.error.DatabaseOutage;
import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link ConnectionTurns}: first come first served, bounded by the pool's timeout, and on the session write paths. */
@QuarkusTest
class ConnectionTurnsTest {

    @Inject
    ConnectionTurns turns;

    @ConfigProperty(name = "assessments.db.turns")
    int slots;

    /** Holds {@code n} turns on threads of its own until {@link #close}. */
    private final class Held implements AutoCloseable {
        final ExecutorService threads;
        final CountDownLatch release = new CountDownLatch(1);
        final List<Future<Object>> calls = new ArrayList<>();

        Held(int n) throws InterruptedException {
            threads = Executors.newFixedThreadPool(Math.max(n, 1));
            CountDownLatch in = new CountDownLatch(n);
            for (int i = 0; i < n; i++) {
                calls.add(threads.submit(() -> turns.run(() -> {
                    in.countDown();
                    return release.await(30, TimeUnit.SECONDS);
                })));
            }
            assertTrue(in.await(10, TimeUnit.SECONDS), "every holder got its turn");
        }

        @Override
        public void close() throws Exception {
            release.countDown();
            for (Future<Object> call : calls) {
                call.get(10, TimeUnit.SECONDS);
            }
            threads.shutdownNow();
        }
    }

    @Test
    void aTurnGivenBackGoesToTheLongestWaiterNotToItsGiverComingStraightBack() throws Exception {
        List<String> entered = java.util.Collections.synchronizedList(new ArrayList<>());
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (Held others = new Held(slots - 1)) {
            CountDownLatch giverIn = new CountDownLatch(1);
            CountDownLatch giveBack = new CountDownLatch(1);
            Future<?> giver = threads.submit(() -> {
                turns.run(() -> {
                    giverIn.countDown();
                    return giveBack.await(10, TimeUnit.SECONDS);
                });
                return turns.run(() -> entered.add("giver again")); // straight back, as a worker with its next request
            });
            assertTrue(giverIn.await(10, TimeUnit.SECONDS));
            Future<?> waiter = threads.submit(() -> turns.run(() -> entered.add("waiter")));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (turns.waiting() < 1 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(1, turns.waiting(), "the waiter is queued");
            giveBack.countDown();
            waiter.get(10, TimeUnit.SECONDS);
            giver.get(10, TimeUnit.SECONDS);
        } finally {
            threads.shutdownNow();
        }
        assertEquals(List.of("waiter", "giver again"), entered);
    }

    @Test
    void noTurnWithinThePoolsTimeoutFailsAsADatabaseOutage() throws Exception {
        try (Held all = new Held(slots)) {
            long start = System.nanoTime();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> turns.run(() -> "never"));
            long waitedMs = (System.nanoTime() - start) / 1_000_000;
            assertTrue(waitedMs >= 900, "waited the acquisition timeout (1 s): " + waitedMs + " ms");
            assertTrue(DatabaseOutage.causedBy(e), "answered as 503 service_unavailable: " + e);
        }
    }

    @Test
    void aNestedCallRunsInItsCallersTurn() throws Exception {
        try (Held others = new Held(slots - 1)) {
            assertEquals("inner", turns.run(() -> turns.run(() -> "inner")), "the last turn is enough for both");
        }
    }

    @Test
    void aSessionCreateWaitsItsTurn() throws Exception {
        Admin.Keys keys = Admin.newTenant("test");
        try (Held all = new Held(slots)) {
            Sessions.create(keys.secretKey(), Sessions.body("disc", "in-turn")).statusCode(503)
                    .body("error.code", equalTo("service_unavailable"));
        }
        Sessions.create(keys.secretKey(), Sessions.body("disc", "in-turn")).statusCode(201);
    }
}
