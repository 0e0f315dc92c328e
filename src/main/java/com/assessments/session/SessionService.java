package com.assessments.session;

import com.assessments.api.model.CreateSessionRequest;
import com.assessments.api.model.SessionDetail;
import com.assessments.api.model.SessionStatus;
import com.assessments.api.model.SubmitRequest;
import com.assessments.common.Hashing;
import com.assessments.common.Ids;
import com.assessments.common.PageResult;
import com.assessments.common.db.InTurn;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.events.EventRecorder;
import com.assessments.i18n.LocaleSupport;
import com.assessments.idempotency.Idempotency;
import com.assessments.key.Caller;
import com.assessments.report.ReportService;
import io.quarkus.panache.common.Parameters;
import jakarta.inject.Singleton;
import jakarta.persistence.EntityManager;
import jakarta.enterprise.event.Event;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The API's side of sessions (secret keys): create, read, list, delete, submit. The runner's side (session token) is
 * {@link RunnerService}; both score through {@link SubmissionScorer}.
 */
@Singleton // no client proxy in front of each call: on the GET session path, proxies were 9 % of its CPU in a profile
public class SessionService {

    static final int DEFAULT_EXPIRES_IN = 86_400;
    static final String CREATE_ROUTE = "POST /api/v1/sessions";

    private final EntityManager em;
    private final Clock clock;
    private final SessionLifecycle lifecycle;
    private final SessionMapper mapper;
    private final SessionRules rules;
    private final SubmissionScorer scorer;
    private final Idempotency idempotency;
    private final EventRecorder events;
    private final ReportService reports;
    private final Event<SessionForgotten> forgotten;
    private final SessionReads reads;
    private final LocaleSupport localeSupport;
    private final SessionInsert insert;

    public SessionService(EntityManager em, Clock clock, SessionLifecycle lifecycle, SessionMapper mapper, SessionRules rules,
                          SubmissionScorer scorer, Idempotency idempotency, EventRecorder events, ReportService reports,
                          Event<SessionForgotten> forgotten, SessionReads reads, LocaleSupport localeSupport,
                          SessionInsert insert) {
        this.insert = insert;
        this.reads = reads;
        this.localeSupport = localeSupport;
        this.em = em;
        this.clock = clock;
        this.lifecycle = lifecycle;
        this.mapper = mapper;
        this.rules = rules;
        this.scorer = scorer;
        this.idempotency = idempotency;
        this.events = events;
        this.reports = reports;
        this.forgotten = forgotten;
    }

    @InTurn
    @Transactional
    public Idempotency.Outcome create(Caller.KeyPrincipal key, CreateSessionRequest request, String idempotencyKey) {
        String type = request.getAssessmentType().toString();
        Idempotency.Scope scope = idempotencyKey == null ? null
                : new Idempotency.Scope(key.organizationId(), key.environment(), idempotencyKey, CREATE_ROUTE, key.lineageId());
        if (scope != null) {
            rules.checkKeyMayCreate(key, type); // before a replay too: a replay never hands out what this key may not make
        }
        return idempotency.once(scope, request, () -> createNow(key, request, type, idempotencyKey));
    }

    private Idempotency.Made createNow(Caller.KeyPrincipal key, CreateSessionRequest request, String type, String idempotencyKey) {
        if (idempotencyKey != null && Session.count("organizationId = ?1 and environment = ?2 and idempotencyKey = ?3",
                key.organizationId(), key.environment(), idempotencyKey) > 0) {
            throw Idempotency.conflict("This Idempotency-Key already created a session.", "key_used");
        }
        boolean test = "test".equals(key.environment());
        SessionRules.Checked checked = rules.check(key, type,
                test, request.getConfig(), request.getMetadata());

        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS); // as PostgreSQL stores it, so expiresAt reads back unchanged
        String token = Ids.secret("vst_");
        Session s = new Session();
        s.id = Ids.id("ses_");
        s.organizationId = key.organizationId();
        s.environment = key.environment();
        s.assessmentType = type;
        s.locale = localeSupport.forNewSession(type, request.getLocale(),
                request.getConfig() == null ? null : request.getConfig().getLanguage());
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
        // the session's insert, the license unit's update, the event's insert and its deliveries' fan-out go to the
        // database in one round trip (the first three are queued: Sql.queue), then the commit: a license stripe stays
        // locked from its UPDATE to the commit, so concurrent live creates of the organization wait for each other only
        // that long (402 rolls back everything written)
        insert.insert(s);
        SessionRules.LicenseTake license = test ? null : rules.queueLicense(key.organizationId(), type);
        lifecycle.created(s);
        if (license != null) {
            license.orRefuse();
        }
        return new Idempotency.Made(201, mapper.toCreated(s, token), s.id);
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
    @InTurn
    @Transactional
    public void delete(Caller.KeyPrincipal key, String id) {
        Session s = lock(key.organizationId(), key.environment(), id);
        String candidate = s.candidateExternalId;
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
        forgotten.fire(new SessionForgotten(s.organizationId, s.environment, s.id, candidate));
    }

    @InTurn
    @Transactional
    public Idempotency.Outcome submit(Caller.KeyPrincipal key, String id, SubmitRequest request, String idempotencyKey) {
        Idempotency.Scope scope = idempotencyKey == null ? null : new Idempotency.Scope(key.organizationId(),
                key.environment(), idempotencyKey, "POST /api/v1/sessions/" + id + "/submit", key.lineageId());
        return idempotency.once(scope, request, () -> {
            Session s = lock(key.organizationId(), key.environment(), id);
            scorer.score(s, request.getResponses());
            return new Idempotency.Made(200, mapper.toDetail(s), s.id);
        });
    }

    private Session find(Caller.KeyPrincipal key, String id) {
        return reads.owned(id, key.organizationId(), key.environment()).orElseThrow(() -> notFound(id));
    }

    /** Row lock: concurrent submits, loads and deletes of one session run one after the other. */
    private Session lock(String organizationId, String environment, String id) {
        return Session.lockOwned(id, organizationId, environment).orElseThrow(() -> notFound(id));
    }

    static ApiException notFound(String id) {
        return new ApiException(ErrorCode.SESSION_NOT_FOUND, "No session " + id + " in this organization and environment.");
    }
}
