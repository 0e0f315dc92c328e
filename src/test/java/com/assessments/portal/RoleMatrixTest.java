package com.assessments.portal;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.TestDb;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The role x action matrix of the portal: every organization-scoped portal route (x-portal-role in openapi.yaml) is
 * called by an owner, an admin, a developer and a viewer of one organization. A role below the route's minimum gets
 * 403 insufficient_permissions; the others get past authorization (any answer but 401/403). The expected minimum
 * of each route is written here as well, so a change of a route's role in the contract is a visible change of this
 * table; a new portal route without a row here fails the test.
 */
@QuarkusTest
class RoleMatrixTest {

    private static final List<String> ROLES = List.of("owner", "admin", "developer", "viewer");

    private static final Map<String, Object> HOOK = Map.of("environment", "test", "url", "https://127.0.0.1:9/hook",
            "events", java.util.List.of("session.completed"));

    private static final Map<String, String> sharedHooks = new java.util.concurrent.ConcurrentHashMap<>();

    /** The organization's endpoint for the routes that leave it in place (the cap is 20 endpoints per environment). */
    private static String hook(String org) {
        return sharedHooks.computeIfAbsent(org, RoleMatrixTest::newHook);
    }

    /** A new endpoint of the organization, made by its owner through the portal. */
    private static String newHook(String org) {
        return owners.get(org).in(org).contentType(ContentType.JSON).body(HOOK).post("/api/portal/webhooks")
                .then().statusCode(201).extract().path("id");
    }

    private static final Map<String, Portal.SignedIn> owners = new java.util.concurrent.ConcurrentHashMap<>();

    /** operationId -> the weakest role allowed. */
    static final Map<String, String> MATRIX = Map.ofEntries(
            Map.entry("portalGetOrganization", "viewer"),
            Map.entry("portalListKeys", "viewer"),
            Map.entry("portalIssueKeyPair", "developer"),
            Map.entry("portalRotateKey", "developer"),
            Map.entry("portalRevokeKey", "developer"),
            Map.entry("portalListWebhooks", "viewer"),
            Map.entry("portalCreateWebhook", "developer"),
            Map.entry("portalUpdateWebhook", "developer"),
            Map.entry("portalDeleteWebhook", "developer"),
            Map.entry("portalRotateWebhookSecret", "developer"),
            Map.entry("portalListWebhookDeliveries", "viewer"),
            Map.entry("portalResendWebhookDelivery", "developer"),
            Map.entry("portalRecoverWebhookDeliveries", "developer"),
            Map.entry("portalListOccupations", "viewer"),
            Map.entry("portalListTfdConfigs", "viewer"),
            Map.entry("portalCreateTfdConfig", "developer"),
            Map.entry("portalChangeTfdConfigStatus", "developer"),
            Map.entry("portalListMembers", "viewer"),
            Map.entry("portalUpdateMember", "admin"),
            Map.entry("portalRemoveMember", "admin"),
            Map.entry("portalListInvitations", "admin"),
            Map.entry("portalInviteMember", "admin"),
            Map.entry("portalRevokeInvitation", "admin"),
            Map.entry("portalListAuditLog", "owner"),
            Map.entry("portalListSessions", "viewer"),
            Map.entry("portalGetSession", "viewer"),
            Map.entry("portalGetSessionReport", "viewer"),
            Map.entry("portalDeleteSession", "admin"),
            Map.entry("portalSendWebhookTestEvent", "developer"),
            Map.entry("portalListDeadLetters", "viewer"),
            Map.entry("portalRecoverDeadLetters", "developer"),
            Map.entry("portalGetOverview", "viewer"),
            Map.entry("portalGetReport", "admin"),
            Map.entry("portalExportReport", "admin"));

    @Inject
    TestDb db;

    /** One request per operation, made by the given signed-in member of the organization. */
    private static final Map<String, BiFunction<Portal.SignedIn, String, Response>> REQUESTS = Map.ofEntries(
            Map.entry("portalGetOrganization", (who, org) -> who.in(org).get("/api/portal/organization")),
            Map.entry("portalListKeys", (who, org) -> who.in(org).get("/api/portal/keys")),
            Map.entry("portalIssueKeyPair", (who, org) -> who.in(org).contentType(ContentType.JSON)
                    .body(Map.of("environment", "test")).post("/api/portal/keys")),
            Map.entry("portalRotateKey", (who, org) -> who.in(org).post("/api/portal/keys/{id}/rotate",
                    Admin.issueKeys(org, "test", Map.of()).secretKeyId())),
            Map.entry("portalRevokeKey", (who, org) -> who.in(org).post("/api/portal/keys/{id}/revoke",
                    Admin.issueKeys(org, "test", Map.of()).secretKeyId())),
            Map.entry("portalListWebhooks", (who, org) -> who.in(org).get("/api/portal/webhooks")),
            Map.entry("portalCreateWebhook", (who, org) -> who.in(org).contentType(ContentType.JSON).body(HOOK).post("/api/portal/webhooks")),
            Map.entry("portalUpdateWebhook", (who, org) -> who.in(org).contentType(ContentType.JSON).body(Map.of("description", "x"))
                    .patch("/api/portal/webhooks/{id}", hook(org))),
            Map.entry("portalDeleteWebhook", (who, org) -> who.in(org).delete("/api/portal/webhooks/{id}", newHook(org))),
            Map.entry("portalRotateWebhookSecret", (who, org) -> who.in(org).post("/api/portal/webhooks/{id}/rotate-secret", hook(org))),
            Map.entry("portalListWebhookDeliveries", (who, org) -> who.in(org).get("/api/portal/webhooks/{id}/deliveries", hook(org))),
            // an unknown delivery: past authorization, the answer is 404 delivery_not_found
            Map.entry("portalResendWebhookDelivery", (who, org) -> who.in(org)
                    .post("/api/portal/webhooks/{id}/deliveries/{d}/resend", hook(org), "whd_unknown")),
            Map.entry("portalRecoverWebhookDeliveries", (who, org) -> who.in(org).contentType(ContentType.JSON)
                    .body(Map.of("since", "2025-01-01T00:00:00Z")).post("/api/portal/webhooks/{id}/recover", hook(org))),
            Map.entry("portalListOccupations", (who, org) -> who.in(org).get("/api/portal/occupations")),
            Map.entry("portalListTfdConfigs", (who, org) -> who.in(org).get("/api/portal/tfd-configs")),
            Map.entry("portalCreateTfdConfig", (who, org) -> who.in(org).contentType(ContentType.JSON)
                    .body(Map.of("occupationId", "15-1252.00")).post("/api/portal/tfd-configs")),
            Map.entry("portalChangeTfdConfigStatus", (who, org) -> who.in(org).contentType(ContentType.JSON)
                    .body(Map.of("status", "reviewing")).post("/api/portal/tfd-configs/{id}/status", tfdConfig(org))),
            Map.entry("portalListMembers", (who, org) -> who.in(org).get("/api/portal/team/members")),
            Map.entry("portalUpdateMember", (who, org) -> who.in(org).contentType(ContentType.JSON).body(Map.of("role", "viewer"))
                    .patch("/api/portal/team/members/{id}", newMember(org))),
            Map.entry("portalRemoveMember", (who, org) -> who.in(org).delete("/api/portal/team/members/{id}", newMember(org))),
            Map.entry("portalListInvitations", (who, org) -> who.in(org).get("/api/portal/team/invitations")),
            Map.entry("portalInviteMember", (who, org) -> who.in(org).contentType(ContentType.JSON)
                    .body(Map.of("email", Portal.uniqueEmail("matrix"), "role", "developer")).post("/api/portal/team/invitations")),
            Map.entry("portalRevokeInvitation", (who, org) -> who.in(org).post("/api/portal/team/invitations/{id}/revoke",
                    owners.get(org).in(org).contentType(ContentType.JSON).body(Map.of("email", Portal.uniqueEmail("revoked"),
                            "role", "viewer")).post("/api/portal/team/invitations").then().statusCode(201).extract().<String>path("id"))),
            Map.entry("portalListAuditLog", (who, org) -> who.in(org).get("/api/portal/audit-log")),
            Map.entry("portalListSessions", (who, org) -> who.in(org).queryParam("environment", "test").get("/api/portal/sessions")),
            Map.entry("portalGetSession", (who, org) -> who.in(org).queryParam("environment", "test")
                    .get("/api/portal/sessions/{id}", session(org))),
            // an open session: past authorization, the answer is 400 session_not_completed
            Map.entry("portalGetSessionReport", (who, org) -> who.in(org).queryParam("environment", "test")
                    .get("/api/portal/sessions/{id}/report.pdf", session(org))),
            Map.entry("portalDeleteSession", (who, org) -> who.in(org).queryParam("environment", "test")
                    .delete("/api/portal/sessions/{id}", session(org))),
            Map.entry("portalSendWebhookTestEvent", (who, org) -> who.in(org).post("/api/portal/webhooks/{id}/test", hook(org))),
            Map.entry("portalListDeadLetters", (who, org) -> who.in(org).get("/api/portal/dead-letters")),
            Map.entry("portalRecoverDeadLetters", (who, org) -> who.in(org).contentType(ContentType.JSON)
                    .body(Map.of("since", "2025-01-01T00:00:00Z")).post("/api/portal/dead-letters/recover")),
            Map.entry("portalGetOverview", (who, org) -> who.in(org).get("/api/portal/overview")),
            Map.entry("portalGetReport", (who, org) -> who.in(org).get("/api/portal/reports")),
            Map.entry("portalExportReport", (who, org) -> who.in(org).get("/api/portal/reports/export.csv")));

    /** A new test session of the organization (with a key of its own). */
    private static String session(String org) {
        return com.assessments.support.Sessions.created(Admin.issueKeys(org, "test", Map.of()).secretKey(), "disc")[0];
    }

    /** A new viewer of the organization (invited by its owner, accepted): their user id. */
    private static String newMember(String org) {
        String link = owners.get(org).in(org).contentType(ContentType.JSON).body(Map.of("email", Portal.uniqueEmail("target"),
                "role", "viewer")).post("/api/portal/team/invitations").then().statusCode(201).extract().path("acceptUrl");
        return Portal.accept(Portal.token(link), "Target", Portal.PASSWORD).then().statusCode(200).extract().path("user.id");
    }

    /** A new TFD config of the organization (generating), made by its owner. */
    private static String tfdConfig(String org) {
        return owners.get(org).in(org).contentType(ContentType.JSON).body(Map.of("occupationId", "15-1252.00"))
                .post("/api/portal/tfd-configs").then().statusCode(201).extract().path("id");
    }



    @Test
    void everyPortalRouteLetsExactlyTheRolesAtOrAboveItsMinimum() throws IOException {
        assertEquals(new TreeMap<>(MATRIX), new TreeMap<>(contractRoles()), "x-portal-role of the contract vs this test's matrix");
        assertEquals(MATRIX.keySet(), REQUESTS.keySet(), "every route of the matrix needs a request here");

        String org = Admin.createOrganization("Matrix " + System.nanoTime(), Map.of("disc", 5));
        Map<String, Portal.SignedIn> members = new LinkedHashMap<>();
        members.put("owner", Portal.newOwner(org));
        owners.put(org, members.get("owner"));
        for (String role : ROLES.subList(1, ROLES.size())) {
            members.put(role, Portal.member(db, org, role));
        }

        List<String> wrong = new ArrayList<>();
        MATRIX.forEach((operation, minimum) -> {
            for (String role : ROLES) {
                boolean allowed = ROLES.indexOf(role) <= ROLES.indexOf(minimum);
                Response r = REQUESTS.get(operation).apply(members.get(role), org);
                boolean refused = r.statusCode() == 403 && "insufficient_permissions".equals(r.path("error.code"));
                if (allowed && (r.statusCode() == 401 || r.statusCode() == 403)) {
                    wrong.add(operation + " as " + role + ": refused " + r.statusCode() + " " + r.asString());
                } else if (!allowed && !refused) {
                    wrong.add(operation + " as " + role + ": not refused: " + r.statusCode() + " " + r.asString());
                }
            }
        });
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    static Map<String, String> contractRoles() throws IOException {
        JsonNode spec = new ObjectMapper(new YAMLFactory()).readTree(Path.of("openapi.yaml").toFile());
        Map<String, String> out = new TreeMap<>();
        spec.path("paths").properties().forEach(path -> path.getValue().properties().forEach(op -> {
            JsonNode role = op.getValue().path("x-portal-role");
            if (!role.isMissingNode()) {
                out.put(op.getValue().path("operationId").asText(), role.asText());
            }
        }));
        return out;
    }
}
