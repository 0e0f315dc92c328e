package com.assessments.session;

import com.assessments.common.Sql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

/**
 * Writes a new session's row with one plain statement, in the create's transaction. Why not {@code persist()}: in a
 * profile of the create phase, Hibernate's persist and the flush it needed before the event insert were 13 % of the
 * JVM's samples, and the create's transaction opened a Hibernate session for that alone. The entity object stays
 * a detached copy (mapped into the answer and the event as before); whoever changes the session later loads it.
 * The insert is queued ({@link Sql#queue}): it goes to the database with the create's next statements, in one round
 * trip.
 * {@code SessionInsertTest} fails when a column of the entity is neither here nor one that a later step sets.
 */
@ApplicationScoped
public class SessionInsert {

    private final Sql sql;

    public SessionInsert(Sql sql) {
        this.sql = sql;
    }

    /** The columns a new session has; the others (answers, results, the later times) start null. */
    static final String INSERT = """
            insert into sessions (id, organization_id, environment, assessment_type, locale, status, token_hash,
                                  candidate_external_id, candidate_email, candidate_name, config, metadata,
                                  redirect_url, license_consumed, created_by_key_id, idempotency_key,
                                  created_at, updated_at, expires_at)
            values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, cast(?11 as jsonb), cast(?12 as jsonb), ?13, ?14,
                    ?15, ?16, ?17, ?18, ?19)""";

    @Transactional(Transactional.TxType.MANDATORY)
    void insert(Session s) {
        sql.queue(INSERT,
                s.id, s.organizationId, s.environment, s.assessmentType, s.locale, s.status, s.tokenHash,
                s.candidateExternalId, s.candidateEmail, s.candidateName, s.config, s.metadata,
                s.redirectUrl, s.licenseConsumed, s.createdByKeyId, s.idempotencyKey,
                s.createdAt, s.updatedAt, s.expiresAt);
    }
}
