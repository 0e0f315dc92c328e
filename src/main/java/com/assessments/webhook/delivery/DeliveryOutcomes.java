package com.assessments.webhook.delivery;

import com.assessments.common.Sql;
import com.assessments.webhook.WebhookConfig;
import com.assessments.webhook.delivery.DeliveryQueue.Claimed;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Records attempts' outcomes, many in one transaction: success, a scheduled retry, the dead-letter queue, or (on 410)
 * a disabled endpoint; and the endpoints' circuit breakers. Runs inside the worker's transaction
 * ({@link DeliveryQueue#inWorkerTransaction}: the worker records a batch together with its next claim, one commit). Whatever the batch size, it costs one statement (breaker
 * resets, deliveries, attempts) plus a few per endpoint that failed in it (the rare path, one outcome at a time in
 * arrival order, so a breaker counts as if each outcome had its own transaction).
 */
@ApplicationScoped
public class DeliveryOutcomes {

    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class);

    /** One attempt's outcome, as the sender saw it. */
    record Outcome(Claimed claimed, WebhookHttp.Result result) {
    }

    private final Sql sql;
    private final WebhookConfig config;
    private final int maxAttempts;
    private final MeterRegistry registry;

    public DeliveryOutcomes(Sql sql, WebhookConfig config, MeterRegistry registry) {
        this.sql = sql;
        this.registry = registry;
        this.config = config;
        this.maxAttempts = config.retrySchedule().size() + 1;
    }

    /**
     * Records these outcomes in the worker's transaction ({@link DeliveryQueue#inWorkerTransaction}: the counter waits
     * for its commit, and outside it this fails). A delivery is updated only if {@code claimer} still holds this
     * attempt's claim (another replica may have taken it over after the lease ran out).
     */
    void recordAll(List<Outcome> outcomes, String claimer, Instant now) {
        if (outcomes.isEmpty()) {
            return;
        }
        // the endpoint rows first (as deleting an endpoint does), then the deliveries, then their attempts
        Map<String, List<Outcome>> byEndpoint = new TreeMap<>();
        for (Outcome o : outcomes) {
            byEndpoint.computeIfAbsent(o.claimed().endpointId(), k -> new ArrayList<>()).add(o);
        }
        Set<String> healthy = new HashSet<>();
        for (var e : byEndpoint.entrySet()) {
            if (e.getValue().stream().allMatch(o -> o.result().succeeded())) {
                healthy.add(e.getKey());
            }
        }
        if (healthy.size() < byEndpoint.size() && byEndpoint.size() > 1) {
            // a failure: its breaker locks that endpoint before the statement below locks the healthy ones, so the
            // batch's endpoints are locked in id order first (another replica's batch may hold the same endpoints
            // the other way round: healthy there, failing here)
            sql.column("select id from webhook_endpoints where id = any (?1) order by id for no key update",
                    (Object) byEndpoint.keySet().toArray(String[]::new));
        }
        Map<Outcome, Instant> circuitOpened = new IdentityHashMap<>();
        for (var e : byEndpoint.entrySet()) {
            if (!healthy.contains(e.getKey())) {
                for (Outcome o : e.getValue()) {
                    Instant opened = breaker(o, now);
                    if (opened != null) {
                        circuitOpened.put(o, opened);
                    }
                }
            }
        }
        int n = outcomes.size();
        String[] ids = new String[n], attempts = new String[n], statuses = new String[n], nexts = new String[n];
        String[] codes = new String[n], errors = new String[n], attemptErrors = new String[n], durations = new String[n];
        for (int i = 0; i < n; i++) {
            Outcome o = outcomes.get(i);
            WebhookHttp.Result r = o.result();
            int attempt = o.claimed().attempt();
            Instant next = null;
            String status;
            if (r.succeeded()) {
                status = "succeeded";
            } else if ((r.status() != null && r.status() == 410) || attempt >= maxAttempts) {
                status = "dead";
            } else {
                status = "failed";
                next = now.plus(retryDelay(attempt, r.retryAfterSeconds()));
                Instant openUntil = circuitOpened.get(o);
                if (openUntil != null && next.isBefore(openUntil)) {
                    next = openUntil;
                }
            }
            ids[i] = o.claimed().id();
            attempts[i] = Integer.toString(attempt);
            statuses[i] = status;
            nexts[i] = next == null ? null : next.toString();
            codes[i] = r.status() == null ? null : r.status().toString();
            errors[i] = r.error() == null && !r.succeeded() ? "HTTP " + r.status() : r.error();
            attemptErrors[i] = r.error();
            durations[i] = Long.toString(Math.min(Integer.MAX_VALUE, r.durationMs()));
        }
        // one statement: the endpoints whose breaker a success resets first (locked in id order, as deleting an endpoint
        // locks its row first), then the deliveries (locked in id order, as deleting an endpoint's or a session's
        // deliveries locks them: the outcomes' arrival order could cross theirs and deadlock), then their attempts (the
        // order a session's deletion cascades in); each step waits for the one before through its scalar subquery
        List<String> updated = sql.column("""
                        with reset as (
                            update webhook_endpoints set consecutive_failures = 0, circuit_open_until = null
                            where id in (select id from webhook_endpoints where id = any (?9)
                                           and (consecutive_failures <> 0 or circuit_open_until is not null)
                                         order by id for no key update)
                            returning id),
                        u as (select * from unnest(cast(?3 as text[]), cast(?4 as text[]), cast(?5 as text[]), cast(?6 as text[]),
                                                   cast(?7 as text[]), cast(?8 as text[]), cast(?10 as text[]), cast(?11 as text[]))
                                            as u(id, attempt, status, next, code, error, attempt_error, ms)),
                        locked as (
                            select l.id from webhook_deliveries l
                            where l.id = any (cast(?3 as text[])) and (select count(*) from reset) >= 0
                            order by l.id for no key update),
                        delivery as (
                            update webhook_deliveries d set status = u.status, next_attempt_at = u.next::timestamptz,
                                last_response_status = u.code::integer, last_error = u.error, claimed_until = null, claimed_by = null,
                                delivered_at = case when u.status = 'succeeded' then ?2 else d.delivered_at end
                            from u
                            where d.id = u.id and d.attempts = u.attempt::integer and d.claimed_by = ?1
                              and d.status in ('pending', 'failed')
                              and (select count(*) from locked) >= 0
                            returning d.id),
                        attempt as (
                            update webhook_attempts a set in_flight = false, response_status = u.code::integer, error = u.attempt_error,
                                duration_ms = u.ms::integer
                            from u
                            where a.delivery_id = u.id and a.attempt = u.attempt::integer and (select count(*) from delivery) >= 0)
                        select id from delivery""",
                claimer, now, ids, attempts, statuses, nexts, codes, errors, healthy.toArray(String[]::new), attemptErrors,
                durations).stream().map(String.class::cast).toList();
        Map<String, Instant> coolDowns = new TreeMap<>();
        circuitOpened.forEach((o, openUntil) -> coolDowns.merge(o.claimed().endpointId(), openUntil,
                (a, b) -> a.isAfter(b) ? a : b));
        coolDowns.forEach((endpoint, openUntil) -> coolDown(endpoint, openUntil, now));
        countAfterCommit(updated, ids, statuses);
        if (updated.size() < n) {
            Set<String> done = new HashSet<>(updated);
            for (Outcome o : outcomes) {
                if (!done.contains(o.claimed().id())) {
                    LOG.infof("webhook delivery %s attempt %d ended (%s) after its lease had run out; the delivery's state is another claim's",
                            o.claimed().id(), o.claimed().attempt(), o.result().succeeded() ? "succeeded" : o.result().error());
                }
            }
        }
    }

    /**
     * assessments_webhook_deliveries_total{outcome}: succeeded, retrying or dead, for the outcomes this claim still
     * held, counted once their transaction committed (a batch that rolls back is recorded again one by one).
     */
    private void countAfterCommit(List<String> updated, String[] ids, String[] statuses) {
        Set<String> counted = new HashSet<>(updated);
        Map<String, Integer> byOutcome = new TreeMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (counted.contains(ids[i])) {
                byOutcome.merge("failed".equals(statuses[i]) ? "retrying" : statuses[i], 1, Integer::sum);
            }
        }
        sql.afterCommit(() -> byOutcome.forEach((outcome, count) -> Counter.builder("assessments.webhook.deliveries")
                .description("Webhook delivery attempts by outcome").tag("outcome", outcome)
                .register(registry).increment(count)));
    }

    /** One outcome of an endpoint that failed in this batch; returns until when the circuit opened, if it did now. */
    private Instant breaker(Outcome o, Instant now) {
        WebhookHttp.Result result = o.result();
        String endpoint = o.claimed().endpointId();
        if (result.succeeded()) {
            sql.update("""
                            update webhook_endpoints set consecutive_failures = 0, circuit_open_until = null
                            where id = ?1 and (consecutive_failures <> 0 or circuit_open_until is not null)""",
                    endpoint);
            return null;
        }
        if (result.status() != null && result.status() == 410) {
            sql.update("update webhook_endpoints set status = 'disabled', disabled_reason = 'gone', updated_at = ?2 where id = ?1",
                    endpoint, now);
            return null;
        }
        Instant openUntil = now.plus(config.circuitBreakerCoolDown());
        List<Object> opened = sql.column("""
                        update webhook_endpoints set consecutive_failures = consecutive_failures + 1,
                            circuit_open_until = case when consecutive_failures + 1 >= ?2 then ?3 else circuit_open_until end
                        where id = ?1
                        returning case when consecutive_failures >= ?2 then 1 else 0 end""",
                endpoint, config.circuitBreakerFailures(), openUntil);
        if (opened.isEmpty() || ((Number) opened.get(0)).intValue() != 1) {
            return null;
        }
        LOG.infof("webhook endpoint %s failed %d times in a row: its deliveries wait until %s", endpoint,
                config.circuitBreakerFailures(), openUntil);
        return openUntil;
    }

    /**
     * An endpoint whose circuit opened in this batch: its waiting deliveries show when they can go next (and do not
     * count as overdue meanwhile). Run after the batch's own deliveries are locked and recorded, in id order: taken
     * before them, these rows (skipped when locked, but then held) could close a cycle with a deletion that locks the
     * same endpoint's or session's deliveries in id order.
     */
    private void coolDown(String endpoint, Instant openUntil, Instant now) {
        sql.update("""
                        update webhook_deliveries set next_attempt_at = ?2
                        where id in (select id from webhook_deliveries
                                     where endpoint_id = ?1 and status in ('pending', 'failed') and next_attempt_at < ?2
                                       and (claimed_until is null or claimed_until <= ?3)
                                     for update skip locked)""",
                endpoint, openUntil, now);
    }

    /** The schedule's wait for this retry plus jitter, or the receiver's Retry-After when that is longer (capped at 24 h). */
    Duration retryDelay(int failedAttempts, Long retryAfterSeconds) {
        Duration base = config.retrySchedule().get(failedAttempts - 1);
        long jitterMs = (long) (base.toMillis() * config.retryJitter() * ThreadLocalRandom.current().nextDouble());
        Duration delay = base.plusMillis(jitterMs);
        if (retryAfterSeconds != null) {
            Duration asked = Duration.ofSeconds(Math.min(retryAfterSeconds, Duration.ofHours(24).toSeconds()));
            if (asked.compareTo(delay) > 0) {
                delay = asked;
            }
        }
        return delay;
    }
}
