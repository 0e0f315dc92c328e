package com.assessments.portal;

import com.assessments.common.Hashing;
import com.assessments.common.Ids;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.org.OrganizationService;
import com.assessments.portal.auth.Passwords;
import com.assessments.portal.auth.PortalSessions;
import com.assessments.portal.auth.SignInThrottle;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * People's accounts: sign-in (throttled per email and client address), accepting an invitation, password reset by email link,
 * sign-out. Password hashing (deliberately slow) runs outside any transaction. Nothing here logs an email address,
 * a password or a token.
 */
@ApplicationScoped
public class PortalAccounts {

    public static final String RESET_PREFIX = "prt_";
    static final int MIN_PASSWORD = 12;

    private final Clock clock;
    private final PortalConfig config;
    private final Passwords passwords;
    private final PortalSessions sessions;
    private final SignInThrottle throttle;
    private final Invitations invitations;
    private final OrganizationService organizations;
    private final PortalMail mail;
    private final AuditLog audit;
    private final EntityManager em;

    public PortalAccounts(Clock clock, PortalConfig config, Passwords passwords, PortalSessions sessions, SignInThrottle throttle,
                          Invitations invitations, OrganizationService organizations, PortalMail mail, AuditLog audit,
                          EntityManager em) {
        this.clock = clock;
        this.config = config;
        this.passwords = passwords;
        this.sessions = sessions;
        this.throttle = throttle;
        this.invitations = invitations;
        this.organizations = organizations;
        this.mail = mail;
        this.audit = audit;
        this.em = em;
    }

    /** A signed-in person as the portal shows them: the answer of sign-in, invitation acceptance and GET /me. */
    public record Me(PortalUser user, List<MembershipView> memberships, String csrfToken, Instant expiresAt, Instant idleExpiresAt) {
    }

    public record MembershipView(String organizationId, String organizationName, Role role) {
    }

    /** A new session: its cookie token and what the answer shows. */
    public record SignedIn(String token, Me me) {
    }

    public SignedIn signIn(String email, String password, String address) {
        throttle.check(email, address);
        Optional<PortalUser> user = PortalUser.findByEmail(email);
        boolean ok = user.isPresent() ? passwords.verify(password, user.get().passwordHash) : burn(password);
        if (!ok) {
            throttle.failed(email, address);
            audit.record(null, user.map(u -> u.id).orElse(null), "sign_in.failed", null, Map.of());
            throw new ApiException(ErrorCode.INVALID_CREDENTIALS, "Wrong email or password.");
        }
        throttle.succeeded(email);
        if (Membership.ofUser(user.get().id).isEmpty()) {
            throw new ApiException(ErrorCode.ORGANIZATION_ACCESS_DENIED,
                    "You are not a member of any organization any more; ask an owner of your organization for a new invitation.");
        }
        return start(user.get(), "sign_in", null);
    }

    private boolean burn(String password) {
        passwords.burn(password);
        return false;
    }

    /** The person behind a live session. */
    public Me me(String userId, String sessionId, String csrfToken) {
        PortalUser user = PortalUser.findByIdOptional(userId).orElseThrow(() -> new ApiException(ErrorCode.INVALID_PORTAL_SESSION,
                "Sign in to the portal first; the session cookie is missing or its session has ended."));
        PortalSession session = PortalSession.findById(sessionId);
        return new Me(user, memberships(userId), csrfToken, session.expiresAt, session.idleExpiresAt);
    }

    public void signOut(String userId, String sessionId) {
        sessions.revoke(sessionId);
        audit.record(null, userId, "sign_out", sessionId, Map.of());
    }

    // ------------------------------------------------------------------------------------------- invitations

    /**
     * Accepts an invitation: a new person gets an account (name and a password of 12 to 128 characters), a person
     * with an account proves it with their password (throttled like sign-in). Then a membership and a session.
     */
    public SignedIn acceptInvitation(String token, String name, String password, String address) {
        byte[] hash = Hashing.sha256(token);
        Invitation invitation = Invitation.findByTokenHash(hash)
                .filter(i -> Hashing.constantTimeEquals(i.tokenHash, hash))
                .orElseThrow(() -> new ApiException(ErrorCode.INVITATION_NOT_FOUND, "No invitation has this token."));
        checkUsable(invitation, clock.instant());
        Optional<PortalUser> existing = PortalUser.findByEmail(invitation.email).filter(u -> u.passwordHash != null);
        String newHash = null;
        if (existing.isPresent()) {
            throttle.check(invitation.email, address);
            if (!passwords.verify(password, existing.get().passwordHash)) {
                throttle.failed(invitation.email, address);
                throw new ApiException(ErrorCode.INVALID_CREDENTIALS,
                        "This email already has an account: give its current password to accept the invitation.");
            }
            throttle.succeeded(invitation.email);
        } else {
            if (name == null || name.isBlank()) {
                throw ApiException.validation("name", "is required for a new account");
            }
            checkNewPassword(password);
            newHash = passwords.hash(password);
        }
        PortalUser user = join(invitation.id, name, newHash);
        return start(user, "invitation.accepted", invitation.organizationId);
    }

    private static void checkUsable(Invitation invitation, Instant now) {
        switch (invitation.status(now)) {
            case "accepted", "revoked" -> throw new ApiException(ErrorCode.INVITATION_ALREADY_USED,
                    "This invitation was already used or withdrawn; invitations work once.", Map.of("invitationId", invitation.id));
            case "expired" -> throw new ApiException(ErrorCode.INVITATION_EXPIRED, "This invitation expired; ask for a new one.",
                    Map.of("invitationId", invitation.id, "expiredAt", invitation.expiresAt.toString()));
            default -> {
            }
        }
    }

    @Transactional
    PortalUser join(String invitationId, String name, String newPasswordHash) {
        Instant now = clock.instant();
        Invitation invitation = Invitation.findById(invitationId);
        PortalUser user = PortalUser.findByEmail(invitation.email).orElse(null);
        if (user == null) {
            user = new PortalUser();
            user.id = Ids.id("usr_");
            user.email = invitation.email;
            user.createdAt = now;
        }
        if (newPasswordHash != null) {
            user.name = name.trim();
            user.passwordHash = newPasswordHash;
            user.updatedAt = now;
        }
        user.persist();
        if (!invitations.markAccepted(invitation.id, user.id, now)) {
            checkUsable(Invitation.findById(invitationId), now); // accepted or revoked by someone else meanwhile
            throw new ApiException(ErrorCode.INVITATION_ALREADY_USED, "This invitation was already used; invitations work once.");
        }
        Role invited = Role.of(invitation.role);
        Optional<Membership> current = Membership.of(user.id, invitation.organizationId);
        if (current.isEmpty()) {
            Membership m = new Membership();
            m.userId = user.id;
            m.organizationId = invitation.organizationId;
            m.role = invited.wire();
            m.createdAt = now;
            m.persist();
        } else if (invited.atLeast(current.get().portalRole())) {
            current.get().role = invited.wire(); // an invitation never lowers a member's role
        }
        return user;
    }

    // ---------------------------------------------------------------------------------------- password reset

    /** Emails a reset link when the address has an account; answers the same either way. */
    public void requestReset(String email) {
        Optional<PortalUser> user = PortalUser.findByEmail(email).filter(u -> u.passwordHash != null);
        if (user.isEmpty()) {
            return;
        }
        String token = Ids.secret(RESET_PREFIX);
        storeReset(user.get().id, token);
        mail.sendPasswordReset(user.get().email, mail.link("reset", token));
    }

    @Transactional
    void storeReset(String userId, String token) {
        Instant now = clock.instant();
        PasswordReset reset = new PasswordReset();
        reset.id = Ids.id("prs_");
        reset.userId = userId;
        reset.tokenHash = Hashing.sha256(token);
        reset.createdAt = now;
        reset.expiresAt = now.plus(config.resetTtl());
        reset.persist();
        audit.record(null, userId, "password_reset.requested", null, Map.of());
    }

    /** Sets a new password with a reset link (once), ends every session of the person and every other reset link. */
    public void confirmReset(String token, String password) {
        checkNewPassword(password);
        String hash = passwords.hash(password);
        String userId = useReset(Hashing.sha256(token), hash);
        PortalUser user = PortalUser.findById(userId);
        throttle.succeeded(user.email);
    }

    @Transactional
    String useReset(byte[] tokenHash, String newPasswordHash) {
        Instant now = clock.instant();
        @SuppressWarnings("unchecked")
        List<Object> used = em.createNativeQuery("""
                        update portal_password_resets set used_at = ?2
                        where token_hash = ?1 and used_at is null and expires_at > ?2 returning user_id""")
                .setParameter(1, tokenHash).setParameter(2, now).getResultList();
        if (used.isEmpty()) {
            throw new ApiException(ErrorCode.RESET_TOKEN_INVALID,
                    "This password reset link is unknown, already used or expired; ask for a new one.");
        }
        String userId = (String) used.get(0);
        em.createNativeQuery("update portal_password_resets set used_at = ?2 where user_id = ?1 and used_at is null")
                .setParameter(1, userId).setParameter(2, now).executeUpdate();
        PortalUser user = PortalUser.findById(userId);
        user.passwordHash = newPasswordHash;
        user.updatedAt = now;
        sessions.revokeAllOf(userId);
        audit.record(null, userId, "password_reset.completed", null, Map.of());
        return userId;
    }

    // ---------------------------------------------------------------------------------------------- helpers

    private static void checkNewPassword(String password) {
        // characters, as the contract's minLength and maxLength count them (BodyConstraints), not UTF-16 units
        int characters = password == null ? 0 : password.codePointCount(0, password.length());
        if (characters < MIN_PASSWORD || characters > 128) {
            throw ApiException.validation("password", "must be 12 to 128 characters");
        }
    }

    private SignedIn start(PortalUser user, String action, String organizationId) {
        PortalSessions.Started started = sessions.start(user.id);
        audit.record(organizationId, user.id, action, started.session().id, Map.of());
        String csrf = PortalSessions.csrfToken(started.token());
        return new SignedIn(started.token(), new Me(user, memberships(user.id), csrf, started.session().expiresAt,
                started.session().idleExpiresAt));
    }

    private List<MembershipView> memberships(String userId) {
        return Membership.ofUser(userId).stream()
                .map(m -> new MembershipView(m.organizationId, organizations.find(m.organizationId).name, m.portalRole()))
                .sorted(java.util.Comparator.comparing(MembershipView::organizationName).thenComparing(MembershipView::organizationId))
                .toList();
    }
}
