package com.assessments.clients;

import com.assessments.sdk.AssessmentsClient;
import com.assessments.sdk.ConflictException;
import com.assessments.sdk.InvalidRequestException;
import com.assessments.sdk.NotFoundException;
import com.assessments.sdk.Page;
import com.assessments.sdk.SessionListParams;
import com.assessments.sdk.EventListParams;
import com.assessments.sdk.model.AssessmentType;
import com.assessments.sdk.model.CandidateInput;
import com.assessments.sdk.model.CreateSessionRequest;
import com.assessments.sdk.model.DiscResult;
import com.assessments.sdk.model.Event;
import com.assessments.sdk.model.EventType;
import com.assessments.sdk.model.RotateWebhookSecretRequest;
import com.assessments.sdk.model.Session;
import com.assessments.sdk.model.SessionDetail;
import com.assessments.sdk.model.SessionStatus;
import com.assessments.sdk.model.SessionSummary;
import com.assessments.sdk.model.SubmissionItem;
import com.assessments.sdk.model.SubmitRequest;
import com.assessments.sdk.model.WebhookEndpointCreateRequest;
import com.assessments.sdk.model.WebhookEndpointWithSecret;
import com.assessments.sdk.webhooks.WebhookVerificationException;
import com.assessments.sdk.webhooks.WebhookVerifier;
import com.assessments.support.Admin;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java server SDK (sdk/java, compiled into the tests by the pom) against the running service, as a customer's
 * server uses it: a webhook endpoint on a real local receiver, create, get, list with auto-paging, submit in test
 * mode, typed results, the PDF's bytes, typed errors, and a delivery verified by the SDK's own WebhookVerifier.
 */
@QuarkusTest
class JavaSdkScenarioTest {

    @TestHTTPResource("/")
    URL root;

    @Test
    void createGetListSubmitResultsPdfAndAVerifiedWebhook() throws Exception {
        Admin.Keys keys = Admin.newTenant("test");
        AssessmentsClient client = AssessmentsClient.builder().apiKey(keys.secretKey())
                .baseUrl(root.toString()).build();
        try (Receiver receiver = new Receiver()) {
            WebhookEndpointWithSecret endpoint = client.webhookEndpoints().create(new WebhookEndpointCreateRequest()
                    .url(receiver.url("/hooks")).events(new java.util.LinkedHashSet<>(List.of(EventType.SESSION_COMPLETED))));
            assertTrue(endpoint.getSecret().startsWith("whsec_"));

            // create: three sessions, one with a caller's idempotency key sent twice
            Session first = client.sessions().create(disc("sdk-java-1"), "sdk-java-key-1");
            assertEquals(first.getId(), client.sessions().create(disc("sdk-java-1"), "sdk-java-key-1").getId(),
                    "the same key and body replay the first answer");
            Session second = client.sessions().create(disc("sdk-java-2"));
            Session third = client.sessions().create(disc("sdk-java-3"));
            assertEquals(SessionStatus.CREATED, first.getStatus());
            assertTrue(first.getSessionToken().startsWith("vst_"));

            // get
            SessionDetail fresh = client.sessions().retrieve(first.getId());
            assertEquals("sdk-java-1", fresh.getCandidate().getExternalId());
            assertNull(fresh.getResults(), "no results before scoring");

            // list with paging: pages of two, walked by the auto-pager
            Page<SessionSummary> page = client.sessions().list(new SessionListParams().limit(2));
            assertEquals(3, page.getTotal());
            assertEquals(2, page.getData().size());
            assertTrue(page.hasMore());
            List<String> walked = new ArrayList<>();
            page.autoPagingIterable().forEach(s -> walked.add(s.getId()));
            // the service's order (newest first, ties on the second broken by id) as one page of 100 gives it
            List<String> onePage = client.sessions().list(new SessionListParams().limit(100)).getData().stream()
                    .map(SessionSummary::getId).toList();
            assertEquals(onePage, walked, "pages of two walk the same order, each session once");
            assertEquals(Set.of(first.getId(), second.getId(), third.getId()), Set.copyOf(walked));
            assertEquals(1, client.sessions().list(new SessionListParams().candidateId("sdk-java-2")).getTotal());

            // a report before completion is a typed error with the code, status and request id
            InvalidRequestException early = assertThrows(InvalidRequestException.class, () -> client.sessions().reportPdf(first.getId()));
            assertEquals("session_not_completed", early.getCode());
            assertEquals(400, early.getStatus());
            assertNotNull(early.getRequestId());

            // submit (test key: instant mock scoring), then the typed results
            SubmitRequest submit = new SubmitRequest();
            int[] responses = {5, 2, 3, 4, 5, 2, 3, 4, 4, 1, 3, 5, 1, 4, 3};
            for (int i = 0; i < responses.length; i++) {
                submit.addResponsesItem(new SubmissionItem().questionId(Sessions.DISC_ITEMS.get(i)[0]).response(responses[i]));
            }
            SessionDetail submitted = client.sessions().submit(first.getId(), submit);
            assertEquals(SessionStatus.COMPLETED, submitted.getStatus());
            DiscResult disc = assertInstanceOf(DiscResult.class, client.sessions().retrieve(first.getId()).getResults().getActualInstance());
            assertTrue(disc.getMock());
            assertEquals(disc, submitted.getResults().getDiscResult());
            ConflictException again = assertThrows(ConflictException.class, () -> client.sessions().submit(first.getId(), submit));
            assertEquals("session_already_completed", again.getCode());

            // the PDF's bytes
            byte[] pdf = client.sessions().reportPdf(first.getId());
            assertTrue(pdf.length > 1000, "PDF of " + pdf.length + " bytes");
            assertArrayEquals("%PDF-".getBytes(StandardCharsets.US_ASCII), java.util.Arrays.copyOf(pdf, 5));

            // the session.completed delivery, verified and read by the SDK
            Receiver.Received delivery = receiver.await(1, Duration.ofSeconds(15)).get(0);
            WebhookVerifier verifier = new WebhookVerifier(endpoint.getSecret());
            Event event = verifier.constructEvent(delivery.body(), delivery.headers());
            assertEquals(EventType.SESSION_COMPLETED, event.getEvent());
            assertEquals(first.getId(), event.getData().getSessionId());
            assertEquals(disc, event.getData().getResults().getDiscResult());
            verifier.verifyBodySignature(delivery.body(), delivery.header("X-Service-Signature"));
            // one byte more (a re-serialization would change far more) no longer verifies
            byte[] altered = java.util.Arrays.copyOf(delivery.body(), delivery.body().length + 1);
            altered[altered.length - 1] = ' ';
            assertEquals(WebhookVerificationException.Reason.SIGNATURE_MISMATCH, assertThrows(WebhookVerificationException.class,
                    () -> verifier.verify(altered, delivery.headers())).getReason());
            assertFalse(new WebhookVerifier(client.webhookEndpoints().rotateSecret(endpoint.getId(), new RotateWebhookSecretRequest()).getSecret())
                    .isValid(delivery.body(), delivery.headers()), "a new secret does not verify an old delivery");

            // the same event by polling, filtered by session
            Set<EventType> types = client.events().list(new EventListParams().sessionId(first.getId())).getData()
                    .stream().map(Event::getEvent).collect(Collectors.toSet());
            assertTrue(types.containsAll(Set.of(EventType.SESSION_CREATED, EventType.SESSION_COMPLETED)), types.toString());
            assertEquals(event.getId(), client.events().retrieve(event.getId()).getId());

            // delete, then a typed not-found
            client.sessions().delete(second.getId());
            NotFoundException gone = assertThrows(NotFoundException.class, () -> client.sessions().retrieve(second.getId()));
            assertEquals("session_not_found", gone.getCode());
            assertEquals(404, gone.getStatus());
        }
    }

    private static CreateSessionRequest disc(String externalId) {
        return new CreateSessionRequest().assessmentType(AssessmentType.DISC)
                .candidate(new CandidateInput().externalId(externalId).name("Ada Lovelace"));
    }
}
