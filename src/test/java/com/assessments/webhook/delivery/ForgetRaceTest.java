package com.assessments.webhook.delivery;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Right to forget against a resend or recover of the same session's dead deliveries, each caught half-way: the other
 * side's transaction is played here on a connection of its own, its locks held while the service's request runs into
 * them. Forget locks the session's events before their deliveries, resend and recover lock the events (KEY SHARE)
 * before any delivery, so whichever comes second waits and then sees what the first did: no deadlock, no copy left
 * behind that the events' delete would trip over, no 500.
 */
@QuarkusTest
class ForgetRaceTest {

    private static final Duration WAIT = Duration.ofSeconds(15);

    @Inject
    TestDb db;

    @Inject
    DataSource dataSource;

    Receiver receiver;

    @BeforeEach
    void start() throws Exception {
        receiver = new Receiver();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    private record Dead(String key, String endpoint, String session, String event, String delivery, String org) {
    }

    /** A session whose one delivery failed and then went to the dead-letter queue. */
    private Dead deadDelivery() {
        Admin.Keys keys = Admin.newTenant("test");
        receiver.defaultStatus(500);
        String endpoint = subscribedEndpoint(keys, "session.created");
        String session = Sessions.created(keys.secretKey(), "disc")[0];
        var row = failedThenDead(endpoint);
        return new Dead(keys.secretKey(), endpoint, session, (String) row.get("event_id"), (String) row.get("id"), keys.orgId());
    }

    private String subscribedEndpoint(Admin.Keys keys, String eventType) {
        return api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("url", receiver.url("/hooks"), "events", List.of(eventType)))
                .post("/api/v1/webhooks").then().statusCode(201).extract().path("id");
    }

    /** The endpoint's one delivery (id, event_id), once its first attempt failed, moved to the dead-letter queue. */
    private Map<String, Object> failedThenDead(String endpoint) {
        Instant deadline = Instant.now().plus(WAIT);
        while (db.count("select count(*) from webhook_deliveries where endpoint_id = ? and status = 'failed'", endpoint) == 0) {
            assertTrue(Instant.now().isBefore(deadline), "the delivery's first attempt did not fail in time");
            sleep(50);
        }
        var row = db.query("select id, event_id from webhook_deliveries where endpoint_id = ?", endpoint).get(0);
        db.update("update webhook_deliveries set status = 'dead', next_attempt_at = null, claimed_until = null where id = ?",
                row.get("id"));
        return row;
    }

    /**
     * A recover's body: from the minute before the first of the deliveries to the minute after the last, in the
     * service's clock (the tests move it).
     */
    private String window(String... deliveryIds) {
        String format = "'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'";
        var around = db.query("select to_char((min(created_at) - interval '1 minute') at time zone 'UTC', " + format + ") as since, "
                + "to_char((max(created_at) + interval '1 minute') at time zone 'UTC', " + format + ") as until "
                + "from webhook_deliveries where id = any(?)", (Object) deliveryIds).get(0);
        return "{\"since\": \"" + around.get("since") + "\", \"until\": \"" + around.get("until") + "\"}";
    }

    @Test
    void aResendWaitsForAForgetUnderWayAndThenFindsNoDelivery() throws Exception {
        Dead d = deadDelivery();
        try (Connection forget = transaction()) {
            run(forget, "select id from events where session_id = ? order by id for update", d.session());
            run(forget, "delete from webhook_deliveries where event_id = ?", d.event());
            run(forget, "delete from events where id = ?", d.event());
            var resend = whileHeld(forget, () -> api().auth().oauth2(d.key())
                    .post("/api/v1/webhooks/{id}/deliveries/{d}/resend", d.endpoint(), d.delivery()));
            forget.commit();
            Response r = resend.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertEquals(404, r.statusCode(), r.asString());
            assertEquals("delivery_not_found", r.path("error.code"));
        }
        assertEquals(0, db.count("select count(*) from webhook_deliveries where event_id = ?", d.event()));
    }

    @Test
    void aForgetWaitsForAResendUnderWayAndTakesItsCopyToo() throws Exception {
        Dead d = deadDelivery();
        try (Connection resend = transaction()) {
            run(resend, "select id from events where id = ? for key share", d.event());
            run(resend, "insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, "
                    + "next_attempt_at, created_at) values (?, ?, ?, ?, 'pending', 0, now(), now())",
                    d.delivery() + "c", d.org(), d.endpoint(), d.event());
            run(resend, "update webhook_deliveries set superseded_by = ? where id = ?", d.delivery() + "c", d.delivery());
            var forget = whileHeld(resend, () -> api().auth().oauth2(d.key()).delete("/api/v1/sessions/{id}", d.session()));
            resend.commit();
            Response r = forget.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertEquals(204, r.statusCode(), r.asString());
        }
        assertEquals(0, db.count("select count(*) from webhook_deliveries where event_id = ?", d.event()), "the copy stayed");
        assertEquals(0, db.count("select count(*) from events where id = ?", d.event()));
    }

    @Test
    void aRecoverWaitsForAForgetUnderWayAndThenRecoversNothing() throws Exception {
        Dead d = deadDelivery();
        recoverWhileForgetting(d, window -> api().auth().oauth2(d.key()).contentType(ContentType.JSON).body(window)
                .post("/api/v1/webhooks/{id}/recover", d.endpoint()));
    }

    @Test
    void thePortalsRecoverOfEveryEndpointWaitsForAForgetUnderWay() throws Exception {
        Dead d = deadDelivery();
        Portal.SignedIn developer = Portal.member(db, d.org(), "developer");
        recoverWhileForgetting(d, window -> developer.in(d.org()).contentType(ContentType.JSON).body(window)
                .post("/api/portal/dead-letters/recover"));
    }

    /** A forget holds the session's events while the recover (given its window's JSON) runs into them, then goes on. */
    private void recoverWhileForgetting(Dead d, Function<String, Response> recoverRequest) throws Exception {
        try (Connection forget = transaction()) {
            run(forget, "select id from events where session_id = ? order by id for update", d.session());
            String window = window(d.delivery());
            var recover = whileHeld(forget, () -> recoverRequest.apply(window));
            // forget goes on with the deliveries: a recover that had locked them first would deadlock here
            run(forget, "delete from webhook_deliveries where event_id = ?", d.event());
            run(forget, "delete from events where id = ?", d.event());
            forget.commit();
            Response r = recover.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertEquals(202, r.statusCode(), r.asString());
            assertEquals(0, (int) r.path("recovered"));
        }
        assertEquals(0, db.count("select count(*) from webhook_deliveries where event_id = ?", d.event()));
    }

    @Test
    void thePortalsRecoverOfEveryEndpointLocksAllTheirEventsBeforeAnyDelivery() throws Exception {
        // one session, two events, each dead on an endpoint of its own; the portal recovers endpoint by endpoint (oldest
        // first), forget locks the session's events in id order. Were each endpoint's events locked only when its turn
        // came, the recover would hold the later event (first endpoint) and wait for the earlier (second endpoint),
        // which forget holds while it waits for the later one: a deadlock.
        Admin.Keys keys = Admin.newTenant("test");
        receiver.defaultStatus(500);
        String onCreated = subscribedEndpoint(keys, "session.created");
        String onCompleted = subscribedEndpoint(keys, "session.completed");
        String session = Sessions.created(keys.secretKey(), "disc")[0];
        Sessions.submit(keys.secretKey(), session, Sessions.discVaried()).statusCode(200);
        var created = failedThenDead(onCreated);
        var completed = failedThenDead(onCompleted);
        // the order forget locks them in: PostgreSQL's (its collation, not Java's order of mixed-case ids)
        String earlier = (String) db.query("select id from events where id in (?, ?) order by id",
                created.get("event_id"), completed.get("event_id")).get(0).get("id");
        boolean createdFirst = earlier.equals(created.get("event_id"));
        String later = (String) (createdFirst ? completed : created).get("event_id");
        db.update("update webhook_endpoints set created_at = created_at - interval '1 hour' where id = ?",
                createdFirst ? onCompleted : onCreated); // the later event's endpoint is recovered first
        Portal.SignedIn developer = Portal.member(db, keys.orgId(), "developer");
        String window = window((String) created.get("id"), (String) completed.get("id"));
        try (Connection forget = transaction()) {
            run(forget, "select id from events where id = ? for update", earlier);
            var recover = whileHeld(forget, () -> developer.in(keys.orgId()).contentType(ContentType.JSON).body(window)
                    .post("/api/portal/dead-letters/recover"));
            run(forget, "select id from events where id = ? for update", later);
            run(forget, "delete from webhook_deliveries where event_id in (?, ?)", earlier, later);
            run(forget, "delete from events where id in (?, ?)", earlier, later);
            forget.commit();
            Response r = recover.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertEquals(202, r.statusCode(), r.asString());
            assertEquals(0, (int) r.path("recovered"));
        }
        assertEquals(0, db.count("select count(*) from webhook_deliveries where event_id in (?, ?)", earlier, later));
    }

    private Connection transaction() throws SQLException {
        Connection c = dataSource.getConnection();
        c.setAutoCommit(false);
        return c;
    }

    private static void run(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            s.execute();
        }
    }

    /** Starts the request, and returns once it waits for a lock the connection holds. */
    private CompletableFuture<Response> whileHeld(Connection holder, Supplier<Response> request) {
        // on a thread of its own with the test's class loader (the common pool's threads have another, and RestAssured's
        // Jackson then fails to load its modules)
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        CompletableFuture<Response> answer = CompletableFuture.supplyAsync(request, task -> {
            Thread thread = new Thread(task, "forget-race-request");
            thread.setContextClassLoader(loader);
            thread.start();
        });
        db.awaitWaitingFor(holder, answer, WAIT, "the request");
        assertTrue(!answer.isDone(), () -> "answered without waiting: " + answer.join().asString());
        return answer;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
