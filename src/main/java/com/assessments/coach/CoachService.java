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

    /**
     * Three steps, so that no database connection waits for the model provider (up to its timeout, per message): the
     * reads in one short transaction, the reply outside any, the turn stored in another. With the pool at a few
     * connections per replica (DB_POOL_MAX), a few slow replies held across the call would have stopped every
     * request of the replica ({@code CoachProviderTest.noDatabaseConnectionWaitsForTheProvider}). The rate limit's
     * count is written on its own (before, it joined the transaction and kept its row locked across the call).
     */
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
        Context context = context(key, candidate, request);
        Optional<String> fromModel = model.configured() && GuardRails.refusal(message).isEmpty()
                ? model.reply(message, context.grounding(), context.history()) : Optional.empty();
        String reply = fromModel.orElseGet(() -> builtIn.reply(message, context.grounding(), context.grounded()));
        CoachMessageRecord record = store(key, candidate, context, message, reply, fromModel.isPresent());
        return new CoachMessage().id(record.id).reply(record.reply).groundedOn(record.groundedOn)
                .conversationId(record.conversationId).createdAt(Times.utc(record.createdAt));
    }

    /** What a reply is made from: the conversation (new or continued), its earlier turns, the grounding. */
    record Context(String conversationId, List<ModelCoach.Turn> history, boolean grounded, List<GroundedSession> grounding) {
    }

    @Transactional
    Context context(Caller.KeyPrincipal key, String candidate, CoachMessageRequest request) {
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
        return new Context(conversationId, turns, grounded, grounding);
    }

    @Transactional
    CoachMessageRecord store(Caller.KeyPrincipal key, String candidate, Context context, String message, String reply,
                             boolean fromModel) {
        CoachMessageRecord record = new CoachMessageRecord();
        record.id = Ids.id("cmsg_");
        record.organizationId = key.organizationId();
        record.environment = key.environment();
        record.candidateExternalId = candidate;
        record.conversationId = context.conversationId();
        record.message = message;
        record.reply = reply;
        record.answeredBy = fromModel ? CoachMessageRecord.PROVIDER : CoachMessageRecord.BUILT_IN;
        record.groundedOn = context.grounding().stream().map(GroundedSession::id).toList();
        record.createdAt = clock.instant();
        record.persist();
        return record;
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
