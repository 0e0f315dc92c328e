-- The claim looks up each endpoint's earliest due delivery. With a queue-wide due index the planner walked that
-- index filtering on endpoint_id, past every other endpoint's rows and every delivered row's dead index entry
-- (24 ms on a 40,000-row queue after 10,000 deliveries; 0.2 ms per endpoint on webhook_deliveries_endpoint_due).
-- The next-due lookup now goes per endpoint on that index too, so the queue-wide one has no user left.
drop index webhook_deliveries_due;
