-- A session-creation Idempotency-Key stays bound to its session for the session's whole life (the
-- 24-hour replay record may be gone), so reusing it after a soft delete is still refused.
alter table sessions add column idempotency_key text;
create unique index sessions_idempotency_key on sessions (organization_id, environment, idempotency_key)
    where idempotency_key is not null;

-- Replayed responses can hold a session token or candidate data: keep them encrypted (AES-GCM).
alter table idempotency_records drop column response_body;
alter table idempotency_records add column response_body bytea;
create index idempotency_records_resource on idempotency_records (resource_id) where resource_id is not null;

-- Session tokens are looked up by digest on every runner call.
create index sessions_token_lookup on sessions (token_hash) where deleted_at is null;

-- failed sessions expire too
drop index sessions_due_to_expire;
create index sessions_due_to_expire on sessions (expires_at)
    where status in ('created', 'in_progress', 'failed') and deleted_at is null;
