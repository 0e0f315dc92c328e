package com.assessments.webhook.delivery;

import com.assessments.common.SecretBox;
import com.assessments.jobs.JobRuns;
import com.assessments.observability.DeliveryTelemetry;
import com.assessments.webhook.WebhookConfig;
import com.assessments.webhook.delivery.DeliveryQueue.Claim;
import com.assessments.webhook.delivery.DeliveryQueue.Claimed;
import com.assessments.webhook.delivery.DeliveryOutcomes.Outcome;
import io.quarkus.scheduler.Scheduled;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
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
 * fill the same free room; a lease left unrenewed for two renewal intervals, by a replica that died, no longer
 * counts, so the endpoint's other deliveries go on while it runs out), skips endpoints whose circuit is open, and
 * lets one delivery probe an endpoint whose cool-down has passed. The same transaction counts the attempt (attempts
 * + 1, an in-flight webhook_attempts row), so an attempt is counted even if this replica dies during the send.</li>
 * <li>Send outside any transaction, concurrently; leases of the deliveries in flight are renewed every few seconds.</li>
 * <li>Record the outcomes that arrived, all in the transaction of the next claim (one commit for both; the batch costs
 * a few statements whatever its size, see {@link DeliveryOutcomes}), which frees their slots and their endpoints' room
 * for that same claim. A receiver that hangs holds its own slots (at most the per-endpoint cap) and nobody else's:
 * the others' outcomes are recorded as they arrive. A batch that cannot be committed is recorded one by one.</li>
 * </ol>
 * Claims and records run on one thread, one transaction at a time; a draining replica records but claims nothing.
 * A replica that dies loses nothing: its leases stop being renewed and another replica takes the deliveries over
 * once they run out (at-least-once; receivers de-duplicate on webhook-id). Woken on commit of new deliveries
 * that are due soon (see EventFanOut, DeliveryWakeUp/DeliveryListener), when a send finishes, at the next time something becomes due (a retry,
 * a lease running out, a circuit's cool-down ending; capped by the poll interval), and polled as a safety net.
 * Deliveries of one endpoint are not ordered: each carries its event's createdAt. The statements of each step are
 * in {@link DeliveryQueue}; this class keeps the flow (slots, sends, wake-ups, lease renewal).
 */
@ApplicationScoped
public class DeliveryWorker {

    public static final String NAME = "webhook-delivery";

    /** An outcome waiting to be recorded, and what completes once it is. */
    private record Finished(Outcome outcome, CompletableFuture<Void> recorded) { }

    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class);
    private static final long MIN_WAKE_DELAY_MS = 20; // no busy loop on something due a microsecond from now

    private final DeliveryQueue queue;
    private final Clock clock;
    private final WebhookConfig config;
    private final SecretBox box;
    private final WebhookHttp http;
    private final JobRuns runs;
    private final SsrfGuard guard;
    private final DeliveryTelemetry telemetry;
    /** Written to claimed_by: unique per worker (two workers in one process are two replicas). */
    private final String claimer = JobRuns.INSTANCE + "/" + UUID.randomUUID().toString().substring(0, 8);
    private final Duration wakeCap;
    private final Semaphore slots;
    /** Deliveries this worker is sending: id -> attempt. Their leases are renewed. */
    private final Map<String, Integer> inFlight = new ConcurrentHashMap<>();
    private final ReentrantLock pumping = new ReentrantLock();
    private final AtomicBoolean wakeQueued = new AtomicBoolean();
    private final ExecutorService pumpThread;
    /** DNS checks and signing before a send (a slow DNS answer must not hold up claims). */
    private final ExecutorService senders;
    /** Outcomes that arrived and wait for the next commit (recorded together with the next claim). */
    private final java.util.Queue<Finished> finished = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final ScheduledExecutorService timer;
    private ScheduledFuture<?> nextWake;
    private volatile Instant nextWakeAt;
    private volatile boolean stopped;
    private volatile Instant lastSweep;

    public DeliveryWorker(DeliveryQueue queue, Clock clock, WebhookConfig config, SecretBox box, WebhookHttp http, SsrfGuard guard,
                          JobRuns runs, DeliveryTelemetry telemetry) {
        this.telemetry = telemetry;
        this.queue = queue;
        this.clock = clock;
        this.config = config;
        this.box = box;
        this.http = http;
        this.runs = runs;
        this.guard = guard;
        this.wakeCap = interval(config.pollEvery());
        this.slots = new Semaphore(Math.max(1, config.concurrency()));
        this.pumpThread = Executors.newSingleThreadExecutor(daemon("webhook-claim"));
        this.senders = Executors.newCachedThreadPool(daemon("webhook-send"));
        this.timer = Executors.newSingleThreadScheduledExecutor(daemon("webhook-timer"));
        long renewMs = Math.max(100, config.leaseRenewEvery().toMillis());
        timer.scheduleWithFixedDelay(this::renewQuietly, renewMs, renewMs, TimeUnit.MILLISECONDS);
    }

    /** Threads that do not keep the JVM from exiting (the delivery engine's: claim, send, timer, notify). */
    static java.util.concurrent.ThreadFactory daemon(String name) {
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
        } catch (java.util.concurrent.RejectedExecutionException e) { // stopping
            wakeQueued.set(false);
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
     * One commit at a time: records the outcomes that arrived and claims for the free slots (theirs included) in one
     * transaction, starts the claimed sends, and goes on until nothing arrived and a claim came back short (then a
     * wake-up is scheduled for the next due time) or no slot is free (a finishing send wakes the worker again). Never
     * waits for a send. While the replica drains it records but claims nothing new.
     */
    private int pump(List<CompletableFuture<Void>> started) {
        if (stopped) {
            return 0;
        }
        pumping.lock();
        try {
            int total = 0;
            while (!stopped) {
                List<Finished> done = takeFinished();
                int free = runs.draining() ? 0 : slots.drainPermits();
                if (done.isEmpty() && free == 0) {
                    return total;
                }
                int limit = free + (runs.draining() ? 0 : done.size()); // a recorded outcome frees its slot for this claim
                Claim claim;
                try {
                    claim = recordAndClaim(clock.instant(), done, limit);
                } catch (RuntimeException e) {
                    slots.release(free);
                    recordOneByOne(done);
                    throw e;
                }
                finish(done, false);
                slots.release(free + done.size() - claim.rows().size());
                for (Claimed c : claim.rows()) {
                    CompletableFuture<Void> recorded = start(c);
                    if (started != null) {
                        started.add(recorded);
                    }
                }
                total += claim.rows().size();
                if (limit > 0 && claim.rows().size() < limit) {
                    if (inFlight.isEmpty()) { // else a finishing send wakes the worker (the pending wake-up stays)
                        scheduleWake(claim.nextDue());
                    }
                    if (finished.isEmpty()) {
                        return total;
                    }
                }
            }
            return total;
        } finally {
            pumping.unlock();
        }
    }

    /** Sends one claimed delivery; its outcome waits in {@code finished} for the next commit, which frees its slot. */
    private CompletableFuture<Void> start(Claimed c) {
        inFlight.put(c.id(), c.attempt());
        CompletableFuture<Void> recorded = new CompletableFuture<>();
        long limitMs = config.attemptTimeout().toMillis() * 2 + 5_000; // a safety net behind the HTTP client's own limit
        CompletableFuture.supplyAsync(() -> send(c), senders)
                .thenCompose(sent -> sent)
                .orTimeout(limitMs, TimeUnit.MILLISECONDS)
                .exceptionally(e -> new WebhookHttp.Result(null, "error: " + rootMessage(e), null, 0))
                .thenAccept(result -> {
                    if (stopped) {
                        recorded.complete(null); // not recorded: the lease runs out and another replica sends it again
                        return;
                    }
                    finished.add(new Finished(new Outcome(c, result), recorded));
                    wake();
                });
        return recorded;
    }

    private List<Finished> takeFinished() { // everything that arrived so far
        List<Finished> done = new ArrayList<>();
        for (Finished f; (f = finished.poll()) != null; ) {
            done.add(f);
        }
        return done;
    }

    /** The batch could not be recorded (with its claim): each outcome in a transaction of its own. */
    private void recordOneByOne(List<Finished> done) {
        for (Finished f : done) {
            try {
                queue.record(f.outcome(), claimer, clock.instant());
            } catch (RuntimeException e) {
                LOG.warnf(e, "could not record webhook delivery %s attempt %d; retried when its lease runs out",
                        f.outcome().claimed().id(), f.outcome().claimed().attempt());
            }
        }
        finish(done, true);
    }

    /** Their outcomes are recorded (or given up on): no longer in flight; slots are released by the caller or here. */
    private void finish(List<Finished> done, boolean releaseSlots) {
        for (Finished f : done) {
            inFlight.remove(f.outcome().claimed().id());
            if (releaseSlots) {
                slots.release();
            }
            f.recorded().complete(null);
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
        return t instanceof java.util.concurrent.TimeoutException ? "timeout" : String.valueOf(t.getMessage());
    }

    /** Claims up to {@code concurrency} deliveries without sending them (a replica that dies right after its claim). */
    List<Claimed> claim(Instant now) {
        return queue.claim(now, config.concurrency(), false, inFlight.keySet().toArray(String[]::new), claimer, sweep(now)).rows();
    }

    /** Records {@code done} and claims up to {@code limit}; the deliveries recorded are no longer this worker's. */
    private Claim recordAndClaim(Instant now, List<Finished> done, int limit) {
        List<Outcome> outcomes = done.stream().map(Finished::outcome).toList();
        var recorded = outcomes.stream().map(o -> o.claimed().id()).collect(java.util.stream.Collectors.toSet());
        String[] mine = inFlight.keySet().stream().filter(id -> !recorded.contains(id)).toArray(String[]::new);
        return queue.recordAndClaim(outcomes, now, limit, true, mine, claimer, limit > 0 && sweep(now));
    }

    /** Whether this claim first ends lost last attempts: at most once a second. */
    private boolean sweep(Instant now) {
        Instant swept = lastSweep;
        boolean sweep = swept == null || now.isBefore(swept) || !now.isBefore(swept.plusSeconds(1));
        if (sweep) {
            lastSweep = now;
        }
        return sweep;
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
        return queue.renew(inFlight.keySet().toArray(String[]::new), claimer, clock.instant().plus(config.claimLease()));
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

    /** One attempt in a span of its own (see DeliveryTelemetry); a 2xx also records the delivery's latency. */
    private CompletableFuture<WebhookHttp.Result> send(Claimed c) {
        DeliveryTelemetry.Attempt traced = telemetry.begin(c.id(), c.endpointId(), c.eventType(), c.attempt());
        CompletableFuture<WebhookHttp.Result> sent;
        try {
            sent = send(c, traced);
        } catch (RuntimeException e) {
            traced.end(null, "error", null, null);
            throw e;
        }
        return sent.whenComplete((r, e) -> traced.end(r == null ? null : r.status(), r == null ? "error" : r.error(),
                c.eventCreatedAt(), clock.instant()));
    }

    private CompletableFuture<WebhookHttp.Result> send(Claimed c, DeliveryTelemetry.Attempt traced) {
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
        Map<String, String> headers = new java.util.LinkedHashMap<>(WebhookSigner.headers(box, c, now, body));
        traced.inject(headers); // traceparent: the receiver's trace can join this attempt's
        return http.post(url, addresses.get(0), headers, body).toCompletableFuture();
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
        // outcomes that arrived are recorded now, so they are not sent again; leases of sends still in flight run out
        // (claimLease) and another replica takes those deliveries over
        try {
            if (pumping.tryLock(5, TimeUnit.SECONDS)) {
                List<Finished> done = takeFinished();
                try {
                    queue.recordAndClaim(done.stream().map(Finished::outcome).toList(), clock.instant(), 0, false, new String[0], claimer, false);
                    finish(done, true);
                } finally {
                    pumping.unlock();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.warnf("could not record the last webhook outcomes at shutdown (%s); their leases run out", e.getMessage());
        }
        timer.shutdownNow();
        pumpThread.shutdownNow();
        senders.shutdownNow();
    }
}
