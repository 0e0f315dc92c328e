-- What POST /api/v1/sessions/{id}/submit writes: lock the session row, store answers and results (those of a real
-- submission), insert the session.completed event (a real payload) and its webhook deliveries, commit (durably).
-- The sessions come from a pool (bench_submit, numbered from 1); a row may be picked twice, which costs the same.
\set n random(1, :rows)
SELECT id AS sid, 'evt_' || substr(md5(random()::text || clock_timestamp()::text), 1, 24) AS eid FROM bench_submit WHERE n = :n \gset
BEGIN;
SELECT * FROM sessions WHERE id = :sid FOR UPDATE;
UPDATE sessions SET status = 'completed', responses = cast(:responses AS jsonb), results = cast(:results AS jsonb),
                    completed_at = now(), updated_at = now()
WHERE id = :sid;
INSERT INTO events (id, organization_id, environment, type, session_id, payload, created_at)
VALUES (:eid, :org, 'test', 'session.completed', :sid, cast(:completed_payload AS jsonb), now());
INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)
SELECT 'whd_' || substr(md5(random()::text || clock_timestamp()::text || w.id), 1, 20), w.organization_id, w.id,
       :eid, 'pending', 0, now(), now()
FROM webhook_endpoints w
WHERE w.organization_id = :org AND w.environment = 'test' AND w.status = 'enabled' AND w.deleted_at IS NULL
  AND 'session.completed' = ANY (w.events);
COMMIT;
