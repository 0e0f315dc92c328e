-- What POST /api/v1/sessions with a live key writes, as pgbench runs it (-M prepared; variables from -D):
-- read the organization, insert the session, its session.created event (the payload of a real one) and the event's
-- webhook deliveries (one per subscribed endpoint), take a license unit from a stripe no other transaction holds
-- (conditional UPDATE, SKIP LOCKED; V13), commit (durably). The unit is taken last, as the service does. When every
-- stripe with a free unit is held this transaction takes nothing, where the service waits: the ceiling's best case.
-- The service also authenticates (cached) and counts the request in its rate-limit window: not part of this.
SELECT 'ses_' || substr(md5(random()::text || clock_timestamp()::text), 1, 24) AS sid,
       'evt_' || substr(md5(random()::text || clock_timestamp()::text), 1, 24) AS eid \gset
BEGIN;
SELECT id, name, enabled_assessment_types, rate_limit_per_minute, created_at, updated_at FROM organizations WHERE id = :org;
INSERT INTO sessions (id, organization_id, environment, assessment_type, status, token_hash, candidate_external_id,
                      candidate_email, candidate_name, config, metadata, redirect_url, license_consumed, created_by_key_id,
                      idempotency_key, created_at, updated_at, expires_at)
VALUES (:sid, :org, 'live', 'disc', 'created', sha256(convert_to(:sid || clock_timestamp()::text, 'UTF8')), 'bench-candidate',
        'bench@example.com', 'Bench Candidate', NULL, '{"source":"benchmark"}', NULL, true, :key, NULL, now(), now(),
        now() + interval '1 day');
INSERT INTO events (id, organization_id, environment, type, session_id, payload, created_at)
VALUES (:eid, :org, 'live', 'session.created', :sid, cast(:created_payload AS jsonb), now());
INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)
SELECT 'whd_' || substr(md5(random()::text || clock_timestamp()::text || w.id), 1, 20), w.organization_id, w.id,
       :eid, 'pending', 0, now(), now()
FROM webhook_endpoints w
WHERE w.organization_id = :org AND w.environment = 'live' AND w.status = 'enabled' AND w.deleted_at IS NULL
  AND 'session.created' = ANY (w.events);
UPDATE license_stripes SET used = used + 1
WHERE organization_id = :org AND assessment_type = 'disc' AND used < capacity AND stripe = (
    SELECT stripe FROM license_stripes WHERE organization_id = :org AND assessment_type = 'disc' AND used < capacity
    ORDER BY stripe LIMIT 1 FOR UPDATE SKIP LOCKED);
COMMIT;
