-- Delivery states as the contract names them: pending (not attempted yet, or in flight), failed (a retry is
-- scheduled), succeeded, dead (retries exhausted: the dead-letter queue). A resend or recovery queues a new
-- delivery of the same event to the same endpoint, so (endpoint, event) is no longer unique.
alter table webhook_deliveries drop constraint webhook_deliveries_status_check;
alter table webhook_deliveries add constraint webhook_deliveries_status_check
    check (status in ('pending', 'failed', 'succeeded', 'dead'));
alter table webhook_deliveries drop constraint webhook_deliveries_endpoint_id_event_id_key;
create index webhook_deliveries_event on webhook_deliveries (event_id);

drop index webhook_deliveries_due;
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status in ('pending', 'failed');

-- Events written in the same instant keep the order they were written in.
alter table events add column seq bigserial;
drop index events_list;
create index events_list on events (organization_id, environment, created_at desc, seq desc);
