package com.assessments.clients;

import com.assessments.client.ApiClient;
import com.assessments.client.api.AssessmentsApi;
import com.assessments.client.api.EventsApi;
import com.assessments.client.api.SessionsApi;
import com.assessments.client.model.AbilityResult;
import com.assessments.client.model.AssessmentResult;
import com.assessments.client.model.AssessmentType;
import com.assessments.client.model.CandidateInput;
import com.assessments.client.model.CreateSessionRequest;
import com.assessments.client.model.DiscResult;
import com.assessments.client.model.Event;
import com.assessments.client.model.EventList;
import com.assessments.client.model.EventType;
import com.assessments.client.model.FraResult;
import com.assessments.client.model.Question;
import com.assessments.client.model.ScoringError;
import com.assessments.client.model.ScoringErrorDetail;
import com.assessments.client.model.Session;
import com.assessments.client.model.SessionConfig;
import com.assessments.client.model.SessionDetail;
import com.assessments.client.model.SessionStatus;
import com.assessments.client.model.SubmissionItem;
import com.assessments.client.model.SubmitRequest;
import com.assessments.client.model.TfdResult;
import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java client a customer generates from openapi.yaml (openapi-generator, generator java, library native,
 * default options; generated into target/generated-clients/java by the pom and compiled with the tests) works
 * against the running service: sessions without results deserialize (results null), sessions with results
 * deserialize into the typed result class chosen by `kind`, and so do the events.
 */
@QuarkusTest
class GeneratedJavaClientTest {

    @TestHTTPResource("/")
    URL root;

    ApiClient client(String key) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(root.toString().replaceAll("/+$", ""));
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + key));
        return client;
    }

    @Test
    void discScenario() throws Exception {
        Admin.Keys keys = Admin.newTenant("test");
        ApiClient client = client(keys.secretKey());
        SessionsApi sessions = new SessionsApi(client);

        Session created = sessions.createSession(new CreateSessionRequest().assessmentType(AssessmentType.DISC)
                .candidate(new CandidateInput().externalId("java-client").email("ada@example.com")), "java-" + System.nanoTime());
        assertEquals(SessionStatus.CREATED, created.getStatus());

        SessionDetail fresh = sessions.getSession(created.getId());
        assertEquals(SessionStatus.CREATED, fresh.getStatus());
        assertNull(fresh.getResults(), "no results before scoring");

        // DISC answers without the optional dimension: the bank knows it
        SubmitRequest submit = new SubmitRequest();
        int[] responses = {5, 2, 3, 4, 5, 2, 3, 4, 4, 1, 3, 5, 1, 4, 3};
        for (int i = 0; i < responses.length; i++) {
            submit.addResponsesItem(new SubmissionItem().questionId(Sessions.DISC_ITEMS.get(i)[0]).response(responses[i]));
        }
        SessionDetail submitted = sessions.submitSession(created.getId(), submit, null);
        assertEquals(SessionStatus.COMPLETED, submitted.getStatus());

        SessionDetail scored = sessions.getSession(created.getId());
        DiscResult disc = assertInstanceOf(DiscResult.class, scored.getResults().getActualInstance());
        assertEquals(DiscResult.KindEnum.DISC, disc.getKind());
        double d = disc.getNormalizedScores().getD();
        assertTrue(d >= 0 && d <= 100, "normalized D " + d);
        assertTrue(disc.getMock());
        assertEquals(disc, submitted.getResults().getDiscResult());

        EventList events = new EventsApi(client).listEvents(null, created.getId(), null, null, 100, 0);
        Map<EventType, Event> byType = new java.util.EnumMap<>(EventType.class);
        events.getData().forEach(e -> byType.put(e.getEvent(), e));
        assertNull(byType.get(EventType.SESSION_CREATED).getData().getResults());
        assertEquals(disc, byType.get(EventType.SESSION_COMPLETED).getData().getResults().getDiscResult());
    }

    @Test
    void everyResultKindDeserializesIntoItsClass() throws Exception {
        String org = Admin.createOrganization("Java client kinds", Map.of("fra", 1, "tfd", 1, "aapa", 1));
        ApiClient client = client(Admin.issueKeys(org, "test", Map.of()).secretKey());
        assertInstanceOf(FraResult.class, scoreEveryQuestion(client, AssessmentType.FRA, null));
        TfdResult tfd = assertInstanceOf(TfdResult.class, scoreEveryQuestion(client, AssessmentType.TFD, "15-1252.00"));
        assertEquals(TfdResult.KindEnum.TFD, tfd.getKind());
        AbilityResult ability = assertInstanceOf(AbilityResult.class, scoreEveryQuestion(client, AssessmentType.AAPA, null));
        assertEquals(AbilityResult.KindEnum.ABILITY, ability.getKind());

        // a failed session's ScoringError (ScoringFailureTest makes real ones), and null, through the client's mapper
        var mapper = client.getObjectMapper();
        AssessmentResult error = mapper.readValue(
                "{\"kind\":\"error\",\"error\":{\"code\":\"engine_error\",\"message\":\"timed out\"}}", AssessmentResult.class);
        assertEquals(ScoringErrorDetail.CodeEnum.ENGINE_ERROR, error.getScoringError().getError().getCode());
        assertEquals(ScoringError.KindEnum.ERROR, error.getScoringError().getKind());
        assertNull(mapper.readValue("null", AssessmentResult.class));
    }

    /** Creates a test session of the type, answers every question with its smallest value, returns the result. */
    private static Object scoreEveryQuestion(ApiClient client, AssessmentType type, String occupationId) throws Exception {
        SessionsApi sessions = new SessionsApi(client);
        CreateSessionRequest create = new CreateSessionRequest().assessmentType(type)
                .candidate(new CandidateInput().externalId("java-" + type.getValue()));
        if (occupationId != null) {
            create.config(new SessionConfig().occupationId(occupationId));
        }
        String id = sessions.createSession(create, null).getId();
        List<Question> questions = new AssessmentsApi(client).getQuestionBank(type, null).getQuestions();
        SubmitRequest submit = new SubmitRequest();
        questions.forEach(q -> submit.addResponsesItem(new SubmissionItem().questionId(q.getId())
                .dimension(q.getDimension()).response(q.getResponseFormat().getMin())));
        assertEquals(SessionStatus.COMPLETED, sessions.submitSession(id, submit, null).getStatus());
        AssessmentResult results = sessions.getSession(id).getResults();
        assertNotNull(results);
        return results.getActualInstance();
    }
}
