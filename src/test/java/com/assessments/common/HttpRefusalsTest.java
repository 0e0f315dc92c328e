package com.assessments.common;

import com.assessments.support.Admin;
import com.assessments.support.RawHttp;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Refusals made before any resource runs (request line and header size, a body that never arrives, a body
 * without a media type) wear the error envelope like every other error. Raw sockets, because no HTTP client
 * sends such requests.
 */
@QuarkusTest
class HttpRefusalsTest {

    private static final String ORGS = "/api/admin/organizations";

    /** The envelope's four members and the request id, checked by hand: no operation of the contract is matched. */
    static JsonPath envelope(RawHttp.Response r, int status, String code) {
        assertEquals(status, r.status(), r.body());
        assertTrue(r.header("Content-Type").startsWith("application/json"), r.header("Content-Type"));
        assertNotNull(r.header("X-Request-Id"));
        JsonPath json = r.json();
        assertEquals(Map.of("error", json.getMap("error")), json.getMap("$"));
        assertEquals(4, json.getMap("error").size(), r.body());
        assertEquals(code, json.getString("error.code"));
        assertNotNull(json.getString("error.message"));
        assertTrue(json.getString("error.doc_url").endsWith("/docs/errors#" + code), json.getString("error.doc_url"));
        assertNotNull(json.getMap("error.details"));
        return json;
    }

    private static String get(String target, String... headers) {
        return "GET " + target + " HTTP/1.1\r\nHost: localhost" + (headers.length == 0 ? "" : "\r\n" + String.join("\r\n", headers));
    }

    @Test
    void overlongUriIs414WithTheEnvelope() throws Exception {
        var r = RawHttp.exchange(get("/api/v1/status?pad=" + "x".repeat(5_000)), "");
        envelope(r, 414, "uri_too_long").getInt("error.details.maxLength");
        // well beyond the limit too, and on any path
        envelope(RawHttp.exchange(get("/api/v1/sessions/" + "y".repeat(30_000)), ""), 414, "uri_too_long");
        // just under the limit is an ordinary request
        assertEquals(200, RawHttp.exchange(get("/api/v1/status?pad=" + "x".repeat(4_000)), "").status());
    }

    @Test
    void anEmptyPathSegmentNamesNoRoute() throws Exception {
        // the router would serve /sessions/ as the list and answer /sessions//submit with an undocumented 405
        envelope(RawHttp.exchange(get("/api/v1/sessions/"), ""), 404, "not_found");
        envelope(RawHttp.exchange(get("/api/v1/webhooks//deliveries"), ""), 404, "not_found");
        envelope(RawHttp.exchange("POST /api/v1/sessions//submit HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
                + "\r\nContent-Length: 2", "{}"), 404, "not_found");
        assertEquals(401, RawHttp.exchange(get("/api/v1/sessions"), "").status()); // the real route is still there
    }

    @Test
    void oversizedHeadersAre431WithTheEnvelope() throws Exception {
        envelope(RawHttp.exchange(get("/api/v1/status", "X-Pad: " + "h".repeat(25_000)), ""), 431, "headers_too_large")
                .getInt("error.details.maxBytes");
        // many small headers add up
        String[] many = new String[40];
        for (int i = 0; i < many.length; i++) {
            many[i] = "X-Pad-" + i + ": " + "h".repeat(1_000);
        }
        envelope(RawHttp.exchange(get("/api/v1/status", many), ""), 431, "headers_too_large");
        // a large but allowed header block is an ordinary request
        assertEquals(200, RawHttp.exchange(get("/api/v1/status", "X-Pad: " + "h".repeat(10_000)), "").status());
    }

    @Test
    void aBodyThatNeverArrivesIs408AndTheConnectionIsClosed() throws Exception {
        // %test sets assessments.http.body-timeout=3s; the read gives up after 30 s so the test never hangs
        try (RawHttp http = RawHttp.connect(Duration.ofSeconds(30))) {
            long start = System.nanoTime();
            http.send("POST " + ORGS + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + Admin.TOKEN
                    + "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\": ");
            var r = http.read();
            long waited = Duration.ofNanos(System.nanoTime() - start).toMillis();
            envelope(r, 408, "request_timeout");
            assertTrue(waited >= 2_500, "answered after " + waited + " ms, before the body timeout");
            assertEquals("close", r.header("Connection"));
            assertTrue(http.closedByServer(), "the connection stays open after the 408");
        }
        // a body that arrives in pieces, in time, is read as usual
        try (RawHttp http = RawHttp.connect(Duration.ofSeconds(30))) {
            String body = "{\"name\": \"Slow Co\"}";
            http.send("POST " + ORGS + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + Admin.TOKEN
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body.substring(0, 5));
            Thread.sleep(500);
            http.send(body.substring(5));
            assertEquals(201, http.read().status());
        }
    }

    @Test
    void aBodyWithoutAConcreteMediaTypeIs415() throws Exception {
        for (String type : new String[]{"*/*", "application/*"}) {
            // RestAssured needs to be told how to write a body for a media type it does not know
            var asText = RestAssured.config().encoderConfig(EncoderConfig.encoderConfig().encodeContentTypeAs(type, ContentType.TEXT));
            api().config(asText).auth().oauth2(Admin.TOKEN).contentType(type).body("{\"name\": \"Wildcard Co\"}").post(ORGS).then()
                    .statusCode(415).body("error.code", equalTo("unsupported_media_type"));
        }
        String body = "{\"name\": \"No Type Co\"}";
        String head = "POST " + ORGS + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + Admin.TOKEN
                + "\r\nContent-Length: " + body.length();
        envelope(RawHttp.exchange(head + "\r\nContent-Type: ", body), 415, "unsupported_media_type");
        envelope(RawHttp.exchange(head + "\r\nContent-Type:    ", body), 415, "unsupported_media_type");
        envelope(RawHttp.exchange(head, body), 415, "unsupported_media_type");
        envelope(RawHttp.exchange(head + "\r\nContent-Type: */*; charset=utf-8", body), 415, "unsupported_media_type");
    }

    @Test
    void aBodilessPostNeedsNoContentType() throws Exception {
        var keys = Admin.newTenant("test");
        var r = RawHttp.exchange("POST /api/v1/keys/" + keys.secretKeyId() + "/rotate HTTP/1.1\r\nHost: localhost\r\n"
                + "Authorization: Bearer " + keys.secretKey() + "\r\nContent-Length: 0", "");
        assertEquals(200, r.status(), r.body());
    }
}
