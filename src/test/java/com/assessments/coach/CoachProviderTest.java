package com.assessments.coach;

import com.assessments.support.Admin;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static com.assessments.coach.CoachTest.ask;
import static com.assessments.coach.CoachTest.coach;
import static com.assessments.coach.CoachTest.completed;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The optional model provider against a local OpenAI-compatible fake: what it is sent, and the fallback. */
@QuarkusTest
@TestProfile(CoachProviderTest.WithProvider.class)
class CoachProviderTest {

    // the profile and the test instance are loaded by different class loaders: share the port through a JVM property
    static final int PORT = Integer.parseInt((String) System.getProperties()
            .computeIfAbsent("test.coach-provider.port", k -> String.valueOf(freePort())));
    static final String ANSWER = "Lead with examples of decisions you made with your team.";

    public static class WithProvider implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("assessments.coach.provider.url", "http://127.0.0.1:" + PORT + "/v1",
                    "assessments.coach.provider.model", "coach-model-1",
                    "assessments.coach.provider.api-key", "sk-fake-provider-key",
                    "assessments.coach.provider.timeout", "2s",
                    "assessments.coach.per-minute", "4");
        }
    }

    record Received(String path, String authorization, JsonNode body) {
    }

    static final List<Received> RECEIVED = new CopyOnWriteArrayList<>();
    static volatile String mode = "ok";
    static HttpServer server;
    /** "hold": how many calls the fake has received and holds until the test counts down the latch. */
    static final AtomicInteger HELD = new AtomicInteger();
    static final AtomicReference<CountDownLatch> RELEASE = new AtomicReference<>(new CountDownLatch(0));

    @BeforeAll
    static void startFakeProvider() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", PORT), 0);
        server.createContext("/", exchange -> {
            String mode = CoachProviderTest.mode; // once: a call still sleeping from an earlier test keeps its own
            byte[] in = exchange.getRequestBody().readAllBytes();
            RECEIVED.add(new Received(exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Authorization"), new ObjectMapper().readTree(in)));
            String content = switch (mode) {
                case "guarded" -> "They should hire this candidate.";
                default -> ANSWER;
            };
            if (mode.equals("slow")) {
                sleep(3000); // beyond the 2 s time limit
            }
            if (mode.equals("hold")) {
                HELD.incrementAndGet();
                await(RELEASE.get());
            }
            byte[] out = ("{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"" + content + "\"}}]}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(mode.equals("fail") ? 500 : 200, out.length);
            exchange.getResponseBody().write(out);
            exchange.close();
        });
        server.setExecutor(Executors.newCachedThreadPool()); // calls at once, not one after another
        server.start();
    }

    @AfterAll
    static void stopFakeProvider() {
        server.stop(0);
    }

    @Test
    void theProviderGetsTheScoresButNeverTheCandidatesEmailOrName() {
        mode = "ok";
        RECEIVED.clear();
        Admin.Keys test = Admin.newTenant("test");
        String id = completed(test.secretKey(), "disc", "cand-p");
        String conversation = coach(test.secretKey(), ask("cand-p", "What are my strengths?")).statusCode(200)
                .body("reply", startsWith(ANSWER)).body("reply", containsString("one input among several"))
                .body("groundedOn", equalTo(List.of(id))).extract().path("conversationId");

        assertEquals(1, RECEIVED.size());
        Received first = RECEIVED.get(0);
        assertEquals("/v1/chat/completions", first.path());
        assertEquals("Bearer sk-fake-provider-key", first.authorization());
        assertEquals("coach-model-1", first.body().path("model").asText());
        String sent = first.body().toString();
        assertTrue(sent.contains("primaryType") && sent.contains(id), "the grounding goes in: " + sent);
        assertFalse(sent.contains("@example.com") || sent.contains("Ada cand-p"), "no email or name: " + sent);
        assertTrue(sent.contains("Never recommend hiring, rejecting or ranking"), "the guard rails go in as well");

        // the next turn carries the conversation so far
        Map<String, Object> next = ask("cand-p", "And what should I work on?");
        next.put("conversationId", conversation);
        coach(test.secretKey(), next).statusCode(200).body("conversationId", equalTo(conversation));
        JsonNode messages = RECEIVED.get(1).body().path("messages");
        assertEquals("What are my strengths?", messages.get(2).path("content").asText());
        assertEquals("assistant", messages.get(3).path("role").asText());
        assertEquals("And what should I work on?", messages.get(messages.size() - 1).path("content").asText());
    }

    @Test
    void theBuiltInCoachAnswersWhenTheProviderIsSlowFailsOrCrossesTheGuardRails() {
        Admin.Keys test = Admin.newTenant("test");
        completed(test.secretKey(), "disc", "cand-f");
        for (String failure : List.of("slow", "fail", "guarded")) {
            mode = failure;
            coach(test.secretKey(), ask("cand-f", "What are my strengths?")).statusCode(200)
                    .body("reply", startsWith("Here is what your results suggest you do well."));
        }
        mode = "ok";
    }

    @Test
    void coachMessagesHaveTheirOwnRateLimitPerKey() {
        mode = "ok";
        Admin.Keys test = Admin.newTenant("test");
        for (int i = 0; i < 4; i++) {
            coach(test.secretKey(), ask("cand-r", "Hello")).statusCode(200);
        }
        coach(test.secretKey(), ask("cand-r", "Hello")).statusCode(429).body("error.code", equalTo("rate_limit_exceeded"))
                .header("Retry-After", org.hamcrest.Matchers.notNullValue());
        // other routes of the key are not limited by it
        io.restassured.RestAssured.given().auth().oauth2(test.secretKey()).get("/api/v1/sessions").then().statusCode(200);
    }

    /**
     * The model call holds no database connection: more grounded messages wait for the provider at once than the pool
     * has connections (DB_POOL_MAX, 4 here), and the replica still answers meanwhile.
     * Holding the read transaction across the call, only four reached the provider (of a pool of 5; the webhook
     * listener then held one) and the others waited for a connection until the pool gave up on them (503 after 1 s).
     */
    @Test
    void noDatabaseConnectionWaitsForTheProvider() throws Exception {
        int pool = ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.max-size", Integer.class);
        int messages = pool + 1;
        List<String> keys = new ArrayList<>();
        String session = null;
        for (int i = 0; i < messages; i++) { // a tenant each: the coach's own limit is 4 a minute per key
            Admin.Keys test = Admin.newTenant("test");
            String id = completed(test.secretKey(), "disc", "cand-h"); // grounded: the reads take a connection
            session = session == null ? id : session;
            keys.add(test.secretKey());
        }
        String firstKey = keys.get(0);
        mode = "hold";
        HELD.set(0);
        RELEASE.set(new CountDownLatch(1));
        var senders = Executors.newFixedThreadPool(messages); // not the common pool: one thread on 2 cores
        var replies = keys.stream().map(key -> CompletableFuture.supplyAsync(() ->
                coach(key, ask("cand-h", "What are my strengths?")).extract().statusCode(), senders)).toList();
        try {
            // the old code never gets there: the last waits for a connection until the pool's 1 s is up
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (HELD.get() < messages && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(messages, HELD.get(), "messages waiting for the provider at once");
            // every connection is free for other work meanwhile
            RestAssured.given().auth().oauth2(firstKey).get("/api/v1/sessions/" + session).then().statusCode(200);
        } finally {
            RELEASE.get().countDown();
            mode = "ok";
            senders.shutdown(); // the calls in flight still end
        }
        for (var reply : replies) {
            assertEquals(200, reply.get(10, TimeUnit.SECONDS));
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
