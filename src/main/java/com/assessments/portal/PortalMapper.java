package com.assessments.portal;

import com.assessments.api.model.AssessmentType;
import com.assessments.api.model.PortalInvitationStatus;
import com.assessments.api.model.PortalInvitationWithLink;
import com.assessments.api.model.PortalMe;
import com.assessments.api.model.PortalMembership;
import com.assessments.api.model.PortalOrganization;
import com.assessments.common.Times;
import com.assessments.org.License;
import com.assessments.org.OrganizationService;

import java.time.Instant;

/** Portal entities and views to the contract's DTOs. */
public final class PortalMapper {

    private PortalMapper() {
    }

    public static PortalMe toDto(PortalAccounts.Me me) {
        return new PortalMe()
                .user(new com.assessments.api.model.PortalUser().id(me.user().id).email(me.user().email).name(me.user().name))
                .memberships(me.memberships().stream().map(m -> new PortalMembership()
                        .organizationId(m.organizationId())
                        .organizationName(m.organizationName())
                        .role(role(m.role()))).toList())
                .csrfToken(me.csrfToken())
                .expiresAt(Times.utc(me.expiresAt()))
                .idleExpiresAt(Times.utc(me.idleExpiresAt()));
    }

    public static PortalInvitationWithLink toDto(Invitations.Invited invited, Instant now) {
        Invitation i = invited.invitation();
        return new PortalInvitationWithLink()
                .id(i.id)
                .organizationId(i.organizationId)
                .email(i.email)
                .role(com.assessments.api.model.PortalRole.fromValue(i.role))
                .status(PortalInvitationStatus.fromValue(i.status(now)))
                .createdAt(Times.utc(i.createdAt))
                .expiresAt(Times.utc(i.expiresAt))
                .acceptedAt(i.acceptedAt == null ? null : Times.utc(i.acceptedAt))
                .acceptUrl(java.net.URI.create(invited.link()));
    }

    public static PortalOrganization toDto(OrganizationService.OrganizationView view, Role role) {
        return new PortalOrganization()
                .id(view.organization().id)
                .name(view.organization().name)
                .role(role(role))
                .assessmentTypes(view.organization().enabledAssessmentTypes.stream().map(AssessmentType::fromValue).toList())
                .licenses(view.licenses().stream().map(PortalMapper::license).toList());
    }

    public static com.assessments.api.model.License license(License l) {
        return new com.assessments.api.model.License()
                .assessmentType(AssessmentType.fromValue(l.assessmentType))
                .capacity(l.capacity)
                .used(l.used)
                .available(Math.max(0, l.capacity - l.used));
    }

    public static com.assessments.api.model.PortalTfdConfig toDto(com.assessments.catalogue.TfdConfigs.Entry e) {
        var c = e.config();
        return new com.assessments.api.model.PortalTfdConfig()
                .id(c.id())
                .occupationId(c.occupationId())
                .occupationName(c.occupationName())
                .mode(c.mode())
                .language(c.language())
                .totalQuestions(c.totalQuestions())
                .status(com.assessments.api.model.PortalTfdConfigStatus.fromValue(c.status().value()))
                .createdAt(Times.utc(e.createdAt()))
                .updatedAt(Times.utc(e.updatedAt()));
    }

    public static com.assessments.api.model.PortalMember toDto(com.assessments.portal.team.Team.Member m) {
        return new com.assessments.api.model.PortalMember()
                .userId(m.user().id)
                .email(m.user().email)
                .name(m.user().name == null ? m.user().email : m.user().name)
                .role(role(m.membership().portalRole()))
                .joinedAt(Times.utc(m.membership().createdAt));
    }

    public static com.assessments.api.model.PortalInvitation toDto(Invitation i, Instant now) {
        return new com.assessments.api.model.PortalInvitation()
                .id(i.id)
                .organizationId(i.organizationId)
                .email(i.email)
                .role(com.assessments.api.model.PortalRole.fromValue(i.role))
                .status(PortalInvitationStatus.fromValue(i.status(now)))
                .createdAt(Times.utc(i.createdAt))
                .expiresAt(Times.utc(i.expiresAt))
                .acceptedAt(i.acceptedAt == null ? null : Times.utc(i.acceptedAt));
    }

    public static com.assessments.api.model.PortalAuditEntry toDto(com.assessments.portal.team.Team.AuditLine line) {
        AuditEntry e = line.entry();
        java.util.Map<String, Object> details;
        try {
            details = JSON.readValue(e.details == null ? "{}" : e.details, new com.fasterxml.jackson.core.type.TypeReference<>() {
            });
        } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
            details = java.util.Map.of();
        }
        return new com.assessments.api.model.PortalAuditEntry()
                .id(e.id)
                .action(e.action)
                .target(e.target)
                .userId(e.userId)
                .userEmail(line.userEmail())
                .details(details)
                .createdAt(Times.utc(e.createdAt));
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    public static com.assessments.api.model.PortalRole role(Role role) {
        return com.assessments.api.model.PortalRole.fromValue(role.wire());
    }
}
