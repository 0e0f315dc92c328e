package com.assessments.status;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TcpProxy;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The database goes away while the service runs, then comes back. The service reaches the embedded test PostgreSQL
 * through a {@link TcpProxy} (this class's own profile points the datasource at it); the test cuts the proxy: every
 * pooled connection is reset and new ones are swallowed unanswered, a host gone from the network. Requests must then
 * be refused quickly with 503 service_unavailable and Retry-After, /status must say down within a second, and once
 * the proxy forwards again the service must serve without a restart.
 */
@QuarkusTest
@TestProfile(DatabaseOutageTest.ThroughProxy.class)
class DatabaseOutageTest {

    /** System property holding the port of the proxy's switch (the test and its resource may not share classes). */
    static final String CONTROL_PORT = "test.db-proxy-control-port";

    public static class ThroughProxy implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(ProxiedDatabase.class));
        }
    }

    /** Starts the proxy in front of the embedded PostgreSQL and points the datasource at it. */
    public static class ProxiedDatabase implements QuarkusTestResourceLifecycleManager {

        private TcpProxy proxy;

        @Override
        @SuppressWarnings("unchecked")
        public Map<String, String> start() {
            try {
                // the embedded server of the test JVM (started here if no test has started it yet)
                Class<?> server = Class.forName("com.assessments.devdb.EmbeddedPostgresServer");
                Method ensureStarted = server.getDeclaredMethod("ensureStarted", boolean.class);
                ensureStarted.setAccessible(true);
                Map<String, String> direct = (Map<String, String>) ensureStarted.invoke(null, false);
                URI url = URI.create(direct.get("quarkus.datasource.jdbc.url").substring("jdbc:".length()));
                proxy = new TcpProxy(new InetSocketAddress(url.getHost(), url.getPort()));
                System.setProperty(CONTROL_PORT, String.valueOf(proxy.controlPort()));
                return Map.of(
                        "quarkus.datasource.jdbc.url", "jdbc:postgresql://127.0.0.1:" + proxy.port() + url.getPath(),
                        "quarkus.datasource.username", direct.get("quarkus.datasource.username"),
                        "quarkus.datasource.password", direct.get("quarkus.datasource.password"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void stop() {
            System.clearProperty(CONTROL_PORT);
            try {
                if (proxy != null) {
                    proxy.close();
                }
            } catch (IOException e) {
                // the JVM ends soon
            }
        }
    }

    private static void proxy(String command) {
        TcpProxy.command(Integer.parseInt(System.getProperty(CONTROL_PORT)), command);
    }

    @Test
    void anOutageIsRefusedFastWith503AndTheServiceRecoversByItself() {
        Admin.Keys tenant = Admin.newTenant("test");
        String key = tenant.secretKey();
        Sessions.created(key, "disc");
        api().auth().oauth2(key).get("/api/v1/sessions").then().statusCode(200); // the key is cached from here on
        api().get("/api/v1/status").then().statusCode(200).body("checks.database.ok", equalTo(true));

        proxy("cut");
        try {
            for (int i = 0; i < 3; i++) { // the first ones meet the pool's reset connections, later ones wait for new ones
                Response r = api().auth().oauth2(key).get("/api/v1/sessions");
                long ms = r.timeIn(TimeUnit.MILLISECONDS);
                System.out.printf("outage: GET /api/v1/sessions answered %d in %d ms%n", r.statusCode(), ms);
                r.then().statusCode(503)
                        .header("Retry-After", "5")
                        .header("X-Request-Id", not(emptyOrNullString()))
                        .contentType(ContentType.JSON)
                        .body("error.code", equalTo("service_unavailable"))
                        .body("error.doc_url", equalTo("http://localhost:8080/docs/errors#service_unavailable"))
                        .body("error.details.retryAfterSeconds", equalTo(5));
                // one second for the connection the rate limiter asks for (it lets the request through without one),
                // one for the request's own, plus scheduling slack on a busy machine
                assertTrue(ms < 3_000, "a request during the outage took " + ms + " ms");
            }

            Response r = Sessions.create(key, Sessions.body("disc", "outage-candidate")).extract().response();
            long ms = r.timeIn(TimeUnit.MILLISECONDS);
            System.out.printf("outage: POST /api/v1/sessions answered %d in %d ms%n", r.statusCode(), ms);
            r.then().statusCode(503).header("Retry-After", "5").body("error.code", equalTo("service_unavailable"));
            assertTrue(ms < 3_000, "creating a session during the outage took " + ms + " ms");

            for (int i = 0; i < 3; i++) {
                Response status = api().get("/api/v1/status");
                status.then().statusCode(200)
                        .body("status", equalTo("down"))
                        .body("checks.database.ok", equalTo(false))
                        .body("checks.webhookQueue.ok", equalTo(false));
                ms = status.timeIn(TimeUnit.MILLISECONDS); // request to response, without the contract check
                System.out.printf("outage: GET /api/v1/status said down in %d ms%n", ms);
                assertTrue(ms < 1_000, "/status took " + ms + " ms to say down");
            }
        } finally {
            proxy("restore");
        }

        // back without a restart: dead connections have left the pool, new ones are opened
        long restored = System.nanoTime();
        int status = 0;
        while (System.nanoTime() - restored < 15_000_000_000L) {
            status = api().auth().oauth2(key).get("/api/v1/sessions").statusCode();
            if (status == 200) {
                break;
            }
            assertEquals(503, status, "only 503 while the pool reconnects");
        }
        if (status != 200) {
            fail("the service did not recover within 15 s of the database coming back");
        }
        System.out.printf("recovery: first 200 %d ms after the database came back%n", (System.nanoTime() - restored) / 1_000_000);
        api().auth().oauth2(key).get("/api/v1/sessions").then().statusCode(200).body("total", equalTo(1));
        Sessions.create(key, Sessions.body("disc", "after-outage")).statusCode(201);
        api().get("/api/v1/status").then().statusCode(200).body("checks.database.ok", equalTo(true));
    }
}
