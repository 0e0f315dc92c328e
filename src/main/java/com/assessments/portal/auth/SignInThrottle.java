package com.assessments.portal.auth;

import com.assessments.common.Hashing;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.portal.PortalConfig;
import com.assessments.portal.PortalUser;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Failed sign-ins per email: after {@code maxFailures} within {@code failureWindow} the email is locked for
 * {@code lockout}, and every attempt meanwhile answers 429 too_many_sign_in_attempts without checking the password.
 * Rows are keyed by the SHA-256 of the lower-cased email, so addresses that have no account are not stored in clear.
 * A failure is counted in a transaction of its own (the sign-in's own answer, a 401, rolls nothing back here), with
 * one upsert, so concurrent attempts cannot undercount.
 */
@ApplicationScoped
public class SignInThrottle {

    private final EntityManager em;
    private final Clock clock;
    private final PortalConfig config;

    public SignInThrottle(EntityManager em, Clock clock, PortalConfig config) {
        this.em = em;
        this.clock = clock;
        this.config = config;
    }

    /** 429 when the email is locked right now. */
    @Transactional
    public void check(String email) {
        Instant now = clock.instant();
        @SuppressWarnings("unchecked")
        List<Object> locked = em.createNativeQuery(
                        "select locked_until from portal_sign_in_throttle where key_hash = ?1 and locked_until > ?2")
                .setParameter(1, key(email)).setParameter(2, now).getResultList();
        if (!locked.isEmpty()) {
            Instant until = toInstant(locked.get(0));
            long seconds = Math.max(1, Duration.between(now, until).toSeconds() + 1);
            throw new ApiException(ErrorCode.TOO_MANY_SIGN_IN_ATTEMPTS,
                    "Too many failed sign-ins for this email; try again in " + seconds + " seconds.",
                    Map.of("retryAfterSeconds", seconds), Map.of("Retry-After", String.valueOf(seconds)));
        }
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void failed(String email) {
        Instant now = clock.instant();
        em.createNativeQuery("""
                        insert into portal_sign_in_throttle as t (key_hash, failures, window_started_at, locked_until)
                        values (?1, 1, cast(?2 as timestamptz), case when cast(?5 as integer) <= 1 then cast(?4 as timestamptz) end)
                        on conflict (key_hash) do update set
                          failures = case when t.window_started_at <= cast(?3 as timestamptz) then 1 else t.failures + 1 end,
                          window_started_at = case when t.window_started_at <= cast(?3 as timestamptz)
                                                   then cast(?2 as timestamptz) else t.window_started_at end,
                          locked_until = case when (case when t.window_started_at <= cast(?3 as timestamptz) then 1
                                                         else t.failures + 1 end) >= cast(?5 as integer)
                                              then cast(?4 as timestamptz) else t.locked_until end""")
                .setParameter(1, key(email))
                .setParameter(2, now)
                .setParameter(3, now.minus(config.failureWindow()))
                .setParameter(4, now.plus(config.lockout()))
                .setParameter(5, config.maxFailures())
                .executeUpdate();
    }

    @Transactional
    public void succeeded(String email) {
        em.createNativeQuery("delete from portal_sign_in_throttle where key_hash = ?1").setParameter(1, key(email)).executeUpdate();
    }

    private static byte[] key(String email) {
        return Hashing.sha256("email:" + PortalUser.normalize(email));
    }

    private static Instant toInstant(Object value) {
        if (value instanceof Instant i) {
            return i;
        }
        if (value instanceof java.time.OffsetDateTime o) {
            return o.toInstant();
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toInstant();
        }
        throw new IllegalStateException("unexpected timestamp type " + value.getClass());
    }
}
