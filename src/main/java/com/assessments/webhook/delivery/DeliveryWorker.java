package com.assessments.webhook.delivery;

import com.assessments.common.SecretBox;
import com.assessments.common.Times;
import com.assessments.jobs.JobRuns;
import com.assessments.webhook.WebhookConfig;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import org.jboss.logging.Logger;

import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Delivers webhooks, safely on any number of replicas, as a continuous flow:
 * <ol>
 * <li>Claim: one transaction takes as many due deliveries as this replica has free sending slots
 * ({@code concurrency} permits), with FOR UPDATE SKIP LOCKED and a short lease (claimed_until). Per endpoint it
 * takes at most {@code max-in-flight-per-endpoint} minus the endpoint's live leases of all replicas (the count is
 * exact: claims of one endpoint are serialized by a transaction-scoped advisory lock, so two replicas never both
 * fill the same free room), skips endpoints whose circuit is open, and lets one delivery probe an endpoint whose
 * cool-down has passed. The same transaction counts the attempt (attempts + 1, an in-flight webhook_attempts row),
 * so an attempt is counted even if this replica dies during the send.</li>
 * <li>Send outside any transaction, concurrently; leases of the deliveries in flight are renewed every few seconds.</li>
 * <li>Record each outcome in its own transaction as soon as it arrives, release the slot and claim again: there is
 * no batch, so a receiver that hangs holds its own slots (at most the per-endpoint cap) and nobody else's.</li>
 * </ol>
 * A replica that dies loses nothing: its leases stop being renewed and another replica takes the deliveries over
 * once they run out (at-least-once; receivers de-duplicate on webhook-id). Woken on commit of new deliveries
 * (see DeliveryWakeUp/DeliveryListener), when a send finishes, at the next time something becomes due (a retry,
 * a lease running out, a circuit's cool-down ending; capped by the poll interval), and polled as a safety net.
 * Deliveries of one endpoint are not ordered: each carries its event's createdAt.
 */
@ApplicationScoped
public class DeliveryWorker {

    public static final String NAME = "webhook-delivery";
    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class);
    /** First key of the advisory locks that serialize the claims of one endpoint across replicas ("WHK1"). */
    private static final int CLAIM_LOCKS = 0x57484b31;
    /** A wake-up is never scheduled sooner than this (no busy loop on something due a microsecond from now). */
    private static final long MIN_WAKE_DELAY_MS = 20;
    static final String LOST = "no outcome: the replica sending it stopped before recording one (its lease ran out)";

    /** What a claim hands to the sender; {@code attempt} is this attempt's number (attempts after the claim). */
    record Claimed(String id, String endpointId, String url, String eventId, int attempt, String payload,
                   byte[] secret, byte[] previousSecret, Instant previousSecretExpiresAt) {
    }

    /** A claim's rows, and (when it took fewer than it could) the next time something becomes claimable. */
    private record Claim(List<Claimed> rows, Instant nextDue) {
    }

    private final EntityManager em;
    private final Clock clock;
    private final WebhookConfig config;
    private final SecretBox box;
    private final WebhookHttp http;
    private final JobRuns runs;
    private final SsrfGuard guard;
    /** Written to claimed_by: unique per worker (two workers in one process are two replicas). */
    private final String claimer = JobRuns.INSTANCE + "/" + UUID.randomUUID().toString().substring(0, 8);
    private final Duration wakeCap;
    private final int maxAttempts;

    private final Semaphore slots;
    /** Deliveries this worker is sending: id -> attempt. Their leases are renewed. */
    private final Map<String, Integer> inFlight = new ConcurrentHashMap<>();
    private final ReentrantLock pumping = new ReentrantLock();
    private final AtomicBoolean wakeQueued = new AtomicBoolean();
    private final ExecutorService pumpThread;
    /** DNS checks and signing before a send (a slow DNS answer must not hold up claims). */
    private final ExecutorService senders;
    /** Outcomes are recorded here, never on the HTTP client's event loop; bounded so records use few connections. */
    private final ExecutorService recorders;
    private final ScheduledExecutorService timer;
    private ScheduledFuture<?> nextWake;
    private volatile Instant nextWakeAt;
    private volatile boolean stopped;
    private volatile Instant lastSweep;

    public DeliveryWorker(EntityManager em, Clock clock, WebhookConfig config, SecretBox box, WebhookHttp http, SsrfGuard guard,
                          JobRuns runs) {
        this.em = em;
        this.clock = clock;
        this.config = config;
        this.box = box;
        this.http = http;
        this.runs = runs;
        this.guard = guard;
        this.wakeCap = interval(config.pollEvery());
        this.maxAttempts = config.retrySchedule().size() + 1;
        this.slots = new Semaphore(Math.max(1, config.concurrency()));
        this.pumpThread = Executors.newSingleThreadExecutor(daemon("webhook-claim"));
        this.senders = Executors.newCachedThreadPool(daemon("webhook-send"));
        this.recorders = Executors.newFixedThreadPool(Math.max(1, Math.min(4, config.concurrency())), daemon("webhook-record"));
        this.timer = Executors.newSingleThreadScheduledExecutor(daemon("webhook-timer"));
        long renewMs = Math.max(100, config.leaseRenewEvery().toMillis());
        timer.scheduleWithFixedDelay(this::renewQuietly, renewMs, renewMs, TimeUnit.MILLISECONDS);
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    @Scheduled(identity = NAME, every = "${assessments.webhooks.poll-every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void poll() {
        long started = System.nanoTime();
        int sent = pump(null);
        runs.record(NAME, clock.instant(), (System.nanoTime() - started) / 1_000_000, sent);
    }

    /** Claims soon on the claim thread; wake-ups that arrive meanwhile are merged into one claim. */
    public void wake() {
        if (stopped || !wakeQueued.compareAndSet(false, true)) {
            return;
        }
        try {
            pumpThread.submit(() -> {
                wakeQueued.set(false);
                try {
                    pump(null);
                } catch (RuntimeException e) {
                    LOG.warn("webhook delivery claim failed", e);
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            wakeQueued.set(false); // stopping
        }
    }

    /**
     * Claims and starts sending whatever is due, as far as free slots allow, then waits until those attempts are
     * recorded (tests, benchmarks). Returns how many attempts it started. Other deliveries keep flowing meanwhile.
     */
    public int runOnce() {
        List<CompletableFuture<Void>> started = new ArrayList<>();
        int count = pump(started);
        CompletableFuture.allOf(started.toArray(CompletableFuture[]::new)).join();
        return count;
    }

    /**
     * Fills the free slots: claims as many deliveries as there are free slots and starts them, until a claim comes
     * back short (nothing more is claimable now: then a wake-up is scheduled for the next due time) or no slot is
     * free (a finishing send wakes the worker again). Never waits for a send.
     */
    private int pump(List<CompletableFuture<Void>> started) {
        if (stopped) {
            return 0;
        }
        pumping.lock();
        try {
            int total = 0;
            while (!stopped) {
                int free = slots.drainPermits();
                if (free == 0) {
                    return total;
                }
                Claim claim;
                try {
                    claim = claim(clock.instant(), free, true);
                } catch (RuntimeException e) {
                    slots.release(free);
                    throw e;
                }
                slots.release(free - claim.rows().size());
                for (Claimed c : claim.rows()) {
                    CompletableFuture<Void> done = start(c);
                    if (started != null) {
                        started.add(done);
                    }
                }
                total += claim.rows().size();
                if (claim.rows().size() < free) {
                    scheduleWake(claim.nextDue());
                    return total;
                }
            }
            return total;
        } finally {
            pumping.unlock();
        }
    }

    /** Sends one claimed delivery; when its outcome is recorded the slot is freed and the worker claims again. */
    private CompletableFuture<Void> start(Claimed c) {
        inFlight.put(c.id(), c.attempt());
        long limitMs = config.attemptTimeout().toMillis() * 2 + 5_000; // a safety net behind the HTTP client's own limit
        return CompletableFuture.supplyAsync(() -> send(c), senders)
                .thenCompose(sent -> sent)
                .orTimeout(limitMs, TimeUnit.MILLISECONDS)
                .exceptionally(e -> new WebhookHttp.Result(null, "error: " + rootMessage(e), null, 0))
                .thenAcceptAsync(result -> record(c, result), recorders)
                .whenComplete((ignored, e) -> {
                    if (e != null && !stopped) {
                        LOG.warnf(e, "could not record webhook delivery %s attempt %d; retried when its lease runs out", c.id(), c.attempt());
                    }
                    inFlight.remove(c.id());
                    slots.release();
                    wake();
                });
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
        return t instanceof java.util.concurrent.TimeoutException ? "timeout" : String.valueOf(t.getMessage());
    }

    /** Claims up to {@code concurrency} deliveries without sending them (a replica that dies right after its claim). */
    List<Claimed> claim(Instant now) {
        return claim(now, config.concurrency(), false).rows();
    }

    private Claim claim(Instant now, int limit, boolean nextDue) {
        return QuarkusTransaction.requiringNew().call(() -> claimInTransaction(now, limit, nextDue));
    }

    private Claim claimInTransaction(Instant now, int limit, boolean wantNextDue) {
        // Deliveries this worker is sending are never claimed again by it, nor seen as lost, even if their lease looks
        // expired (a renewal that came late, or a test clock moved forward), and they count against their endpoint's cap.
        String[] mine = inFlight.keySet().toArray(String[]::new);
        Instant swept = lastSweep;
        if (swept == null || now.isBefore(swept) || !now.isBefore(swept.plusSeconds(1))) { // at most once a second
            lastSweep = now;
            sweepLostLastAttempts(now, mine);
        }

        // 1. endpoints with due deliveries and room under their cap, oldest due first; lock each one's claims
        //    (advisory, until commit) so the room counted next cannot be taken by another replica meanwhile.
        @SuppressWarnings("unchecked")
        List<Object> endpoints = em.createNativeQuery("""
                        with ready as materialized (
                            select w.id,
                                   (select min(d.next_attempt_at) from webhook_deliveries d
                                    where d.endpoint_id = w.id and d.status in ('pending', 'failed') and d.next_attempt_at <= ?1
                                      and (d.claimed_until is null or d.claimed_until <= ?1) and d.attempts < ?5
                                      and d.id <> all (?7)) as due
                            from webhook_endpoints w
                            where w.status = 'enabled' and w.deleted_at is null
                              and (w.circuit_open_until is null or w.circuit_open_until <= ?1)
                              and (case when w.consecutive_failures >= ?3 then 1 else ?4 end)
                                  > (select count(*) from webhook_deliveries l where l.endpoint_id = w.id and l.claimed_until > ?1)
                                    + (select count(*) from webhook_deliveries l where l.id = any (?7) and l.endpoint_id = w.id
                                       and l.claimed_until <= ?1)),
                        ordered as materialized (select id from ready where due is not null order by due)
                        select id from ordered where pg_try_advisory_xact_lock(?6, hashtext(id)) limit ?2""")
                .setParameter(1, now).setParameter(2, limit).setParameter(3, config.circuitBreakerFailures())
                .setParameter(4, config.maxInFlightPerEndpoint()).setParameter(5, maxAttempts).setParameter(6, CLAIM_LOCKS)
                .setParameter(7, mine).getResultList();
        List<Claimed> claimed = new ArrayList<>();
        List<String> takenOver = new ArrayList<>();
        if (!endpoints.isEmpty()) {
            // 2. per locked endpoint, its earliest due deliveries up to its room (cap minus live leases, counted now)
            @SuppressWarnings("unchecked")
            List<Object[]> rows = em.createNativeQuery("""
                            with room as materialized (
                                select r.id, greatest(0, (case when r.consecutive_failures >= ?4 then 1 else ?5 end)
                                    - (select count(*) from webhook_deliveries l where l.endpoint_id = r.id and l.claimed_until > ?1)
                                    - (select count(*) from webhook_deliveries l where l.id = any (?7) and l.endpoint_id = r.id
                                       and l.claimed_until <= ?1)) as room
                                from webhook_endpoints r where r.id = any (?3)),
                            picked as materialized (
                                select p.id from room cross join lateral (
                                    select d2.id from webhook_deliveries d2
                                    where d2.endpoint_id = room.id and d2.status in ('pending', 'failed') and d2.next_attempt_at <= ?1
                                      and (d2.claimed_until is null or d2.claimed_until <= ?1) and d2.attempts < ?6
                                      and d2.id <> all (?7)
                                    order by d2.next_attempt_at
                                    limit room.room) p),
                            locked as materialized (
                                select d.id, d.endpoint_id, d.event_id, d.attempts, d.status, d.next_attempt_at, d.claimed_until
                                from webhook_deliveries d
                                where d.id = any (array(select id from picked))
                                for update skip locked)
                            select l.id, l.endpoint_id, w.url, l.event_id, l.attempts, e.payload::text,
                                   w.secret_ciphertext, w.previous_secret_ciphertext, w.previous_secret_expires_at, l.claimed_until is not null
                            from locked l
                            join webhook_endpoints w on w.id = l.endpoint_id
                            join events e on e.id = l.event_id
                            where l.status in ('pending', 'failed') and l.next_attempt_at <= ?1
                              and (l.claimed_until is null or l.claimed_until <= ?1) and l.attempts < ?6
                              and w.status = 'enabled' and w.deleted_at is null
                            order by l.next_attempt_at
                            limit ?2""")
                    .setParameter(1, now).setParameter(2, limit).setParameter(3, endpoints.stream().map(String.class::cast).toArray(String[]::new))
                    .setParameter(4, config.circuitBreakerFailures()).setParameter(5, config.maxInFlightPerEndpoint())
                    .setParameter(6, maxAttempts).setParameter(7, mine).getResultList();
            for (Object[] r : rows) {
                if (Boolean.TRUE.equals(r[9])) {
                    takenOver.add((String) r[0]);
                }
                claimed.add(new Claimed((String) r[0], (String) r[1], (String) r[2], (String) r[3], ((Number) r[4]).intValue() + 1,
                        (String) r[5], (byte[]) r[6], (byte[]) r[7], Times.instant(r[8])));
            }
        }
        if (!claimed.isEmpty()) {
            String[] ids = claimed.stream().map(Claimed::id).toArray(String[]::new);
            if (!takenOver.isEmpty()) {
                // an attempt left in flight by a replica that died: its outcome is unknown
                em.createNativeQuery("""
                                update webhook_attempts set in_flight = false, error = ?2
                                where id in (select id from webhook_attempts where delivery_id = any (?1) and in_flight for update skip locked)""")
                        .setParameter(1, takenOver.toArray(String[]::new)).setParameter(2, LOST).executeUpdate();
            }
            // 3. lease, and count the attempt now: it is made even if this replica dies before recording its outcome
            em.createNativeQuery("""
                            with c as (
                                update webhook_deliveries set attempts = attempts + 1, claimed_until = ?2, claimed_by = ?3, last_attempt_at = ?1
                                where id = any (?4)
                                returning id, attempts)
                            insert into webhook_attempts (delivery_id, attempt, attempted_at, response_status, error, duration_ms, in_flight)
                            select id, attempts, ?1, null, null, 0, true from c""")
                    .setParameter(1, now).setParameter(2, now.plus(config.claimLease())).setParameter(3, claimer)
                    .setParameter(4, ids).executeUpdate();
        }
        Instant nextDue = null;
        if (wantNextDue && claimed.size() < limit) {
            // the next time something may become claimable: a retry falls due, a lease runs out, a cool-down ends
            Object next = em.createNativeQuery("""
                            select least(
                                (select min(next_attempt_at) from webhook_deliveries
                                 where status in ('pending', 'failed') and next_attempt_at > ?1),
                                (select min(claimed_until) from webhook_deliveries where claimed_until is not null and claimed_until > ?1),
                                (select min(circuit_open_until) from webhook_endpoints
                                 where circuit_open_until > ?1 and status = 'enabled' and deleted_at is null))""")
                    .setParameter(1, now).getSingleResult();
            nextDue = Times.instant(next);
        }
        return new Claim(claimed, nextDue);
    }

    /** A lost attempt that was the last one allowed: the delivery is dead (its outcome will never be known). */
    private void sweepLostLastAttempts(Instant now, String[] mine) {
        em.createNativeQuery("""
                        with lost as (
                            update webhook_deliveries set status = 'dead', next_attempt_at = null, claimed_until = null,
                                claimed_by = null, last_error = ?3
                            where id in (select id from webhook_deliveries
                                         where claimed_until <= ?1 and status in ('pending', 'failed') and attempts >= ?2
                                           and id <> all (?4)
                                         for update skip locked)
                            returning id)
                        update webhook_attempts a set in_flight = false, error = ?3
                        from lost where a.delivery_id = lost.id and a.in_flight""")
                .setParameter(1, now).setParameter(2, maxAttempts).setParameter(3, LOST).setParameter(4, mine).executeUpdate();
    }

    /** Replaces the pending wake-up by one at {@code due}, or after the poll interval if that is sooner. */
    private void scheduleWake(Instant due) {
        Instant now = clock.instant();
        Instant at = due;
        if (wakeCap != null && (at == null || at.isAfter(now.plus(wakeCap)))) {
            at = now.plus(wakeCap);
        }
        synchronized (this) {
            if (nextWake != null) {
                nextWake.cancel(false);
                nextWake = null;
            }
            nextWakeAt = at;
            if (at == null || stopped) {
                return;
            }
            long delayMs = Math.max(MIN_WAKE_DELAY_MS, Duration.between(now, at).toMillis());
            try {
                nextWake = timer.schedule(this::wake, delayMs, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // stopping
            }
        }
    }

    /** When (on the service clock) the worker will next wake up by itself; null when no wake-up is scheduled. */
    Instant nextWakeAt() {
        return nextWakeAt;
    }

    /** Extends the leases of the deliveries this worker is sending, so no other replica takes them over meanwhile. */
    int renewLeases() {
        if (inFlight.isEmpty()) {
            return 0;
        }
        String[] ids = inFlight.keySet().toArray(String[]::new);
        Instant until = clock.instant().plus(config.claimLease());
        return QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery("""
                        update webhook_deliveries set claimed_until = ?1
                        where id = any (?2) and claimed_by = ?3 and claimed_until is not null""")
                .setParameter(1, until).setParameter(2, ids).setParameter(3, claimer).executeUpdate());
    }

    private void renewQuietly() {
        if (stopped) {
            return;
        }
        try {
            renewLeases();
        } catch (RuntimeException e) {
            LOG.warnf("could not renew webhook delivery leases (%s); they run out after %s", e.getMessage(), config.claimLease());
        }
    }

    private CompletableFuture<WebhookHttp.Result> send(Claimed c) {
        Instant now = clock.instant();
        byte[] body = c.payload().getBytes(StandardCharsets.UTF_8);
        URI url = URI.create(c.url());
        List<InetAddress> addresses;
        try {
            addresses = guard.resolveAllowed(url); // checked again now: the name may resolve elsewhere than at registration
        } catch (SsrfGuard.Blocked e) {
            return CompletableFuture.completedFuture(new WebhookHttp.Result(null, "blocked: " + e.getMessage(), null, 0));
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(new WebhookHttp.Result(null, "dns: " + e.getMessage(), null, 0));
        }
        List<String> secrets = new ArrayList<>();
        secrets.add(box.open(c.secret()));
        if (c.previousSecret() != null && c.previousSecretExpiresAt() != null && now.isBefore(c.previousSecretExpiresAt())) {
            secrets.add(box.open(c.previousSecret()));
        }
        var headers = WebhookSigner.headers(secrets, c.eventId(), now.getEpochSecond(), body);
        return http.post(url, addresses.get(0), headers, body).toCompletableFuture();
    }

    /**
     * Records one attempt: success, a scheduled retry, the dead-letter queue, or (on 410) a disabled endpoint; and
     * the endpoint's circuit breaker. The delivery is updated only if this worker still holds this attempt's claim
     * (another replica may have taken it over after the lease ran out).
     */
    void record(Claimed c, WebhookHttp.Result result) {
        if (stopped) {
            return;
        }
        QuarkusTransaction.requiringNew().run(() -> recordInTransaction(c, result));
    }

    private void recordInTransaction(Claimed c, WebhookHttp.Result result) {
        Instant now = clock.instant();
        int attempt = c.attempt();
        String error = result.error() == null && !result.succeeded() ? "HTTP " + result.status() : result.error();
        // the endpoint row first (as deleting an endpoint does), then the delivery's rows
        Instant circuitOpenUntil = null;
        if (result.succeeded()) {
            em.createNativeQuery("""
                            update webhook_endpoints set consecutive_failures = 0, circuit_open_until = null
                            where id = ?1 and (consecutive_failures <> 0 or circuit_open_until is not null)""")
                    .setParameter(1, c.endpointId()).executeUpdate();
        } else if (result.status() != null && result.status() == 410) {
            em.createNativeQuery("update webhook_endpoints set status = 'disabled', disabled_reason = 'gone', updated_at = ?2 where id = ?1")
                    .setParameter(1, c.endpointId()).setParameter(2, now).executeUpdate();
        } else {
            Instant openUntil = now.plus(config.circuitBreakerCoolDown());
            @SuppressWarnings("unchecked")
            List<Object> opened = em.createNativeQuery("""
                            update webhook_endpoints set consecutive_failures = consecutive_failures + 1,
                                circuit_open_until = case when consecutive_failures + 1 >= ?2 then ?3 else circuit_open_until end
                            where id = ?1
                            returning case when consecutive_failures >= ?2 then 1 else 0 end""")
                    .setParameter(1, c.endpointId()).setParameter(2, config.circuitBreakerFailures()).setParameter(3, openUntil)
                    .getResultList();
            if (!opened.isEmpty() && ((Number) opened.get(0)).intValue() == 1) {
                circuitOpenUntil = openUntil;
                // the endpoint's waiting deliveries show when they can go next (and do not count as overdue meanwhile)
                em.createNativeQuery("""
                                update webhook_deliveries set next_attempt_at = ?2
                                where id in (select id from webhook_deliveries
                                             where endpoint_id = ?1 and status in ('pending', 'failed') and next_attempt_at < ?2
                                               and (claimed_until is null or claimed_until <= ?3)
                                             for update skip locked)""")
                        .setParameter(1, c.endpointId()).setParameter(2, openUntil).setParameter(3, now).executeUpdate();
                LOG.infof("webhook endpoint %s failed %d times in a row: its deliveries wait until %s", c.endpointId(),
                        config.circuitBreakerFailures(), openUntil);
            }
        }
        String status;
        Instant next = null;
        if (result.succeeded()) {
            status = "succeeded";
        } else if (result.status() != null && result.status() == 410) {
            status = "dead";
        } else if (attempt >= maxAttempts) {
            status = "dead";
        } else {
            status = "failed";
            next = now.plus(retryDelay(attempt, result.retryAfterSeconds()));
            if (circuitOpenUntil != null && next.isBefore(circuitOpenUntil)) {
                next = circuitOpenUntil;
            }
        }
        int updated = em.createNativeQuery("""
                        update webhook_deliveries set status = ?2, next_attempt_at = ?3, last_response_status = ?4, last_error = ?5,
                            claimed_until = null, claimed_by = null,
                            delivered_at = case when ?2 = 'succeeded' then ?6 else delivered_at end
                        where id = ?1 and attempts = ?7 and claimed_by = ?8""")
                .setParameter(1, c.id()).setParameter(2, status).setParameter(3, next == null ? null : Timestamp.from(next))
                .setParameter(4, result.status()).setParameter(5, error).setParameter(6, now)
                .setParameter(7, attempt).setParameter(8, claimer)
                .executeUpdate();
        // the attempt after its delivery: rows are locked in the order a session's deletion cascades (delivery,
        // then its attempts), else the two deadlock
        em.createNativeQuery("""
                        update webhook_attempts set in_flight = false, response_status = ?3, error = ?4, duration_ms = ?5
                        where delivery_id = ?1 and attempt = ?2""")
                .setParameter(1, c.id()).setParameter(2, attempt).setParameter(3, result.status()).setParameter(4, result.error())
                .setParameter(5, (int) Math.min(Integer.MAX_VALUE, result.durationMs())).executeUpdate();
        if (updated == 0) {
            LOG.infof("webhook delivery %s attempt %d ended (%s) after its lease had run out; the delivery's state is another claim's",
                    c.id(), attempt, result.succeeded() ? "succeeded" : error);
        }
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

    /** The poll interval as a duration ("5s", "1m", "PT5S"); null when polling is off. */
    static Duration interval(String every) {
        if (every == null) {
            return null;
        }
        String s = every.trim().toUpperCase(Locale.ROOT);
        try {
            return Duration.parse(s.startsWith("P") ? s : "PT" + s);
        } catch (RuntimeException e) {
            return null; // "off", "disabled"
        }
    }

    @PreDestroy
    void stop() {
        stopped = true;
        synchronized (this) {
            if (nextWake != null) {
                nextWake.cancel(false);
            }
        }
        timer.shutdownNow();
        pumpThread.shutdownNow();
        senders.shutdownNow();
        recorders.shutdownNow();
        // leases of sends still in flight run out (claimLease) and another replica takes those deliveries over
    }
}
