package com.assessments.key;

import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;

/**
 * A sliding-window limit per credential (API key lineage, session, operator) that holds across replicas: one PostgreSQL statement per request counts it
 * in the current one-minute window and reads the previous window; the estimate is
 * previous * (share of the previous window still inside the last minute) + current. Requests over the limit are
 * counted too, so a client that keeps hammering stays limited. When the database cannot answer, the request is
 * let through (fail open) rather than taking the API down with the limiter.
 */
@ApplicationScoped
public class RateLimiter {

    static final long WINDOW_MS = 60_000;

    /** The verdict for one request, with what the X-RateLimit-* headers say. */
    public record Decision(boolean allowed, int limit, int remaining, long resetEpochSeconds, long retryAfterSeconds) {
    }

    /** After the database failed a check, checks are skipped (let through) this long. */
    static final long FAIL_OPEN_NANOS = java.time.Duration.ofSeconds(5).toNanos();

    private volatile long failOpenUntilNanos = System.nanoTime();
    private final DataSource dataSource;
    private final Clock clock;
    private final CredentialLimits limits;

    public RateLimiter(DataSource dataSource, Clock clock, CredentialLimits limits) {
        this.dataSource = dataSource;
        this.clock = clock;
        this.limits = limits;
    }

    /** The limits of session tokens and the operator token (API keys carry their own). */
    public CredentialLimits limits() {
        return limits;
    }

    public Decision check(String subject, int limit) {
        Instant now = clock.instant();
        long nowMs = now.toEpochMilli();
        long start = nowMs - Math.floorMod(nowMs, WINDOW_MS);
        if (System.nanoTime() < failOpenUntilNanos) {
            // the database just failed us: do not make every request wait for it a second time (the request's own
            // work answers 503 quickly); try again after a few seconds
            return new Decision(true, limit, limit, (start + WINDOW_MS) / 1000, 0);
        }
        int current;
        int previous;
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement("""
                with counted as (
                    insert into rate_limit_windows (subject, window_start, count) values (?, ?, 1)
                    on conflict (subject, window_start) do update set count = rate_limit_windows.count + 1
                    returning count)
                select counted.count,
                       coalesce((select p.count from rate_limit_windows p where p.subject = ? and p.window_start = ?), 0)
                from counted""")) {
            ps.setString(1, subject);
            ps.setTimestamp(2, new Timestamp(start));
            ps.setString(3, subject);
            ps.setTimestamp(4, new Timestamp(start - WINDOW_MS));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                current = rs.getInt(1);
                previous = rs.getInt(2);
            }
        } catch (SQLException e) {
            failOpenUntilNanos = System.nanoTime() + FAIL_OPEN_NANOS;
            return new Decision(true, limit, limit, (start + WINDOW_MS) / 1000, 0);
        }
        return decide(limit, current, previous, nowMs, start);
    }

    /**
     * Housekeeping: windows older than the previous minute are never read again; deletes those that started more than
     * 3 minutes ago (in one statement, autocommitted like {@link #check}).
     */
    public int deleteStaleWindows(Instant now) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("delete from rate_limit_windows where window_start < ?")) {
            ps.setTimestamp(1, Timestamp.from(now.minusSeconds(180)));
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not delete stale rate-limit windows", e);
        }
    }

    /** Pure arithmetic of the sliding window (unit-testable); {@code current} includes this request. */
    static Decision decide(int limit, int current, int previous, long nowMs, long windowStartMs) {
        double elapsed = (nowMs - windowStartMs) / (double) WINDOW_MS;
        double estimate = previous * (1 - elapsed) + current;
        boolean allowed = estimate <= limit;
        int remaining = (int) Math.max(0, Math.floor(limit - estimate));
        if (allowed) {
            return new Decision(true, limit, remaining, (windowStartMs + WINDOW_MS) / 1000, 0);
        }
        // When will one more request fit? previous * (1 - e) + current + 1 <= limit, in this window or the next.
        double waitMs;
        if (previous > 0 && current + 1 <= limit) {
            double e = 1 - (double) (limit - current - 1) / previous;
            waitMs = (e - elapsed) * WINDOW_MS;
        } else {
            double e = Math.max(0, 1 - (double) (limit - 1) / current);
            waitMs = (1 - elapsed) * WINDOW_MS + e * WINDOW_MS;
        }
        long retryAfter = Math.max(1, (long) Math.ceil(waitMs / 1000));
        return new Decision(false, limit, 0, nowMs / 1000 + retryAfter, retryAfter);
    }
}
