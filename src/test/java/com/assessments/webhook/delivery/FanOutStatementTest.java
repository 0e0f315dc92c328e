package com.assessments.webhook.delivery;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The outbox fan-out is one statement: it queues one delivery per subscribed endpoint (ids distinct, in the contract's
 * form); once the transaction commits, the other replicas are woken (pg_notify, by {@link ReplicaNotifier}), unless
 * every delivery waits for a circuit that stays open. Observed from a connection of its own that LISTENs as another
 * replica would ({@link ReplicaListener}); the test profile's background jobs are off, so nothing else notifies.
 */
@QuarkusTest
class FanOutStatementTest {

    @Inject
    DataSource dataSource;
    @Inject
    TestDb db;
    @Inject
    TestClock clock;

    @Test
    void queuesOneDeliveryPerSubscribedEndpointAndNotifiesOtherReplicas() throws Exception {
        Admin.Keys tenant = Admin.newTenant("test");
        for (int i = 0; i < 3; i++) {
            register(tenant.secretKey(), List.of("session.created"));
        }
        register(tenant.secretKey(), List.of("session.completed")); // not subscribed to session.created
        try (Connection listener = dataSource.getConnection()) {
            ReplicaListener replica = ReplicaListener.on(listener);
            String sessionId = Sessions.created(tenant.secretKey(), "disc")[0];

            List<Map<String, Object>> deliveries = db.query("""
                    select d.id from webhook_deliveries d join events e on e.id = d.event_id
                    where e.session_id = ? and e.type = 'session.created'""", sessionId);
            assertEquals(3, deliveries.size(), "one delivery per endpoint subscribed to session.created");
            Set<Object> ids = new HashSet<>();
            for (Map<String, Object> d : deliveries) {
                String id = (String) d.get("id");
                assertTrue(id.matches("^whd_[A-Za-z0-9]{16}$"), id);
                ids.add(id);
            }
            assertEquals(3, ids.size(), "distinct delivery ids");
            assertTrue(replica.notified(), "the other replicas were notified on commit");
        }
    }

    @Test
    void noSubscriberNoDelivery() {
        Admin.Keys tenant = Admin.newTenant("test");
        register(tenant.secretKey(), List.of("session.completed"));
        String sessionId = Sessions.created(tenant.secretKey(), "disc")[0];
        assertEquals(0, db.count("""
                select count(*) from webhook_deliveries d join events e on e.id = d.event_id
                where e.session_id = ?""", sessionId));
        assertEquals(1, db.count("select count(*) from events where session_id = ?", sessionId),
                "the event is recorded all the same");
    }

    /**
     * A receiver that is down (its circuit open) still gets its delivery queued, but no worker is woken for it: each
     * replica's worker would find nothing it may send. One endpoint whose circuit closes within the wake margin (or is
     * closed, or half-open) is enough to wake them.
     */
    @Test
    void deliveriesBehindAnOpenCircuitAreQueuedWithoutWakingTheWorkers() throws Exception {
        Admin.Keys tenant = Admin.newTenant("test");
        String down = register(tenant.secretKey(), List.of("session.created"));
        String alsoDown = register(tenant.secretKey(), List.of("session.created"));
        openCircuit(down, Duration.ofHours(1));
        openCircuit(alsoDown, Deliveries.WAKE_MARGIN.plusSeconds(5));
        try (Connection listener = dataSource.getConnection()) {
            ReplicaListener replica = ReplicaListener.on(listener);
            String first = Sessions.created(tenant.secretKey(), "disc")[0];
            assertEquals(2, deliveriesOf(first), "queued all the same");
            assertEquals(0, replica.notifications(500), "woke the workers for deliveries none may attempt soon");

            openCircuit(alsoDown, Deliveries.WAKE_MARGIN.minusSeconds(5)); // closes before the margin is out
            String second = Sessions.created(tenant.secretKey(), "disc")[0];
            assertEquals(2, deliveriesOf(second));
            assertEquals(1, replica.notifications(500), "a delivery due soon wakes the other replicas");
        }
    }

    /** Enabling a disabled endpoint wakes the workers (its pending deliveries are claimable again); enabling it again does not. */
    @Test
    void enablingAnEndpointWakesTheWorkers() throws Exception {
        Admin.Keys tenant = Admin.newTenant("test");
        String endpoint = register(tenant.secretKey(), List.of("session.created"));
        patchStatus(tenant.secretKey(), endpoint, "disabled");
        try (Connection listener = dataSource.getConnection()) {
            ReplicaListener replica = ReplicaListener.on(listener);
            patchStatus(tenant.secretKey(), endpoint, "enabled");
            assertEquals(1, replica.notifications(500), "enabling woke the other replicas");
            patchStatus(tenant.secretKey(), endpoint, "enabled");
            assertEquals(0, replica.notifications(500), "an endpoint already enabled changed nothing to wake for");
        }
    }

    private static void patchStatus(String key, String endpointId, String status) {
        api().auth().oauth2(key).contentType(ContentType.JSON).body(Map.of("status", status))
                .patch("/api/v1/webhooks/" + endpointId).then().statusCode(200);
    }

    private long deliveriesOf(String sessionId) {
        return db.count("""
                select count(*) from webhook_deliveries d join events e on e.id = d.event_id
                where e.session_id = ?""", sessionId);
    }

    private void openCircuit(String endpointId, Duration untilFromNow) {
        db.update("update webhook_endpoints set consecutive_failures = 5, circuit_open_until = ? where id = ?",
                Timestamp.from(clock.instant().plus(untilFromNow)), endpointId);
    }

    private static String register(String key, List<String> events) {
        return api().auth().oauth2(key).contentType(ContentType.JSON)
                .body(Map.of("url", "http://127.0.0.1:9/fan-out", "events", events))
                .post("/api/v1/webhooks").then().statusCode(201).extract().path("id");
    }
}
