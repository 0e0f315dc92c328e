package com.assessments.session;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/**
 * An assessment session. Status changes go through {@link SessionLifecycle} only. A soft-deleted session
 * keeps its row (the tombstone: id, organization, type, status, times, idempotency key) with every piece of
 * personal data blanked.
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

    public boolean isTest() {
        return "test".equals(environment);
    }
}
