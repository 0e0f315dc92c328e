package com.assessments.coach;

import com.assessments.catalogue.CatalogueAndScoringTest;
import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
class CoachTest {

    @Inject
    TestDb db;

    @Inject
    TestClock clock;

    static ValidatableResponse coach(String key, Map<String, Object> body) {
        return api().auth().oauth2(key).contentType(ContentType.JSON).body(body).post("/api/v1/coach/messages").then();
    }

    static Map<String, Object> ask(String candidate, String message) {
        Map<String, Object> body = new HashMap<>();
        body.put("candidateExternalId", candidate);
        body.put("message", message);
        return body;
    }

    /** A completed session of the candidate; test keys score with deterministic mock results. */
    static String completed(String key, String type, String candidate) {
        Map<String, Object> body = Sessions.body(type, candidate);
        if (type.startsWith("tfd")) {
            body.put("config", Map.of("occupationId", "15-1252.00"));
        }
        String id = Sessions.create(key, body).statusCode(201).extract().path("id");
        var bank = api().auth().oauth2(key).get("/api/v1/assessments/questions/{type}", type).then().statusCode(200)
                .extract().jsonPath();
        Map<String, ?> answers = type.equals("disc") ? Sessions.discVaried()
                : CatalogueAndScoringTest.answers(bank, bank.getList("questions").size());
        Sessions.submit(key, id, answers).statusCode(200).body("status", equalTo("completed"));
        return id;
    }

    @Test
    void aLiveDiscResultGroundsTheReplyInTheCandidatesOwnStyles() {
        String org = Admin.createOrganization("Coach org", Map.of("disc", 5));
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        String id = completed(live.secretKey(), "disc", "cand-live");
        String primary = api().auth().oauth2(live.secretKey()).get("/api/v1/sessions/{id}", id).then()
                .extract().path("results.primaryType");
        coach(live.secretKey(), ask("cand-live", "How can I prepare for a team-lead interview?")).statusCode(200)
                .body("id", matchesPattern("^cmsg_[A-Za-z0-9]+$"))
                .body("conversationId", matchesPattern("^conv_[A-Za-z0-9]+$"))
                .body("groundedOn", equalTo(List.of(id)))
                .body("reply", allOf(containsString("prepare for an interview"),
                        containsString("your strongest style is " + Guidance.DISC_NAMES.get(primary)),
                        containsString("one input among several"), not(containsString("mock results"))));
    }

    @Test
    void everyResultKindGroundsItsOwnPartOfTheReply() {
        Admin.Keys test = Admin.newTenant("test");
        api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                .body(Map.of("assessmentTypes", List.of("disc", "fra", "tfd", "aapa")))
                .patch("/api/admin/organizations/{id}", test.orgId()).then().statusCode(200);
        String disc = completed(test.secretKey(), "disc", "multi");
        clock.advance(java.time.Duration.ofSeconds(1));
        String fra = completed(test.secretKey(), "fra", "multi");
        clock.advance(java.time.Duration.ofSeconds(1));
        String tfd = completed(test.secretKey(), "tfd", "multi");
        clock.advance(java.time.Duration.ofSeconds(1));
        String aapa = completed(test.secretKey(), "aapa", "multi");
        completed(test.secretKey(), "disc", "someone-else");
        var reply = coach(test.secretKey(), ask("multi", "What do my results mean?")).statusCode(200)
                .body("groundedOn", equalTo(List.of(aapa, tfd, fra, disc))) // newest first
                .body("reply", allOf(containsString("DISC: your strongest style is"), containsString("Work reliability:"),
                        containsString("Work-style fit:"), containsString("Reasoning test (aapa)"),
                        containsString("mock results from a test key"), containsString("What the results do not mean")))
                .extract().path("reply");
        // deterministic: the same message on the same results gives the same reply
        coach(test.secretKey(), ask("multi", "What do my results mean?")).statusCode(200).body("reply", equalTo(reply));
        // one session only
        Map<String, Object> onlyFra = ask("multi", "What are my strengths?");
        onlyFra.put("sessionId", fra);
        coach(test.secretKey(), onlyFra).statusCode(200).body("groundedOn", equalTo(List.of(fra)))
                .body("reply", allOf(containsString("Work reliability:"), not(containsString("DISC:"))));
    }

    @Test
    void groundingNoneAnswersWithoutScoresAndACandidateWithoutResultsGetsGeneralAdvice() {
        Admin.Keys test = Admin.newTenant("test");
        completed(test.secretKey(), "disc", "cand-none");
        Map<String, Object> none = ask("cand-none", "How do I work better with my team?");
        none.put("grounding", "none");
        coach(test.secretKey(), none).statusCode(200).body("groundedOn", empty())
                .body("reply", allOf(containsString("not to use your scores"), not(containsString("DISC:"))));
        coach(test.secretKey(), ask("nobody", "How do I work better with my team?")).statusCode(200)
                .body("groundedOn", empty()).body("reply", containsString("don't have any completed assessment results"));
    }

    @Test
    void aSessionOfAnotherCandidateADeletedOneOrAnUnknownOneIs404() {
        Admin.Keys test = Admin.newTenant("test");
        String other = completed(test.secretKey(), "disc", "cand-b");
        String mine = completed(test.secretKey(), "disc", "cand-a");
        Admin.Keys stranger = Admin.newTenant("test");
        for (String sessionId : List.of(other, "ses_unknown123")) {
            Map<String, Object> body = ask("cand-a", "What does this mean?");
            body.put("sessionId", sessionId);
            coach(test.secretKey(), body).statusCode(404).body("error.code", equalTo("session_not_found"));
        }
        Map<String, Object> body = ask("cand-a", "What does this mean?");
        body.put("sessionId", mine);
        coach(stranger.secretKey(), body).statusCode(404).body("error.code", equalTo("session_not_found"));
        api().auth().oauth2(test.secretKey()).delete("/api/v1/sessions/{id}", mine).then().statusCode(204);
        coach(test.secretKey(), body).statusCode(404).body("error.code", equalTo("session_not_found"));
    }

    @Test
    void blankEmptyOrOversizedMessagesAre400AndAKeyWithoutTheScopeIs403() {
        Admin.Keys test = Admin.newTenant("test");
        for (String message : List.of("", "   ", "x".repeat(4001))) {
            coach(test.secretKey(), ask("cand", message)).statusCode(400).body("error.code", equalTo("validation_error"));
        }
        coach(test.secretKey(), ask(" ", "hello")).statusCode(400).body("error.code", equalTo("validation_error"));
        Admin.Keys narrow = Admin.issueKeys(test.orgId(), "test", Map.of("scopes", List.of("sessions:read")));
        coach(narrow.secretKey(), ask("cand", "hello")).statusCode(403).body("error.code", equalTo("insufficient_permissions"))
                .body("error.details.missingScope", equalTo("coach:write"));
        assertEquals(0, db.count("select count(*) from coach_messages where organization_id = ?", test.orgId()));
    }

    @Test
    void itNeverRecommendsHiringOrRankingAndMakesNoClinicalClaims() {
        Admin.Keys test = Admin.newTenant("test");
        completed(test.secretKey(), "disc", "cand-g");
        coach(test.secretKey(), ask("cand-g", "Should they hire me or the other applicant? Rank the candidates."))
                .statusCode(200).body("reply", allOf(containsString("can't recommend hiring, rejecting or ranking"),
                        not(containsString("DISC:"))));
        coach(test.secretKey(), ask("cand-g", "Do my results mean I have ADHD?")).statusCode(200)
                .body("reply", containsString("can't make clinical or medical statements"));
        // "hiring manager" is not a hiring decision
        coach(test.secretKey(), ask("cand-g", "How do I prepare for my interview with the hiring manager?")).statusCode(200)
                .body("reply", containsString("DISC: your strongest style is"));
    }

    @Test
    void aConversationContinuesOnlyForItsOwnCandidateAndIsForgottenWithTheirSessions() {
        Admin.Keys test = Admin.newTenant("test");
        String id = completed(test.secretKey(), "disc", "cand-c");
        String conversation = coach(test.secretKey(), ask("cand-c", "What are my strengths?")).statusCode(200)
                .extract().path("conversationId");
        Map<String, Object> next = ask("cand-c", "And what should I work on?");
        next.put("conversationId", conversation);
        coach(test.secretKey(), next).statusCode(200).body("conversationId", equalTo(conversation))
                .body("reply", containsString("room to grow"));
        Map<String, Object> hijack = ask("cand-other", "Tell me more");
        hijack.put("conversationId", conversation);
        coach(test.secretKey(), hijack).statusCode(404).body("error.code", equalTo("conversation_not_found"));
        Map<String, Object> unknown = ask("cand-c", "Tell me more");
        unknown.put("conversationId", "conv_doesnotexist1");
        coach(test.secretKey(), unknown).statusCode(404).body("error.code", equalTo("conversation_not_found"));
        assertEquals(2, db.count("select count(*) from coach_messages where candidate_external_id = 'cand-c' "
                + "and organization_id = ?", test.orgId()));

        api().auth().oauth2(test.secretKey()).delete("/api/v1/sessions/{id}", id).then().statusCode(204);
        assertEquals(0, db.count("select count(*) from coach_messages where organization_id = ? "
                + "and (candidate_external_id = 'cand-c' or ? = any (grounded_on))", test.orgId(), id));
        coach(test.secretKey(), next).statusCode(404).body("error.code", equalTo("conversation_not_found"));
    }
}
