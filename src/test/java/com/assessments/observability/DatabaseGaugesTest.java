package com.assessments.observability;

import com.assessments.support.Admin;
import com.assessments.support.Plans;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The webhook queue's gauges count what a plain count by state counts (dead: the dead-letter queue, without the
 * deliveries already resent), and read only the partial indexes of the queue's states: never the delivered rows,
 * which are kept, so a scan of them grows without bound.
 */
@QuarkusTest
class DatabaseGaugesTest {

    @Inject
    DatabaseGauges gauges;
    @Inject
    MeterRegistry registry;
    @Inject
    TestDb db;
    @Inject
    DataSource dataSource;

    @Test
    void theQueueGaugesCountEveryStateAsAPlainCountDoes() throws Exception {
        // one delivery in each state, to an endpoint kept disabled so that no worker sends them
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("url", "http://127.0.0.1:9/down", "events", List.of("session.created")))
                .post("/api/v1/webhooks").then().statusCode(201).extract().path("id");
        db.update("update webhook_endpoints set status = 'disabled' where id = ?", endpoint);
        Sessions.created(keys.secretKey(), "disc");
        gauges.refresh();
        Map<String, Double> before = gaugeValues();
        try {
            db.update("insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)"
                    + " select 'whd_gauge_' || s || substr(md5(random()::text), 1, 8), ?, ?,"
                    + " (select id from events where organization_id = ? limit 1), s, 1, case when s like 'dead%' then null else now() end, now()"
                    + " from unnest(array['pending', 'failed', 'dead', 'dead']) s", keys.orgId(), endpoint, keys.orgId());
            // one dead delivery was resent: it has left the dead-letter queue
            db.update("update webhook_deliveries set superseded_by = 'whd_resent' where id = (select id from webhook_deliveries"
                    + " where endpoint_id = ? and status = 'dead' limit 1)", endpoint);

            // the statement against a plain count by state, in one snapshot
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(false);
                c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
                try (Statement s = c.createStatement()) {
                    long[] counted = new long[3];
                    try (ResultSet rs = s.executeQuery(DatabaseGauges.QUEUE_BY_STATE)) {
                        rs.next();
                        for (int i = 0; i < 3; i++) {
                            counted[i] = rs.getLong(i + 1);
                        }
                    }
                    Map<String, Long> plain = new HashMap<>(Map.of("pending", 0L, "failed", 0L, "dead", 0L));
                    try (ResultSet rs = s.executeQuery("select status, count(*) from webhook_deliveries"
                            + " where status in ('pending', 'failed', 'dead') and superseded_by is null group by status")) {
                        while (rs.next()) {
                            plain.put(rs.getString(1), rs.getLong(2));
                        }
                    }
                    assertEquals(List.of(plain.get("pending"), plain.get("failed"), plain.get("dead")),
                            List.of(counted[0], counted[1], counted[2]));
                } finally {
                    c.rollback();
                }
            }
            // and each count under its state's name: this test's deliveries, one per state (the resent one not)
            gauges.refresh();
            Map<String, Double> after = gaugeValues();
            for (String state : List.of("pending", "retrying", "dead")) {
                assertEquals(1.0, after.get(state) - before.get(state), state);
            }
        } finally {
            db.update("delete from webhook_deliveries where endpoint_id = ?", endpoint);
        }
    }

    private Map<String, Double> gaugeValues() {
        Map<String, Double> values = new HashMap<>();
        for (String state : List.of("pending", "retrying", "dead")) {
            values.put(state, registry.find("assessments.webhook.queue").tag("state", state).gauge().value());
        }
        return values;
    }

    @Test
    void theQueueGaugesReadOnlyTheQueuesPartialIndexes() throws Exception {
        List<String> scans = Plans.scans(dataSource, "webhook_deliveries", DatabaseGauges.QUEUE_BY_STATE);
        assertFalse(scans.isEmpty());
        assertTrue(Set.of("webhook_deliveries_endpoint_due", "webhook_deliveries_dead").containsAll(scans),
                "every read of webhook_deliveries goes through a queue state's partial index: " + scans);
    }
}
