-- The service's own read of a session (the select list of SessionReads.SELECT) on the same rows as pg-get.sql,
-- printed for reference next to the primary-key read: what the statement itself costs PostgreSQL beyond a plain read
-- of the row. Keep it in step with SessionReads.
\set n random(1, :rows)
select organization_id, environment, assessment_type, status, candidate_external_id, candidate_email,
       candidate_name, config, metadata, redirect_url, results, license_consumed, created_by_key_id,
       idempotency_key, created_at, updated_at, expires_at, started_at, completed_at, failed_at, expired_at,
       report_generated_at, locale, coalesce(answered, session_answered(status, responses, progress))
from bench_sessions where n = :n and deleted_at is null;
