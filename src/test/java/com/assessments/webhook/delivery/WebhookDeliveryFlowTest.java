package com.assessments.webhook.delivery;

import com.assessments.common.SecretBox;
import com.assessments.jobs.JobRuns;
import com.assessments.support.Admin;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import com.assessments.webhook.WebhookConfig;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The delivery flow with real receivers on loopback, the injected clock, and two workers on one database (two
 * replicas): a hanging receiver holds only its own slots, its circuit opens, a dead replica's deliveries are taken
 * over once its short lease runs out, leases of sends in flight are renewed, retries go out when they fall due.
 */
@QuarkusTest
@TestProfile(WebhookDeliveryFlowTest.FlowSettings.class)
class WebhookDeliveryFlowTest {

    /**
     * Attempts time out after 8 s (instead of 10: the hanging receiver's attempts must outlast the other
     * organization's deliveries on a busy machine, yet end within the test), and an endpoint's circuit opens after 4
     * failures in a row (instead of 5), so one round of hanging attempts opens it.
     */
    public static class FlowSettings implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("assessments.webhooks.attempt-timeout", "8s",
                    "assessments.webhooks.circuit-breaker-failures", "4");
        }
    }

    private static final Duration WAIT = Duration.ofSeconds(25);
    private static final int CAP = 4; // assessments.webhooks.max-in-flight-per-endpoint (default)

    @Inject
    TestDb db;
    @Inject
    DataSource dataSource;
    @Inject
    TestClock clock;
    @Inject
    DeliveryWorker worker;
    @Inject
    DeliveryQueue queue;
    @Inject
    WebhookConfig config;
    @Inject
    SecretBox box;
    @Inject
    WebhookHttp http;
    @Inject
    SsrfGuard guard;
    @Inject
    JobRuns runs;
    @Inject
    com.assessments.observability.DeliveryTelemetry telemetry;

    Receiver receiver;
    /** A second replica: another worker on the same database (not woken by commits; the tests wake it). */
    DeliveryWorker replica2;
    final List<String[]> endpointsToDelete = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        receiver = new Receiver();
        replica2 = new DeliveryWorker(queue, clock, config, box, http, guard, runs, telemetry);
    }

    @AfterEach
    void stop() {
        // deleting an endpoint cancels its waiting deliveries, so nothing of this test is claimed by later ones
        for (String[] e : endpointsToDelete) {
            api().auth().oauth2(e[0]).delete("/api/v1/webhooks/{id}", e[1]).then().statusCode(200);
        }
        endpointsToDelete.clear();
        replica2.stop();
        receiver.close();
        clock.reset();
    }

    private String register(String key, Receiver to, List<String> events) {
        String id = api().auth().oauth2(key).contentType(ContentType.JSON)
                .body(Map.of("url", to.url("/hooks"), "events", events))
                .post("/api/v1/webhooks").then().statusCode(201).extract().path("id");
        endpointsToDelete.add(new String[]{key, id});
        return id;
    }

    private Map<String, Object> delivery(String id) {
        return db.query("select status, attempts, next_attempt_at, claimed_until, claimed_by from webhook_deliveries where id = ?", id).get(0);
    }

    private String onlyDeliveryOf(String endpoint) {
        var rows = db.query("select id from webhook_deliveries where endpoint_id = ?", endpoint);
        assertEquals(1, rows.size());
        return (String) rows.get(0).get("id");
    }

    private long liveLeases(String endpoint) {
        return db.count("select count(*) from webhook_deliveries where endpoint_id = ? and claimed_until > ?",
                endpoint, Timestamp.from(clock.instant()));
    }

    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            sleep(20);
        }
    }

    @Test
    void aHangingReceiverHoldsOnlyItsOwnSlotsWhileAnotherOrganizationsDeliveriesArrive() throws Exception {
        try (Receiver hanging = new Receiver()) {
            hanging.hang();
            Admin.Keys slow = Admin.newTenant("test");
            Admin.Keys fast = Admin.newTenant("test");
            String slowEndpoint = register(slow.secretKey(), hanging, List.of("session.created"));
            register(fast.secretKey(), receiver, List.of("session.created"));

            // a backlog for the hanging endpoint larger than a replica's 32 slots, all due now
            Sessions.created(slow.secretKey(), "disc");
            String event = (String) db.query("select event_id from webhook_deliveries where endpoint_id = ?", slowEndpoint)
                    .get(0).get("event_id");
            db.update("insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)"
                    + " select 'whd_backlog' || g || substr(md5(random()::text), 1, 6), ?, ?, ?, 'pending', 0, ?, now()"
                    + " from generate_series(1, 39) g", slow.orgId(), slowEndpoint, event, Timestamp.from(clock.instant()));
            worker.wake();
            replica2.wake();
            await("the hanging endpoint's first attempts", () -> hanging.open() == CAP);
            // both replicas together hold at most the endpoint's cap
            assertEquals(CAP, liveLeases(slowEndpoint));

            // the other organization's deliveries flow meanwhile, while the hanging attempts are still unanswered
            for (int i = 0; i < 5; i++) {
                Sessions.created(fast.secretKey(), "disc");
                replica2.wake();
            }
            assertEquals(5, receiver.await(5, WAIT).size());
            assertEquals(CAP, hanging.received().size(), "the hanging endpoint got more than its cap");
            assertTrue(hanging.maxOpen() <= CAP, "in flight at once: " + hanging.maxOpen());
            String fastDeliveries = "select count(*) from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id"
                    + " where w.organization_id = ?";
            await("the other organization's outcomes", () -> db.count(fastDeliveries + " and d.status = 'succeeded'", fast.orgId()) == 5);
            assertEquals(5, db.count(fastDeliveries + " and d.attempts = 1", fast.orgId()));

            // the attempts time out; after 4 failures in a row the endpoint's circuit opens, for all replicas
            await("the circuit to open", () -> ((Number) db.query("select consecutive_failures from webhook_endpoints where id = ?",
                    slowEndpoint).get(0).get("consecutive_failures")).intValue() >= 4);
            await("the attempts in flight to end", () -> liveLeases(slowEndpoint) == 0);
            int sent = hanging.received().size();
            assertTrue(sent <= 4 + CAP - 1, "sent " + sent + " attempts to an endpoint whose circuit opens after 4 failures");
            Instant openUntil = ((Timestamp) db.query("select circuit_open_until from webhook_endpoints where id = ?", slowEndpoint)
                    .get(0).get("circuit_open_until")).toInstant();
            assertTrue(openUntil.isAfter(clock.instant()));
            // its waiting deliveries show when they may go next
            assertEquals(0, db.count("select count(*) from webhook_deliveries where endpoint_id = ? and status in ('pending', 'failed')"
                    + " and next_attempt_at < ?", slowEndpoint, Timestamp.from(openUntil)));
            worker.runOnce();
            replica2.runOnce();
            sleep(300);
            assertEquals(sent, hanging.received().size(), "an endpoint with an open circuit got deliveries");

            // after the cool-down one delivery probes the endpoint; the others wait for its outcome
            clock.set(openUntil.plusSeconds(1));
            worker.wake();
            replica2.wake();
            await("the probe", () -> hanging.received().size() == sent + 1);
            worker.wake();
            replica2.wake();
            sleep(300);
            assertEquals(sent + 1, hanging.received().size(), "more than one probe of a half-open circuit");
            assertEquals(1, liveLeases(slowEndpoint));
        }
    }

    /** A delivery due now with {@code attempts} made, queued without the immediate attempt. */
    private String queueUnsent(Admin.Keys keys, String endpoint, String status, int attempts) {
        db.update("update webhook_endpoints set status = 'disabled' where id = ?", endpoint);
        Sessions.created(keys.secretKey(), "disc");
        db.update("update webhook_endpoints set status = 'enabled' where id = ?", endpoint);
        db.update("insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)"
                + " select 'whd_dead' || substr(md5(random()::text), 1, 8), organization_id, id,"
                + " (select id from events where organization_id = ? order by created_at desc limit 1), ?, ?, ?, now()"
                + " from webhook_endpoints where id = ?", keys.orgId(), status, attempts, Timestamp.from(clock.instant()), endpoint);
        return onlyDeliveryOf(endpoint);
    }

    @Test
    void aDeadReplicasDeliveryIsTakenOverOnceItsShortLeaseRunsOutAndBothSendsCount() {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), receiver, List.of("session.created"));
        // queue a delivery without the immediate attempt, then claim it as a replica that then dies would
        String id = queueUnsent(keys, endpoint, "pending", 0);
        Instant claimedAt = clock.instant();
        var claimed = worker.claim(claimedAt);
        assertEquals(List.of(id), claimed.stream().map(DeliveryQueue.Claimed::id).toList());

        // the attempt is counted before the send, with its lease of 15 s
        var row = delivery(id);
        assertEquals(1, ((Number) row.get("attempts")).intValue());
        assertEquals(claimedAt.plus(Duration.ofSeconds(15)), ((Timestamp) row.get("claimed_until")).toInstant());
        assertEquals(1, db.count("select count(*) from webhook_attempts where delivery_id = ? and attempt = 1 and in_flight", id));

        // the claiming replica dies here: nothing is sent, its lease is never renewed
        clock.advance(Duration.ofSeconds(14));
        assertEquals(0, replica2.runOnce());
        assertEquals(0, worker.runOnce());
        assertEquals(0, receiver.received().size(), "a leased delivery was sent again before its lease ran out");

        clock.advance(Duration.ofSeconds(2)); // 16 s after the claim
        replica2.runOnce(); // or the service's worker, woken when the lease ran out: either replica takes it over
        await("the takeover", () -> "succeeded".equals(delivery(id).get("status")));
        assertEquals(1, receiver.received().size());
        row = delivery(id);
        assertEquals("succeeded", row.get("status"));
        assertEquals(2, ((Number) row.get("attempts")).intValue(), "the lost attempt and the one that arrived");
        assertNull(row.get("claimed_until"));
        var attempts = db.query("select attempt, in_flight, response_status, error from webhook_attempts where delivery_id = ? order by attempt", id);
        assertEquals(2, attempts.size());
        assertEquals(false, attempts.get(0).get("in_flight"));
        assertEquals(DeliveryQueue.LOST, attempts.get(0).get("error"));
        assertEquals(200, ((Number) attempts.get(1).get("response_status")).intValue());
        api().auth().oauth2(keys.secretKey()).get("/api/v1/webhooks/{id}/deliveries", endpoint).then().statusCode(200)
                .body("data[0].attempts", equalTo(2)).body("data[0].status", equalTo("succeeded"));
    }

    @Test
    void aDeadReplicasUnrenewedLeasesStopHoldingItsEndpointsCapSoTheOtherDeliveriesGoOn() {
        // found by scripts/fault-harness.sh kill: a replica killed while sending an endpoint's full cap stopped that
        // endpoint's deliveries for a whole lease (15 s), on every replica
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), receiver, List.of("session.created"));
        String last = queueUnsent(keys, endpoint, "pending", 0);
        db.update("insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)"
                + " select 'whd_more' || g || substr(md5(random()::text), 1, 6), organization_id, endpoint_id, event_id, 'pending', 0,"
                + " next_attempt_at - g * interval '1 millisecond', now() from webhook_deliveries, generate_series(1, ?) g where id = ?",
                CAP, last);
        // a replica claims the endpoint's cap of them (the oldest due), then dies: nothing sent, no lease renewed
        Instant claimedAt = clock.instant();
        assertEquals(CAP, worker.claim(claimedAt).size());
        assertEquals(CAP, liveLeases(endpoint));

        // within two renewal intervals (2 s each) its leases still hold the endpoint's room
        clock.set(claimedAt.plusSeconds(3));
        assertEquals(0, replica2.runOnce());
        assertEquals(0, receiver.received().size());

        // after that the endpoint's other delivery goes out (sent by either replica), while the dead replica's
        // deliveries wait for their 15 s leases to run out: they are not sent a second time earlier
        clock.set(claimedAt.plusSeconds(5));
        replica2.runOnce();
        await("the endpoint's other delivery", () -> "succeeded".equals(delivery(last).get("status")));
        sleep(300);
        assertEquals(1, receiver.received().size());
        assertEquals(CAP, liveLeases(endpoint));

        clock.set(claimedAt.plusSeconds(16));
        replica2.runOnce();
        await("the takeovers", () -> db.count("select count(*) from webhook_deliveries where endpoint_id = ? and status = 'succeeded'",
                endpoint) == 1 + CAP);
        assertEquals(1 + CAP, receiver.received().size());
    }

    @Test
    void aLostLastAttemptSendsTheDeliveryToTheDeadLetterQueue() {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), receiver, List.of("session.created"));
        String id = queueUnsent(keys, endpoint, "failed", 5); // the first attempt and 4 retries failed: one retry is left
        assertEquals(1, worker.claim(clock.instant()).size()); // the last attempt, by a replica that then dies

        clock.advance(Duration.ofSeconds(16));
        replica2.runOnce();
        var row = delivery(id);
        assertEquals("dead", row.get("status"));
        assertEquals(6, ((Number) row.get("attempts")).intValue()); // never more than the contract's 6
        assertNull(row.get("claimed_until"));
        assertEquals(DeliveryQueue.LOST, db.query("select last_error from webhook_deliveries where id = ?", id).get(0).get("last_error"));
        assertEquals(1, db.count("select count(*) from webhook_attempts where delivery_id = ? and attempt = 6 and not in_flight and error = ?",
                id, DeliveryQueue.LOST));
        assertEquals(0, receiver.received().size());
    }

    @Test
    void leasesOfSendsInFlightAreRenewedSoNoOtherReplicaTakesThemOver() throws Exception {
        try (Receiver hanging = new Receiver()) {
            hanging.hang();
            Admin.Keys keys = Admin.newTenant("test");
            String endpoint = register(keys.secretKey(), hanging, List.of("session.created"));
            Sessions.created(keys.secretKey(), "disc"); // sent at once by the service's worker; the receiver never answers
            hanging.await(1, WAIT);
            String id = onlyDeliveryOf(endpoint);
            Instant claimedAt = clock.instant();
            assertEquals(claimedAt.plus(Duration.ofSeconds(15)), ((Timestamp) delivery(id).get("claimed_until")).toInstant());

            clock.advance(Duration.ofSeconds(10));
            assertEquals(1, worker.renewLeases()); // every 2 s while the send is in flight
            assertEquals(clock.instant().plus(Duration.ofSeconds(15)), ((Timestamp) delivery(id).get("claimed_until")).toInstant());
            Object holder = delivery(id).get("claimed_by");
            clock.advance(Duration.ofSeconds(10)); // past the first lease, inside the renewed one
            // replica 2 may claim other tests' retries that the advanced clock made due, but not this delivery
            replica2.runOnce();
            assertEquals(holder, delivery(id).get("claimed_by"), "the lease still belongs to the sending replica");
            assertEquals(1, hanging.received().size());
            assertEquals(1, ((Number) delivery(id).get("attempts")).intValue());
        }
    }

    @Test
    void aLeaseRenewalSkipsADeliveryWhoseRowIsHeldInsteadOfWaitingForIt() throws Exception {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), receiver, List.of("session.created"));
        String recorded = queueUnsent(keys, endpoint, "succeeded", 1); // not claimable: renew looks at the lease only
        String other = "whd_renew" + recorded.substring(8);
        db.update("insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)"
                + " select ?, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at"
                + " from webhook_deliveries where id = ?", other, recorded);
        // both in flight at replica-x, their leases running
        Instant leasedUntil = clock.instant().plusSeconds(15);
        db.update("update webhook_deliveries set claimed_by = 'replica-x', claimed_until = ? where id in (?, ?)",
                Timestamp.from(leasedUntil), recorded, other);

        ExecutorService renewer = Executors.newSingleThreadExecutor();
        try (Connection recording = dataSource.getConnection()) {
            recording.setAutoCommit(false);
            try {
                // another transaction updates one of the rows, as the worker's outcome statement does while it records
                try (PreparedStatement hold = recording.prepareStatement("update webhook_deliveries set claimed_until = claimed_until where id = ?")) {
                    hold.setString(1, recorded);
                    assertEquals(1, hold.executeUpdate());
                }
                Instant renewedUntil = clock.instant().plusSeconds(30);
                Future<Integer> renewal = renewer.submit(() -> queue.renew(new String[]{recorded, other}, "replica-x", renewedUntil));
                // waiting for the row would block until the holder commits (and deadlock when the holder waits in turn)
                assertEquals(1, renewal.get(10, TimeUnit.SECONDS), "renewed the free lease without waiting for the held row");
                assertEquals(renewedUntil, ((Timestamp) delivery(other).get("claimed_until")).toInstant());
            } finally {
                recording.rollback();
            }
        } finally {
            renewer.shutdownNow();
        }
        assertEquals(leasedUntil, ((Timestamp) delivery(recorded).get("claimed_until")).toInstant(), "the held row is left alone");
        // succeeded rows stay after the endpoint's deletion: no lease of theirs may set later tests' wake-ups
        db.update("update webhook_deliveries set claimed_by = null, claimed_until = null where id in (?, ?)", recorded, other);
    }

    @Test
    void aRetryIsSentWhenItFallsDueNotAtTheNextPoll() {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), receiver, List.of("session.created"));
        receiver.answer(500, 1);
        Sessions.created(keys.secretKey(), "disc");
        String id = onlyDeliveryOf(endpoint);
        await("the first attempt's outcome", () -> "failed".equals(delivery(id).get("status")));
        Instant due = ((Timestamp) delivery(id).get("next_attempt_at")).toInstant();
        assertTrue(due.isAfter(clock.instant().plusSeconds(59)), "retry due at " + due);

        // 300 ms before the retry is due: nothing to send, so the worker sets its wake-up for the due time
        clock.set(due.minusMillis(300));
        worker.runOnce();
        assertEquals(1, receiver.received().size());
        Instant wakeAt = worker.nextWakeAt();
        assertNotNull(wakeAt);
        assertTrue(!wakeAt.isAfter(due) && wakeAt.isAfter(clock.instant()), "wake-up at " + wakeAt + ", retry due at " + due);
        // time passes; polling is off in tests and nothing else happens, yet the retry goes out
        clock.set(due);
        assertEquals(2, receiver.await(2, Duration.ofSeconds(5)).size());
        await("the retry's outcome", () -> "succeeded".equals(delivery(id).get("status")));
        assertEquals(2, ((Number) delivery(id).get("attempts")).intValue());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
