package com.assessments.sdk;

import com.assessments.sdk.LocalServer.Answer;
import com.assessments.sdk.model.AssessmentType;
import com.assessments.sdk.model.CandidateInput;
import com.assessments.sdk.model.CreateSessionRequest;
import com.assessments.sdk.model.SessionStatus;
import com.assessments.sdk.model.SessionSummary;
import com.assessments.sdk.model.SubmissionItem;
import com.assessments.sdk.model.SubmitRequest;
import com.assessments.sdk.model.WebhookEndpointCreateRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hand-written layer against a real local HTTP server: retries, Retry-After, idempotency keys, errors, paging. */
class AssessmentsClientTest {

    static final String SESSION = "{\"id\":\"ses_1\",\"status\":\"created\",\"assessmentType\":\"disc\"}";
    static final String DETAIL = "{\"id\":\"ses_1\",\"status\":\"completed\",\"results\":null}";

    LocalServer server;
    final List<Duration> slept = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    AssessmentsClient client(LocalServer.Handler handler) throws Exception {
        server = new LocalServer(handler);
        return client(server.url());
    }

    AssessmentsClient client(String url) {
        return AssessmentsClient.builder().apiKey("service_sk_test_abc").baseUrl(url)
                .retryPolicy(new RetryPolicy(2, Duration.ofMillis(10), Duration.ofMillis(40), Duration.ofSeconds(5)))
                .sleeper(d -> {
                    slept.add(d);
                    Thread.sleep(d.toMillis());
                }).build();
    }

    static CreateSessionRequest disc() {
        return new CreateSessionRequest().assessmentType(AssessmentType.DISC).candidate(new CandidateInput().externalId("u1"));
    }

    @Test
    void sendsTheKeyAndAUserAgent() throws Exception {
        AssessmentsClient client = client((r, i) -> Answer.json(200, DETAIL));
        assertEquals(SessionStatus.COMPLETED, client.sessions().retrieve("ses_1").getStatus());
        LocalServer.Request r = server.requests.get(0);
        assertEquals("GET /api/v1/sessions/ses_1", r.method() + " " + r.path());
        assertEquals("Bearer service_sk_test_abc", r.header("Authorization"));
        assertEquals("assessments-java/0.1.0", r.header("User-Agent"));
    }

    @Test
    void a429IsRetriedAfterItsRetryAfter() throws Exception {
        AssessmentsClient client = client((r, i) -> i == 0 ? Answer.error(429, "rate_limit_exceeded", "Retry-After", "1")
                : Answer.json(200, DETAIL));
        long start = System.nanoTime();
        client.sessions().retrieve("ses_1");
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals(2, server.requests.size());
        assertEquals(List.of(Duration.ofSeconds(1)), slept);
        assertTrue(ms >= 1000, "waited " + ms + " ms");
    }

    @Test
    void a429IsRetriedEvenForACallThatIsNotIdempotent() throws Exception {
        AssessmentsClient client = client((r, i) -> i == 0 ? Answer.error(429, "rate_limit_exceeded", "Retry-After", "0")
                : Answer.json(201, "{\"id\":\"we_1\",\"secret\":\"whsec_x\"}"));
        var created = client.webhookEndpoints().create(new WebhookEndpointCreateRequest().url("https://example.com/h"));
        assertEquals("we_1", created.getId());
        assertEquals(2, server.requests.size());
    }

    @Test
    void aRetryAfterLongerThanTheLimitIsNotWaitedFor() throws Exception {
        AssessmentsClient client = client((r, i) -> Answer.error(429, "rate_limit_exceeded", "Retry-After", "120"));
        RateLimitException e = assertThrows(RateLimitException.class, () -> client.sessions().retrieve("ses_1"));
        assertEquals(Duration.ofSeconds(120), e.getRetryAfter());
        assertEquals(1, server.requests.size());
        assertTrue(slept.isEmpty());
    }

    @Test
    void serverErrorsOfIdempotentCallsAreRetriedWithBackoffThenThrown() throws Exception {
        AssessmentsClient client = client((r, i) -> Answer.error(500, "internal_error"));
        ApiServerException e = assertThrows(ApiServerException.class, () -> client.sessions().retrieve("ses_1"));
        assertEquals(3, server.requests.size(), "the first attempt and maxRetries = 2");
        assertEquals(2, slept.size());
        slept.forEach(d -> assertTrue(d.toMillis() >= 5 && d.toMillis() <= 40, "backoff " + d));
        assertEquals(500, e.getStatus());
        assertEquals("internal_error", e.getCode());
        assertEquals("req_3", e.getRequestId());
        assertEquals(Map.of("hint", "h"), e.getDetails());
        assertEquals("http://x/docs/errors#internal_error", e.getDocUrl());
    }

    @Test
    void createKeepsOneGeneratedIdempotencyKeyAcrossItsRetries() throws Exception {
        AssessmentsClient client = client((r, i) -> i < 2 ? Answer.error(503, "service_unavailable", "Retry-After", "0")
                : Answer.json(201, SESSION));
        assertEquals("ses_1", client.sessions().create(disc()).getId());
        assertEquals(3, server.requests.size());
        String key = server.requests.get(0).header("Idempotency-Key");
        assertTrue(key.matches("[0-9a-f-]{36}"), key);
        server.requests.forEach(r -> assertEquals(key, r.header("Idempotency-Key")));
        // a second create is another operation: another key
        client.sessions().create(disc());
        assertFalse(key.equals(server.requests.get(3).header("Idempotency-Key")));
    }

    @Test
    void submitSendsTheGivenIdempotencyKeyOrAGeneratedOne() throws Exception {
        AssessmentsClient client = client((r, i) -> Answer.json(200, DETAIL));
        SubmitRequest submit = new SubmitRequest().addResponsesItem(new SubmissionItem().questionId("disc_01").response(3));
        client.sessions().submit("ses_1", submit, "my-key-1");
        client.sessions().submit("ses_1", submit);
        assertEquals("my-key-1", server.requests.get(0).header("Idempotency-Key"));
        assertTrue(server.requests.get(1).header("Idempotency-Key").matches("[0-9a-f-]{36}"));
        assertTrue(server.requests.get(0).body().contains("\"questionId\":\"disc_01\""));
    }

    @Test
    void aServerErrorOnACallThatIsNotIdempotentIsNotRetried() throws Exception {
        AssessmentsClient client = client((r, i) -> Answer.error(500, "internal_error"));
        assertThrows(ApiServerException.class, () -> client.webhookEndpoints()
                .create(new WebhookEndpointCreateRequest().url("https://example.com/h")));
        assertEquals(1, server.requests.size());
    }

    @Test
    void connectionErrorsAreRetriedThenThrownAsApiConnectionException() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        AssessmentsClient client = client("http://127.0.0.1:" + closedPort);
        ApiConnectionException e = assertThrows(ApiConnectionException.class, () -> client.sessions().retrieve("ses_1"));
        assertEquals(0, e.getStatus());
        assertNull(e.getRequestId());
        assertEquals(2, slept.size(), "two retries before giving up");
    }

    @Test
    void aDroppedConnectionIsRetriedForAnIdempotentCall() throws Exception {
        AssessmentsClient client = client((r, i) -> i == 0 ? null : Answer.json(200, DETAIL));
        assertEquals("ses_1", client.sessions().retrieve("ses_1").getId());
        assertEquals(2, server.requests.size());
    }

    @Test
    void errorsAreTypedByCodeThenByStatus() throws Exception {
        Object[][] cases = {
            {401, "invalid_api_key", AuthenticationException.class},
            {403, "insufficient_permissions", PermissionException.class},
            {403, "assessment_not_enabled", PermissionException.class},
            {402, "no_available_licenses", LicenseException.class},
            {400, "validation_error", InvalidRequestException.class},
            {400, "session_not_completed", InvalidRequestException.class},
            {404, "session_not_found", NotFoundException.class},
            {409, "session_already_completed", ConflictException.class},
            {409, "idempotency_conflict", ConflictException.class},
            {410, "session_expired", ConflictException.class},
            {501, "not_implemented", ApiServerException.class},
            // codes this SDK does not know yet fall back to the status
            {404, "brand_new_thing_not_found", NotFoundException.class},
            {403, "brand_new_refusal", PermissionException.class},
            {422, "brand_new_problem", InvalidRequestException.class},
        };
        for (Object[] c : cases) {
            AssessmentsClient client = client((r, i) -> Answer.error((Integer) c[0], (String) c[1]));
            AssessmentsException e = assertThrows(AssessmentsException.class, () -> client.sessions().retrieve("ses_1"));
            assertInstanceOf((Class<?>) c[2], e, c[1] + " -> " + e.getClass().getSimpleName());
            assertEquals(c[0], e.getStatus());
            assertEquals(c[1], e.getCode());
            assertEquals("req_1", e.getRequestId());
            assertTrue(e.getMessage().contains(c[1] + " (" + c[0] + "): scripted"), e.getMessage());
            server.close();
        }
    }

    @Test
    void aBodyThatIsNotTheEnvelopeStillGivesStatusAndRequestId() throws Exception {
        AssessmentsClient client = client((r, i) -> Answer.json(418, "<html>teapot</html>"));
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> client.sessions().retrieve("ses_1"));
        assertEquals(418, e.getStatus());
        assertNull(e.getCode());
        assertEquals("req_1", e.getRequestId());
    }

    @Test
    void autoPagingWalksEveryPageOnceInOrder() throws Exception {
        int total = 45;
        Pattern offsetParam = Pattern.compile("offset=(\\d+)");
        AssessmentsClient client = client((r, i) -> {
            Matcher m = offsetParam.matcher(r.query());
            int offset = m.find() ? Integer.parseInt(m.group(1)) : 0;
            int limit = r.query().contains("limit=20") ? 20 : 10;
            StringBuilder data = new StringBuilder();
            for (int n = offset; n < Math.min(offset + limit, total); n++) {
                data.append(data.length() == 0 ? "" : ",").append("{\"id\":\"ses_").append(n).append("\"}");
            }
            return Answer.json(200, "{\"data\":[" + data + "],\"total\":" + total + ",\"limit\":" + limit + ",\"offset\":" + offset + "}");
        });
        Page<SessionSummary> first = client.sessions().list(new SessionListParams().limit(20).status(SessionStatus.COMPLETED));
        assertEquals(20, first.getData().size());
        assertTrue(first.hasMore());
        assertEquals(1, server.requests.size(), "later pages are fetched lazily");

        List<String> ids = new ArrayList<>();
        first.autoPagingIterable().forEach(s -> ids.add(s.getId()));
        assertEquals(total, ids.size());
        for (int n = 0; n < total; n++) {
            assertEquals("ses_" + n, ids.get(n));
        }
        assertEquals(List.of("offset=0", "offset=20", "offset=40"),
                server.requests.stream().map(r -> find(offsetParam, r.query())).toList());
        server.requests.forEach(r -> assertTrue(r.query().contains("status=completed") && r.query().contains("limit=20"), r.query()));

        Page<SessionSummary> last = first.nextPage().nextPage();
        assertFalse(last.hasMore());
        assertThrows(java.util.NoSuchElementException.class, last::nextPage);
        assertEquals(total, first.autoPagingStream().count());
    }

    @Test
    void anEmptyListHasNoMorePages() throws Exception {
        AssessmentsClient client = client((r, i) -> Answer.json(200, "{\"data\":[],\"total\":0,\"limit\":20,\"offset\":0}"));
        Page<?> page = client.events().list();
        assertFalse(page.hasMore());
        assertFalse(page.autoPagingIterable().iterator().hasNext());
        assertEquals(1, server.requests.size());
    }

    @Test
    void aPublishableOrMissingKeyIsRefusedAtBuildTime() {
        assertThrows(IllegalArgumentException.class, () -> AssessmentsClient.builder().build());
        assertThrows(IllegalArgumentException.class, () -> AssessmentsClient.builder().apiKey("service_pk_test_x").build());
        assertThrows(IllegalArgumentException.class, () -> AssessmentsClient.builder().apiKey("k").baseUrl("ftp://x").build());
    }

    private static String find(Pattern p, String s) {
        Matcher m = p.matcher(s);
        return m.find() ? m.group() : "";
    }
}
