package com.assessments.session;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * An assessment session. Status changes go through {@link SessionLifecycle} only. A soft-deleted session
 * keeps its row (the tombstone: id, organization, type, status, times, idempotency key) with every piece of
 * personal data blanked. The sessions table is written by this package only; other packages find sessions with the
 * finders below and change them through {@link SessionLifecycle} and {@link SessionService}.
 */
@Entity
@Table(name = "sessions")
public class Session extends PanacheEntityBase {

    @Id
    public String id;

    public String organizationId;

    /** test or live */
    public String environment;

    public String assessmentType;

    /** BCP 47 tag in canonical case (en, de, de-AT): the language of the runner, the bank and the report. */
    public String locale;

    public String status;

    public byte[] tokenHash;

    public String candidateExternalId;

    public String candidateEmail;

    public String candidateName;

    /** SessionConfig JSON, or null */
    @JdbcTypeCode(SqlTypes.JSON)
    public String config;

    /** metadata JSON object */
    @JdbcTypeCode(SqlTypes.JSON)
    public String metadata;

    public String redirectUrl;

    /** saved runner progress: {"answers": [...], "updatedAt": "..."} */
    @JdbcTypeCode(SqlTypes.JSON)
    public String progress;

    /** the last submitted answers */
    @JdbcTypeCode(SqlTypes.JSON)
    public String responses;

    /** result summary JSON (an AssessmentResult alternative), or null */
    @JdbcTypeCode(SqlTypes.JSON)
    public String results;

    public boolean licenseConsumed;

    public String createdByKeyId;

    public String idempotencyKey;

    public Instant createdAt;

    public Instant updatedAt;

    public Instant expiresAt;

    public Instant startedAt;

    public Instant completedAt;

    public Instant failedAt;

    public Instant expiredAt;

    public Instant deletedAt;

    /** Set when the PDF report was stored; from then on reportUrl is shown. */
    public Instant reportGeneratedAt;

    /** Distinct questions answered, when read from sessions.answered without loading the answers (SessionReads); else null. */
    @jakarta.persistence.Transient
    public Integer answeredCount;

    public boolean isTest() {
        return "test".equals(environment);
    }

    /** Whose a session is. */
    public record Owner(String organizationId, String environment) {
    }

    private static final String OWNED = "id = ?1 and organizationId = ?2 and environment = ?3 and deletedAt is null";

    /** A candidate's completed sessions in the organization and environment, newest first (not deleted). */
    public static List<Session> completedOf(String organizationId, String environment, String candidateExternalId) {
        return Session.<Session>find("organizationId = ?1 and environment = ?2 and candidateExternalId = ?3 "
                        + "and status = 'completed' and deletedAt is null order by completedAt desc, id desc",
                organizationId, environment, candidateExternalId).range(0, 19).list();
    }

    /**
     * The same, with its row locked until commit: concurrent submits, runner loads, deletes and report renders of one
     * session run one after the other.
     */
    public static Optional<Session> lockOwned(String id, String organizationId, String environment) {
        return Session.<Session>find(OWNED, id, organizationId, environment)
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
    }

    /** The organization and environment of a session that is not deleted (two columns, not the row). */
    public static Optional<Owner> ownerOf(String id) {
        return getEntityManager()
                .createQuery("select s.organizationId, s.environment from Session s where s.id = ?1 and s.deletedAt is null",
                        Object[].class)
                .setParameter(1, id).getResultList().stream().findFirst()
                .map(r -> new Owner((String) r[0], (String) r[1]));
    }

    /**
     * Completed sessions without a stored report, oldest first, at most {@code limit}, locked with SKIP LOCKED (other
     * replicas take other ones).
     */
    public static List<Session> lockReportsDue(int limit) {
        @SuppressWarnings("unchecked")
        List<String> ids = getEntityManager().createNativeQuery("""
                        select id from sessions
                        where status = '%s' and report_generated_at is null and deleted_at is null
                        order by completed_at limit ?1 for update skip locked""".formatted(SessionLifecycle.COMPLETED))
                .setParameter(1, limit).getResultList();
        return ids.stream().map(id -> Session.<Session>findById(id)).toList();
    }

    /**
     * Sessions past expiresAt that are still submittable (created, in_progress, failed), oldest expiry first, at most
     * {@code limit}, locked with SKIP LOCKED (other replicas, and a submit holding one, leave them to others).
     */
    static List<Session> lockDueToExpire(Instant now, int limit) {
        @SuppressWarnings("unchecked")
        List<String> ids = getEntityManager().createNativeQuery("""
                        select id from sessions
                        where status in ('%s', '%s', '%s') and deleted_at is null and expires_at <= ?1
                        order by expires_at limit ?2 for update skip locked"""
                        .formatted(SessionLifecycle.CREATED, SessionLifecycle.IN_PROGRESS, SessionLifecycle.FAILED))
                .setParameter(1, now).setParameter(2, limit).getResultList();
        return ids.stream().map(id -> Session.<Session>findById(id)).toList();
    }
}
