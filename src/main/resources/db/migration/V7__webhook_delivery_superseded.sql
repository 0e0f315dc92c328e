-- A failed or dead delivery that was resent or recovered points to the new delivery that replaced it. Recover
-- skips superseded deliveries (so repeating it queues nothing twice) and the dead-letter count leaves them out.
-- Not a foreign key: cancelling the copy (its endpoint deleted) must not put the original back in the queue.
alter table webhook_deliveries add column superseded_by text;
