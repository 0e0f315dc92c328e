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
                + " (select id from events where organization_id = ? limit 1), s, 1, case when s like 'dead%' then null else now() end, now()"
                + " from unnest(array['pending', 'failed', 'dead', 'dead']) s", keys.orgId(), endpoint, keys.orgId());
        // one dead delivery was resent: it has left the dead-letter queue
        db.update("update webhook_deliveries set superseded_by = 'whd_resent' where id = (select id from webhook_deliveries"
                + " where endpoint_id = ? and status = 'dead' limit 1)", endpoint);

        gauges.refresh();
        Map<String, Long> expected = new HashMap<>(Map.of("pending", 0L, "retrying", 0L, "dead", 0L));
        for (Map<String, Object> row : db.query("select status, count(*) as n from webhook_deliveries"
                + " where status in ('pending', 'failed', 'dead') and superseded_by is null group by status")) {
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
        List<String> scans = Plans.scans(dataSource, "webhook_deliveries", DatabaseGauges.QUEUE_BY_STATE);
        assertFalse(scans.isEmpty());
        assertTrue(Set.of("webhook_deliveries_endpoint_due", "webhook_deliveries_dead").containsAll(scans),
                "every read of webhook_deliveries goes through a queue state's partial index: " + scans);
    }
}
