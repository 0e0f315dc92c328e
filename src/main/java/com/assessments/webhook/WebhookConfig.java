package com.assessments.webhook;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

@ConfigMapping(prefix = "assessments.webhooks")
public interface WebhookConfig {

    /** Hosts exempt from the SSRF rules (dev and tests deliver to 127.0.0.1); empty in production. */
    Optional<Set<String>> allowedHosts();

    /** Accept http:// endpoint URLs for test keys (dev and tests); production requires https. */
    @WithDefault("false")
    boolean allowHttp();

    /** Accept http:// endpoint URLs for live keys too; off unless an operator explicitly allows it (allow-http does not). */
    @WithDefault("false")
    boolean allowHttpLive();

    /** Wait before each retry after a failed attempt; its length is the number of retries. */
    @WithDefault("1m,5m,30m,2h,12h")
    List<Duration> retrySchedule();

    /** Random spread added to each retry wait, as a fraction of it (0.1 = up to 10% later). */
    @WithDefault("0.1")
    double retryJitter();

    /** Time limit of one delivery attempt (connect, send, response). */
    @WithDefault("10s")
    Duration attemptTimeout();

    /**
     * How long a claimed delivery stays reserved for the replica that claimed it; after that another may take it.
     * The claiming replica renews it every {@link #leaseRenewEvery()} while the attempt is in flight, so this
     * bounds how long the deliveries of a replica that died wait for another one: keep it short.
     */
    @WithDefault("15s")
    Duration claimLease();

    /**
     * How often a replica renews the leases of the deliveries it is sending (well under claimLease). A lease not
     * renewed for two of these intervals no longer counts against its endpoint's cap (its replica died or stalls),
     * so a replica that dies while sending an endpoint's full cap stops that endpoint for about this long twice, not
     * for a whole lease; its deliveries themselves are still taken over only when their lease runs out.
     */
    @WithDefault("2s")
    Duration leaseRenewEvery();

    /** Polling interval of the delivery worker: the safety net behind LISTEN/NOTIFY wake-ups. */
    @WithDefault("5s")
    String pollEvery();

    /**
     * How often a replica checks whether webhook_deliveries has enough dead row versions to vacuum it (see
     * delivery/QueueVacuum; Quarkus duration, or "off" to leave it to autovacuum).
     */
    @WithDefault("2s")
    String vacuumEvery();

    /** Dead row versions in webhook_deliveries from which a replica vacuums it (or vacuumDeadFraction, if more). */
    @WithDefault("5000")
    long vacuumDeadRows();

    /** The same threshold as a fraction of its live rows: a large table is vacuumed less often (each VACUUM reads every index whole). */
    @WithDefault("0.01")
    double vacuumDeadFraction();

    /** Deliveries one replica sends at once. */
    @WithDefault("32")
    int concurrency();

    /**
     * Deliveries of one endpoint in flight at once, across all replicas (counted from the live, renewed leases in
     * the database when claiming), so a slow or hanging receiver holds at most this many sending slots.
     */
    @WithDefault("4")
    int maxInFlightPerEndpoint();

    /** Consecutive failed attempts (non-2xx, timeout, connection error) after which an endpoint's circuit opens. */
    @WithDefault("5")
    int circuitBreakerFailures();

    /**
     * How long an open circuit keeps the endpoint's deliveries from being claimed; then one delivery at a time
     * probes it (a failure opens the circuit again, a success closes it).
     */
    @WithDefault("1m")
    Duration circuitBreakerCoolDown();

    /** LISTEN on PostgreSQL for new deliveries (wakes this replica's worker at once). */
    @WithDefault("true")
    boolean listen();

    /**
     * Endpoints per organization and environment (at most 62^2: a fanned-out delivery's id numbers them in two
     * characters; {@link WebhookConfigCheck} refuses more at start).
     */
    @WithDefault("20")
    int maxEndpoints();
}
