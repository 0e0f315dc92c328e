package com.assessments.portal.rest;

import com.assessments.api.PortalApi;
import com.assessments.api.model.ApiKeyList;
import com.assessments.api.model.DeletedObject;
import com.assessments.api.model.EventType;
import com.assessments.api.model.PortalWebhookCreateRequest;
import com.assessments.api.model.RecoverRequest;
import com.assessments.api.model.RecoverResult;
import com.assessments.api.model.RotateWebhookSecretRequest;
import com.assessments.api.model.WebhookDeliveryList;
import com.assessments.api.model.WebhookDeliveryStatus;
import com.assessments.api.model.WebhookEndpointList;
import com.assessments.api.model.WebhookEndpointUpdateRequest;
import com.assessments.webhook.WebhookMapper;
import com.assessments.api.model.KeyPair;
import com.assessments.api.model.KeyPairRequest;
import com.assessments.api.model.RotateKeyRequest;
import com.assessments.api.model.RotatedKey;
import com.assessments.api.model.Scope;
import com.assessments.api.model.AssessmentType;
import com.assessments.key.ApiKeyMapper;
import com.assessments.api.model.PortalAcceptInvitationRequest;
import com.assessments.api.model.PortalPasswordResetConfirmRequest;
import com.assessments.api.model.PortalPasswordResetRequest;
import com.assessments.api.model.PortalSignInRequest;
import com.assessments.key.Caller;
import com.assessments.org.OrganizationService;
import com.assessments.portal.PortalAccounts;
import com.assessments.portal.PortalMapper;
import com.assessments.portal.Role;
import com.assessments.portal.auth.PortalAuthenticator;
import com.assessments.portal.auth.PortalRequest;
import com.assessments.portal.auth.PortalSessions;
import com.assessments.portal.keys.PortalKeys;
import com.assessments.portal.webhooks.PortalWebhooks;
import com.assessments.portal.tfd.PortalTfdConfigs;
import com.assessments.portal.team.Team;
import com.assessments.portal.results.OrganizationSessions;
import com.assessments.api.model.SessionList;
import com.assessments.api.model.SessionStatus;
import com.assessments.report.rest.ReportsResource;
import com.assessments.session.SessionMapper;
import com.assessments.session.SessionService;
import io.smallrye.common.annotation.RunOnVirtualThread;
import java.time.OffsetDateTime;
import com.assessments.api.model.PortalAuditLog;
import com.assessments.api.model.Environment;
import com.assessments.api.model.PortalOverview;
import com.assessments.api.model.PortalReport;
import com.assessments.api.model.PortalReportRow;
import com.assessments.api.model.PortalSessionCount;
import com.assessments.common.Times;
import com.assessments.portal.reports.PortalReports;
import com.assessments.api.model.PortalInvitationList;
import com.assessments.api.model.PortalInvitationRequest;
import com.assessments.api.model.PortalMemberList;
import com.assessments.api.model.PortalMemberUpdateRequest;
import com.assessments.api.model.PortalOccupation;
import com.assessments.api.model.PortalOccupationList;
import com.assessments.api.model.PortalTfdConfigCreateRequest;
import com.assessments.api.model.PortalTfdConfigList;
import com.assessments.api.model.PortalTfdConfigStatusRequest;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * The portal's account routes: sign-in and sign-out, the signed-in person, password reset, invitations, and the
 * current organization. Authentication (cookie, CSRF, organization, role) is the filter's job; the session cookie is
 * written here.
 */
public class PortalResource implements PortalApi {

    private final PortalAccounts accounts;
    private final OrganizationService organizations;
    private final Caller caller;
    private final PortalRequest request;
    private final PortalSessions sessions;
    private final PortalKeys keys;
    private final Clock clock;
    private final PortalWebhooks webhooks;
    private final PortalTfdConfigs tfd;
    private final Team team;
    private final OrganizationSessions orgSessions;
    private final SessionMapper sessionMapper;
    private final PortalReports reports;

    public PortalResource(PortalAccounts accounts, OrganizationService organizations, Caller caller, PortalRequest request,
                          PortalSessions sessions, PortalKeys keys, Clock clock, PortalWebhooks webhooks, PortalTfdConfigs tfd,
                          Team team, OrganizationSessions orgSessions, SessionMapper sessionMapper, PortalReports reports) {
        this.reports = reports;
        this.team = team;
        this.orgSessions = orgSessions;
        this.sessionMapper = sessionMapper;
        this.webhooks = webhooks;
        this.tfd = tfd;
        this.accounts = accounts;
        this.organizations = organizations;
        this.caller = caller;
        this.request = request;
        this.sessions = sessions;
        this.keys = keys;
        this.clock = clock;
    }

    @Override
    public Response portalSignIn(PortalSignInRequest body) {
        return signedIn(accounts.signIn(body.getEmail(), body.getPassword(), request.address()));
    }

    @Override
    public Response portalSignOut() {
        Caller.PortalPrincipal me = caller.portal();
        accounts.signOut(me.userId(), me.sessionId());
        return Response.noContent().header(HttpHeaders.SET_COOKIE, cookie("", 0)).build();
    }

    @Override
    @RunOnVirtualThread
    public Response portalGetMe() {
        Caller.PortalPrincipal me = caller.portal();
        return Response.ok(PortalMapper.toDto(accounts.me(me.userId(), me.sessionId(), me.csrfToken()))).build();
    }

    @Override
    public Response portalRequestPasswordReset(PortalPasswordResetRequest body) {
        accounts.requestReset(body.getEmail());
        return Response.accepted().build();
    }

    @Override
    public Response portalConfirmPasswordReset(PortalPasswordResetConfirmRequest body) {
        accounts.confirmReset(body.getToken(), body.getPassword());
        return Response.noContent().build();
    }

    @Override
    public Response portalAcceptInvitation(PortalAcceptInvitationRequest body) {
        return signedIn(accounts.acceptInvitation(body.getToken(), body.getName(), body.getPassword(), request.address()));
    }

    @Override
    @RunOnVirtualThread
    public Response portalGetOrganization(String organizationIdHeader) {
        Caller.PortalPrincipal me = caller.portal();
        return Response.ok(PortalMapper.toDto(organizations.get(caller.portalOrganizationId()), Role.of(me.role()))).build();
    }

    // ------------------------------------------------------------------------------------------------ API keys

    static final int DEFAULT_GRACE_SECONDS = 86400;

    @Override
    @RunOnVirtualThread
    public Response portalListKeys(String organizationIdHeader, Integer limit, Integer offset) {
        var page = keys.list(caller.portalOrganizationId(), limit, offset);
        Instant now = clock.instant();
        return Response.ok(new ApiKeyList().data(page.items().stream().map(k -> ApiKeyMapper.toDto(k, now)).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    @Override
    public Response portalIssueKeyPair(KeyPairRequest body, String organizationIdHeader) {
        List<String> scopes = body.getScopes() == null ? null : body.getScopes().stream().map(Scope::toString).toList();
        List<String> products = body.getProducts() == null ? null : body.getProducts().stream().map(AssessmentType::toString).toList();
        List<String> origins = body.getAllowedOrigins() == null ? null : List.copyOf(body.getAllowedOrigins());
        var pair = keys.issue(caller.portalOrganizationId(), caller.portal().userId(), body.getEnvironment().toString(), scopes,
                products, origins);
        Instant now = clock.instant();
        return Response.status(Response.Status.CREATED).entity(new KeyPair()
                .secretKey(ApiKeyMapper.toDtoWithSecret(pair.secretKey(), now))
                .publishableKey(ApiKeyMapper.toDtoWithSecret(pair.publishableKey(), now))).build();
    }

    @Override
    public Response portalRotateKey(String keyId, String organizationIdHeader, RotateKeyRequest body) {
        int grace = body == null || body.getGracePeriodSeconds() == null ? DEFAULT_GRACE_SECONDS : body.getGracePeriodSeconds();
        var rotation = keys.rotate(caller.portalOrganizationId(), caller.portal().userId(), keyId, grace);
        Instant now = clock.instant();
        return Response.ok(new RotatedKey()
                .key(ApiKeyMapper.toDtoWithSecret(rotation.key(), now))
                .previousKey(ApiKeyMapper.toDto(rotation.previous(), now))).build();
    }

    @Override
    public Response portalRevokeKey(String keyId, String organizationIdHeader) {
        var key = keys.revoke(caller.portalOrganizationId(), caller.portal().userId(), keyId);
        return Response.ok(ApiKeyMapper.toDto(key, clock.instant())).build();
    }

    // ------------------------------------------------------------------------------------------------ webhooks

    @Override
    @RunOnVirtualThread
    public Response portalListWebhooks(String organizationIdHeader, Integer limit, Integer offset) {
        var page = webhooks.list(org(), limit, offset);
        return Response.ok(new WebhookEndpointList().data(page.items().stream().map(WebhookMapper::toDto).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    @Override
    public Response portalCreateWebhook(PortalWebhookCreateRequest body, String organizationIdHeader) {
        var created = webhooks.create(org(), user(), body.getEnvironment().toString(), body.getUrl(), events(body.getEvents()),
                body.getDescription());
        return Response.status(Response.Status.CREATED).entity(WebhookMapper.toDtoWithSecret(created)).build();
    }

    @Override
    public Response portalUpdateWebhook(String id, WebhookEndpointUpdateRequest body, String organizationIdHeader) {
        var updated = webhooks.update(org(), user(), id, body.getUrl(), events(body.getEvents()), body.getDescription(),
                body.getStatus() == null ? null : body.getStatus().toString());
        return Response.ok(WebhookMapper.toDto(updated)).build();
    }

    @Override
    public Response portalDeleteWebhook(String id, String organizationIdHeader) {
        webhooks.delete(org(), user(), id);
        return Response.ok(new DeletedObject().id(id)._object(DeletedObject.ObjectEnum.WEBHOOK_ENDPOINT).deleted(true)).build();
    }

    @Override
    public Response portalRotateWebhookSecret(String id, String organizationIdHeader, RotateWebhookSecretRequest body) {
        int overlap = body == null || body.getOverlapSeconds() == null ? 86_400 : body.getOverlapSeconds();
        return Response.ok(WebhookMapper.toDtoWithSecret(webhooks.rotateSecret(org(), user(), id, overlap))).build();
    }

    @Override
    @RunOnVirtualThread
    public Response portalListWebhookDeliveries(String id, String organizationIdHeader, WebhookDeliveryStatus status, Integer limit,
                                                Integer offset) {
        var page = webhooks.deliveries(org(), id, status == null ? null : status.toString(), limit, offset);
        return Response.ok(new WebhookDeliveryList().data(page.items().stream().map(WebhookMapper::toDto).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    @Override
    public Response portalResendWebhookDelivery(String id, String deliveryId, String organizationIdHeader) {
        return Response.status(Response.Status.ACCEPTED)
                .entity(WebhookMapper.toDto(webhooks.resend(org(), user(), id, deliveryId))).build();
    }

    @Override
    public Response portalRecoverWebhookDeliveries(String id, RecoverRequest body, String organizationIdHeader) {
        int recovered = webhooks.recover(org(), user(), id, body.getSince().toInstant(),
                body.getUntil() == null ? null : body.getUntil().toInstant());
        return Response.status(Response.Status.ACCEPTED).entity(new RecoverResult().recovered(recovered)).build();
    }

    @Override
    public Response portalSendWebhookTestEvent(String id, String organizationIdHeader) {
        return Response.status(Response.Status.ACCEPTED).entity(WebhookMapper.toDto(webhooks.sendTest(org(), user(), id))).build();
    }

    @Override
    @RunOnVirtualThread
    public Response portalListDeadLetters(String organizationIdHeader, String environment, Integer limit, Integer offset) {
        var page = webhooks.deadLetters(org(), environment, limit, offset);
        return Response.ok(new WebhookDeliveryList().data(page.items().stream().map(WebhookMapper::toDto).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    @Override
    public Response portalRecoverDeadLetters(RecoverRequest body, String organizationIdHeader, String environment) {
        int recovered = webhooks.recoverAll(org(), user(), environment, body.getSince().toInstant(),
                body.getUntil() == null ? null : body.getUntil().toInstant());
        return Response.status(Response.Status.ACCEPTED).entity(new RecoverResult().recovered(recovered)).build();
    }

    // ---------------------------------------------------------------------------------------- overview, reports

    @Override
    @RunOnVirtualThread
    public Response portalGetOverview(String organizationIdHeader, String environment, Integer days) {
        var o = reports.overview(org(), env(environment), days == null ? 30 : days);
        return Response.ok(new PortalOverview().environment(Environment.fromValue(o.environment())).days(o.days()).from(o.from())
                .licenses(o.licenses().stream().map(PortalMapper::license).toList())
                .sessions(o.sessions().stream().map(c -> new PortalSessionCount().date(c.date())
                        .assessmentType(AssessmentType.fromValue(c.assessmentType())).status(SessionStatus.fromValue(c.status()))
                        .count(c.count())).toList())).build();
    }

    @Override
    @RunOnVirtualThread
    public Response portalGetReport(String organizationIdHeader, String period, OffsetDateTime from, OffsetDateTime to) {
        var r = report(period, from, to);
        return Response.ok(new PortalReport().period(PortalReport.PeriodEnum.fromValue(r.period()))
                .from(Times.utc(r.from())).to(Times.utc(r.to()))
                .rows(r.rows().stream().map(x -> new PortalReportRow().periodStart(x.periodStart())
                        .assessmentType(AssessmentType.fromValue(x.assessmentType())).completed(x.completed())
                        .licensesConsumed(x.licensesConsumed())).toList())).build();
    }

    @Override
    @RunOnVirtualThread
    public Response portalExportReport(String organizationIdHeader, String period, OffsetDateTime from, OffsetDateTime to) {
        var r = report(period, from, to);
        return Response.ok(PortalReports.csv(r), "text/csv; charset=utf-8")
                .header("Content-Disposition", "attachment; filename=\"" + PortalReports.fileName(r) + "\"").build();
    }

    private PortalReports.Report report(String period, OffsetDateTime from, OffsetDateTime to) {
        return reports.report(org(), period, from == null ? null : from.toInstant(), to == null ? null : to.toInstant());
    }

    // --------------------------------------------------------------------------------------------- TFD configs

    @Override
    @RunOnVirtualThread
    public Response portalListOccupations(String organizationIdHeader) {
        return Response.ok(new PortalOccupationList().data(tfd.occupations().stream()
                .map(o -> new PortalOccupation().id(o.id()).name(o.name())).toList())).build();
    }

    @Override
    @RunOnVirtualThread
    public Response portalListTfdConfigs(String organizationIdHeader) {
        return Response.ok(new PortalTfdConfigList().data(tfd.list(org()).stream().map(PortalMapper::toDto).toList())).build();
    }

    @Override
    public Response portalCreateTfdConfig(PortalTfdConfigCreateRequest body, String organizationIdHeader) {
        return Response.status(Response.Status.CREATED).entity(PortalMapper.toDto(tfd.create(org(), user(), body.getOccupationId())))
                .build();
    }

    @Override
    public Response portalChangeTfdConfigStatus(String configId, PortalTfdConfigStatusRequest body, String organizationIdHeader) {
        return Response.ok(PortalMapper.toDto(tfd.move(org(), user(), configId, body.getStatus().toString()))).build();
    }

    // ------------------------------------------------------------------------------------------------ sessions

    @Override
    @RunOnVirtualThread
    public Response portalListSessions(String organizationIdHeader, String environment, SessionStatus status, AssessmentType assessmentType,
                                       String candidateId, OffsetDateTime createdAfter, OffsetDateTime createdBefore, Integer limit,
                                       Integer offset) {
        var filter = new SessionService.ListFilter(status, assessmentType == null ? null : assessmentType.toString(), candidateId,
                createdAfter, createdBefore);
        var page = orgSessions.list(org(), env(environment), filter, limit, offset);
        return Response.ok(new SessionList().data(page.items().stream().map(sessionMapper::toSummary).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    @Override
    @RunOnVirtualThread
    public Response portalGetSession(String id, String organizationIdHeader, String environment) {
        return Response.ok(orgSessions.get(org(), env(environment), id)).build();
    }

    @Override
    public Response portalDeleteSession(String id, String organizationIdHeader, String environment) {
        orgSessions.delete(org(), user(), env(environment), id);
        return Response.noContent().build();
    }

    @Override
    public Response portalGetSessionReport(String id, String organizationIdHeader, String environment) {
        return ReportsResource.pdf(orgSessions.report(org(), env(environment), id));
    }

    private static String env(String environment) {
        return environment == null ? "live" : environment;
    }

    // ---------------------------------------------------------------------------------------- team and audit

    @Override
    @RunOnVirtualThread
    public Response portalListMembers(String organizationIdHeader) {
        return Response.ok(new PortalMemberList().data(team.members(org()).stream().map(PortalMapper::toDto).toList())).build();
    }

    @Override
    public Response portalUpdateMember(String userId, PortalMemberUpdateRequest body, String organizationIdHeader) {
        return Response.ok(PortalMapper.toDto(team.changeRole(org(), user(), role(), userId, Role.of(body.getRole().toString()))))
                .build();
    }

    @Override
    public Response portalRemoveMember(String userId, String organizationIdHeader) {
        team.remove(org(), user(), role(), userId);
        return Response.noContent().build();
    }

    @Override
    @RunOnVirtualThread
    public Response portalListInvitations(String organizationIdHeader) {
        Instant now = clock.instant();
        return Response.ok(new PortalInvitationList().data(team.invitations(org()).stream().map(i -> PortalMapper.toDto(i, now))
                .toList())).build();
    }

    @Override
    public Response portalInviteMember(PortalInvitationRequest body, String organizationIdHeader) {
        var invited = team.invite(org(), user(), role(), body.getEmail(), Role.of(body.getRole().toString()));
        return Response.status(Response.Status.CREATED).entity(PortalMapper.toDto(invited, clock.instant())).build();
    }

    @Override
    public Response portalRevokeInvitation(String invitationId, String organizationIdHeader) {
        return Response.ok(PortalMapper.toDto(team.revokeInvitation(org(), user(), invitationId), clock.instant())).build();
    }

    @Override
    @RunOnVirtualThread
    public Response portalListAuditLog(String organizationIdHeader, String actor, String action, OffsetDateTime createdAfter,
                                       OffsetDateTime createdBefore, Integer limit, Integer offset) {
        var filter = new Team.AuditFilter(actor, action, createdAfter == null ? null : createdAfter.toInstant(),
                createdBefore == null ? null : createdBefore.toInstant());
        var page = team.auditLog(org(), filter, limit, offset);
        return Response.ok(new PortalAuditLog().data(page.items().stream().map(PortalMapper::toDto).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    // ---------------------------------------------------------------------------------------------- helpers

    private Role role() {
        return Role.of(caller.portal().role());
    }

    private String org() {
        return caller.portalOrganizationId();
    }

    private String user() {
        return caller.portal().userId();
    }

    private static List<String> events(java.util.Collection<EventType> events) {
        return events == null ? null : events.stream().map(EventType::toString).toList();
    }

    private Response signedIn(PortalAccounts.SignedIn signedIn) {
        return Response.ok(PortalMapper.toDto(signedIn.me()))
                .header(HttpHeaders.SET_COOKIE, cookie(signedIn.token(), sessions.maxAgeSeconds())).build();
    }

    /** HttpOnly, SameSite=Lax, sent only to the portal's API, Secure when the request came over https. */
    private String cookie(String value, long maxAgeSeconds) {
        return PortalAuthenticator.COOKIE + "=" + value + "; Path=/api/portal; Max-Age=" + maxAgeSeconds
                + "; HttpOnly; SameSite=Lax" + (request.secure() ? "; Secure" : "");
    }
}
