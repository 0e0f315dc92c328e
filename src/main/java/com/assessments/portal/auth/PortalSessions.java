package com.assessments.portal.auth;

import com.assessments.common.Hashing;
import com.assessments.common.Ids;
import com.assessments.portal.PortalConfig;
import com.assessments.portal.PortalSession;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/**
 * Server-side portal sessions. The cookie carries a 256-bit token ({@code pst_…}); the row keeps its SHA-256 only.
 * A session lives until sign-out or revocation, {@code idle-timeout} after its last use, and {@code absolute-timeout}
 * after sign-in, whichever comes first. Its CSRF token is derived from the session token (HMAC-SHA256 of a fixed
 * label keyed with the token), so it needs no storage, is the same for the whole session, and can only be computed
 * by someone who holds the cookie's value, which another site's page cannot read.
 */
@ApplicationScoped
public class PortalSessions {

    public static final String TOKEN_PREFIX = "pst_";

    private final Clock clock;
    private final PortalConfig config;
    private final EntityManager em;

    public PortalSessions(Clock clock, PortalConfig config, EntityManager em) {
        this.clock = clock;
        this.config = config;
        this.em = em;
    }

    public record Started(PortalSession session, String token) {
    }

    @Transactional
    public Started start(String userId) {
        Instant now = clock.instant();
        String token = Ids.secret(TOKEN_PREFIX);
        PortalSession s = new PortalSession();
        s.id = Ids.id("psn_");
        s.userId = userId;
        s.tokenHash = Hashing.sha256(token);
        s.createdAt = now;
        s.lastSeenAt = now;
        s.expiresAt = now.plus(config.absoluteTimeout());
        s.idleExpiresAt = earliest(now.plus(config.idleTimeout()), s.expiresAt);
        s.persist();
        return new Started(s, token);
    }

    /**
     * The live session of a token, its idle expiry moved forward when its last use is older than touch-every (so a
     * busy session costs one write a minute, not one per request).
     */
    @Transactional
    public Optional<PortalSession> authenticate(String token) {
        if (token == null || !token.startsWith(TOKEN_PREFIX) || token.length() > 100) {
            return Optional.empty();
        }
        byte[] hash = Hashing.sha256(token);
        Instant now = clock.instant();
        Optional<PortalSession> found = PortalSession.findByTokenHash(hash)
                .filter(s -> Hashing.constantTimeEquals(s.tokenHash, hash))
                .filter(s -> s.liveAt(now));
        found.ifPresent(s -> {
            if (!now.isBefore(s.lastSeenAt.plus(config.touchEvery()))) {
                s.lastSeenAt = now;
                s.idleExpiresAt = earliest(now.plus(config.idleTimeout()), s.expiresAt);
            }
        });
        return found;
    }

    @Transactional
    public void revoke(String sessionId) {
        em.createNativeQuery("update portal_sessions set revoked_at = ?2 where id = ?1 and revoked_at is null")
                .setParameter(1, sessionId).setParameter(2, clock.instant()).executeUpdate();
    }

    /** Ends every session of a user (password reset; removal from the last organization). */
    @Transactional
    public int revokeAllOf(String userId) {
        return em.createNativeQuery("update portal_sessions set revoked_at = ?2 where user_id = ?1 and revoked_at is null")
                .setParameter(1, userId).setParameter(2, clock.instant()).executeUpdate();
    }

    /** The session's CSRF token: base64url(HMAC-SHA256(key = session token, "portal-csrf")). */
    public static String csrfToken(String sessionToken) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(sessionToken.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] out = mac.doFinal("portal-csrf".getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is always present", e);
        }
    }

    public long maxAgeSeconds() {
        return config.absoluteTimeout().toSeconds();
    }

    private static Instant earliest(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
