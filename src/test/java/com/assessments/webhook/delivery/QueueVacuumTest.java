package com.assessments.webhook.delivery;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The service vacuums webhook_deliveries once its dead row versions reach the threshold (a floor, or a fraction of the
 * live rows if larger), one replica at a time; see {@link QueueVacuum} for why. The test profile's schedule is off, so
 * only this test vacuums, and PostgreSQL's own counters (pg_stat_user_tables) say whether a VACUUM ran.
 */
@QuarkusTest
class QueueVacuumTest {

    @Inject
    QueueVacuum vacuum;
    @Inject
    DataSource dataSource;
    @Inject
    TestDb db;
    @Inject
    io.micrometer.core.instrument.MeterRegistry registry;

    @Test
    void vacuumsOnceDeadRowsReachTheThresholdAndOneReplicaAtATime() throws Exception {
        Admin.Keys tenant = Admin.newTenant("test");
        api().auth().oauth2(tenant.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("url", "http://127.0.0.1:9/vacuum", "events", List.of("session.created")))
                .post("/api/v1/webhooks").then().statusCode(201);
        String sessionId = Sessions.created(tenant.secretKey(), "disc")[0];
        String delivery = (String) db.query("""
                select d.id from webhook_deliveries d join events e on e.id = d.event_id where e.session_id = ?""",
                sessionId).get(0).get("id");

        deadVersions(delivery, 300);
        long dead = deadRows();
        assertTrue(dead >= 300, "the statistics count the dead versions: " + dead);
        long vacuumed = vacuumCount();

        assertFalse(vacuum.vacuumIfDue(dead + 1, 0), "fewer dead rows than the floor");
        assertFalse(vacuum.vacuumIfDue(1, (double) dead / Math.max(1, liveRows()) * 2 + 1), "fewer than the fraction of live rows");
        try (Connection otherReplica = dataSource.getConnection(); Statement s = otherReplica.createStatement()) {
            s.execute("select pg_advisory_lock(" + QueueVacuum.LOCK_CLASS + ", " + QueueVacuum.LOCK_ID + ")");
            assertFalse(vacuum.vacuumIfDue(1, 0), "another replica is vacuuming");
            s.execute("select pg_advisory_unlock(" + QueueVacuum.LOCK_CLASS + ", " + QueueVacuum.LOCK_ID + ")");
        }
        assertEquals(vacuumed, vacuumCount(), "no VACUUM ran while it was not due");

        long timed = vacuumsTimed();
        assertTrue(vacuum.vacuumIfDue(dead, 0));
        assertEquals(vacuumed + 1, vacuumCount(), "one VACUUM ran");
        assertEquals(timed + 1, vacuumsTimed(), "assessments_webhook_queue_vacuums_seconds counted it");
        assertTrue(deadRows() < 300, "its dead versions are gone: " + deadRows());
        try (Connection next = dataSource.getConnection(); Statement s = next.createStatement();
             ResultSet rs = s.executeQuery("select pg_try_advisory_lock(" + QueueVacuum.LOCK_CLASS + ", " + QueueVacuum.LOCK_ID + ")")) {
            assertTrue(rs.next() && rs.getBoolean(1), "the lock was released for the next one");
            s.execute("select pg_advisory_unlock(" + QueueVacuum.LOCK_CLASS + ", " + QueueVacuum.LOCK_ID + ")");
        }
    }

    /**
     * {@code n} dead versions of the delivery's row, each update its own transaction; the counters flushed at the end.
     * Each changes an indexed column, as the worker's claims and outcomes do: a HOT update's dead version could be
     * pruned away (and uncounted) by the next update of its page, before any VACUUM.
     */
    private void deadVersions(String delivery, int n) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement update = c.prepareStatement(
                "update webhook_deliveries set next_attempt_at = next_attempt_at + interval '1 millisecond' where id = ?")) {
            c.setAutoCommit(true);
            for (int i = 0; i < n; i++) {
                update.setString(1, delivery);
                assertEquals(1, update.executeUpdate());
            }
            try (Statement s = c.createStatement()) {
                // a backend reports its counters at most once a second; this makes the next transaction's end report them
                s.execute("select pg_stat_force_next_flush()");
                s.execute("select 1");
            }
        }
    }

    private long vacuumsTimed() {
        var timer = registry.find("assessments.webhook.queue.vacuums").timer();
        return timer == null ? 0 : timer.count();
    }

    private long deadRows() {
        return stat("n_dead_tup");
    }

    private long liveRows() {
        return stat("n_live_tup");
    }

    private long vacuumCount() {
        return stat("vacuum_count");
    }

    private long stat(String column) {
        return db.count("select " + column + " from pg_stat_user_tables where relid = 'webhook_deliveries'::regclass");
    }
}
