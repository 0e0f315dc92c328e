package com.assessments.portal;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Settings of the developer portal (assessments.portal.*). */
@ConfigMapping(prefix = "assessments.portal")
public interface PortalConfig {

    /** A portal session ends after this long without a request. */
    @WithDefault("2h")
    Duration idleTimeout();

    /** A portal session ends this long after sign-in, however busy. */
    @WithDefault("12h")
    Duration absoluteTimeout();

    /** A session's last use is written at most this often (not on every request: each write is a commit). */
    @WithDefault("1m")
    Duration touchEvery();

    /** How long an invitation link works. */
    @WithDefault("7d")
    Duration invitationTtl();

    /** How long a password reset link works. */
    @WithDefault("1h")
    Duration resetTtl();

    /** Failed sign-ins of one email within {@link #failureWindow()} that lock it. */
    @WithDefault("5")
    int maxFailures();

    /** The window in which failed sign-ins are counted. */
    @WithDefault("15m")
    Duration failureWindow();

    /** How long a locked email stays locked. */
    @WithDefault("15m")
    Duration lockout();

    /**
     * Failed sign-ins from one client address (IPv4, or IPv6 /64) within {@link #failureWindow()} that lock it, whatever
     * emails they tried. Higher than {@link #maxFailures()}: many people may share one address (an office's NAT).
     */
    @WithDefault("30")
    int maxFailuresPerAddress();

    /** Portal requests a signed-in person may make per minute, across replicas (RateLimiter). */
    @WithDefault("600")
    int requestsPerMinute();

    /** Sender address of the portal's emails. */
    @WithDefault("portal@assessments.example.com")
    String mailFrom();

    /** Argon2id cost (OWASP 2023 minimum: 19 MiB, 2 iterations, 1 lane); stored hashes carry their own. */
    Argon2 argon2();

    interface Argon2 {
        /** Memory in KiB. */
        @WithDefault("19456")
        int memoryKib();

        @WithDefault("2")
        int iterations();

        @WithDefault("1")
        int parallelism();
    }
}
