package com.assessments.key;

import com.assessments.api.AdminApi;
import com.assessments.api.AssessmentsApi;
import com.assessments.api.CoachApi;
import com.assessments.api.EmbedApi;
import com.assessments.api.EventsApi;
import com.assessments.api.KeysApi;
import com.assessments.api.OrganizationApi;
import com.assessments.api.ReportsApi;
import com.assessments.api.SessionsApi;
import com.assessments.api.StatusApi;
import com.assessments.api.TfdApi;
import com.assessments.api.WebhooksApi;
import com.assessments.common.ContractDocument;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Route security comes from openapi.yaml; every generated operation must be covered, with a known scope. */
class ContractSecurityTest {

    /** The copy read at start has no prose: every route's schemes, scope and role must read as from the whole file. */
    @Test
    void theRulesReadFromTheStartCopyAreThoseOfTheWholeDocument() throws Exception {
        JsonNode whole = new ObjectMapper(new YAMLFactory()).readTree(ContractDocument.bytes());
        Map<String, ContractSecurity.Requirement> fromWhole = new ContractSecurity(whole).all();
        assertTrue(fromWhole.size() > 50, "routes: " + fromWhole.size());
        assertEquals(fromWhole, new ContractSecurity(ContractDocument.tree()).all());
    }


    private static final List<Class<?>> INTERFACES = List.of(AdminApi.class, AssessmentsApi.class, CoachApi.class,
            EmbedApi.class, EventsApi.class, KeysApi.class, OrganizationApi.class, ReportsApi.class, SessionsApi.class,
            StatusApi.class, TfdApi.class, WebhooksApi.class, com.assessments.api.PortalApi.class,
            com.assessments.api.OverviewApi.class);
    /** The portal routes a person calls before having a session. */
    private static final Set<String> PUBLIC_PORTAL = Set.of("portalSignIn", "portalRequestPasswordReset",
            "portalConfirmPasswordReset", "portalAcceptInvitation");

    private final ContractSecurity contract = new ContractSecurity();

    @Test
    void everyGeneratedOperationHasARequirement() {
        int operations = 0;
        for (Class<?> api : INTERFACES) {
            for (Method m : api.getDeclaredMethods()) {
                operations++;
                var requirement = contract.forOperation(m.getName());
                assertTrue(requirement.isPresent(), "no security for " + api.getSimpleName() + "." + m.getName());
                var r = requirement.get();
                if (r.accepts(ContractSecurity.SECRET_KEY) || r.accepts(ContractSecurity.PUBLISHABLE_KEY)) {
                    assertNotNull(r.scope(), m.getName() + " takes API keys but names no x-required-scope");
                    assertTrue(Scopes.ALL.contains(r.scope()), m.getName() + " names unknown scope " + r.scope());
                }
            }
        }
        assertEquals(operations, contract.all().size(), "the contract has operations no interface declares");
    }

    @Test
    void onlyStatusIsPublicAndAdminRoutesTakeOnlyTheOperatorToken() {
        contract.all().forEach((operation, r) -> {
            if (operation.equals("getStatus") || PUBLIC_PORTAL.contains(operation)) {
                assertTrue(r.isPublic());
            } else {
                assertFalse(r.isPublic(), operation + " is public");
            }
            if (operation.startsWith("admin")) {
                assertEquals(Set.of(ContractSecurity.ADMIN_TOKEN), r.schemes(), operation);
            } else if (operation.startsWith("portal")) {
                assertTrue(r.portal(), operation);
                assertTrue(r.isPublic() || r.schemes().equals(Set.of(ContractSecurity.PORTAL_SESSION))
                        || r.schemes().equals(Set.of(ContractSecurity.PORTAL_SESSION, ContractSecurity.PORTAL_CSRF)),
                        operation + " takes other credentials than the portal session: " + r.schemes());
            } else {
                assertFalse(r.portal(), operation);
                assertFalse(r.accepts(ContractSecurity.PORTAL_SESSION), operation + " takes the portal cookie");
                assertFalse(r.accepts(ContractSecurity.ADMIN_TOKEN), operation + " takes the operator token");
            }
        });
    }

    @Test
    void publishableKeysReachOnlyTheCatalogue() {
        contract.all().forEach((operation, r) -> {
            if (r.accepts(ContractSecurity.PUBLISHABLE_KEY)) {
                assertTrue(Scopes.PUBLISHABLE.contains(r.scope()), operation + " lets publishable keys use scope " + r.scope());
            }
        });
    }

    @Test
    void requestsAreMatchedToOperationsByMethodAndPathTemplate() {
        assertEquals(Optional.of("getSession"), contract.operationAt("GET", "/api/v1/sessions/ses_1"));
        assertEquals(Optional.of("deleteSession"), contract.operationAt("delete", "/api/v1/sessions/ses_1"));
        assertEquals(Optional.of("submitSession"), contract.operationAt("POST", "/api/v1/sessions/ses_1/submit"));
        assertEquals(Optional.of("getSessionReportPdf"), contract.operationAt("GET", "/api/v1/sessions/ses_1/report.pdf"));
        assertEquals(Optional.of("getQuestionBank"), contract.operationAt("GET", "/api/v1/assessments/questions/disc"));
        assertEquals(Optional.of("listAssessmentTypes"), contract.operationAt("GET", "/api/v1/assessments/types"));
        assertEquals(Optional.of("resendWebhookDelivery"),
                contract.operationAt("POST", "/api/v1/webhooks/we_1/deliveries/whd_1/resend"));
        assertEquals(Optional.of("adminRevokeKey"), contract.operationAt("POST", "/api/admin/organizations/org_1/keys/key_1/revoke"));
        assertEquals(Optional.empty(), contract.operationAt("PUT", "/api/v1/sessions/ses_1"), "no such method there");
        assertEquals(Optional.empty(), contract.operationAt("GET", "/api/v1/sessions/ses_1/extra"));
        assertEquals(Optional.empty(), contract.operationAt("GET", "/api/v1/sessions//submit"), "a parameter is never empty");
        assertEquals(Optional.empty(), contract.operationAt("GET", "/api/v1/sessions/a/b"));
        assertEquals(Optional.empty(), contract.operationAt("GET", "/api/v1/nothing"));
        assertEquals(Optional.of("getOverviewSession"), contract.operationAt("GET", "/v1/sessions/ses_1"),
                "a parameter among the first three segments");
        assertEquals(Optional.empty(), contract.operationAt("GET", "/v1/sessions/ses_1/extra"));
        assertEquals(Optional.empty(), contract.operationAt("GET", "/v1/nothing/x"));
        assertEquals(Optional.empty(), contract.operationAt("GET", ""));
    }

    @Test
    void everyOperationIsFoundAtItsOwnTemplate() {
        // the routes are indexed by their first three segments; each template, its parameters filled, finds its operation
        int operations = 0;
        for (var path : ContractDocument.tree().path("paths").properties()) {
            String concrete = path.getKey().replaceAll("\\{[^/{}]+}", "p_1");
            for (var operation : path.getValue().properties()) {
                if (operation.getValue().has("operationId")) {
                    assertEquals(Optional.of(operation.getValue().get("operationId").asText()),
                            contract.operationAt(operation.getKey(), concrete), operation.getKey() + " " + concrete);
                    operations++;
                }
            }
        }
        assertEquals(contract.all().size(), operations);
    }

    @Test
    void aParameterisedHeadIsTriedWhereALiteralHeadIsIndexedToo() throws Exception {
        // ours has no template whose literal head is also a parameterised template's match; this contract has
        ContractSecurity small = new ContractSecurity(new ObjectMapper().readTree("""
                {"paths": {
                  "/v1/sessions/{id}": {"get": {"operationId": "byId"}},
                  "/v1/sessions/current/details": {"get": {"operationId": "currentDetails"}},
                  "/v1/status": {"get": {"operationId": "status"}}}}"""));
        assertEquals(Optional.of("byId"), small.operationAt("GET", "/v1/sessions/current"),
                "the literal head /v1/sessions/current is indexed, and /v1/sessions/{id} matches under it");
        assertEquals(Optional.of("currentDetails"), small.operationAt("GET", "/v1/sessions/current/details"));
        assertEquals(Optional.of("byId"), small.operationAt("get", "/v1/sessions/ses_1"));
        assertEquals(Optional.of("status"), small.operationAt("GET", "/v1/status"));
        for (String path : List.of("", "/", "//", "/v1/status/", "/v1//status", "/v1/sessions/", "/v1/sessions//details")) {
            assertEquals(Optional.empty(), small.operationAt("GET", path), path);
        }
        assertEquals(Optional.empty(), small.operationAt("POST", "/v1/sessions/ses_1"));
    }

    @Test
    void aHeadIsThePathsFirstThreeSegments() {
        assertEquals("/api/v1/sessions", ContractSecurity.head("/api/v1/sessions/ses_1/submit"));
        assertEquals("/api/v1/sessions", ContractSecurity.head("/api/v1/sessions"));
        assertEquals("/v1/sessions", ContractSecurity.head("/v1/sessions"));
        assertEquals("/a/b/", ContractSecurity.head("/a/b/"));
        assertEquals("//", ContractSecurity.head("//"));
        assertEquals("/", ContractSecurity.head("/"));
        assertEquals("", ContractSecurity.head(""));
    }

    @Test
    void browsersMayCallExactlyThePublicPublishableAndSessionTokenOperations() {
        contract.all().forEach((operation, r) -> assertEquals(!r.portal()
                && (r.isPublic() || r.accepts(ContractSecurity.PUBLISHABLE_KEY) || r.accepts(ContractSecurity.SESSION_TOKEN)),
                r.allowsBrowsers(), operation));
        assertFalse(contract.browserMayCall("POST", "/api/portal/sign-in"), "the portal is same-site only");
        assertFalse(contract.browserMayCall("GET", "/api/portal/me"));
        // what the SDK and the runner call cross-origin
        assertTrue(contract.browserMayCall("GET", "/api/v1/assessments/types"));
        assertTrue(contract.browserMayCall("GET", "/api/v1/assessments/questions/disc"));
        assertTrue(contract.browserMayCall("GET", "/api/v1/embed/session"));
        assertTrue(contract.browserMayCall("PUT", "/api/v1/embed/progress"));
        assertTrue(contract.browserMayCall("POST", "/api/v1/embed/submit"));
        assertTrue(contract.browserMayCall("GET", "/api/v1/status"));
        // server-only
        assertFalse(contract.browserMayCall("POST", "/api/v1/sessions"));
        assertFalse(contract.browserMayCall("GET", "/api/v1/sessions/ses_1"));
        assertFalse(contract.browserMayCall("GET", "/api/v1/org/me"));
        assertFalse(contract.browserMayCall("POST", "/api/v1/keys/key_1/rotate"));
        assertFalse(contract.browserMayCall("GET", "/api/admin/organizations"));
        assertFalse(contract.browserMayCall("DELETE", "/api/v1/assessments/types"));
        assertEquals(List.of("GET"), contract.browserMethods("/api/v1/assessments/types"));
        assertEquals(List.of("PUT"), contract.browserMethods("/api/v1/embed/progress"));
        assertEquals(List.of(), contract.browserMethods("/api/v1/sessions"));
    }
}
