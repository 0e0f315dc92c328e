package com.assessments.webhook.delivery;

import com.assessments.common.SecretBox;
import com.assessments.jobs.JobRuns;
import com.assessments.support.Admin;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import com.assessments.webhook.WebhookConfig;
import com.assessments.webhook.delivery.DeliveryOutcomes.Outcome;
import com.assessments.webhook.delivery.DeliveryQueue.Claimed;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javax.sql.DataSource;
import java.util.stream.Collectors;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Batched claims and batched outcomes: a claim takes many deliveries in one statement and the outcomes that arrived
 * are recorded together with the next claim. Two workers on one database never send a delivery twice and keep each
 * endpoint's cap; a batch of mixed outcomes ends each delivery (and each endpoint's breaker) as one at a time would.
 */
@QuarkusTest
class WebhookDeliveryBatchTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int CAP = 4; // assessments.webhooks.max-in-flight-per-endpoint (default)
    private static final String CLAIMER = "batch-test/claimer";
    private static final Instant LONG_AGO = Instant.parse("2000-01-01T00:00:00Z");

    @Inject
    TestDb db;
    @Inject
    Deliveries deliveries;
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

    final List<String[]> endpointsToDelete = new ArrayList<>();

    @AfterEach
    void stop() {
        for (String[] e : endpointsToDelete) {
            api().auth().oauth2(e[0]).delete("/api/v1/webhooks/{id}", e[1]).then().statusCode(200);
        }
        endpointsToDelete.clear();
        clock.reset();
    }

    private String register(String key, String url) {
        String id = api().auth().oauth2(key).contentType(ContentType.JSON)
                .body(Map.of("url", url, "events", List.of("session.created")))
                .post("/api/v1/webhooks").then().statusCode(201).extract().path("id");
        endpointsToDelete.add(new String[]{key, id});
        return id;
    }

    /** Inserts {@code n} deliveries of the organization's latest event to {@code endpoint}, due at {@code due}. */
    private void backlog(Admin.Keys keys, String endpoint, int n, String status, int attempts, Instant due) {
        db.update("insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)"
                + " select 'whd_batch' || g || substr(md5(random()::text), 1, 8), ?, ?,"
                + " (select id from events where organization_id = ? order by created_at desc limit 1), ?, ?, cast(? as timestamptz) + g * interval '1 microsecond', now()"
                + " from generate_series(1, ?) g", keys.orgId(), endpoint, keys.orgId(), status, attempts, Timestamp.from(due), n);
    }

    /** An event of the organization with no delivery (its endpoints are disabled meanwhile): nothing sends it. */
    private void eventWithoutDeliveries(Admin.Keys keys) {
        db.update("update webhook_endpoints set status = 'disabled' where organization_id = ?", keys.orgId());
        Sessions.created(keys.secretKey(), "disc");
        db.update("update webhook_endpoints set status = 'enabled' where organization_id = ?", keys.orgId());
    }

    @Test
    void twoWorkersOnOneDatabaseSendEachDeliveryOnceAndKeepEachEndpointsCap() throws Exception {
        DeliveryWorker replica2 = new DeliveryWorker(queue, clock, config, box, http, guard, runs, telemetry);
        List<Receiver> receivers = new ArrayList<>();
        try {
            Admin.Keys keys = Admin.newTenant("test");
            List<String> endpoints = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Receiver r = new Receiver();
                receivers.add(r);
                endpoints.add(register(keys.secretKey(), r.url("/hooks")));
            }
            Sessions.created(keys.secretKey(), "disc"); // one delivery per endpoint, sent at once by the service's worker
            for (Receiver r : receivers) {
                r.await(1, WAIT);
            }
            // a backlog bigger than both workers' slots together, due now, then both replicas claim at once
            for (String endpoint : endpoints) {
                backlog(keys, endpoint, 60, "pending", 0, clock.instant().minusSeconds(1));
            }
            worker.wake();
            replica2.wake();
            long deadline = System.nanoTime() + WAIT.toNanos();
            String done = "select count(*) from webhook_deliveries where organization_id = ? and status = 'succeeded'";
            while (db.count(done, keys.orgId()) < 3 * 61) {
                assertTrue(System.nanoTime() < deadline, "delivered " + db.count(done, keys.orgId()) + " of " + 3 * 61);
                worker.wake();
                replica2.wake();
                Thread.sleep(20);
            }
            for (Receiver r : receivers) {
                assertEquals(61, r.received().size(), "a delivery was sent more than once");
                assertTrue(r.maxOpen() <= CAP, "in flight at once at one endpoint: " + r.maxOpen());
            }
            assertEquals(0, db.count("select count(*) from webhook_deliveries where organization_id = ? and (attempts <> 1 or claimed_until is not null)",
                    keys.orgId()));
            assertEquals(3 * 61, db.count("select count(*) from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id"
                    + " where d.organization_id = ? and not a.in_flight and a.response_status = 200", keys.orgId()));
        } finally {
            replica2.stop();
            receivers.forEach(Receiver::close);
        }
    }

    private static WebhookHttp.Result status(int code, Long retryAfter) {
        return new WebhookHttp.Result(code, null, retryAfter, 3);
    }

    @Test
    void aBatchOfMixedOutcomesEndsEachDeliveryAndBreakerAsOneAtATimeWould() {
        Admin.Keys keys = Admin.newTenant("test");
        String ok = register(keys.secretKey(), "http://127.0.0.1:9/ok");
        String flaky = register(keys.secretKey(), "http://127.0.0.1:9/flaky");
        String gone = register(keys.secretKey(), "http://127.0.0.1:9/gone");
        eventWithoutDeliveries(keys);
        // claimed an hour ahead on the test clock, so no wake-up of the service's worker claims them first; due long
        // ago, so this claim (of every due delivery in the database, oldest first) takes these and only these
        Instant now = clock.instant().plus(Duration.ofHours(1));
        backlog(keys, ok, 3, "pending", 0, LONG_AGO);
        backlog(keys, flaky, 2, "pending", 0, LONG_AGO.plusSeconds(1));
        backlog(keys, flaky, 1, "failed", 5, LONG_AGO.plusSeconds(2)); // its last allowed attempt
        backlog(keys, gone, 1, "pending", 0, LONG_AGO.plusSeconds(3));
        List<Claimed> claimed = queue.claim(now, 7, false, new String[0], CLAIMER, false).rows();
        assertEquals(3 + 3 + 1, claimed.size());
        Map<String, List<Claimed>> by = claimed.stream().collect(Collectors.groupingBy(Claimed::endpointId));
        Claimed takenOver = by.get(ok).get(2);
        db.update("update webhook_deliveries set claimed_by = 'another-replica' where id = ?", takenOver.id());
        Claimed flaky1 = by.get(flaky).get(0), flaky2 = by.get(flaky).get(1), flakyLast = by.get(flaky).get(2);
        assertEquals(6, flakyLast.attempt());

        Instant recordedAt = now.plusSeconds(1);
        queue.recordAndClaim(List.of(
                new Outcome(by.get(ok).get(0), status(204, null)),
                new Outcome(flaky1, status(500, 7200L)),
                new Outcome(by.get(ok).get(1), status(200, null)),
                new Outcome(flaky2, status(204, null)),
                new Outcome(by.get(gone).get(0), status(410, null)),
                new Outcome(flakyLast, new WebhookHttp.Result(null, "timeout", null, 10_000)),
                new Outcome(takenOver, status(204, null))), recordedAt, 0, false, new String[0], CLAIMER, false);

        Function<String, Map<String, Object>> row = id -> db.query("select status, attempts, next_attempt_at, claimed_until, claimed_by,"
                + " last_response_status, last_error, delivered_at from webhook_deliveries where id = ?", id).get(0);
        for (Claimed c : List.of(by.get(ok).get(0), by.get(ok).get(1), flaky2)) {
            assertEquals("succeeded", row.apply(c.id()).get("status"));
            assertEquals(recordedAt, ((Timestamp) row.apply(c.id()).get("delivered_at")).toInstant());
            assertNull(row.apply(c.id()).get("claimed_until"));
        }
        var retry = row.apply(flaky1.id());
        assertEquals("failed", retry.get("status"));
        assertEquals("HTTP 500", retry.get("last_error"));
        assertEquals(recordedAt.plusSeconds(7200), ((Timestamp) retry.get("next_attempt_at")).toInstant(), "Retry-After is honoured");
        var last = row.apply(flakyLast.id());
        assertEquals("dead", last.get("status"));
        assertEquals("timeout", last.get("last_error"));
        assertEquals("dead", row.apply(by.get(gone).get(0).id()).get("status"));
        // a delivery another replica took over is that replica's: its state is left alone
        assertEquals("pending", row.apply(takenOver.id()).get("status"));
        assertEquals("another-replica", row.apply(takenOver.id()).get("claimed_by"));

        // breakers in arrival order: flaky failed, succeeded, failed (one in a row); gone is disabled
        assertEquals(1, ((Number) db.query("select consecutive_failures from webhook_endpoints where id = ?", flaky).get(0)
                .get("consecutive_failures")).intValue());
        assertEquals(0, ((Number) db.query("select consecutive_failures from webhook_endpoints where id = ?", ok).get(0)
                .get("consecutive_failures")).intValue());
        var goneRow = db.query("select status, disabled_reason from webhook_endpoints where id = ?", gone).get(0);
        assertEquals("disabled", goneRow.get("status"));
        assertEquals("gone", goneRow.get("disabled_reason"));
        // every attempt's row has its outcome (the taken-over one's too: that attempt did happen)
        assertEquals(0, db.count("select count(*) from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id"
                + " where d.organization_id = ? and a.in_flight", keys.orgId()));
        assertEquals(410, ((Number) db.query("select response_status from webhook_attempts where delivery_id = ?", by.get(gone).get(0).id())
                .get(0).get("response_status")).intValue());
        db.update("update webhook_endpoints set status = 'enabled', disabled_reason = null where id = ?", gone);
    }

    @Test
    void anOutcomeBatchLocksItsDeliveriesInIdOrderAsDeletingThemDoes() throws Exception {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), "http://127.0.0.1:9/down");
        eventWithoutDeliveries(keys);
        Instant now = clock.instant().plus(Duration.ofHours(1));
        // two deliveries, the higher id written first: whether PostgreSQL then meets them in the order they are stored or
        // in the order their outcomes arrive (also higher first), an unordered update would lock the higher one first
        String tag = Long.toString(System.nanoTime(), 36);
        db.update("insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)"
                + " select 'whd_order' || t.x || ?, ?, ?, (select id from events where organization_id = ? order by created_at desc limit 1),"
                + " 'pending', 0, ?, now() from unnest(array['b', 'a']) with ordinality as t(x, n) order by t.n",
                tag, keys.orgId(), endpoint, keys.orgId(), Timestamp.from(LONG_AGO)); // the oldest due (see above)
        List<Claimed> claimed = queue.claim(now, 2, false, new String[0], CLAIMER, false).rows().stream()
                .sorted(Comparator.comparing(Claimed::id)).toList();
        assertEquals(2, claimed.size());
        assertTrue(claimed.stream().allMatch(c -> c.endpointId().equals(endpoint)));
        Claimed lower = claimed.get(0), higher = claimed.get(1);

        // a deletion that has locked the lower id (deletions lock in id order) and would take the higher next; the
        // outcomes arrive higher first: the batch must wait for the lower id holding no row the deletion wants next
        batchWaitsHoldingNeither("webhook_deliveries", lower.id(), higher.id(), () -> queue.recordAndClaim(List.of(
                new Outcome(higher, status(204, null)), new Outcome(lower, status(204, null))),
                now.plusSeconds(1), 0, false, new String[0], CLAIMER, false));
        assertEquals(2, db.count("select count(*) from webhook_deliveries where id in (?, ?) and status = 'succeeded'",
                lower.id(), higher.id()));
    }

    @Test
    void aBatchWithAFailureLocksItsEndpointsInIdOrderBeforeAnyBreaker() throws Exception {
        Admin.Keys keys = Admin.newTenant("test");
        String first = register(keys.secretKey(), "http://127.0.0.1:9/down"), second = register(keys.secretKey(), "http://127.0.0.1:9/down");
        // lower and higher as PostgreSQL orders them (its collation, not Java's order of mixed-case ids)
        List<Map<String, Object>> ordered = db.query("select id from webhook_endpoints where id in (?, ?) order by id", first, second);
        String lower = (String) ordered.get(0).get("id"), higher = (String) ordered.get(1).get("id");
        eventWithoutDeliveries(keys);
        Instant now = clock.instant().plus(Duration.ofHours(1));
        backlog(keys, lower, 1, "pending", 0, LONG_AGO);
        backlog(keys, higher, 1, "pending", 0, LONG_AGO);
        Map<String, Claimed> claimed = queue.claim(now, 2, false, new String[0], CLAIMER, false).rows().stream()
                .collect(Collectors.toMap(Claimed::endpointId, c -> c));
        assertEquals(Set.of(lower, higher), claimed.keySet());
        db.update("update webhook_endpoints set consecutive_failures = 1 where id = ?", lower); // a success resets it

        // another transaction holds the lower endpoint (a deletion, or another replica's batch that will want the
        // higher one next); the higher endpoint failed, the lower one succeeded: the batch must wait for the lower
        // endpoint holding neither
        batchWaitsHoldingNeither("webhook_endpoints", lower, higher, () -> queue.recordAndClaim(List.of(
                new Outcome(claimed.get(higher), status(503, null)), new Outcome(claimed.get(lower), status(204, null))),
                now.plusSeconds(1), 0, false, new String[0], CLAIMER, false));
        assertEquals(1, db.count("select count(*) from webhook_endpoints where id = ? and consecutive_failures = 1", higher));
        assertEquals(1, db.count("select count(*) from webhook_endpoints where id = ? and consecutive_failures = 0", lower));
    }

    /**
     * Locks row {@code held} of {@code table} in another transaction, runs {@code batch}, and checks that once the
     * batch waits for that row it holds row {@code next} of the same table (which the holder would want next: else the
     * two deadlock) free; then lets the batch finish.
     */
    private void batchWaitsHoldingNeither(String table, String held, String next, Runnable batch) throws Exception {
        ExecutorService recorder = Executors.newSingleThreadExecutor();
        try (Connection holder = dataSource.getConnection(); Connection probe = dataSource.getConnection()) {
            holder.setAutoCommit(false);
            probe.setAutoCommit(false);
            Future<?> recording;
            try {
                try (PreparedStatement lock = holder.prepareStatement("select id from " + table + " where id = ? for update")) {
                    lock.setString(1, held);
                    lock.executeQuery().close();
                }
                recording = recorder.submit(batch);
                db.awaitWaitingFor(holder, recording, WAIT, "the batch, for the held row of " + table + ",");
                try (PreparedStatement free = probe.prepareStatement("select id from " + table + " where id = ? for update nowait")) {
                    free.setString(1, next);
                    free.executeQuery().close(); // fails ("could not obtain lock") while the batch holds it
                }
                probe.rollback();
            } finally {
                holder.rollback();
            }
            recording.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        } finally {
            recorder.shutdownNow();
        }
    }

    @Test
    void aLateOutcomeDoesNotReviveADeliveryThatWasResentMeanwhile() {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), "http://127.0.0.1:9/down");
        eventWithoutDeliveries(keys);
        Instant now = clock.instant().plus(Duration.ofHours(1));
        backlog(keys, endpoint, 1, "failed", 1, LONG_AGO); // a retry, due
        List<Claimed> claimed = queue.claim(now, 1, false, new String[0], CLAIMER, false).rows();
        assertEquals(1, claimed.size());
        Claimed retry = claimed.get(0);
        // the sending replica stalls past its lease; meanwhile the delivery is resent (its copy supersedes it)
        Instant later = now.plusSeconds(60);
        QuarkusTransaction.requiringNew().run(() -> deliveries.supersede(retry.id(), "whd_copy", later));
        assertEquals(1, db.count("select count(*) from webhook_deliveries where id = ? and status = 'dead' and superseded_by = 'whd_copy'", retry.id()));

        // the stalled send ends with a failure: recording it must not make the delivery a retry again (the copy is the
        // one that goes on; both would be sent)
        queue.recordAndClaim(List.of(new Outcome(retry, status(500, null))), later.plusSeconds(1), 0, false, new String[0], CLAIMER, false);
        var row = db.query("select status, superseded_by, next_attempt_at from webhook_deliveries where id = ?", retry.id()).get(0);
        assertEquals("dead", row.get("status"));
        assertEquals("whd_copy", row.get("superseded_by"));
        assertNull(row.get("next_attempt_at"));
    }

    @Test
    void failuresInOneBatchThatReachTheThresholdOpenTheCircuitForTheEndpointsWaitingDeliveries() {
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = register(keys.secretKey(), "http://127.0.0.1:9/down");
        eventWithoutDeliveries(keys);
        Instant now = clock.instant().plus(Duration.ofHours(1));
        backlog(keys, endpoint, config.circuitBreakerFailures(), "pending", 0, LONG_AGO); // the oldest due (see above)
        List<Claimed> claimed = new ArrayList<>();
        // the cap allows 4 at a time: claim, and record each claim's failures only at the end, in one batch
        while (claimed.size() < config.circuitBreakerFailures()) {
            List<Claimed> rows = queue.claim(now, Math.min(CAP, config.circuitBreakerFailures() - claimed.size()), false,
                    new String[0], CLAIMER, false).rows();
            assertTrue(!rows.isEmpty() && rows.stream().allMatch(c -> c.endpointId().equals(endpoint)));
            claimed.addAll(rows);
            // leases not renewed for two intervals no longer hold the endpoint's room (nor can they be claimed yet)
            db.update("update webhook_deliveries set claimed_until = ? where id = any (?)", Timestamp.from(now.plusSeconds(5)),
                    rows.stream().map(Claimed::id).toArray(String[]::new));
        }
        backlog(keys, endpoint, 2, "pending", 0, now.minusSeconds(5)); // waiting behind them
        Instant recordedAt = now.plusSeconds(1);
        queue.recordAndClaim(claimed.stream().map(c -> new Outcome(c, status(503, null))).toList(), recordedAt, 0, false,
                new String[0], CLAIMER, false);

        Instant openUntil = recordedAt.plus(config.circuitBreakerCoolDown());
        var ep = db.query("select consecutive_failures, circuit_open_until from webhook_endpoints where id = ?", endpoint).get(0);
        assertEquals(config.circuitBreakerFailures(), ((Number) ep.get("consecutive_failures")).intValue());
        assertEquals(openUntil, ((Timestamp) ep.get("circuit_open_until")).toInstant());
        // nothing of the endpoint is due before the cool-down ends: neither the retries nor the deliveries waiting
        assertEquals(0, db.count("select count(*) from webhook_deliveries where endpoint_id = ? and status in ('pending', 'failed')"
                + " and next_attempt_at < ?", endpoint, Timestamp.from(openUntil)));
        assertEquals(config.circuitBreakerFailures(), db.count("select count(*) from webhook_deliveries where endpoint_id = ?"
                + " and status = 'failed' and claimed_by is null", endpoint));
        assertTrue(queue.claim(recordedAt.plusSeconds(30), 32, false, new String[0], CLAIMER, false).rows().stream()
                .noneMatch(c -> c.endpointId().equals(endpoint)), "claimed while the circuit is open");
    }
}
