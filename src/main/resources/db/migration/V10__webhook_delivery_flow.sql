-- Continuous webhook delivery (see DeliveryWorker).
--
-- Circuit breaker per endpoint, shared by every replica: consecutive failed attempts (any non-2xx, timeout or
-- connection error; a success resets it). At the threshold the endpoint's deliveries are not claimed until
-- circuit_open_until; after that one delivery at a time probes it until one succeeds.
alter table webhook_endpoints add column consecutive_failures integer not null default 0;
alter table webhook_endpoints add column circuit_open_until timestamptz;

-- An attempt is recorded when it starts (in the claim's transaction), so a replica that dies mid-send still
-- leaves it counted; in_flight is cleared when its outcome is recorded, or when another replica takes the
-- delivery over after the lease ran out (its outcome is then unknown).
alter table webhook_attempts add column in_flight boolean not null default false;

-- Attempts go with their delivery (deleting a session or an endpoint's pending deliveries), including an
-- attempt row a concurrent claim has just written.
alter table webhook_attempts drop constraint webhook_attempts_delivery_id_fkey;
alter table webhook_attempts add constraint webhook_attempts_delivery_id_fkey
    foreign key (delivery_id) references webhook_deliveries (id) on delete cascade;

-- Claims look up each endpoint's earliest due deliveries, and count its live leases (the per-endpoint cap).
create index webhook_deliveries_endpoint_due on webhook_deliveries (endpoint_id, next_attempt_at)
    where status in ('pending', 'failed');
create index webhook_deliveries_claimed on webhook_deliveries (endpoint_id, claimed_until)
    where claimed_until is not null;
