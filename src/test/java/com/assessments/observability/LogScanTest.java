package com.assessments.observability;

import com.assessments.support.Admin;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A full scenario (keys, a session with a candidate's email and name, the runner's token, a webhook secret, a
 * submit, a coach message, bad credentials, a deletion), then the service's log of that time is scanned for every
 * secret and personal value it handled: none may appear, and neither in the spans the scenario recorded.
 */
@QuarkusTest
class LogScanTest {

    @jakarta.inject.Inject
    RecordedSpans spans;

    private static final Path LOG = Path.of("target/quarkus-test.log");

    @Test
    void noSecretOrPersonalValueReachesTheLog() throws IOException {
        long start = Files.exists(LOG) ? Files.size(LOG) : 0;
        long mark = spans.mark(); // not a start time: span clocks are anchored and may differ from the wall clock by ms
        List<String> secrets = new ArrayList<>();

        String org = Admin.createOrganization("Log scan org", Map.of("disc", 3));
        Admin.Keys live = Admin.issueKeys(org, "test", Map.of()); // test: the receiver is plain http on 127.0.0.1
        secrets.add(live.secretKey());
        secrets.add(live.publishableKey());
        try (Receiver receiver = new Receiver()) {
            String whsec = api().auth().oauth2(live.secretKey()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url("/hook"), "events", List.of("session.completed")))
                    .post("/api/v1/webhooks").then().statusCode(201).extract().path("secret");
            secrets.add(whsec);

            String email = "grace.hopper.logscan@example.com";
            String name = "Grace Logscan Hopper";
            Map<String, Object> body = Sessions.body("disc", "logscan-candidate");
            body.put("candidate", Map.of("externalId", "logscan-candidate", "email", email, "name", name));
            var created = Sessions.create(live.secretKey(), body).statusCode(201).extract().jsonPath();
            String id = created.getString("id");
            String token = created.getString("sessionToken");
            secrets.add(email);
            secrets.add(name);
            secrets.add(token);

            RestAssured.given().auth().oauth2(token).get("/api/v1/embed/session").then().statusCode(200);
            Sessions.submit(live.secretKey(), id, Sessions.discVaried()).statusCode(200);
            Map<String, Object> coach = new HashMap<>();
            coach.put("candidateExternalId", "logscan-candidate");
            coach.put("message", "What are my strengths, " + name + "?");
            api().auth().oauth2(live.secretKey()).contentType(ContentType.JSON).body(coach).post("/api/v1/coach/messages")
                    .then().statusCode(200);
            // refusals that carry a credential: a revoked-looking key, a wrong token, a key in the wrong place
            String almost = live.secretKey().substring(0, live.secretKey().length() - 4) + "zzzz";
            secrets.add(almost);
            RestAssured.given().auth().oauth2(almost).get("/api/v1/sessions").then().statusCode(401);
            RestAssured.given().auth().oauth2(token + "x").get("/api/v1/embed/session").then().statusCode(401);
            RestAssured.given().queryParam("api_key", live.secretKey()).get("/api/v1/sessions").then().statusCode(401);
            receiver.await(1, java.time.Duration.ofSeconds(30));
            api().auth().oauth2(live.secretKey()).delete("/api/v1/sessions/{id}", id).then().statusCode(204);
        }

        String log = readFrom(start);
        for (String secret : secrets) {
            assertTrue(!log.contains(secret), "the log holds a secret or personal value: " + secret.substring(0, 6) + "...");
        }
        // traces leave the service too (OTLP): the scenario's spans, names and attributes, hold none of them either
        // (run alone or after most tests the scenario leaves 60+ spans; right after DrainTest, whose simulated SIGTERM
        // leaves request spans unrecorded for a while, it may leave none: then only the log is scanned)
        List<String> traced = spans.since(mark).stream()
                .map(s -> s.getName() + " " + s.getAttributes() + " " + s.getEvents() + " " + s.getStatus()).toList();
        for (String span : traced) {
            for (String secret : secrets) {
                assertTrue(!span.contains(secret), "a span holds a secret or personal value: " + secret.substring(0, 6) + "...");
            }
        }
    }

    private static String readFrom(long offset) throws IOException {
        if (!Files.exists(LOG)) {
            return "";
        }
        try (RandomAccessFile file = new RandomAccessFile(LOG.toFile(), "r")) {
            file.seek(Math.min(offset, file.length()));
            byte[] bytes = new byte[(int) (file.length() - file.getFilePointer())];
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }
}
