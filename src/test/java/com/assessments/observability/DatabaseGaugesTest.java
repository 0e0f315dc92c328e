package com.assessments.observability;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The webhook queue's gauges count what a plain count by state counts, and read only the partial indexes of the
 * queue's states: never the delivered rows, which are kept, so a scan of them grows without bound.
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
    void theQueueGaugesCountEveryStateAsAPlainCountDoes() {
        // one delivery in each state, to an endpoint kept disabled so that no worker sends them
        Admin.Keys keys = Admin.newTenant("test");
        String endpoint = api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("url", "http://127.0.0.1:9/down", "events", List.of("session.created")))
                .post("/api/v1/webhooks").then().statusCode(201).extract().path("id");
        db.update("update webhook_endpoints set status = 'disabled' where id = ?", endpoint);
        Sessions.created(keys.secretKey(), "disc");
        db.update("insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)"
                + " select 'whd_gauge_' || s || substr(md5(random()::text), 1, 8), ?, ?,"
                + " (select id from events where organization_id = ? limit 1), s, 1, case when s = 'dead' then null else now() end, now()"
                + " from unnest(array['pending', 'failed', 'dead']) s", keys.orgId(), endpoint, keys.orgId());

        gauges.refresh();
        Map<String, Long> expected = new HashMap<>(Map.of("pending", 0L, "retrying", 0L, "dead", 0L));
        for (Map<String, Object> row : db.query("select status, count(*) as n from webhook_deliveries"
                + " where status in ('pending', 'failed', 'dead') group by status")) {
            expected.put(DatabaseGauges.QUEUE_STATES.get((String) row.get("status")), ((Number) row.get("n")).longValue());
        }
        assertTrue(expected.values().stream().allMatch(n -> n > 0), "a delivery in every state: " + expected);
        for (var state : expected.entrySet()) {
            double gauge = registry.find("assessments.webhook.queue").tag("state", state.getKey()).gauge().value();
            assertEquals(state.getValue(), (long) gauge, state.getKey());
        }
        db.update("delete from webhook_deliveries where endpoint_id = ?", endpoint);
    }

    @Test
    void theQueueGaugesReadOnlyTheQueuesPartialIndexes() throws Exception {
        List<String> scans = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("set local enable_seqscan = off"); // on a small test table a scan of everything is cheap and may win
            try (ResultSet plan = s.executeQuery("explain (format json) " + DatabaseGauges.QUEUE_BY_STATE)) {
                plan.next();
                collect(new ObjectMapper().readTree(plan.getString(1)), scans);
            } finally {
                c.rollback();
            }
        }
        assertFalse(scans.isEmpty());
        assertTrue(Set.of("webhook_deliveries_endpoint_due", "webhook_deliveries_dead").containsAll(scans),
                "every read of webhook_deliveries goes through a queue state's partial index: " + scans);
    }

    /** What each scan in the plan reads (the statement reads webhook_deliveries only): its index, or its node type without one. */
    private static void collect(JsonNode node, List<String> scans) {
        String type = node.path("Node Type").asText();
        if (node.has("Index Name")) {
            scans.add(node.get("Index Name").asText());
        } else if (type.endsWith("Scan") && !type.equals("Bitmap Heap Scan")) { // a bitmap heap scan's index is its child's
            scans.add(type);
        }
        node.forEach(child -> collect(child, scans));
    }
}
