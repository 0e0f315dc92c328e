package com.assessments.coach;

import com.assessments.api.model.CoachGrounding;
import com.assessments.api.model.CoachMessage;
import com.assessments.api.model.CoachMessageRequest;
import com.assessments.common.Ids;
import com.assessments.common.Times;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.key.Caller;
import com.assessments.key.RateLimiter;
import com.assessments.session.Session;
import com.assessments.session.SessionForgotten;
import com.assessments.session.SessionMapper;
import com.assessments.session.SessionReads;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Answers a candidate's message: grounds it in their completed sessions (or not), asks the model provider when one
 * is configured and the built-in coach otherwise (or when the provider fails), stores the turn in its conversation.
 */
@ApplicationScoped
public class CoachService {

    /** The newest completed sessions a reply is grounded in (each is described, and listed in groundedOn). */
    private static final int MAX_GROUNDING = 5;

    /** Earlier turns a model sees; the built-in coach answers each message on its own. */
    private static final int HISTORY_TURNS = 10;

    private final Clock clock;
    private final CoachConfig config;
    private final RateLimiter rateLimiter;
    private final SessionMapper sessions;
    private final BuiltInCoach builtIn;
    private final ModelCoach model;
    private final SessionReads reads;

    public CoachService(Clock clock, CoachConfig config, RateLimiter rateLimiter, SessionMapper sessions,
                        BuiltInCoach builtIn, ModelCoach model, SessionReads reads) {
        this.reads = reads;
        this.clock = clock;
        this.config = config;
        this.rateLimiter = rateLimiter;
        this.sessions = sessions;
        this.builtIn = builtIn;
        this.model = model;
    }

    @Transactional
    public CoachMessage send(Caller.KeyPrincipal key, CoachMessageRequest request) {
        RateLimiter.Decision decision = rateLimiter.check("coach:" + key.lineageId(), config.perMinute());
        if (!decision.allowed()) {
            throw decision.refusal("coach messages in the last minute with this key (and the keys it was rotated from)");
        }
        String candidate = request.getCandidateExternalId();
        String message = request.getMessage().strip();
        if (message.isEmpty() || candidate.isBlank()) {
            throw ApiException.validation(List.of(new ApiException.FieldIssue(message.isEmpty() ? "message" : "candidateExternalId",
                    "must not be blank")));
        }
        String conversationId = request.getConversationId();
        List<CoachMessageRecord> history = List.of();
        if (conversationId != null) {
            history = CoachMessageRecord.lastOf(key.organizationId(), key.environment(), candidate, conversationId, HISTORY_TURNS);
            if (history.isEmpty()) {
                throw new ApiException(ErrorCode.CONVERSATION_NOT_FOUND, "No coach conversation " + conversationId
                        + " of this candidate.", Map.of("conversationId", conversationId));
            }
        } else {
            conversationId = Ids.id("conv_");
        }
        boolean grounded = request.getGrounding() != CoachGrounding.NONE;
        List<GroundedSession> grounding = grounded ? grounding(key, candidate, request.getSessionId()) : List.of();

        List<ModelCoach.Turn> turns = history.stream().map(h -> new ModelCoach.Turn(h.message, h.reply)).toList();
        Optional<String> fromModel = model.configured() && GuardRails.refusal(message).isEmpty()
                ? model.reply(message, grounding, turns) : Optional.empty();

        CoachMessageRecord record = new CoachMessageRecord();
        record.id = Ids.id("cmsg_");
        record.organizationId = key.organizationId();
        record.environment = key.environment();
        record.candidateExternalId = candidate;
        record.conversationId = conversationId;
        record.message = message;
        record.reply = fromModel.orElseGet(() -> builtIn.reply(message, grounding, grounded));
        record.answeredBy = fromModel.isPresent() ? CoachMessageRecord.PROVIDER : CoachMessageRecord.BUILT_IN;
        record.groundedOn = grounding.stream().map(GroundedSession::id).toList();
        record.createdAt = clock.instant();
        record.persist();
        return new CoachMessage().id(record.id).reply(record.reply).groundedOn(record.groundedOn)
                .conversationId(record.conversationId).createdAt(Times.utc(record.createdAt));
    }

    /** Right to forget reaches the coach: the candidate's conversations go with any of their sessions. */
    void forget(@Observes SessionForgotten forgotten) {
        CoachMessageRecord.forget(forgotten.organizationId(), forgotten.environment(), forgotten.sessionId(),
                forgotten.candidateExternalId());
    }

    private List<GroundedSession> grounding(Caller.KeyPrincipal key, String candidate, String sessionId) {
        List<Session> found;
        if (sessionId != null) {
            Session one = reads.owned(sessionId, key.organizationId(), key.environment())
                    .filter(s -> candidate.equals(s.candidateExternalId))
                    .orElseThrow(() -> new ApiException(ErrorCode.SESSION_NOT_FOUND, "No session " + sessionId
                            + " of this candidate.", Map.of("sessionId", sessionId)));
            found = "completed".equals(one.status) ? List.of(one) : List.of();
        } else {
            found = Session.completedOf(key.organizationId(), key.environment(), candidate);
        }
        return found.stream().filter(s -> s.results != null).limit(MAX_GROUNDING)
                .map(s -> new GroundedSession(s.id, s.assessmentType, sessions.results(s))).toList();
    }
}
