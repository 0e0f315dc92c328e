package com.assessments.webhook;

import com.assessments.support.Admin;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Registering and changing endpoints: the per-organization cap, the https rule for live keys, SSRF refusals. */
@QuarkusTest
class WebhookEndpointsTest {

    private static final Pattern IP_ADDRESS = Pattern.compile("\\b\\d{1,3}(\\.\\d{1,3}){3}\\b|::");

    @Inject
    TestDb db;

    @Inject
    DataSource dataSource;

    private static Response create(String key, String url) {
        return api().auth().oauth2(key).contentType(ContentType.JSON)
                .body(Map.of("url", url, "events", List.of("session.completed")))
                .post("/api/v1/webhooks");
    }

    @Test
    void concurrentCreatesNeverExceedTheEndpointCap() throws Exception {
        Admin.Keys keys = Admin.newTenant("test");
        int callers = 40;
        // as many as can hold a connection at once: the pool's, less the two below; two at least, or the race below
        // has one runner
        int held = ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.max-size", Integer.class) - 2;
        assertTrue(held >= 2, "a pool of 4 connections at least");
        for (int i = 0; i < 19; i++) { // one below the cap of 20: the held callers all count 19 and would all insert
            create(keys.secretKey(), "http://127.0.0.1/cap").then().statusCode(201);
        }
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch rest = new CountDownLatch(1);
        List<Future<Response>> calls = new ArrayList<>();
        try {
            try (Connection gate = dataSource.getConnection(); Connection watch = dataSource.getConnection()) {
                // widen the race on purpose: inserts wait behind this lock while counts still read, as under load
                gate.setAutoCommit(false);
                try (Statement st = gate.createStatement()) {
                    st.execute("lock table webhook_endpoints in share mode");
                }
                for (int i = 0; i < callers; i++) {
                    CountDownLatch go = i < held ? start : rest;
                    Callable<Response> call = () -> {
                        go.await();
                        return create(keys.secretKey(), "http://127.0.0.1/cap");
                    };
                    calls.add(pool.submit(call));
                }
                start.countDown();
                assertTrue(awaitWaitingOnLocks(watch, held, Duration.ofSeconds(10)), "the held callers wait on locks");
                gate.commit();
            }
            // the rest only now, with both connections back in the pool: a request that waits longer than the pool's
            // 1 s for a connection gets 503
            rest.countDown();

            int created = 0, refused = 0;
            for (Future<Response> f : calls) {
                Response r = f.get(60, TimeUnit.SECONDS);
                if (r.statusCode() == 201) {
                    created++;
                } else {
                    r.then().statusCode(400).body("error.code", equalTo("validation_error"))
                            .body("error.details.errors[0].field", equalTo("url"));
                    refused++;
                }
            }
            assertEquals(1, created, "created");
            assertEquals(callers - 1, refused, "refused");
        } finally {
            pool.shutdownNow();
        }
        assertEquals(20, db.count("select count(*) from webhook_endpoints where organization_id = ? and deleted_at is null",
                keys.orgId()));
    }

    /** Waits (bounded) until this many database sessions wait on a lock; false when they did not in time. */
    private static boolean awaitWaitingOnLocks(Connection watch, int sessions, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try (Statement st = watch.createStatement(); ResultSet rs = st.executeQuery("select count(*) from pg_stat_activity"
                    + " where wait_event_type = 'Lock' and datname = current_database()")) {
                rs.next();
                if (rs.getLong(1) >= sessions) {
                    return true;
                }
            }
            Thread.sleep(20);
        }
        return false;
    }

    @Test
    void liveKeysNeedHttpsTestKeysMayUseHttp() {
        String org = Admin.createOrganization("Https hooks", Map.of("disc", 1));
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        Admin.Keys test = Admin.issueKeys(org, "test", Map.of());

        create(live.secretKey(), "http://127.0.0.1:9/hooks").then().statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors[0].field", equalTo("url"))
                .body("error.details.errors[0].issue", equalTo("must use https"));
        String id = create(live.secretKey(), "https://127.0.0.1:9/hooks").then().statusCode(201).extract().path("id");
        api().auth().oauth2(live.secretKey()).contentType(ContentType.JSON).body(Map.of("url", "http://127.0.0.1:9/hooks"))
                .patch("/api/v1/webhooks/{id}", id).then().statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors[0].field", equalTo("url"));
        api().auth().oauth2(live.secretKey()).get("/api/v1/webhooks/{id}", id).then().statusCode(200)
                .body("url", equalTo("https://127.0.0.1:9/hooks"));

        String testId = create(test.secretKey(), "http://127.0.0.1:9/hooks").then().statusCode(201).extract().path("id");
        api().auth().oauth2(test.secretKey()).contentType(ContentType.JSON).body(Map.of("url", "http://127.0.0.1:9/v2"))
                .patch("/api/v1/webhooks/{id}", testId).then().statusCode(200).body("url", equalTo("http://127.0.0.1:9/v2"));
    }

    /**
     * A PATCH resolves its URL's host before its transaction (no connection waits for the resolver), and still refuses
     * in the order it did: an unknown endpoint (404), then the https rule, then the SSRF check; nothing changes.
     */
    @Test
    void patchRefusesTheUrlInTheSameOrderAsBefore() {
        String organization = Admin.createOrganization("Patch order", Map.of("disc", 1));
        Admin.Keys live = Admin.issueKeys(organization, "live", Map.of());
        String id = create(live.secretKey(), "https://127.0.0.1:9/hooks").then().statusCode(201).extract().path("id");
        api().auth().oauth2(live.secretKey()).contentType(ContentType.JSON).body(Map.of("url", "https://10.1.2.3/"))
                .patch("/api/v1/webhooks/{id}", "whk_unknown").then().statusCode(404)
                .body("error.code", equalTo("webhook_not_found"));
        api().auth().oauth2(live.secretKey()).contentType(ContentType.JSON).body(Map.of("url", "http://10.1.2.3/"))
                .patch("/api/v1/webhooks/{id}", id).then().statusCode(400)
                .body("error.details.errors[0].issue", equalTo("must use https"));
        api().auth().oauth2(live.secretKey()).contentType(ContentType.JSON).body(Map.of("url", "https://10.1.2.3/", "description", "x"))
                .patch("/api/v1/webhooks/{id}", id).then().statusCode(400)
                .body("error.details.errors[0].field", equalTo("url"))
                .body("error.details.errors[0].issue", org.hamcrest.Matchers.startsWith("is not allowed"));
        api().auth().oauth2(live.secretKey()).get("/api/v1/webhooks/{id}", id).then().statusCode(200)
                .body("url", equalTo("https://127.0.0.1:9/hooks")).body("description", org.hamcrest.Matchers.nullValue());
    }

    @Test
    void ssrfRefusalsNameNoAddressAndDoNotTellMissingHostsFromInternalOnes() {
        Admin.Keys keys = Admin.newTenant("test");
        List<String> messages = new ArrayList<>();
        for (String url : List.of("https://nonexistent.invalid/", "https://127.0.0.2/", "https://169.254.169.254/latest/meta-data",
                "https://[::1]/", "https://10.1.2.3/")) {
            String body = create(keys.secretKey(), url).then().statusCode(400)
                    .body("error.code", equalTo("validation_error"))
                    .body("error.details.errors[0].field", equalTo("url"))
                    .extract().asString();
            String issue = io.restassured.path.json.JsonPath.from(body).getString("error.details.errors[0].issue");
            assertFalse(IP_ADDRESS.matcher(body).find(), url + " answered with an address: " + body);
            messages.add(issue);
        }
        assertEquals(1, messages.stream().distinct().count(), "different refusals: " + messages);
    }
}
