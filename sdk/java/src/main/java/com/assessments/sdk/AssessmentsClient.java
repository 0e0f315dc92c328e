package com.assessments.sdk;

import com.assessments.sdk.internal.ApiClient;
import com.assessments.sdk.internal.api.AssessmentsApi;
import com.assessments.sdk.internal.api.CoachApi;
import com.assessments.sdk.internal.api.EventsApi;
import com.assessments.sdk.internal.api.KeysApi;
import com.assessments.sdk.internal.api.OrganizationApi;
import com.assessments.sdk.internal.api.SessionsApi;
import com.assessments.sdk.internal.api.StatusApi;
import com.assessments.sdk.internal.api.TfdApi;
import com.assessments.sdk.internal.api.WebhooksApi;
import com.assessments.sdk.model.AssessmentType;
import com.assessments.sdk.model.AssessmentTypeList;
import com.assessments.sdk.model.CoachMessage;
import com.assessments.sdk.model.CoachMessageRequest;
import com.assessments.sdk.model.OrgContext;
import com.assessments.sdk.model.QuestionBank;
import com.assessments.sdk.model.RotateKeyRequest;
import com.assessments.sdk.model.RotatedKey;
import com.assessments.sdk.model.StatusResponse;
import com.assessments.sdk.model.TfdConfigList;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Objects;

/**
 * The client of the assessment-session API for a customer's server, configured once with a secret key:
 *
 * <pre>{@code
 * AssessmentsClient client = AssessmentsClient.builder().apiKey(System.getenv("ASSESSMENTS_KEY")).build();
 * Session session = client.sessions().create(new CreateSessionRequest().assessmentType(AssessmentType.DISC)
 *         .candidate(new CandidateInput().externalId("user_42")));
 * }</pre>
 *
 * Requests and answers are the classes generated from openapi.yaml ({@code com.assessments.sdk.model}); failures
 * are {@link AssessmentsException}s. Thread-safe: share one instance.
 */
public final class AssessmentsClient {

    /** The SDK's version (versioned apart from the API, whose version is in the path: /api/v1). */
    public static final String VERSION = "0.1.0";

    private final Transport transport;
    private final SessionsService sessions;
    private final WebhookEndpointsService webhookEndpoints;
    private final EventsService events;
    private final AssessmentsApi assessments;
    private final StatusApi status;
    private final OrganizationApi organization;
    private final TfdApi tfd;
    private final KeysApi keys;
    private final CoachApi coach;

    private AssessmentsClient(Builder b) {
        ApiClient api = new ApiClient();
        api.setHttpClientBuilder(HttpClient.newBuilder().connectTimeout(b.connectTimeout));
        api.updateBaseUri(b.baseUrl.toString().replaceAll("/+$", ""));
        api.setReadTimeout(b.timeout);
        String authorization = "Bearer " + b.apiKey;
        api.setRequestInterceptor(request -> request.header("Authorization", authorization)
                .header("User-Agent", "assessments-java/" + VERSION));
        transport = new Transport(b.retryPolicy, api.getObjectMapper(), b.sleeper);
        sessions = new SessionsService(new SessionsApi(api), transport);
        webhookEndpoints = new WebhookEndpointsService(new WebhooksApi(api), transport);
        events = new EventsService(new EventsApi(api), transport);
        assessments = new AssessmentsApi(api);
        status = new StatusApi(api);
        organization = new OrganizationApi(api);
        tfd = new TfdApi(api);
        keys = new KeysApi(api);
        coach = new CoachApi(api);
    }

    public static Builder builder() {
        return new Builder();
    }

    public SessionsService sessions() {
        return sessions;
    }

    public WebhookEndpointsService webhookEndpoints() {
        return webhookEndpoints;
    }

    public EventsService events() {
        return events;
    }

    /** The assessment types enabled for the organization. */
    public AssessmentTypeList assessmentTypes() {
        return transport.execute(true, assessments::listAssessmentTypesWithHttpInfo);
    }

    /** The questions of a type (no answer keys). */
    public QuestionBank questionBank(AssessmentType type) {
        return questionBank(type, null);
    }

    /** The questions of a type in a locale the type is offered in (BCP 47, e.g. "de"; null: English). */
    public QuestionBank questionBank(AssessmentType type, String locale) {
        return transport.execute(true, () -> assessments.getQuestionBankWithHttpInfo(type, locale));
    }

    /** Public platform health (needs no key). */
    public StatusResponse status() {
        return transport.execute(true, status::getStatusWithHttpInfo);
    }

    /** The organization, environment and key behind the configured key. */
    public OrgContext organization() {
        return transport.execute(true, organization::getCurrentOrganizationWithHttpInfo);
    }

    /** The organization's published TFD configurations. */
    public TfdConfigList tfdConfigs() {
        return transport.execute(true, tfd::listTfdConfigsWithHttpInfo);
    }

    /** Rotates an API key (the old one keeps working for the requested overlap). Not retried after a 5xx. */
    public RotatedKey rotateApiKey(String keyId, RotateKeyRequest request) {
        return transport.execute(false, () -> keys.rotateApiKeyWithHttpInfo(keyId, request));
    }

    /** An assistant message for a candidate, grounded in the candidate's scores. Not retried after a 5xx. */
    public CoachMessage createCoachMessage(CoachMessageRequest request) {
        return transport.execute(false, () -> coach.createCoachMessageWithHttpInfo(request));
    }

    /** Configuration of an {@link AssessmentsClient}; only the key is required. */
    public static final class Builder {
        private String apiKey;
        private URI baseUrl = URI.create("http://localhost:8080");
        private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration timeout = Duration.ofSeconds(60);
        private Transport.Sleeper sleeper = duration -> Thread.sleep(duration.toMillis());

        private Builder() {
        }

        /** The secret key, `service_sk_test_...` or `service_sk_live_...`. Keep it on the server. */
        public Builder apiKey(String value) {
            apiKey = value;
            return this;
        }

        /** The service's base URL without `/api/v1` (default `http://localhost:8080`). */
        public Builder baseUrl(String value) {
            baseUrl = URI.create(Objects.requireNonNull(value, "baseUrl"));
            return this;
        }

        public Builder retryPolicy(RetryPolicy value) {
            retryPolicy = Objects.requireNonNull(value, "retryPolicy");
            return this;
        }

        public Builder connectTimeout(Duration value) {
            connectTimeout = Objects.requireNonNull(value, "connectTimeout");
            return this;
        }

        /** The time limit of one attempt, from sending to the whole answer. */
        public Builder timeout(Duration value) {
            timeout = Objects.requireNonNull(value, "timeout");
            return this;
        }

        Builder sleeper(Transport.Sleeper value) {
            sleeper = value;
            return this;
        }

        public AssessmentsClient build() {
            if (apiKey == null || apiKey.isBlank()) {
                throw new IllegalArgumentException("an API key is required (service_sk_test_... or service_sk_live_...)");
            }
            if (apiKey.startsWith("service_pk_")) {
                throw new IllegalArgumentException("a publishable key belongs in the browser; the server SDK needs a secret key (service_sk_...)");
            }
            String scheme = baseUrl.getScheme();
            if (!"http".equals(scheme) && !"https".equals(scheme)) {
                throw new IllegalArgumentException("the base URL must be http or https: " + baseUrl);
            }
            return new AssessmentsClient(this);
        }
    }
}
