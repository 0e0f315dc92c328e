package com.assessments.web;

import com.assessments.api.model.AssessmentType;
import com.assessments.api.model.CandidateInput;
import com.assessments.api.model.CreateSessionRequest;
import com.assessments.common.AppConfig;
import com.assessments.common.AssessmentTypes;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.key.ApiKeyService;
import com.assessments.key.Caller;
import com.assessments.org.DemoSeeder;
import com.assessments.org.Organization;
import com.assessments.org.OrganizationService;
import com.assessments.session.SessionService;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The demo host page (dev and test only, assessments.demo-enabled): a page that creates a test session through
 * the server and embeds it with the browser SDK, so a newcomer sees the whole flow in one minute. It keeps a
 * test key pair per page origin in memory (the plain keys are never stored).
 */
@Path("/demo")
public class DemoResource {

    static final String DEMO_ORG = "Embed Demo";

    /** The page's key pair; the secret one is looked up at each create, as a caller's would be (cached 30 s). */
    private record DemoKeys(String secretKey, String publishableKey) {
    }

    private static final Map<String, DemoKeys> KEYS = new ConcurrentHashMap<>();

    private final WebConfig config;
    private final AppConfig app;
    private final OrganizationService organizations;
    private final ApiKeyService keys;
    private final SessionService sessions;

    public DemoResource(WebConfig config, AppConfig app, OrganizationService organizations, ApiKeyService keys,
                        SessionService sessions) {
        this.config = config;
        this.app = app;
        this.organizations = organizations;
        this.keys = keys;
        this.sessions = sessions;
    }

    @GET
    @RunOnVirtualThread
    public Response page() {
        requireEnabled();
        return WebResource.file("web/demo.html", "text/html; charset=utf-8").header("Cache-Control", "no-cache").build();
    }

    @POST
    @Path("/session")
    public Response session(@HeaderParam("Origin") String origin) {
        requireEnabled();
        String pageOrigin = origin != null ? origin : app.publicBaseUrl().replaceAll("/+$", "");
        DemoKeys demo = KEYS.computeIfAbsent(pageOrigin, this::issue);
        Caller.KeyPrincipal secret = keys.authenticate(demo.secretKey()).orElse(null);
        if (secret == null) { // revoked meanwhile: a new pair
            KEYS.remove(pageOrigin, demo);
            demo = KEYS.computeIfAbsent(pageOrigin, this::issue);
            secret = keys.authenticate(demo.secretKey()).orElseThrow();
        }
        CreateSessionRequest request = new CreateSessionRequest()
                .assessmentType(AssessmentType.DISC)
                .candidate(new CandidateInput().externalId("demo-candidate").name("Demo Candidate"));
        var outcome = sessions.create(secret, request, null);
        var created = (com.assessments.api.model.Session) outcome.body();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sessionId", created.getId());
        body.put("sessionToken", created.getSessionToken());
        body.put("assessmentUrl", created.getAssessmentUrl().toString());
        body.put("publishableKey", demo.publishableKey());
        body.put("apiBase", pageOrigin);
        return Response.ok(body, MediaType.APPLICATION_JSON_TYPE).header("Cache-Control", "no-store").build();
    }

    private DemoKeys issue(String origin) {
        return QuarkusTransaction.requiringNew().call(() -> {
            // the seeded demo organization when there is one (dev), so the keys printed at start see the demo's
            // sessions; otherwise (tests) an organization of its own
            Organization org = Organization.findByName(DemoSeeder.DEMO_NAME)
                    .or(() -> Organization.findByName(DEMO_ORG))
                    .orElseGet(() -> organizations.create(DEMO_ORG, AssessmentTypes.ALL, Map.of(), null).organization());
            var pair = keys.issuePair(org.id, "test", null, null, List.of(origin));
            return new DemoKeys(pair.secretKey().plainKey(), pair.publishableKey().plainKey());
        });
    }

    private void requireEnabled() {
        if (!config.demoEnabled()) {
            throw new ApiException(ErrorCode.NOT_FOUND, "No such route.");
        }
    }
}
