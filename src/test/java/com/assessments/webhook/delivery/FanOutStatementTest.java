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
 * form); once the transaction commits, the other replicas are woken (pg_notify, by {@link ReplicaNotifier}). Observed
 * from a connection of its own that LISTENs as another replica would. (That no notification is sent without a
 * delivery is not asserted: other tenants' background work may notify at any time.) A fan-out whose deliveries all
 * wait for an open circuit notifies no one.
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
     * replica's worker would find nothing it may send. One endpoint whose circuit is closed, or half-open (its cool-down
     * over), is enough to wake them.
     */
    @Test
    void deliveriesBehindAnOpenCircuitAreQueuedWithoutWakingTheWorkers() throws Exception {
        Admin.Keys tenant = Admin.newTenant("test");
        String down = register(tenant.secretKey(), List.of("session.created"));
        String alsoDown = register(tenant.secretKey(), List.of("session.created"));
        openCircuit(down, Duration.ofHours(1));
        openCircuit(alsoDown, Duration.ofHours(1));
        try (Connection listener = dataSource.getConnection()) {
            ReplicaListener replica = ReplicaListener.on(listener);
            String first = Sessions.created(tenant.secretKey(), "disc")[0];
            assertEquals(2, deliveriesOf(first), "queued all the same");
            assertEquals(0, replica.notifications(500), "woke the workers for deliveries none may attempt");

            openCircuit(alsoDown, Duration.ofSeconds(-1)); // its cool-down is over: half-open, one trial may go
            String second = Sessions.created(tenant.secretKey(), "disc")[0];
            assertEquals(2, deliveriesOf(second));
            assertEquals(1, replica.notifications(500), "a delivery that may be attempted wakes the other replicas");
        }
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
