package com.assessments.session;

import com.assessments.api.model.EmbedProgress;
import com.assessments.api.model.EmbedSession;
import com.assessments.api.model.SubmissionItem;
import com.assessments.api.model.SubmitRequest;
import com.assessments.common.Times;
import com.assessments.common.db.InTurn;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.idempotency.Idempotency;
import com.assessments.key.Caller;
import com.assessments.scoring.QuestionBanks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runner's side of a session, authenticated by its session token: load it, save progress, submit, and where the
 * candidate goes after submitting. Never exposes scores. The API's side is {@link SessionService}.
 */
@ApplicationScoped
public class RunnerService {

    private final Clock clock;
    private final SessionLifecycle lifecycle;
    private final SessionMapper mapper;
    private final SubmissionValidator validator;
    private final QuestionBanks banks;
    private final SubmissionScorer scorer;
    private final Idempotency idempotency;

    public RunnerService(Clock clock, SessionLifecycle lifecycle, SessionMapper mapper, SubmissionValidator validator,
                         QuestionBanks banks, SubmissionScorer scorer, Idempotency idempotency) {
        this.clock = clock;
        this.lifecycle = lifecycle;
        this.mapper = mapper;
        this.validator = validator;
        this.banks = banks;
        this.scorer = scorer;
        this.idempotency = idempotency;
    }

    /**
     * The runner's first load moves created to in_progress (once, however often it reloads). A finished session
     * (completed, expired, or past expiresAt) shows only its end state: no candidate name, no saved answers.
     */
    @InTurn
    @Transactional
    public EmbedSession load(Caller.SessionPrincipal principal) {
        Session s = lock(principal);
        boolean finished = lifecycle.isFinished(s);
        if (!finished) {
            lifecycle.start(s);
        }
        return mapper.toEmbedSession(s, finished);
    }

    @InTurn
    @Transactional
    public EmbedProgress saveProgress(Caller.SessionPrincipal principal, List<SubmissionItem> answers) {
        Session s = lock(principal);
        lifecycle.requireSubmittable(s);
        validator.validate(s.assessmentType, banks.forType(s.assessmentType).orElse(null), answers, false);
        lifecycle.start(s);
        Map<String, Object> progress = new LinkedHashMap<>();
        progress.put("answers", answers);
        progress.put("updatedAt", Times.utc(clock.instant()).toString());
        s.progress = mapper.write(progress);
        s.updatedAt = clock.instant();
        return mapper.toProgress(s);
    }

    /** Scores the answers like the API's submit; the result names only the end state and where to go next. */
    @InTurn
    @Transactional
    public Idempotency.Outcome submit(Caller.SessionPrincipal principal, SubmitRequest request, String idempotencyKey) {
        Idempotency.Scope scope = idempotencyKey == null ? null : new Idempotency.Scope(principal.organizationId(),
                principal.environment(), idempotencyKey, "POST /api/v1/embed/submit " + principal.sessionId(), null);
        return idempotency.once(scope, request, () -> {
            Session s = lock(principal);
            scorer.score(s, request.getResponses());
            return new Idempotency.Made(200, mapper.toEmbedSubmitResult(s, redirectAfterSubmit(s)), s.id);
        });
    }

    /** The session's redirectUrl with session_id and outcome appended, or null. */
    static URI redirectAfterSubmit(Session s) {
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
        return URI.create(base + separator + "session_id=" + URLEncoder.encode(s.id, StandardCharsets.UTF_8)
                + "&outcome=" + URLEncoder.encode(s.status, StandardCharsets.UTF_8) + fragment);
    }

    /** The token's session, row-locked like the API's submit locks it; a deleted one is an unknown token. */
    private Session lock(Caller.SessionPrincipal principal) {
        return Session.lockOwned(principal.sessionId(), principal.organizationId(), principal.environment())
                .orElseThrow(() -> new ApiException(ErrorCode.INVALID_SESSION_TOKEN, "Unknown session token, or its session was deleted."));
    }
}
