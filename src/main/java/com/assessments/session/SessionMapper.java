package com.assessments.session;

import com.assessments.api.model.AssessmentType;
import com.assessments.api.model.Candidate;
import com.assessments.api.model.EmbedProgress;
import com.assessments.api.model.EmbedSession;
import com.assessments.api.model.EmbedSubmitResult;
import com.assessments.api.model.Environment;
import com.assessments.api.model.EventData;
import com.assessments.api.model.SessionConfig;
import com.assessments.api.model.SessionDetail;
import com.assessments.api.model.SessionStatus;
import com.assessments.api.model.SessionSummary;
import com.assessments.common.AppConfig;
import com.assessments.common.RawJsonObject;
import com.assessments.common.Times;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import jakarta.inject.Singleton;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Session entities to the contract's DTOs: the API's and the runner's responses, and the data of the session's events. The JSON columns
 * are read here; config and metadata are written as JSON by {@link SessionRules}, the others through {@link #write}.
 */
@Singleton // no client proxy in front of each call: on the GET session path, proxies were 9 % of its CPU in a profile
public class SessionMapper {

    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {
    };

    private final ObjectMapper mapper;
    /** Readers made once: each resolves its type and deserializer here, not on every session shown. */
    private final ObjectReader metadataReader;
    private final ObjectReader configReader;
    private final String baseUrl;
    private final SessionProgressCounter progress;

    public SessionMapper(ObjectMapper mapper, AppConfig config, SessionProgressCounter progress) {
        this.mapper = mapper;
        this.metadataReader = mapper.readerFor(MAP);
        this.configReader = mapper.readerFor(SessionConfig.class);
        this.progress = progress;
        this.baseUrl = config.publicBaseUrl().replaceAll("/+$", "");
    }

    /** The create response: the only place the session token appears. */
    public com.assessments.api.model.Session toCreated(Session s, String sessionToken) {
        return new com.assessments.api.model.Session()
                .id(s.id)
                .status(SessionStatus.fromValue(s.status))
                .assessmentType(AssessmentType.fromValue(s.assessmentType))
                .locale(locale(s))
                .environment(Environment.fromValue(s.environment))
                .sessionToken(sessionToken)
                .assessmentUrl(assessmentUrl(s.id, sessionToken))
                .expiresAt(Times.utc(s.expiresAt))
                .createdAt(Times.utc(s.createdAt))
                .candidate(candidate(s))
                .config(config(s))
                .metadata(metadata(s))
                .redirectUrl(uri(s.redirectUrl));
    }

    public SessionDetail toDetail(Session s) {
        return new SessionDetail()
                .id(s.id)
                .status(SessionStatus.fromValue(s.status))
                .assessmentType(AssessmentType.fromValue(s.assessmentType))
                .locale(locale(s))
                .progress(progress.of(s))
                .environment(Environment.fromValue(s.environment))
                .candidate(candidate(s))
                .config(config(s))
                .metadata(metadata(s))
                .results(results(s))
                .reportUrl(reportUrl(s))
                .redirectUrl(uri(s.redirectUrl))
                .createdAt(Times.utc(s.createdAt))
                .expiresAt(Times.utc(s.expiresAt))
                .startedAt(Times.utc(s.startedAt))
                .completedAt(Times.utc(s.completedAt));
    }

    public SessionSummary toSummary(Session s) {
        return new SessionSummary()
                .id(s.id)
                .status(SessionStatus.fromValue(s.status))
                .assessmentType(AssessmentType.fromValue(s.assessmentType))
                .locale(locale(s))
                .environment(Environment.fromValue(s.environment))
                .candidate(candidate(s))
                .metadata(metadata(s))
                .createdAt(Times.utc(s.createdAt))
                .expiresAt(Times.utc(s.expiresAt))
                .completedAt(Times.utc(s.completedAt));
    }

    /**
     * The data of an event about the session as it is now: results and completedAt only when completed (the
     * result summary) or failed (the scoring error and the failure time); null on created, started and expired.
     */
    public EventData toEventData(Session s) {
        SessionStatus status = SessionStatus.fromValue(s.status);
        boolean completed = status == SessionStatus.COMPLETED;
        boolean failed = status == SessionStatus.FAILED;
        return new EventData()
                .sessionId(s.id)
                .assessmentType(AssessmentType.fromValue(s.assessmentType))
                .status(status)
                .candidate(candidate(s))
                .results(completed || failed ? results(s) : null)
                .metadata(parsedMetadata(s))
                .completedAt(Times.utc(completed ? s.completedAt : failed ? s.failedAt : null))
                .reportUrl(reportUrl(s));
    }

    /** The runner's view: a finished session shows only its end state (no candidate name, no saved answers). */
    public EmbedSession toEmbedSession(Session s, boolean finished) {
        return new EmbedSession()
                .sessionId(s.id)
                .status(SessionStatus.fromValue(s.status))
                .assessmentType(AssessmentType.fromValue(s.assessmentType))
                .expiresAt(Times.utc(s.expiresAt))
                .candidateName(finished ? null : s.candidateName)
                .progress(finished ? new EmbedProgress().answers(new ArrayList<>()).updatedAt(null) : toProgress(s))
                .locale(locale(s))
                .assessmentName(com.assessments.catalogue.AssessmentCatalogue.name(s.assessmentType,
                        com.assessments.i18n.Locales.textLanguage(locale(s))));
    }

    /** The saved answers (none yet: an empty list). */
    public EmbedProgress toProgress(Session s) {
        if (s.progress == null) {
            return new EmbedProgress().answers(new ArrayList<>()).updatedAt(null);
        }
        return read(s.progress, EmbedProgress.class);
    }

    /** The runner's submit response: the end state (completed, or failed when scoring failed), no scores. */
    public EmbedSubmitResult toEmbedSubmitResult(Session s, URI redirectUrl) {
        boolean completed = SessionLifecycle.COMPLETED.equals(s.status);
        return new EmbedSubmitResult()
                .sessionId(s.id)
                .status(SessionStatus.fromValue(s.status))
                .completedAt(Times.utc(completed ? s.completedAt : s.failedAt))
                .redirectUrl(redirectUrl);
    }

    /** Where the stored PDF report is served, once there is one. */
    public URI reportUrl(Session s) {
        return s.reportGeneratedAt == null ? null : URI.create(baseUrl + "/api/v1/sessions/" + s.id + "/report.pdf");
    }

    /**
     * The token travels in the URL fragment, which browsers never send to servers or in Referer headers; the
     * non-secret session id in the query tells the runner page which sites may frame it (its organization's
     * publishable-key origins), and the runner refuses a token of another session.
     */
    public URI assessmentUrl(String sessionId, String sessionToken) {
        return URI.create(baseUrl + "/assess?session=" + sessionId + "#token=" + sessionToken);
    }

    Candidate candidate(Session s) {
        return new Candidate().externalId(s.candidateExternalId).email(s.candidateEmail).name(s.candidateName);
    }

    SessionConfig config(Session s) {
        return s.config == null ? new SessionConfig() : read(configReader, s.config);
    }

    /**
     * The stored object as it is, for an answer (written out verbatim, parsed only if read as a map); an empty one for
     * a tombstone, and a parsed value for anything stored that is not an object (nothing the service writes).
     */
    Map<String, Object> metadata(Session s) {
        if (RawJsonObject.isObjectText(s.metadata)) { // false for null too
            return new RawJsonObject(s.metadata, metadataReader);
        }
        return parsedMetadata(s);
    }

    /** The stored object parsed into a map: for event data, which is kept as a JSON tree and walked. */
    private Map<String, Object> parsedMetadata(Session s) {
        return s.metadata == null ? new LinkedHashMap<>() : read(metadataReader, s.metadata);
    }

    public JsonNode results(Session s) {
        return s.results == null ? null : read(s.results, JsonNode.class);
    }

    public String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    public <T> T read(String json, Class<T> type) {
        return read(mapper.readerFor(type), json);
    }

    private static <T> T read(ObjectReader reader, String json) {
        try {
            return reader.readValue(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is not a " + reader.getValueType(), e);
        }
    }

    /** The stored locale; English for a row without one (a tombstone). */
    static String locale(Session s) {
        return s.locale == null ? com.assessments.i18n.Locales.ENGLISH : s.locale;
    }

    private static URI uri(String value) {
        return value == null ? null : URI.create(value);
    }
}
