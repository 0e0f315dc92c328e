package com.assessments.portal;

import com.assessments.common.Hashing;
import com.assessments.common.Ids;
import com.assessments.org.OrganizationService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;

/**
 * Invitations by email: a single-use link whose token ({@code pit_…}, 256 bits) is stored as a SHA-256 digest and
 * expires after invitation-ttl. A new invitation of the same email to the same organization replaces the pending one.
 * The email goes out after the invitation is committed; the inviter gets the link in the answer as well.
 */
@ApplicationScoped
public class Invitations {

    public static final String TOKEN_PREFIX = "pit_";

    private final Clock clock;
    private final PortalConfig config;
    private final OrganizationService organizations;
    private final PortalMail mail;
    private final AuditLog audit;
    private final EntityManager em;

    public Invitations(Clock clock, PortalConfig config, OrganizationService organizations, PortalMail mail, AuditLog audit,
                       EntityManager em) {
        this.clock = clock;
        this.config = config;
        this.organizations = organizations;
        this.mail = mail;
        this.audit = audit;
        this.em = em;
    }

    /** An invitation made now, with its link (shown once). */
    public record Invited(Invitation invitation, String link, boolean emailed) {
    }

    /**
     * Invites the email to the organization with the role. {@code invitedBy} is the inviting user, or null for the
     * operator. 404 organization_not_found for an unknown organization.
     */
    public Invited invite(String organizationId, String email, Role role, String invitedBy) {
        String organizationName = organizations.find(organizationId).name;
        String token = Ids.secret(TOKEN_PREFIX);
        Invitation invitation = store(organizationId, PortalUser.normalize(email), role, invitedBy, token);
        String link = mail.link("invitation", token);
        boolean emailed = mail.sendInvitation(invitation.email, organizationName, role.wire(), link);
        return new Invited(invitation, link, emailed);
    }

    @Transactional
    Invitation store(String organizationId, String email, Role role, String invitedBy, String token) {
        Instant now = clock.instant();
        em.createNativeQuery("""
                        update portal_invitations set revoked_at = ?3
                        where organization_id = ?1 and email = ?2 and accepted_at is null and revoked_at is null""")
                .setParameter(1, organizationId).setParameter(2, email).setParameter(3, now).executeUpdate();
        Invitation invitation = new Invitation();
        invitation.id = Ids.id("inv_");
        invitation.organizationId = organizationId;
        invitation.email = email;
        invitation.role = role.wire();
        invitation.tokenHash = Hashing.sha256(token);
        invitation.invitedBy = invitedBy;
        invitation.createdAt = now;
        invitation.expiresAt = now.plus(config.invitationTtl());
        invitation.persist();
        audit.record(organizationId, invitedBy, "invitation.created", invitation.id,
                Map.of("role", invitation.role, "invitedByOperator", invitedBy == null));
        return invitation;
    }

    /**
     * Marks the invitation accepted if it still can be (one conditional update: of two concurrent acceptances only
     * one wins). False when it was accepted, revoked or expired meanwhile.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    boolean markAccepted(String invitationId, String userId, Instant now) {
        return em.createNativeQuery("""
                        update portal_invitations set accepted_at = ?2, accepted_by = ?3
                        where id = ?1 and accepted_at is null and revoked_at is null and expires_at > ?2""")
                .setParameter(1, invitationId).setParameter(2, now).setParameter(3, userId).executeUpdate() == 1;
    }
}
