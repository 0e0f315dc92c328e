package com.assessments.portal.team;

import com.assessments.common.PageResult;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.portal.AuditEntry;
import com.assessments.portal.AuditLog;
import com.assessments.portal.Invitation;
import com.assessments.portal.Invitations;
import com.assessments.portal.Membership;
import com.assessments.portal.PortalUser;
import com.assessments.portal.Role;
import com.assessments.portal.auth.PortalSessions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The team of an organization: members and their roles, invitations, the audit log. Rules beyond the route's
 * minimum role (admin): only an owner makes, unmakes, removes or invites an owner; an organization always keeps an
 * owner (the owners' rows are locked while counted, so two concurrent step-downs cannot both pass).
 */
@ApplicationScoped
public class Team {

    private final Invitations invitations;
    private final PortalSessions sessions;
    private final AuditLog audit;
    private final EntityManager em;
    private final Clock clock;

    public Team(Invitations invitations, PortalSessions sessions, AuditLog audit, EntityManager em, Clock clock) {
        this.invitations = invitations;
        this.sessions = sessions;
        this.audit = audit;
        this.em = em;
        this.clock = clock;
    }

    public record Member(PortalUser user, Membership membership) {
    }

    public record AuditLine(AuditEntry entry, String userEmail) {
    }

    public List<Member> members(String organizationId) {
        List<Membership> memberships = Membership.list("organizationId", organizationId);
        return memberships.stream().map(m -> new Member(PortalUser.findById(m.userId), m))
                .sorted(Comparator.comparing(m -> m.user().email)).toList();
    }

    @Transactional
    public Member changeRole(String organizationId, String actorId, Role actorRole, String userId, Role role) {
        Membership m = member(organizationId, userId);
        Role current = m.portalRole();
        if ((current == Role.OWNER || role == Role.OWNER) && actorRole != Role.OWNER) {
            throw ownersOnly();
        }
        if (current == Role.OWNER && role != Role.OWNER) {
            requireAnotherOwner(organizationId);
        }
        m.role = role.wire();
        audit.record(organizationId, actorId, "member.role_changed", userId, Map.of("from", current.wire(), "to", role.wire()));
        return new Member(PortalUser.findById(userId), m);
    }

    @Transactional
    public void remove(String organizationId, String actorId, Role actorRole, String userId) {
        Membership m = member(organizationId, userId);
        if (m.portalRole() == Role.OWNER) {
            if (actorRole != Role.OWNER) {
                throw ownersOnly();
            }
            requireAnotherOwner(organizationId);
        }
        m.delete();
        if (Membership.count("userId", userId) == 0) {
            sessions.revokeAllOf(userId); // no organization left: no portal either
        }
        audit.record(organizationId, actorId, "member.removed", userId, Map.of("role", m.role));
    }

    public List<Invitation> invitations(String organizationId) {
        return Invitation.list("organizationId = ?1 order by createdAt desc, id desc", organizationId);
    }

    public Invitations.Invited invite(String organizationId, String actorId, Role actorRole, String email, Role role) {
        if (role == Role.OWNER && actorRole != Role.OWNER) {
            throw ownersOnly();
        }
        PortalUser.findByEmail(email).filter(u -> Membership.of(u.id, organizationId).isPresent()).ifPresent(u -> {
            throw new ApiException(ErrorCode.ALREADY_MEMBER, "This email already belongs to a member; change their role instead.",
                    Map.of("userId", u.id));
        });
        return invitations.invite(organizationId, email, role, actorId);
    }

    @Transactional
    public Invitation revokeInvitation(String organizationId, String actorId, String invitationId) {
        Invitation i = Invitation.<Invitation>find("id = ?1 and organizationId = ?2", invitationId, organizationId).firstResultOptional()
                .orElseThrow(() -> new ApiException(ErrorCode.INVITATION_NOT_FOUND, "No invitation " + invitationId + " in this organization."));
        if (i.acceptedAt == null && i.revokedAt == null) {
            i.revokedAt = clock.instant();
            audit.record(organizationId, actorId, "invitation.revoked", invitationId, Map.of());
        }
        return i;
    }

    /** What the audit log is narrowed to; null members do not narrow it. */
    public record AuditFilter(String actor, String action, Instant createdAfter, Instant createdBefore) {
    }

    /**
     * A page of the organization's audit log, newest first. {@code actor} is a user id (usr_…) or an email (one that
     * is nobody's matches nothing); {@code action} an action, or a family ending in ".*".
     */
    public PageResult<AuditLine> auditLog(String organizationId, AuditFilter filter, int limit, int offset) {
        StringBuilder where = new StringBuilder("organizationId = :org");
        Map<String, Object> params = new HashMap<>();
        params.put("org", organizationId);
        if (filter.actor() != null) {
            String userId = filter.actor().startsWith("usr_") ? filter.actor()
                    : PortalUser.findByEmail(filter.actor()).map(u -> u.id).orElse(null);
            if (userId == null) {
                return new PageResult<>(List.of(), 0);
            }
            where.append(" and userId = :user");
            params.put("user", userId);
        }
        if (filter.action() != null) {
            if (filter.action().endsWith(".*")) {
                // the contract's pattern allows letters, dots and underscores: escape LIKE's own wildcard
                String family = filter.action().substring(0, filter.action().length() - 1).replace("_", "\\_");
                where.append(" and action like :action escape '\\'");
                params.put("action", family + "%");
            } else {
                where.append(" and action = :action");
                params.put("action", filter.action());
            }
        }
        if (filter.createdAfter() != null) {
            where.append(" and createdAt >= :after");
            params.put("after", filter.createdAfter());
        }
        if (filter.createdBefore() != null) {
            where.append(" and createdAt < :before");
            params.put("before", filter.createdBefore());
        }
        long total = AuditEntry.count(where.toString(), params);
        List<AuditEntry> page = AuditEntry.<AuditEntry>find(where + " order by createdAt desc, id desc", params)
                .range(offset, offset + limit - 1).list();
        return new PageResult<>(page.stream().map(e -> new AuditLine(e,
                e.userId == null ? null : PortalUser.findByIdOptional(e.userId).map(u -> u.email).orElse(null))).toList(), total);
    }

    public Instant now() {
        return clock.instant();
    }

    private static Membership member(String organizationId, String userId) {
        return Membership.of(userId, organizationId).orElseThrow(() -> new ApiException(ErrorCode.MEMBER_NOT_FOUND,
                "No member " + userId + " in this organization."));
    }

    private void requireAnotherOwner(String organizationId) {
        @SuppressWarnings("unchecked")
        List<Object> owners = em.createNativeQuery(
                        "select user_id from portal_memberships where organization_id = ?1 and role = 'owner' for update")
                .setParameter(1, organizationId).getResultList();
        if (owners.size() <= 1) {
            throw new ApiException(ErrorCode.LAST_OWNER, "An organization keeps at least one owner; make someone else an owner first.");
        }
    }

    private static ApiException ownersOnly() {
        return new ApiException(ErrorCode.INSUFFICIENT_PERMISSIONS, "Only an owner can make, change, remove or invite an owner.",
                Map.of("requiredRole", "owner"));
    }
}
