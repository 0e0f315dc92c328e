package com.assessments.session;

import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/**
 * The read of one session for showing it (GET, the most frequent request, and the coach's grounding): one prepared
 * primary-key select on a pooled connection, outside any transaction, into a detached {@link Session} that is never
 * written back. Hibernate's find cost more than the query itself here (its session, entity instantiation and
 * bookkeeping: about half of the GET handler's CPU in a profile). The copy carries every column a reader may show;
 * the token hash, the saved progress and the submitted answers are not loaded (they stay null).
 */
@Singleton // no client proxy in front of each call: on the GET session path, proxies were 9 % of its CPU in a profile
public class SessionReads {

    private static final String SELECT = """
            select organization_id, environment, assessment_type, status, candidate_external_id, candidate_email,
                   candidate_name, config, metadata, redirect_url, results, license_consumed, created_by_key_id,
                   idempotency_key, created_at, updated_at, expires_at, started_at, completed_at, failed_at, expired_at,
                   report_generated_at, locale,
                   -- kept by PostgreSQL (V19); counted here only on rows written before it
                   coalesce(answered, session_answered(status, responses, progress))
            from sessions where id = ? and deleted_at is null""";

    private final DataSource dataSource;

    public SessionReads(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** One of the organization's sessions in that environment, unless deleted. */
    public Optional<Session> owned(String id, String organizationId, String environment) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(SELECT)) {
            statement.setString(1, id);
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next() || !organizationId.equals(row.getString(1)) || !environment.equals(row.getString(2))) {
                    return Optional.empty();
                }
                return Optional.of(session(id, row));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read session " + id, e);
        }
    }

    /**
     * The assessment types the organization has enabled, for a create's checks: one array column read, not the
     * Organization entity (whose load and dirty check in the create's Hibernate session cost more than the query). In
     * the caller's transaction when there is one (the pool hands out the connection enlisted in it).
     */
    public List<String> enabledTypes(String organizationId) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(
                     "select enabled_assessment_types from organizations where id = ?")) {
            statement.setString(1, organizationId);
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) {
                    return List.of();
                }
                Array types = row.getArray(1);
                try {
                    return List.of((String[]) types.getArray());
                } finally {
                    types.free();
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read organization " + organizationId, e);
        }
    }

    private static Session session(String id, ResultSet row) throws SQLException {
        Session s = new Session();
        s.id = id;
        s.organizationId = row.getString(1);
        s.environment = row.getString(2);
        s.assessmentType = row.getString(3);
        s.status = row.getString(4);
        s.candidateExternalId = row.getString(5);
        s.candidateEmail = row.getString(6);
        s.candidateName = row.getString(7);
        s.config = row.getString(8);
        s.metadata = row.getString(9);
        s.redirectUrl = row.getString(10);
        s.results = row.getString(11);
        s.licenseConsumed = row.getBoolean(12);
        s.createdByKeyId = row.getString(13);
        s.idempotencyKey = row.getString(14);
        s.createdAt = instant(row, 15);
        s.updatedAt = instant(row, 16);
        s.expiresAt = instant(row, 17);
        s.startedAt = instant(row, 18);
        s.completedAt = instant(row, 19);
        s.failedAt = instant(row, 20);
        s.expiredAt = instant(row, 21);
        s.reportGeneratedAt = instant(row, 22);
        s.locale = row.getString(23);
        s.answeredCount = row.getInt(24); // the progress (V19): the answers themselves stay unloaded
        return s;
    }

    private static Instant instant(ResultSet row, int column) throws SQLException {
        OffsetDateTime t = row.getObject(column, OffsetDateTime.class); // timestamptz: the instant, whatever the zone
        return t == null ? null : t.toInstant();
    }
}
