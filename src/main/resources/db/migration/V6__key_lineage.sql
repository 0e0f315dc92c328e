-- A key's lineage is the first key of its rotation chain. The rate-limit window and idempotency records follow
-- the lineage, so rotating a key neither resets the limit nor lets a replacement replay another key's requests.
alter table api_keys add column lineage_id text;
with recursive chain (id, root) as (
    select id, id from api_keys where rotated_from_id is null
    union all
    select k.id, c.root from api_keys k join chain c on k.rotated_from_id = c.id)
update api_keys a set lineage_id = chain.root from chain where a.id = chain.id;
update api_keys set lineage_id = id where lineage_id is null;
alter table api_keys alter column lineage_id set not null;

-- The lineage of the key that made an idempotent request (null for session-token requests, whose route names
-- the session): a replay by a key of another lineage is refused.
alter table idempotency_records add column key_lineage_id text;

-- Windows were counted per key id; the root key of each lineage keeps its count (subject key:<lineage id>).
