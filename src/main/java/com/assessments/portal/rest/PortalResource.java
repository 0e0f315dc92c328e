package com.assessments.portal.rest;

import com.assessments.api.PortalApi;
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
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

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

    public PortalResource(PortalAccounts accounts, OrganizationService organizations, Caller caller, PortalRequest request,
                          PortalSessions sessions) {
        this.accounts = accounts;
        this.organizations = organizations;
        this.caller = caller;
        this.request = request;
        this.sessions = sessions;
    }

    @Override
    public Response portalSignIn(PortalSignInRequest body) {
        return signedIn(accounts.signIn(body.getEmail(), body.getPassword()));
    }

    @Override
    public Response portalSignOut() {
        Caller.PortalPrincipal me = caller.portal();
        accounts.signOut(me.userId(), me.sessionId());
        return Response.noContent().header(HttpHeaders.SET_COOKIE, cookie("", 0)).build();
    }

    @Override
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
        return signedIn(accounts.acceptInvitation(body.getToken(), body.getName(), body.getPassword()));
    }

    @Override
    public Response portalGetOrganization(String organizationIdHeader) {
        Caller.PortalPrincipal me = caller.portal();
        return Response.ok(PortalMapper.toDto(organizations.get(caller.portalOrganizationId()), Role.of(me.role()))).build();
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
