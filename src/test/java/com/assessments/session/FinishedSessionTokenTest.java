package com.assessments.session;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

/** A finished session's token reveals nothing but its end state: no name, no saved answers, no questions. */
@QuarkusTest
class FinishedSessionTokenTest {

    @Inject
    TestClock clock;

    @Inject
    ExpiryJob expiry;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private static final Map<String, Object> TWO_ANSWERS = Map.of("answers", List.of(
            Map.of("questionId", "disc_01", "dimension", "D", "response", 4),
            Map.of("questionId", "disc_02", "dimension", "I", "response", 3)));

    /** Creates a DISC session with a candidate name and two saved answers; returns [id, token]. */
    private static String[] sessionWithProgress(Admin.Keys keys, Integer expiresIn) {
        var body = Sessions.body("disc", "finished-" + System.nanoTime());
        if (expiresIn != null) {
            body.put("expiresIn", expiresIn);
        }
        var json = Sessions.create(keys.secretKey(), body).statusCode(201).extract().jsonPath();
        String token = json.getString("sessionToken");
        api().auth().oauth2(token).contentType(ContentType.JSON).body(TWO_ANSWERS).put("/api/v1/embed/progress").then().statusCode(200);
        // while the session runs, its token shows the name, the saved answers and the questions
        api().auth().oauth2(token).get("/api/v1/embed/session").then().statusCode(200)
                .body("status", equalTo("in_progress"))
                .body("candidateName", equalTo(json.getString("candidate.name")))
                .body("progress.answers", hasSize(2));
        api().auth().oauth2(token).get("/api/v1/assessments/questions/disc").then().statusCode(200);
        return new String[]{json.getString("id"), token};
    }

    private static void revealsOnlyItsEndState(String token, String id, String status) {
        api().auth().oauth2(token).get("/api/v1/embed/session").then().statusCode(200)
                .body("sessionId", equalTo(id))
                .body("status", equalTo(status))
                .body("assessmentType", equalTo("disc"))
                .body("candidateName", nullValue())
                .body("progress.answers", empty())
                .body("progress.updatedAt", nullValue());
    }

    /** Publishable and secret keys still read the bank: only session tokens of finished sessions are refused. */
    private static void keysStillReadTheBank(Admin.Keys keys) {
        api().auth().oauth2(keys.secretKey()).get("/api/v1/assessments/questions/disc").then().statusCode(200);
        api().auth().oauth2(keys.publishableKey()).header("Origin", "https://app.example.com")
                .get("/api/v1/assessments/questions/disc").then().statusCode(200);
    }

    @Test
    void aCompletedSessionsTokenRevealsOnlyItsEndState() {
        Admin.Keys keys = Admin.newTenant("test");
        String[] s = sessionWithProgress(keys, null);
        Sessions.submit(keys.secretKey(), s[0], Sessions.discVaried()).statusCode(200).body("status", equalTo("completed"));

        revealsOnlyItsEndState(s[1], s[0], "completed");
        api().auth().oauth2(s[1]).get("/api/v1/assessments/questions/disc").then().statusCode(409)
                .body("error.code", equalTo("session_already_completed"));
        api().auth().oauth2(s[1]).contentType(ContentType.JSON).body(TWO_ANSWERS).put("/api/v1/embed/progress").then().statusCode(409)
                .body("error.code", equalTo("session_already_completed"));
        keysStillReadTheBank(keys);
    }

    @Test
    void anExpiredSessionsTokenRevealsOnlyItsEndStateBeforeAndAfterTheExpiryJob() {
        Admin.Keys keys = Admin.newTenant("test");
        String[] s = sessionWithProgress(keys, 300);
        clock.advance(Duration.ofSeconds(300));

        // past expiresAt, still in_progress until the job runs
        revealsOnlyItsEndState(s[1], s[0], "in_progress");
        api().auth().oauth2(s[1]).get("/api/v1/assessments/questions/disc").then().statusCode(410)
                .body("error.code", equalTo("session_expired"));
        api().auth().oauth2(s[1]).contentType(ContentType.JSON).body(TWO_ANSWERS).put("/api/v1/embed/progress").then().statusCode(410)
                .body("error.code", equalTo("session_expired"));

        expiry.run();
        revealsOnlyItsEndState(s[1], s[0], "expired");
        api().auth().oauth2(s[1]).get("/api/v1/assessments/questions/disc").then().statusCode(410)
                .body("error.code", equalTo("session_expired"));
        api().auth().oauth2(s[1]).contentType(ContentType.JSON).body(TWO_ANSWERS).put("/api/v1/embed/progress").then().statusCode(410)
                .body("error.code", equalTo("session_expired"));
        keysStillReadTheBank(keys);
    }

    @Test
    void aNeverOpenedSessionPastExpiresAtIsNotStartedByItsToken() {
        Admin.Keys keys = Admin.newTenant("test");
        var body = Sessions.body("disc", "never-opened");
        body.put("expiresIn", 300);
        var json = Sessions.create(keys.secretKey(), body).statusCode(201).extract().jsonPath();
        clock.advance(Duration.ofSeconds(301));
        revealsOnlyItsEndState(json.getString("sessionToken"), json.getString("id"), "created");
        api().auth().oauth2(json.getString("sessionToken")).get("/api/v1/assessments/questions/disc").then().statusCode(410)
                .body("error.code", equalTo("session_expired"));
    }
}
