package com.assessments.org;

import com.assessments.common.Sql;
import com.assessments.support.Admin;
import com.assessments.support.TestDb;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class LicenseStripesTest {

    @Inject
    TestDb db;
    @Inject
    Sql sql;

    /**
     * Threads of its own: the common pool may have a single worker on 2 cores (JDK 25 runs CompletableFuture's async
     * tasks there, where JDK 17 gave each its own thread), and the holder blocks it, so the second create never ran.
     */
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void aCreateHoldingOneStripeDoesNotMakeTheNextWait() throws Exception {
        String org = Admin.createOrganization("Stripes org", Map.of("disc", 40));
        CountDownLatch taken = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // transaction A takes a unit and keeps its stripe locked until released
        CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> QuarkusTransaction.requiringNew().run(() -> {
            assertTrue(License.take(sql, org, "disc"));
            taken.countDown();
            await(release);
        }), threads);
        assertTrue(taken.await(10, TimeUnit.SECONDS));
        // transaction B is not blocked by A (a single license row would make it wait for A's commit)
        CompletableFuture<Boolean> other = CompletableFuture.supplyAsync(
                () -> QuarkusTransaction.requiringNew().call(() -> License.take(sql, org, "disc")), threads);
        assertTrue(other.get(10, TimeUnit.SECONDS));
        release.countDown();
        holder.get(10, TimeUnit.SECONDS);
        assertEquals(2, db.count("select sum(used) from license_stripes where organization_id = ?", org));
        assertEquals(2, db.count("select count(*) from license_stripes where organization_id = ? and used = 1", org));
    }

    @Test
    void whenEveryFreeStripeIsHeldTheNextCreateWaitsAndThenTakesOrIsRefused() throws Exception {
        String org = Admin.createOrganization("Last unit org", Map.of("disc", 1));
        CountDownLatch taken = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> QuarkusTransaction.requiringNew().run(() -> {
            assertTrue(License.take(sql, org, "disc"));
            taken.countDown();
            await(release);
            QuarkusTransaction.setRollbackOnly(); // gives the unit back
        }), threads);
        assertTrue(taken.await(10, TimeUnit.SECONDS));
        CompletableFuture<Boolean> waiter = CompletableFuture.supplyAsync(
                () -> QuarkusTransaction.requiringNew().call(() -> License.take(sql, org, "disc")), threads);
        awaitABackendWaitingForALock(); // the waiter queues on the held stripe
        assertFalse(waiter.isDone());
        release.countDown();
        // marked rollback-only, so its commit is refused: the unit goes back
        assertThrows(java.util.concurrent.ExecutionException.class, () -> holder.get(10, TimeUnit.SECONDS));
        assertTrue(waiter.get(10, TimeUnit.SECONDS), "the unit given back goes to the waiting create");
        assertFalse(QuarkusTransaction.requiringNew().call(() -> License.take(sql, org, "disc")), "none is left");
        assertEquals(1, db.count("select sum(used) from license_stripes where organization_id = ?", org));
    }

    @Test
    void capacitySetBelowWhatIsUsedStopsTakesAndRaisingItSpreadsOnlyTheFreeUnits() {
        String org = Admin.createOrganization("Capacity org", Map.of("disc", 5));
        for (int i = 0; i < 5; i++) {
            assertTrue(QuarkusTransaction.requiringNew().call(() -> License.take(sql, org, "disc")));
        }
        setDiscCapacity(org, 2);
        assertFalse(QuarkusTransaction.requiringNew().call(() -> License.take(sql, org, "disc")));
        assertEquals(5, db.count("select sum(capacity) from license_stripes where organization_id = ?", org));
        api().auth().oauth2(Admin.TOKEN).get("/api/admin/organizations/{id}", org).then().statusCode(200)
                .body("licenses.find { it.assessmentType == 'disc' }.capacity", equalTo(2))
                .body("licenses.find { it.assessmentType == 'disc' }.used", equalTo(5));

        setDiscCapacity(org, 37);
        assertEquals(37, db.count("select sum(capacity) from license_stripes where organization_id = ?", org));
        // 32 free units over 16 stripes: two each, on top of what each stripe has used
        assertEquals(16, db.count("select count(*) from license_stripes where organization_id = ? and capacity - used = 2", org));
        for (int i = 0; i < 32; i++) {
            assertTrue(QuarkusTransaction.requiringNew().call(() -> License.take(sql, org, "disc")));
        }
        assertFalse(QuarkusTransaction.requiringNew().call(() -> License.take(sql, org, "disc")));
        assertEquals(37, db.count("select sum(used) from license_stripes where organization_id = ?", org));
    }

    @Test
    void theDatabaseRefusesAStripeUsedBeyondItsCapacity() {
        String org = Admin.createOrganization("Check org", Map.of("disc", 1));
        assertThrows(RuntimeException.class,
                () -> db.update("update license_stripes set used = capacity + 1 where organization_id = ? and stripe = 0", org));
        assertEquals(0, db.count("select sum(used) from license_stripes where organization_id = ?", org));
    }

    private static void setDiscCapacity(String org, int capacity) {
        api().auth().oauth2(Admin.TOKEN).contentType("application/json").body(Map.of("licenses", Map.of("disc", capacity)))
                .patch("/api/admin/organizations/{id}", org).then().statusCode(200);
    }

    private void awaitABackendWaitingForALock() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (db.count("select count(*) from pg_stat_activity where wait_event_type = 'Lock'") == 0) {
            assertTrue(System.nanoTime() < deadline, "no create ever waited for the held stripe");
            Thread.sleep(10);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
