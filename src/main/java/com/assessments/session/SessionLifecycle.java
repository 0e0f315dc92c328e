package com.assessments.session;

import com.assessments.api.model.EventType;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.events.EventRecorder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * The session state machine, in one place. Every transition stamps its time and records its event in the
 * caller's transaction:
 * <pre>
 *   created ──start──▶ in_progress
 *   created | in_progress | failed ──complete──▶ completed   (final)
 *   created | in_progress | failed ──fail──────▶ failed      (may be resubmitted until expiresAt)
 *   created | in_progress | failed ──expire────▶ expired     (final; only once expiresAt has passed)
 * </pre>
 * Submitting is accepted from created, in_progress and failed; a completed session answers 409, an expired
 * one (or one past expiresAt that the expiry job has not reached yet) 410. Storing the PDF report of a completed
 * session is recorded here too (report.generated). The events are built here, as the contract's EventData of the
 * session as it is after the change, and handed to the outbox ready made.
 */
@ApplicationScoped
public class SessionLifecycle {

    public static final String CREATED = "created";
    public static final String IN_PROGRESS = "in_progress";
    public static final String COMPLETED = "completed";
    public static final String FAILED = "failed";
    public static final String EXPIRED = "expired";

    static final Set<String> SUBMITTABLE = Set.of(CREATED, IN_PROGRESS, FAILED);

    private static final Map<String, Set<String>> ALLOWED = Map.of(
            IN_PROGRESS, Set.of(CREATED),
            COMPLETED, SUBMITTABLE,
            FAILED, SUBMITTABLE,
            EXPIRED, SUBMITTABLE);

    private final EventRecorder events;
    private final SessionMapper mapper;
    private final Clock clock;
    private final Event<SessionTransition> transitions;

    public SessionLifecycle(EventRecorder events, SessionMapper mapper, Clock clock, Event<SessionTransition> transitions) {
        this.events = events;
        this.mapper = mapper;
        this.clock = clock;
        this.transitions = transitions;
    }

    /** Throws the API error for a submit (or progress save) on a session that no longer takes one. */
    public void requireSubmittable(Session s) {
        if (COMPLETED.equals(s.status)) {
            throw new ApiException(ErrorCode.SESSION_ALREADY_COMPLETED, "Session " + s.id + " is already completed.");
        }
        if (EXPIRED.equals(s.status) || !clock.instant().isBefore(s.expiresAt)) {
            throw new ApiException(ErrorCode.SESSION_EXPIRED, "Session " + s.id + " expired at " + s.expiresAt + ".");
        }
    }

    /**
     * Completed, expired, or past expiresAt whatever its status (a failed session is not finished before then: it
     * may be resubmitted). A finished session takes no answers, and its token reveals nothing but its end state.
     */
    public boolean isFinished(Session s) {
        return COMPLETED.equals(s.status) || EXPIRED.equals(s.status) || !clock.instant().isBefore(s.expiresAt);
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void created(Session s) {
        record(EventType.SESSION_CREATED, s);
    }

    /** First load of the runner; a no-op for a session already past created. */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean start(Session s) {
        if (!CREATED.equals(s.status)) {
            return false;
        }
        move(s, IN_PROGRESS);
        s.startedAt = s.updatedAt;
        recordChange(EventType.SESSION_STARTED, s);
        return true;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void complete(Session s, String resultsJson) {
        move(s, COMPLETED);
        s.results = resultsJson;
        s.completedAt = s.updatedAt;
        recordChange(EventType.SESSION_COMPLETED, s);
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void fail(Session s, String scoringErrorJson) {
        move(s, FAILED);
        s.results = scoringErrorJson;
        s.failedAt = s.updatedAt;
        recordChange(EventType.SESSION_FAILED, s);
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void expire(Session s) {
        if (clock.instant().isBefore(s.expiresAt)) {
            throw new IllegalStateException("session " + s.id + " is not past expiresAt");
        }
        move(s, EXPIRED);
        s.expiredAt = s.updatedAt;
        recordChange(EventType.SESSION_EXPIRED, s);
    }

    /** The completed session's PDF report was stored: reportUrl is shown from now on, and report.generated says so. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void reportGenerated(Session s) {
        s.reportGeneratedAt = clock.instant();
        recordChange(EventType.REPORT_GENERATED, s);
    }

    /**
     * The event of a change to a loaded (Hibernate-managed) session: the change is written first, so that the plain
     * statements after it in the transaction (the outbox's) see it. A new session's row is written by
     * {@link SessionInsert} before its event, with no Hibernate session to flush.
     */
    private void recordChange(EventType type, Session s) {
        Session.flush();
        record(type, s);
    }

    private void record(EventType type, Session s) {
        events.record(new EventRecorder.NewEvent(type.toString(), s.organizationId, s.environment, s.id, mapper.toEventData(s)));
        transitions.fire(new SessionTransition(type.toString().substring("session.".length()), s.assessmentType, s.environment));
    }

    private void move(Session s, String to) {
        if (!ALLOWED.get(to).contains(s.status)) {
            throw new IllegalStateException("session " + s.id + ": no transition " + s.status + " -> " + to);
        }
        Instant now = clock.instant();
        s.status = to;
        s.updatedAt = now;
    }
}
