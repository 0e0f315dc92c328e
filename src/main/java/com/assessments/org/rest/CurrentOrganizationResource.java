package com.assessments.org.rest;

import com.assessments.api.OrganizationApi;
import com.assessments.api.model.Environment;
import com.assessments.api.model.OrgContext;
import com.assessments.api.model.RateLimitInfo;
import com.assessments.key.ApiKey;
import com.assessments.key.ApiKeyMapper;
import com.assessments.key.Caller;
import com.assessments.org.OrganizationMapper;
import com.assessments.org.OrganizationService;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.core.Response;

import java.time.Clock;

/** GET /api/v1/org/me: the organization, environment and key behind the caller's credential. */
public class CurrentOrganizationResource implements OrganizationApi {

    static final int WINDOW_SECONDS = 60;

    private final Caller caller;
    private final OrganizationService organizations;
    private final Clock clock;

    public CurrentOrganizationResource(Caller caller, OrganizationService organizations, Clock clock) {
        this.caller = caller;
        this.organizations = organizations;
        this.clock = clock;
    }

    @Override
    @RunOnVirtualThread
    public Response getCurrentOrganization() {
        var view = organizations.get(caller.organizationId());
        ApiKey key = ApiKey.findById(caller.key().keyId());
        var rate = caller.rateLimit();
        return Response.ok(new OrgContext()
                .organization(OrganizationMapper.toDto(view))
                .environment(Environment.fromValue(caller.environment()))
                .key(ApiKeyMapper.toDto(key, clock.instant()))
                .rateLimit(new RateLimitInfo().limit(rate.limit()).windowSeconds(WINDOW_SECONDS).remaining(rate.remaining()))).build();
    }
}
