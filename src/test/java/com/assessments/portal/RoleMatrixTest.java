package com.assessments.portal;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.TestDb;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
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

    /** operationId -> the weakest role allowed. */
    static final Map<String, String> MATRIX = Map.ofEntries(
            Map.entry("portalGetOrganization", "viewer"));

    @Inject
    TestDb db;

    /** One request per operation, made by the given signed-in member of the organization. */
    private static final Map<String, BiFunction<Portal.SignedIn, String, Response>> REQUESTS = Map.ofEntries(
            Map.entry("portalGetOrganization", (who, org) -> who.in(org).get("/api/portal/organization")));

    @Test
    void everyPortalRouteLetsExactlyTheRolesAtOrAboveItsMinimum() throws IOException {
        assertEquals(new TreeMap<>(MATRIX), new TreeMap<>(contractRoles()), "x-portal-role of the contract vs this test's matrix");
        assertEquals(MATRIX.keySet(), REQUESTS.keySet(), "every route of the matrix needs a request here");

        String org = Admin.createOrganization("Matrix " + System.nanoTime(), Map.of("disc", 5));
        Map<String, Portal.SignedIn> members = new LinkedHashMap<>();
        members.put("owner", Portal.newOwner(org));
        for (String role : ROLES.subList(1, ROLES.size())) {
            members.put(role, member(org, role));
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

    /**
     * A signed-in member with the role: a person who owns an organization of their own (through the operator's
     * invitation) and is made a member of this one.
     */
    private Portal.SignedIn member(String org, String role) {
        String own = Admin.createOrganization("Own " + System.nanoTime(), Map.of("disc", 1));
        Portal.SignedIn person = Portal.newOwner(own);
        String userId = (String) db.query("select id from portal_users where email = ?", person.email()).get(0).get("id");
        db.update("insert into portal_memberships (user_id, organization_id, role, created_at) values (?, ?, ?, ?)",
                userId, org, role, OffsetDateTime.now());
        return person;
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
