-- The delivery worker's cycle in one call (DeliveryQueue.cycle): record the outcomes that arrived, end lost last
-- attempts, lock the endpoints with room and claim their due deliveries, and say when something next becomes due.
-- The worker runs it in auto-commit, so the whole cycle is one round trip: as separate statements it was five (the
-- settings, the record, the endpoint scan, the claim, the commit), and a finished send's slot waits for the cycle
-- that records it. A volatile function takes a new snapshot for each statement (read committed), so the claim still
-- counts an endpoint's room after its advisory lock is held, as when it was a statement of its own.
-- Rows: kind 'recorded' (o_id: a delivery whose outcome was recorded), 'claimed' (one per leased delivery, in due
-- order; o_at: its event's time), 'next_due' (o_at: when something next becomes claimable, or null).
create function webhook_cycle(
    p_claimer text, p_now timestamptz,
    -- the outcomes (empty arrays: none), one element per delivery, as DeliveryOutcomes makes them
    p_ids text[], p_attempts text[], p_statuses text[], p_nexts text[], p_codes text[], p_errors text[],
    p_healthy text[], p_attempt_errors text[], p_durations text[],
    -- the claim (a limit of 0: none)
    p_limit integer, p_breaker_failures integer, p_max_in_flight integer, p_max_attempts integer, p_lock_key integer,
    p_mine text[], p_held_if_ends_after timestamptz, p_lease_until timestamptz, p_lost text, p_sweep boolean,
    p_want_next_due boolean)
returns table (o_kind text, o_id text, o_endpoint_id text, o_url text, o_event_id text, o_attempt integer,
               o_payload text, o_secret bytea, o_previous_secret bytea, o_previous_secret_expires_at timestamptz,
               o_event_type text, o_at timestamptz)
language plpgsql volatile
as $$
declare
    v_endpoints text[];
    v_claimed boolean := false;
begin
    -- for this transaction only (see DeliveryQueue.inWorkerTransaction for each one's reason)
    perform set_config('synchronous_commit', 'off', true), set_config('plan_cache_mode', 'force_generic_plan', true),
            set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true);

    if cardinality(p_ids) > 0 then
        -- the endpoints whose breaker a success resets first (locked in id order, as deleting an endpoint locks its
        -- row first), then the deliveries (in id order, as deleting an endpoint's or a session's deliveries locks
        -- them), then their attempts (the order a session's deletion cascades in); each step waits for the one
        -- before through its scalar subquery
        return query
            with reset as (
                update webhook_endpoints set consecutive_failures = 0, circuit_open_until = null
                where id in (select id from webhook_endpoints where id = any (p_healthy)
                               and (consecutive_failures <> 0 or circuit_open_until is not null)
                             order by id for no key update)
                returning id),
            u as (select * from unnest(p_ids, p_attempts, p_statuses, p_nexts, p_codes, p_errors, p_attempt_errors, p_durations)
                                as u(id, attempt, status, next, code, error, attempt_error, ms)),
            locked as (
                select l.id from webhook_deliveries l
                where l.id = any (p_ids) and (select count(*) from reset) >= 0
                order by l.id for no key update),
            delivery as (
                update webhook_deliveries d set status = u.status, next_attempt_at = u.next::timestamptz,
                    last_response_status = u.code::integer, last_error = u.error, claimed_until = null, claimed_by = null,
                    delivered_at = case when u.status = 'succeeded' then p_now else d.delivered_at end
                from u
                where d.id = u.id and d.attempts = u.attempt::integer and d.claimed_by = p_claimer
                  and d.status in ('pending', 'failed')
                  and (select count(*) from locked) >= 0
                returning d.id),
            attempt as (
                update webhook_attempts a set in_flight = false, response_status = u.code::integer, error = u.attempt_error,
                    duration_ms = u.ms::integer
                from u
                where a.delivery_id = u.id and a.attempt = u.attempt::integer and (select count(*) from delivery) >= 0)
            select 'recorded'::text, delivery.id, null::text, null::text, null::text, null::integer, null::text,
                   null::bytea, null::bytea, null::timestamptz, null::text, null::timestamptz
            from delivery;
    end if;

    if p_limit > 0 then
        if p_sweep then
            -- a lost attempt that was the last one allowed: the delivery is dead (its outcome will never be known)
            with lost as (
                update webhook_deliveries set status = 'dead', next_attempt_at = null, claimed_until = null,
                    claimed_by = null, last_error = p_lost
                where id in (select id from webhook_deliveries
                             where claimed_until <= p_now and status in ('pending', 'failed') and attempts >= p_max_attempts
                               and id <> all (p_mine)
                             for update skip locked)
                returning id)
            update webhook_attempts a set in_flight = false, error = p_lost
            from lost where a.delivery_id = lost.id and a.in_flight;
        end if;

        -- 1. endpoints with due deliveries and room under their cap, oldest due first; lock each one's claims
        --    (advisory, until commit) so the room counted next cannot be taken by another replica meanwhile
        v_endpoints := array(
            with ready as materialized (
                select w.id, due.at as due
                from webhook_endpoints w
                cross join lateral (
                    select d.next_attempt_at as at from webhook_deliveries d
                    where d.endpoint_id = w.id and d.status in ('pending', 'failed') and d.next_attempt_at <= p_now
                      and (d.claimed_until is null or d.claimed_until <= p_now) and d.attempts < p_max_attempts
                      and d.id <> all (p_mine)
                    order by d.next_attempt_at
                    limit 1) due
                where w.status = 'enabled' and w.deleted_at is null
                  and (w.circuit_open_until is null or w.circuit_open_until <= p_now)
                  and (case when w.consecutive_failures >= p_breaker_failures then 1 else p_max_in_flight end)
                      > (select count(*) from webhook_deliveries l where l.endpoint_id = w.id and l.claimed_until > p_held_if_ends_after)
                        + (select count(*) from webhook_deliveries l where l.id = any (p_mine) and l.endpoint_id = w.id
                           and l.claimed_until <= p_held_if_ends_after)),
            ordered as materialized (select ready.id from ready order by ready.due)
            select ordered.id from ordered where pg_try_advisory_xact_lock(p_lock_key, hashtext(ordered.id)) limit p_limit);

        if cardinality(v_endpoints) > 0 then
            -- 2. per locked endpoint, its earliest due deliveries up to its room (cap minus live leases, counted now:
            --    a new snapshot, taken after the locks); lease them and count the attempt now (made even if this
            --    replica dies before recording its outcome); an attempt left in flight by a replica that died (a
            --    lease taken over) has no known outcome
            return query
                with room as materialized (
                    select r.id, greatest(0, (case when r.consecutive_failures >= p_breaker_failures then 1 else p_max_in_flight end)
                        - (select count(*) from webhook_deliveries l where l.endpoint_id = r.id and l.claimed_until > p_held_if_ends_after)
                        - (select count(*) from webhook_deliveries l where l.id = any (p_mine) and l.endpoint_id = r.id
                           and l.claimed_until <= p_held_if_ends_after)) as room
                    from webhook_endpoints r where r.id = any (v_endpoints)),
                picked as materialized (
                    select p.id from room cross join lateral (
                        select d2.id from webhook_deliveries d2
                        where d2.endpoint_id = room.id and d2.status in ('pending', 'failed') and d2.next_attempt_at <= p_now
                          and (d2.claimed_until is null or d2.claimed_until <= p_now) and d2.attempts < p_max_attempts
                          and d2.id <> all (p_mine)
                        order by d2.next_attempt_at
                        limit room.room) p),
                locked as materialized (
                    select d.id, d.next_attempt_at, d.claimed_until is not null as taken_over
                    from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
                    where d.id = any (array(select picked.id from picked))
                      and d.status in ('pending', 'failed') and d.next_attempt_at <= p_now
                      and (d.claimed_until is null or d.claimed_until <= p_now) and d.attempts < p_max_attempts
                      and w.status = 'enabled' and w.deleted_at is null
                    order by d.next_attempt_at
                    limit p_limit
                    for update of d skip locked),
                c as (
                    update webhook_deliveries d set attempts = d.attempts + 1, claimed_until = p_lease_until,
                        claimed_by = p_claimer, last_attempt_at = p_now
                    from locked l where d.id = l.id
                    returning d.id, d.endpoint_id, d.event_id, d.attempts, l.taken_over, l.next_attempt_at),
                lost as (
                    update webhook_attempts set in_flight = false, error = p_lost
                    where webhook_attempts.id in (select a.id from webhook_attempts a join c on c.id = a.delivery_id
                                                  where c.taken_over and a.in_flight for update of a skip locked)),
                attempt as (
                    insert into webhook_attempts (delivery_id, attempt, attempted_at, response_status, error, duration_ms, in_flight)
                    select c.id, c.attempts, p_now, null, null, 0, true from c)
                select 'claimed'::text, c.id, c.endpoint_id, w.url, c.event_id, c.attempts, e.payload::text,
                       w.secret_ciphertext, w.previous_secret_ciphertext, w.previous_secret_expires_at, e.type, e.created_at
                from c
                join webhook_endpoints w on w.id = c.endpoint_id
                join events e on e.id = c.event_id
                order by c.next_attempt_at;
            v_claimed := found;
        end if;
    end if;

    if p_want_next_due and not v_claimed and cardinality(p_mine) = 0 then
        -- the next time something may become claimable: a retry falls due, a lease runs out, a cool-down ends (only
        -- asked when nothing is in flight: otherwise a finishing send wakes the worker, which claims what is due);
        -- only enabled endpoints' retries, as a claim takes (enabling one wakes the workers), so deleted endpoints,
        -- which are kept, do not add a probe each
        return query
            select 'next_due'::text, null::text, null::text, null::text, null::text, null::integer, null::text,
                   null::bytea, null::bytea, null::timestamptz, null::text,
                   least(
                       (select min(n.at) from webhook_endpoints w cross join lateral (
                            select d.next_attempt_at as at from webhook_deliveries d
                            where d.endpoint_id = w.id and d.status in ('pending', 'failed') and d.next_attempt_at > p_now
                            order by d.next_attempt_at limit 1) n
                        where w.status = 'enabled' and w.deleted_at is null),
                       (select min(d.claimed_until) from webhook_deliveries d where d.claimed_until is not null and d.claimed_until > p_now),
                       (select min(w.circuit_open_until) from webhook_endpoints w
                        where w.circuit_open_until > p_now and w.status = 'enabled' and w.deleted_at is null));
    end if;
end
$$;
