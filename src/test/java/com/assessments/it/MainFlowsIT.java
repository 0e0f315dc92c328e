package com.assessments.it;

import com.assessments.devdb.JarTestDatabase;
import com.assessments.sdk.model.Event;
import com.assessments.sdk.model.EventType;
import com.assessments.sdk.webhooks.WebhookVerificationException;
import com.assessments.sdk.webhooks.WebhookVerifier;
import com.assessments.support.Admin;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import io.restassured.http.ContentType;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static com.assessments.support.Contract.raw;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The main flows against the packaged application in a process of its own: the jar in `./mvnw verify` (Failsafe,
 * after `package`), the native binary with `-Dnative` (README "Native binary"). No injection here: only HTTP, a real
 * webhook receiver, and the database the application was handed (JarTestDatabase). Every response is checked against
 * openapi.yaml (Contract.api).
 */
@QuarkusIntegrationTest
@WithTestResource(JarTestDatabase.class)
class MainFlowsIT {

    @Test
    void aTestSessionIsCreatedSubmittedScoredAndReportedAsAPdf() throws Exception {
        Admin.Keys keys = Admin.newTenant("test");
        Map<String, Object> body = Sessions.body("disc", "it-candidate");
        body.put("candidate", Map.of("externalId", "it-candidate", "name", "Grace Hopper"));
        String id = api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).header("Idempotency-Key", "it-1")
                .body(body).post("/api/v1/sessions").then().statusCode(201)
                .body("status", equalTo("created")).body("sessionToken", startsWith("vst_"))
                .extract().path("id");
        // the same idempotency key and body replay the first answer (stored encrypted: SecretBox in the binary)
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).header("Idempotency-Key", "it-1")
                .body(body).post("/api/v1/sessions").then().statusCode(201).body("id", equalTo(id));

        Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(200)
                .body("status", equalTo("completed")).body("results.kind", equalTo("disc")).body("results.mock", equalTo(true));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", id).then().statusCode(200)
                .body("results.primaryType", notNullValue());

        byte[] pdf = api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}/report.pdf", id).then()
                .statusCode(200).contentType("application/pdf").extract().asByteArray();
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            String text = new PDFTextStripper().getText(doc);
            assertTrue(text.contains("Grace Hopper"), text);
            assertTrue(text.contains("TEST — not a real assessment result"), "a test session's report is stamped");
            assertTrue(text.contains(id), "the session id");
        }
    }

    @Test
    void aSignedWebhookReachesARealReceiverAndVerifies() throws Exception {
        Admin.Keys keys = Admin.newTenant("test");
        try (Receiver receiver = new Receiver()) {
            String secret = api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url("/hooks"), "events", List.of("session.completed", "report.generated")))
                    .post("/api/v1/webhooks").then().statusCode(201).extract().path("secret");
            String id = Sessions.created(keys.secretKey(), "disc")[0];
            Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(200);

            // session.completed at once, report.generated when the report job has rendered the PDF
            List<Receiver.Received> deliveries = receiver.await(2, Duration.ofSeconds(60));
            WebhookVerifier verifier = new WebhookVerifier(secret);
            List<EventType> types = deliveries.stream().map(d -> {
                try {
                    Event e = verifier.constructEvent(d.body(), d.headers());
                    assertEquals(id, e.getData().getSessionId());
                    verifier.verifyBodySignature(d.body(), d.header("X-Service-Signature"));
                    return e.getEvent();
                } catch (WebhookVerificationException ex) {
                    throw new AssertionError(ex);
                }
            }).toList();
            assertEquals(List.of(EventType.SESSION_COMPLETED, EventType.REPORT_GENERATED), types.stream().sorted().toList());
            byte[] altered = Arrays.copyOf(deliveries.get(0).body(), deliveries.get(0).body().length + 1);
            altered[altered.length - 1] = ' ';
            assertEquals(WebhookVerificationException.Reason.SIGNATURE_MISMATCH, assertThrows(WebhookVerificationException.class,
                    () -> verifier.verify(altered, deliveries.get(0).headers())).getReason());
        }
    }

    @Test
    void theContractPagesAndErrorsAreServed() {
        // class-path resources a native image must include, and the error envelope
        raw().get("/q/openapi").then().statusCode(200).body(containsString("openapi: 3"));
        raw().get("/sdk/v1/embed.js").then().statusCode(200).contentType(containsString("javascript"));
        raw().get("/docs/scoring").then().statusCode(200).body(containsString("DISC"));
        api().get("/api/v1/status").then().statusCode(200);
        api().auth().oauth2("service_sk_test_nonexistent").get("/api/v1/sessions").then().statusCode(401)
                .body("error.code", notNullValue()).body("error.doc_url", notNullValue());
        Admin.Keys keys = Admin.newTenant("test");
        api().auth().oauth2(keys.secretKey()).get("/api/v1/assessments/questions/disc").then().statusCode(200);
    }
}
