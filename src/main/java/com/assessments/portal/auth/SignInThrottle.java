package com.assessments.portal.auth;

import com.assessments.common.Hashing;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.portal.PortalConfig;
import com.assessments.portal.PortalUser;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Failed sign-ins per email and per client address: after {@code maxFailures} for one email (or
 * {@code maxFailuresPerAddress} from one address, whichever emails it tried: one client guessing across many accounts)
 * within {@code failureWindow}, that email (address) is locked for {@code lockout}, and every attempt meanwhile answers
 * 429 too_many_sign_in_attempts without checking the password. A success clears its email's count only, never its
 * address's (or a guesser holding one account of their own could reset it between guesses). IPv6 addresses count per
 * /64, the block one subscriber usually holds. Rows are keyed by SHA-256 ("email:…", "ip:…"), so addresses that have
 * no account, and client addresses, are not stored in clear.
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

    /** 429 when the email, or the client address (null: unknown), is locked right now. */
    @Transactional
    public void check(String email, String address) {
        Instant now = clock.instant();
        @SuppressWarnings("unchecked")
        List<Object> locked = em.createNativeQuery("""
                        select max(locked_until) from portal_sign_in_throttle
                        where key_hash in (?1, ?3) and locked_until > ?2""")
                .setParameter(1, key(email)).setParameter(2, now).setParameter(3, addressKey(address)).getResultList();
        if (!locked.isEmpty() && locked.get(0) != null) {
            Instant until = toInstant(locked.get(0));
            long seconds = Math.max(1, Duration.between(now, until).toSeconds() + 1);
            throw new ApiException(ErrorCode.TOO_MANY_SIGN_IN_ATTEMPTS,
                    "Too many failed sign-ins for this email or from this address; try again in " + seconds + " seconds.",
                    Map.of("retryAfterSeconds", seconds), Map.of("Retry-After", String.valueOf(seconds)));
        }
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void failed(String email, String address) {
        Instant now = clock.instant();
        count(key(email), config.maxFailures(), now);
        if (address != null) {
            count(addressKey(address), config.maxFailuresPerAddress(), now);
        }
    }

    private void count(byte[] key, int maxFailures, Instant now) {
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
                .setParameter(1, key)
                .setParameter(2, now)
                .setParameter(3, now.minus(config.failureWindow()))
                .setParameter(4, now.plus(config.lockout()))
                .setParameter(5, maxFailures)
                .executeUpdate();
    }

    @Transactional
    public void succeeded(String email) {
        em.createNativeQuery("delete from portal_sign_in_throttle where key_hash = ?1").setParameter(1, key(email)).executeUpdate();
    }

    private static byte[] key(String email) {
        return Hashing.sha256("email:" + PortalUser.normalize(email));
    }

    /** The key of a client address: an IPv4 address, or the /64 of an IPv6 one; an unknown one (null) matches no row. */
    static byte[] addressKey(String address) {
        if (address == null) {
            return Hashing.sha256("ip:none"); // never written: failed() skips unknown addresses
        }
        String block = address;
        try {
            if (address.indexOf(':') >= 0) {
                InetAddress parsed = InetAddress.getByName(address.startsWith("[") ? address.substring(1, address.length() - 1) : address);
                byte[] bytes = parsed.getAddress();
                if (bytes.length == 4) {
                    block = parsed.getHostAddress(); // an IPv4-mapped IPv6 address counts as its IPv4 address
                } else {
                    byte[] prefix = java.util.Arrays.copyOf(bytes, 8);
                    block = java.util.HexFormat.of().formatHex(prefix) + "::/64";
                }
            }
        } catch (UnknownHostException e) {
            block = address; // not a literal: count it as given
        }
        return Hashing.sha256("ip:" + block);
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
