package com.assessments.org.rest;

import com.assessments.api.AdminApi;
import com.assessments.api.model.ApiKeyList;
import com.assessments.api.model.AssessmentType;
import com.assessments.api.model.KeyPair;
import com.assessments.api.model.KeyPairRequest;
import com.assessments.api.model.OrganizationCreateRequest;
import com.assessments.api.model.OrganizationList;
import com.assessments.api.model.OrganizationUpdateRequest;
import com.assessments.api.model.OwnerInvitationRequest;
import com.assessments.api.model.Scope;
import com.assessments.key.ApiKey;
import com.assessments.key.ApiKeyMapper;
import com.assessments.key.ApiKeyService;
import com.assessments.org.OrganizationMapper;
import com.assessments.org.OrganizationService;
import com.assessments.portal.Invitations;
import com.assessments.portal.PortalMapper;
import com.assessments.portal.Role;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.core.Response;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/** The operator API: tenants and their keys. Authentication (the operator token) is the filter's job. */
public class AdminResource implements AdminApi {

    private final OrganizationService organizations;
    private final ApiKeyService keys;
    private final Clock clock;
    private final Invitations invitations;

    public AdminResource(OrganizationService organizations, ApiKeyService keys, Clock clock, Invitations invitations) {
        this.organizations = organizations;
        this.keys = keys;
        this.clock = clock;
        this.invitations = invitations;
    }

    @Override
    public Response adminCreateOrganization(OrganizationCreateRequest request) {
        var view = organizations.create(request.getName(), names(request.getAssessmentTypes()), request.getLicenses(),
                request.getRateLimitPerMinute());
        return Response.status(Response.Status.CREATED).entity(OrganizationMapper.toDto(view)).build();
    }

    @Override
    @RunOnVirtualThread
    public Response adminListOrganizations(Integer limit, Integer offset) {
        var page = organizations.list(limit, offset);
        return Response.ok(new OrganizationList()
                .data(page.items().stream().map(OrganizationMapper::toDto).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    @Override
    @RunOnVirtualThread
    public Response adminGetOrganization(String orgId) {
        return Response.ok(OrganizationMapper.toDto(organizations.get(orgId))).build();
    }

    @Override
    public Response adminUpdateOrganization(String orgId, OrganizationUpdateRequest request) {
        var view = organizations.update(orgId, request.getName(), names(request.getAssessmentTypes()), request.getLicenses(),
                request.getRateLimitPerMinute());
        return Response.ok(OrganizationMapper.toDto(view)).build();
    }

    @Override
    public Response adminIssueKeyPair(String orgId, KeyPairRequest request) {
        organizations.find(orgId);
        List<String> scopes = request.getScopes() == null ? null : request.getScopes().stream().map(Scope::toString).toList();
        List<String> origins = request.getAllowedOrigins() == null ? null : List.copyOf(request.getAllowedOrigins());
        var pair = keys.issuePair(orgId, request.getEnvironment().toString(), scopes, names(request.getProducts()), origins);
        Instant now = clock.instant();
        return Response.status(Response.Status.CREATED).entity(new KeyPair()
                .secretKey(ApiKeyMapper.toDtoWithSecret(pair.secretKey(), now))
                .publishableKey(ApiKeyMapper.toDtoWithSecret(pair.publishableKey(), now))).build();
    }

    @Override
    @RunOnVirtualThread
    public Response adminListKeys(String orgId, Integer limit, Integer offset) {
        organizations.find(orgId);
        var page = keys.listForOrganization(orgId, limit, offset);
        Instant now = clock.instant();
        return Response.ok(new ApiKeyList()
                .data(page.items().stream().map(k -> ApiKeyMapper.toDto(k, now)).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    @Override
    public Response adminRevokeKey(String orgId, String keyId) {
        organizations.find(orgId);
        ApiKey key = keys.revoke(orgId, keyId);
        return Response.ok(ApiKeyMapper.toDto(key, clock.instant())).build();
    }

    @Override
    public Response adminInviteOwner(String orgId, OwnerInvitationRequest request) {
        var invited = invitations.invite(orgId, request.getEmail(), Role.OWNER, null);
        return Response.status(Response.Status.CREATED).entity(PortalMapper.toDto(invited, clock.instant())).build();
    }

    private static List<String> names(Collection<AssessmentType> types) {
        return types == null ? null : types.stream().map(AssessmentType::toString).toList();
    }
}
