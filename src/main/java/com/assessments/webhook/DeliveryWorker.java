package com.assessments.webhook;

import com.assessments.common.SecretBox;
import com.assessments.jobs.JobRuns;
import io.quarkus.scheduler.Scheduled;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
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
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Delivers webhooks, safely on any number of replicas: (1) claim due deliveries with FOR UPDATE SKIP LOCKED and
 * a lease (claimed_until), commit; (2) sign and send them outside any transaction, concurrently; (3) record each
 * outcome in its own transaction. A replica that dies between claim and outcome loses nothing: the lease runs
 * out and another replica claims the delivery again (at-least-once; receivers de-duplicate on webhook-id).
 * Woken on commit of new deliveries (see DeliveryWakeUp/DeliveryListener), and polled as a safety net.
 * Deliveries of one endpoint are not ordered: each carries its event's createdAt.
 */
@ApplicationScoped
public class DeliveryWorker {

    public static final String NAME = "webhook-delivery";
    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class);

    /** What a claim hands to the sender. */
    record Claimed(String id, String endpointId, String url, String eventId, int attempts, String payload,
                   byte[] secret, byte[] previousSecret, Instant previousSecretExpiresAt) {
    }

    private final EntityManager em;
    private final Clock clock;
    private final WebhookConfig config;
    private final SecretBox box;
    private final WebhookHttp http;
    private final JobRuns runs;
    private final SsrfGuard guard;
    private final ExecutorService wakeUps = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "webhook-wake-up");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean wakeQueued = new AtomicBoolean();

    public DeliveryWorker(EntityManager em, Clock clock, WebhookConfig config, SecretBox box, WebhookHttp http, JobRuns runs) {
        this.em = em;
        this.clock = clock;
        this.config = config;
        this.box = box;
        this.http = http;
        this.runs = runs;
        this.guard = new SsrfGuard(config.allowedHosts().orElse(Set.of()));
    }

    @Scheduled(identity = NAME, every = "${assessments.webhooks.poll-every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void poll() {
        long started = System.nanoTime();
        int sent = runOnce();
        runs.record(NAME, clock.instant(), (System.nanoTime() - started) / 1_000_000, sent);
    }

    /** Runs a delivery round soon on a background thread; wake-ups that arrive meanwhile are merged into it. */
    public void wake() {
        if (wakeQueued.compareAndSet(false, true)) {
            wakeUps.submit(() -> {
                wakeQueued.set(false);
                try {
                    runOnce();
                } catch (RuntimeException e) {
                    LOG.warn("webhook delivery round failed", e);
                }
            });
        }
    }

    /** Claims and sends due deliveries until none is left; returns how many attempts were made. */
    public int runOnce() {
        int attempts = 0;
        List<Claimed> batch;
        do {
            batch = claim(clock.instant());
            List<CompletableFuture<WebhookHttp.Result>> inFlight = new ArrayList<>();
            for (Claimed c : batch) {
                inFlight.add(send(c));
            }
            // outcomes are recorded here, on this worker thread, never on the HTTP client's event loop
            for (int i = 0; i < batch.size(); i++) {
                record(batch.get(i), inFlight.get(i).join());
            }
            attempts += batch.size();
        } while (batch.size() == config.concurrency());
        return attempts;
    }

    @Transactional
    List<Claimed> claim(Instant now) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        select d.id, d.endpoint_id, w.url, d.event_id, d.attempts, e.payload::text,
                               w.secret_ciphertext, w.previous_secret_ciphertext, w.previous_secret_expires_at
                        from webhook_deliveries d
                        join webhook_endpoints w on w.id = d.endpoint_id
                        join events e on e.id = d.event_id
                        where d.status in ('pending', 'failed') and d.next_attempt_at <= ?1
                          and (d.claimed_until is null or d.claimed_until <= ?1)
                          and w.status = 'enabled' and w.deleted_at is null
                        order by d.next_attempt_at
                        limit ?2
                        for update of d skip locked""")
                .setParameter(1, now).setParameter(2, config.concurrency()).getResultList();
        List<Claimed> claimed = new ArrayList<>();
        for (Object[] r : rows) {
            claimed.add(new Claimed((String) r[0], (String) r[1], (String) r[2], (String) r[3], ((Number) r[4]).intValue(),
                    (String) r[5], (byte[]) r[6], (byte[]) r[7], com.assessments.common.Times.instant(r[8])));
        }
        if (!claimed.isEmpty()) {
            em.createNativeQuery("update webhook_deliveries set claimed_until = ?1, claimed_by = ?2 where id = any (?3)")
                    .setParameter(1, now.plus(config.claimLease())).setParameter(2, JobRuns.INSTANCE)
                    .setParameter(3, claimed.stream().map(Claimed::id).toArray(String[]::new))
                    .executeUpdate();
        }
        return claimed;
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

    /** Records one attempt: success, a scheduled retry, the dead-letter queue, or (on 410) a disabled endpoint. */
    @Transactional
    void record(Claimed c, WebhookHttp.Result result) {
        Instant now = clock.instant();
        int attempts = c.attempts() + 1;
        em.createNativeQuery("""
                        insert into webhook_attempts (delivery_id, attempt, attempted_at, response_status, error, duration_ms)
                        values (?1, ?2, ?3, ?4, ?5, ?6)""")
                .setParameter(1, c.id()).setParameter(2, attempts).setParameter(3, now)
                .setParameter(4, result.status()).setParameter(5, result.error())
                .setParameter(6, (int) Math.min(Integer.MAX_VALUE, result.durationMs())).executeUpdate();
        String status;
        Instant next = null;
        if (result.succeeded()) {
            status = "succeeded";
        } else if (result.status() != null && result.status() == 410) {
            status = "dead";
            em.createNativeQuery("update webhook_endpoints set status = 'disabled', disabled_reason = 'gone', updated_at = ?2 where id = ?1")
                    .setParameter(1, c.endpointId()).setParameter(2, now).executeUpdate();
        } else if (attempts > config.retrySchedule().size()) {
            status = "dead";
        } else {
            status = "failed";
            next = now.plus(retryDelay(attempts, result.retryAfterSeconds()));
        }
        em.createNativeQuery("""
                        update webhook_deliveries set status = ?2, attempts = ?3, next_attempt_at = ?4, last_attempt_at = ?5,
                            last_response_status = ?6, last_error = ?7, claimed_until = null, claimed_by = null,
                            delivered_at = case when ?2 = 'succeeded' then ?5 else delivered_at end
                        where id = ?1""")
                .setParameter(1, c.id()).setParameter(2, status).setParameter(3, attempts)
                .setParameter(4, next == null ? null : Timestamp.from(next)).setParameter(5, now)
                .setParameter(6, result.status()).setParameter(7, result.error() == null && !result.succeeded()
                        ? "HTTP " + result.status() : result.error())
                .executeUpdate();
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

    @PreDestroy
    void stop() {
        wakeUps.shutdownNow();
    }
}
