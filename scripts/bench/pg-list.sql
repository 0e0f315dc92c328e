-- What GET /api/v1/sessions?limit=20 reads: the organization's total in the environment and the newest page.
SELECT count(*) FROM sessions WHERE organization_id = :org AND environment = 'test' AND deleted_at IS NULL;
SELECT * FROM sessions WHERE organization_id = :org AND environment = 'test' AND deleted_at IS NULL
ORDER BY created_at DESC, id DESC LIMIT 20;
