package com.assessments.webhook.delivery;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.Statement;
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
 * delivery is not asserted: other tenants' background work may notify at any time.)
 */
@QuarkusTest
class FanOutStatementTest {

    @Inject
    DataSource dataSource;
    @Inject
    TestDb db;

    @Test
    void queuesOneDeliveryPerSubscribedEndpointAndNotifiesOtherReplicas() throws Exception {
        Admin.Keys tenant = Admin.newTenant("test");
        for (int i = 0; i < 3; i++) {
            register(tenant.secretKey(), List.of("session.created"));
        }
        register(tenant.secretKey(), List.of("session.completed")); // not subscribed to session.created
        try (Connection listener = dataSource.getConnection()) {
            listen(listener);
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
            assertTrue(notified(listener), "the other replicas were notified on commit");
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

    private static void register(String key, List<String> events) {
        api().auth().oauth2(key).contentType(ContentType.JSON)
                .body(Map.of("url", "http://127.0.0.1:9/fan-out", "events", events))
                .post("/api/v1/webhooks").then().statusCode(201);
    }

    private static void listen(Connection c) throws Exception {
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
            s.execute("LISTEN " + DeliveryWakeUp.CHANNEL);
        }
        drain(c);
    }

    private static void drain(Connection c) throws Exception {
        c.unwrap(PGConnection.class).getNotifications(1);
    }

    private static boolean notified(Connection c) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            PGNotification[] got = c.unwrap(PGConnection.class).getNotifications(200);
            if (got != null) {
                for (PGNotification n : got) {
                    if (DeliveryWakeUp.CHANNEL.equals(n.getName())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
