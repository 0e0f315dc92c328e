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
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The service vacuums webhook_deliveries once its dead row versions reach the threshold (a floor, or a fraction of the
 * live rows if larger), and not while another VACUUM holds the table; see {@link QueueVacuum} for why. The test
 * profile's schedule is off and autovacuum is off for the table meanwhile, so only these tests vacuum, and
 * PostgreSQL's own counter (pg_stat_user_tables.vacuum_count) says whether a VACUUM ran. Not shown here: that
 * INDEX_CLEANUP ON matters (whether PostgreSQL skips the indexes depends on the table's size), nor the warning for a
 * role that may not vacuum.
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
    void vacuumsOnceDeadRowsReachTheThresholdAndNotBesideAnotherVacuum() throws Throwable {
        String delivery = newDelivery();
        withAutovacuumOff(() -> {
            db.update("analyze webhook_deliveries"); // its live rows counted now (inserts are reported up to seconds late)
            deadVersions(delivery, 400);
            long dead = deadRows();
            assertTrue(dead >= 400, "the statistics count the dead versions: " + dead);
            long vacuumed = vacuumCount();
            long timed = vacuumsTimed();

            // other writers (the worker's attempt at this delivery, earlier tests' retries) only add dead rows
            assertFalse(vacuum.vacuumIfDue(dead + 1_000_000, 0), "fewer dead rows than the floor");
            assertFalse(vacuum.vacuumIfDue(1, 1_000_000), "fewer dead rows than the fraction of the live ones");
            try (Connection otherVacuum = dataSource.getConnection(); Statement s = otherVacuum.createStatement()) {
                otherVacuum.setAutoCommit(false); // holds the lock a VACUUM takes, as another replica's would
                s.execute("lock table webhook_deliveries in share update exclusive mode");
                // (a VACUUM that waited for the lock instead would wait for this transaction, held by this thread)
                assertFalse(assertTimeoutPreemptively(Duration.ofSeconds(20), () -> vacuum.vacuumIfDue(1, 0)),
                        "another VACUUM holds the table");
                otherVacuum.rollback();
            }
            assertEquals(vacuumed, vacuumCount(), "no VACUUM ran while it was not due or the table was held");
            assertEquals(timed, vacuumsTimed(), "and none was counted");

            assertTrue(vacuum.vacuumIfDue(300, 0));
            assertEquals(vacuumed + 1, vacuumCount(), "one VACUUM ran");
            assertEquals(timed + 1, vacuumsTimed(), "assessments_webhook_queue_vacuums_seconds counted it");
            try (Connection c = dataSource.getConnection()) {
                assertEquals(30_000, c.getNetworkTimeout(), "the pool's read timeout, not the VACUUM's");
            }
        });
    }

    /**
     * Dead versions that an open transaction still sees survive a VACUUM (PostgreSQL then counts them as dead still):
     * vacuuming again at every check would remove nothing, so only as many new ones as the threshold call for another.
     */
    @Test
    void deadRowsAVacuumHadToLeaveDoNotCallForAnother() throws Throwable {
        String delivery = newDelivery();
        withAutovacuumOff(() -> {
            try (Connection reader = dataSource.getConnection(); Statement s = reader.createStatement()) {
                reader.setAutoCommit(false);
                reader.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
                s.executeQuery("select count(*) from webhook_deliveries").close(); // its snapshot, older than what follows
                deadVersions(delivery, 300);
                long vacuumed = vacuumCount();

                assertTrue(vacuum.vacuumIfDue(200, 0));
                assertEquals(vacuumed + 1, vacuumCount());
                assertTrue(deadRows() >= 300, "the versions the open transaction sees are left: " + deadRows());
                assertFalse(vacuum.vacuumIfDue(200, 0), "no new dead rows since");
                assertEquals(vacuumed + 1, vacuumCount());

                deadVersions(delivery, 250);
                assertTrue(vacuum.vacuumIfDue(200, 0), "as many new ones as the floor");
                assertEquals(vacuumed + 2, vacuumCount());
                reader.rollback();
            }
        });
    }

    private String newDelivery() {
        Admin.Keys tenant = Admin.newTenant("test");
        api().auth().oauth2(tenant.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("url", "http://127.0.0.1:9/vacuum", "events", List.of("session.created")))
                .post("/api/v1/webhooks").then().statusCode(201);
        String sessionId = Sessions.created(tenant.secretKey(), "disc")[0];
        return (String) db.query("""
                select d.id from webhook_deliveries d join events e on e.id = d.event_id where e.session_id = ?""",
                sessionId).get(0).get("id");
    }

    /** No VACUUM but the service's meanwhile. */
    private void withAutovacuumOff(org.junit.jupiter.api.function.Executable test) throws Throwable {
        db.update("alter table webhook_deliveries set (autovacuum_enabled = off)");
        try {
            test.execute();
        } finally {
            db.update("alter table webhook_deliveries reset (autovacuum_enabled)");
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

    private long vacuumCount() {
        return stat("vacuum_count");
    }

    private long stat(String column) {
        return db.count("select " + column + " from pg_stat_user_tables where relid = 'webhook_deliveries'::regclass");
    }
}
