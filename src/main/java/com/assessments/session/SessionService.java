package com.assessments.session;

import com.assessments.api.model.CreateSessionRequest;
import com.assessments.api.model.EmbedProgress;
import com.assessments.api.model.EmbedSession;
import com.assessments.api.model.EmbedSubmitResult;
import com.assessments.api.model.SessionConfig;
import com.assessments.api.model.SessionDetail;
import com.assessments.api.model.SessionStatus;
import com.assessments.api.model.SubmissionItem;
import com.assessments.api.model.SubmitRequest;
import com.assessments.common.Hashing;
import com.assessments.common.Ids;
import com.assessments.common.PageResult;
import com.assessments.common.Times;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.events.EventRecorder;
import com.assessments.idempotency.Idempotency;
import com.assessments.key.Caller;
import com.assessments.org.Organization;
import com.assessments.report.ReportService;
import com.assessments.scoring.Answer;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.QuestionBanks;
import com.assessments.scoring.Scoring;
import com.assessments.scoring.ScoringEngine;
import com.assessments.scoring.ScoringException;
import io.quarkus.panache.common.Parameters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Everything that happens to sessions: create, read, list, delete, start, save progress, submit. */
@ApplicationScoped
public class SessionService {

    static final int DEFAULT_EXPIRES_IN = 86_400;
    static final String CREATE_ROUTE = "POST /api/v1/sessions";

    /** A response to send: a DTO, or a replayed JSON body. */
    public record Outcome(int status, Object body, boolean replayed) {
    }

    private final EntityManager em;
    private final Clock clock;
    private final SessionLifecycle lifecycle;
    private final SessionMapper mapper;
    private final SessionRules rules;
    private final SubmissionValidator validator;
    private final QuestionBanks banks;
    private final Scoring scoring;
    private final Idempotency idempotency;
    private final EventRecorder events;
    private final ReportService reports;

    public SessionService(EntityManager em, Clock clock, SessionLifecycle lifecycle, SessionMapper mapper, SessionRules rules,
                          SubmissionValidator validator, QuestionBanks banks, Scoring scoring, Idempotency idempotency,
                          EventRecorder events, ReportService reports) {
        this.em = em;
        this.clock = clock;
        this.lifecycle = lifecycle;
        this.mapper = mapper;
        this.rules = rules;
        this.validator = validator;
        this.banks = banks;
        this.scoring = scoring;
        this.idempotency = idempotency;
        this.events = events;
        this.reports = reports;
    }

    @Transactional
    public Outcome create(Caller.KeyPrincipal key, CreateSessionRequest request, String idempotencyKey) {
        String type = request.getAssessmentType().toString();
        Idempotency.Scope scope = idempotencyKey == null ? null
                : new Idempotency.Scope(key.organizationId(), key.environment(), idempotencyKey, CREATE_ROUTE, key.lineageId());
        if (scope != null) {
            rules.checkKeyMayCreate(key, type); // before a replay too: a replay never hands out what this key may not make
            Optional<Idempotency.Replay> replay = idempotency.claim(scope, request);
            if (replay.isPresent()) {
                return new Outcome(replay.get().status(), replay.get().body(), true);
            }
            if (Session.count("organizationId = ?1 and environment = ?2 and idempotencyKey = ?3",
                    key.organizationId(), key.environment(), idempotencyKey) > 0) {
                throw Idempotency.conflict("This Idempotency-Key already created a session.", "key_used");
            }
        }
        Organization org = Organization.findById(key.organizationId());
        boolean test = "test".equals(key.environment());
        SessionRules.Checked checked = rules.check(org, key, type, test, request.getConfig(), request.getMetadata());

        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS); // as PostgreSQL stores it, so expiresAt reads back unchanged
        String token = Ids.secret("vst_");
        Session s = new Session();
        s.id = Ids.id("ses_");
        s.organizationId = org.id;
        s.environment = key.environment();
        s.assessmentType = type;
        s.status = SessionLifecycle.CREATED;
        s.tokenHash = Hashing.sha256(token);
        s.candidateExternalId = request.getCandidate().getExternalId();
        s.candidateEmail = request.getCandidate().getEmail();
        s.candidateName = request.getCandidate().getName();
        s.config = checked.configJson();
        s.metadata = checked.metadataJson();
        s.redirectUrl = request.getRedirectUrl();
        s.licenseConsumed = !test;
        s.createdByKeyId = key.keyId();
        s.idempotencyKey = idempotencyKey;
        s.createdAt = now;
        s.updatedAt = now;
        int expiresIn = request.getExpiresIn() == null ? DEFAULT_EXPIRES_IN : request.getExpiresIn();
        s.expiresAt = now.plusSeconds(expiresIn);
        s.persist();
        lifecycle.created(s);

        var body = mapper.toCreated(s, token);
        if (scope != null) {
            idempotency.complete(scope, 201, body, s.id);
        }
        if (!test) {
            // last: the license row stays locked from this UPDATE to the commit, so concurrent live creates of the
            // organization wait for each other only that long (402 rolls back everything written above)
            rules.takeLicense(org.id, type);
        }
        return new Outcome(201, body, false);
    }

    public SessionDetail get(Caller.KeyPrincipal key, String id) {
        return mapper.toDetail(find(key, id));
    }

    public record ListFilter(SessionStatus status, String assessmentType, String candidateId, OffsetDateTime createdAfter,
                             OffsetDateTime createdBefore) {
    }

    public PageResult<Session> list(Caller.KeyPrincipal key, ListFilter filter, int limit, int offset) {
        StringBuilder where = new StringBuilder("organizationId = :org and environment = :env and deletedAt is null");
        Parameters params = Parameters.with("org", key.organizationId()).and("env", key.environment());
        if (filter.status() != null) {
            where.append(" and status = :status");
            params.and("status", filter.status().toString());
        }
        if (filter.assessmentType() != null) {
            where.append(" and assessmentType = :type");
            params.and("type", filter.assessmentType());
        }
        if (filter.candidateId() != null) {
            where.append(" and candidateExternalId = :candidate");
            params.and("candidate", filter.candidateId());
        }
        if (filter.createdAfter() != null) {
            where.append(" and createdAt >= :after");
            params.and("after", filter.createdAfter().toInstant());
        }
        if (filter.createdBefore() != null) {
            where.append(" and createdAt < :before");
            params.and("before", filter.createdBefore().toInstant());
        }
        long total = Session.count(where.toString(), params);
        List<Session> page = Session.<Session>find(where + " order by createdAt desc, id desc", params)
                .range(offset, offset + limit - 1).list();
        return new PageResult<>(page, total);
    }

    /**
     * Right to forget: blanks the personal data in the row, and has each owner of a copy forget it (the events and
     * their webhook deliveries, the stored report, stored idempotent responses); the tombstone keeps ids, type,
     * status, times and the idempotency key. The session token stops working.
     */
    @Transactional
    public void delete(Caller.KeyPrincipal key, String id) {
        Session s = lock(key.organizationId(), key.environment(), id);
        s.candidateExternalId = null;
        s.candidateEmail = null;
        s.candidateName = null;
        s.config = null;
        s.metadata = null;
        s.redirectUrl = null;
        s.progress = null;
        s.responses = null;
        s.results = null;
        s.tokenHash = Hashing.sha256(Ids.secret("deleted_")); // unguessable, unique, matches no token
        s.reportGeneratedAt = null;
        s.deletedAt = clock.instant();
        s.updatedAt = s.deletedAt;
        em.flush();
        events.forget(s.id);
        reports.forget(s.id);
        idempotency.forget(s.id);
    }

    @Transactional
    public Outcome submit(Caller.KeyPrincipal key, String id, SubmitRequest request, String idempotencyKey) {
        Idempotency.Scope scope = idempotencyKey == null ? null : new Idempotency.Scope(key.organizationId(),
                key.environment(), idempotencyKey, "POST /api/v1/sessions/" + id + "/submit", key.lineageId());
        Optional<Idempotency.Replay> replay = scope == null ? Optional.empty() : idempotency.claim(scope, request);
        if (replay.isPresent()) {
            return new Outcome(replay.get().status(), replay.get().body(), true);
        }
        Session s = lock(key.organizationId(), key.environment(), id);
        score(s, request.getResponses());
        SessionDetail body = mapper.toDetail(s);
        if (scope != null) {
            idempotency.complete(scope, 200, body, s.id);
        }
        return new Outcome(200, body, false);
    }

    @Transactional
    public Outcome embedSubmit(Caller.SessionPrincipal principal, SubmitRequest request, String idempotencyKey) {
        Idempotency.Scope scope = idempotencyKey == null ? null : new Idempotency.Scope(principal.organizationId(),
                principal.environment(), idempotencyKey, "POST /api/v1/embed/submit " + principal.sessionId(), null);
        Optional<Idempotency.Replay> replay = scope == null ? Optional.empty() : idempotency.claim(scope, request);
        if (replay.isPresent()) {
            return new Outcome(replay.get().status(), replay.get().body(), true);
        }
        Session s = lockForRunner(principal);
        score(s, request.getResponses());
        boolean completed = SessionLifecycle.COMPLETED.equals(s.status);
        EmbedSubmitResult body = new EmbedSubmitResult()
                .sessionId(s.id)
                .status(SessionStatus.fromValue(s.status))
                .completedAt(Times.utc(completed ? s.completedAt : s.failedAt))
                .redirectUrl(redirectAfterSubmit(s));
        if (scope != null) {
            idempotency.complete(scope, 200, body, s.id);
        }
        return new Outcome(200, body, false);
    }

    /**
     * The runner's first load moves created to in_progress (once, however often it reloads). A finished session
     * (completed, expired, or past expiresAt) shows only its end state: no candidate name, no saved answers.
     */
    @Transactional
    public EmbedSession loadForRunner(Caller.SessionPrincipal principal) {
        Session s = lockForRunner(principal);
        boolean finished = lifecycle.isFinished(s);
        if (!finished) {
            lifecycle.start(s);
        }
        return new EmbedSession()
                .sessionId(s.id)
                .status(SessionStatus.fromValue(s.status))
                .assessmentType(com.assessments.api.model.AssessmentType.fromValue(s.assessmentType))
                .expiresAt(Times.utc(s.expiresAt))
                .candidateName(finished ? null : s.candidateName)
                .progress(finished ? new EmbedProgress().answers(new ArrayList<>()).updatedAt(null) : progress(s));
    }

    @Transactional
    public EmbedProgress saveProgress(Caller.SessionPrincipal principal, List<SubmissionItem> answers) {
        Session s = lockForRunner(principal);
        lifecycle.requireSubmittable(s);
        validator.validate(s.assessmentType, banks.forType(s.assessmentType).orElse(null), answers, false);
        lifecycle.start(s);
        Map<String, Object> progress = new LinkedHashMap<>();
        progress.put("answers", answers);
        progress.put("updatedAt", Times.utc(clock.instant()).toString());
        s.progress = mapper.write(progress);
        s.updatedAt = clock.instant();
        return progress(s);
    }

    /**
     * Validates, scores and moves the session to completed or failed. Validation errors and answers the engine
     * cannot score (400 invalid_responses) change nothing; a failure of the engine itself fails the session.
     */
    private void score(Session s, List<SubmissionItem> items) {
        lifecycle.requireSubmittable(s);
        QuestionBank bank = banks.forType(s.assessmentType).orElse(null);
        List<Answer> answers = validator.validate(s.assessmentType, bank, items, true);
        if (!s.isTest() && !scoring.isLive(s.assessmentType)) {
            throw SessionRules.notLive(s.assessmentType);
        }
        s.responses = mapper.write(items);
        try {
            var results = scoring.score(s.assessmentType, s.isTest(),
                    new ScoringEngine.ScoringRequest(bank, answers, s.organizationId, configValues(s)));
            lifecycle.complete(s, mapper.write(results));
        } catch (ScoringException e) {
            if (ScoringException.INVALID_RESPONSES.equals(e.code())) {
                throw new ApiException(ErrorCode.INVALID_RESPONSES, e.getMessage());
            }
            // the contract's ScoringError: kind "error" is the AssessmentResult discriminator
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("code", e.code());
            error.put("message", e.getMessage());
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("kind", "error");
            result.put("error", error);
            lifecycle.fail(s, mapper.write(result));
        }
    }

    private Map<String, String> configValues(Session s) {
        Map<String, String> values = new LinkedHashMap<>();
        SessionConfig config = mapper.config(s);
        if (config.getOccupationId() != null) {
            values.put("occupationId", config.getOccupationId());
        }
        if (config.getOrgConfigId() != null) {
            values.put("orgConfigId", config.getOrgConfigId());
        }
        return values;
    }

    private EmbedProgress progress(Session s) {
        if (s.progress == null) {
            return new EmbedProgress().answers(new ArrayList<>()).updatedAt(null);
        }
        return mapper.read(s.progress, EmbedProgress.class);
    }

    /** The session's redirectUrl with session_id and outcome appended, or null. */
    static java.net.URI redirectAfterSubmit(Session s) {
        if (s.redirectUrl == null) {
            return null;
        }
        String separator = s.redirectUrl.contains("?") ? "&" : "?";
        String fragment = "";
        String base = s.redirectUrl;
        int hash = base.indexOf('#');
        if (hash >= 0) {
            fragment = base.substring(hash);
            base = base.substring(0, hash);
        }
        return java.net.URI.create(base + separator + "session_id=" + URLEncoder.encode(s.id, StandardCharsets.UTF_8)
                + "&outcome=" + URLEncoder.encode(s.status, StandardCharsets.UTF_8) + fragment);
    }

    private Session find(Caller.KeyPrincipal key, String id) {
        return Session.findOwned(id, key.organizationId(), key.environment()).orElseThrow(() -> notFound(id));
    }

    /** Row lock: concurrent submits, loads and deletes of one session run one after the other. */
    private Session lock(String organizationId, String environment, String id) {
        return Session.lockOwned(id, organizationId, environment).orElseThrow(() -> notFound(id));
    }

    private Session lockForRunner(Caller.SessionPrincipal principal) {
        try {
            return lock(principal.organizationId(), principal.environment(), principal.sessionId());
        } catch (ApiException e) {
            throw new ApiException(ErrorCode.INVALID_SESSION_TOKEN, "Unknown session token, or its session was deleted.");
        }
    }

    static ApiException notFound(String id) {
        return new ApiException(ErrorCode.SESSION_NOT_FOUND, "No session " + id + " in this organization and environment.");
    }
}
