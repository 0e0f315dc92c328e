package com.assessments.contract;

import com.assessments.support.Admin;
import com.assessments.support.Portal;
import com.assessments.support.Receiver;
import com.assessments.support.Sessions;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;

/**
 * The real resources the generated requests are aimed at, created through the API as a customer and an operator
 * would. Operations that change or destroy their target get a fresh one per case (sessions to delete or submit,
 * endpoints to delete, keys to rotate or revoke), so no case depends on the order of the others; operator updates go
 * to a separate organization, so a generated PATCH (assessment types, rate limit) never changes the tenant the test
 * itself calls with.
 */
final class Fixtures implements AutoCloseable {

    static final String ORIGIN = "https://app.example.com";
    static final List<String> TYPES = List.of("aapa", "disc", "fra", "lpm", "lpm_u", "tfd", "tfd_plus");
    static final List<String> EVENT_TYPES = List.of("session.created", "session.started", "session.completed",
            "session.failed", "session.expired", "report.generated");
    /** An occupation of src/main/resources/occupations.json, for tfd and tfd_plus sessions. */
    static final String OCCUPATION = "15-1252.00";

    final Receiver receiver;
    final String orgId;
    final Admin.Keys keys;
    /** Target of the operator routes that change an organization or its keys. */
    final String victimOrgId;
    final String completedSessionId;
    /** Endpoint read, rotated, recovered and resent through; endpointToPatch takes the generated PATCH bodies. */
    final String endpointId;
    final String endpointToPatchId;
    final String deliveryId;
    final String eventId;
    /** An owner of the organization, signed in to the portal (for the portal routes). */
    final PortalLogin portal;
    private int serial;

    record PortalLogin(String cookie, String csrf) {
    }

    private Fixtures() throws IOException {
        receiver = new Receiver();
        Map<String, Integer> licenses = new LinkedHashMap<>();
        TYPES.forEach(t -> licenses.put(t, 5));
        // the generated requests are many: the highest rate limit the contract allows keeps 429 out of the picture
        orgId = createOrganization("Contract fuzz " + System.nanoTime(), licenses, 100000);
        keys = Admin.issueKeys(orgId, "test", Map.of("allowedOrigins", List.of(ORIGIN)));
        victimOrgId = createOrganization("Contract fuzz victim " + System.nanoTime(), licenses, 100000);

        endpointId = createEndpoint("/hooks/main", EVENT_TYPES);
        endpointToPatchId = createEndpoint("/hooks/patched", List.of("session.completed"));

        String[] session = Sessions.created(keys.secretKey(), "disc");
        Sessions.submit(keys.secretKey(), session[0], Sessions.discVaried()).statusCode(200);
        completedSessionId = session[0];

        deliveryId = api().auth().oauth2(keys.secretKey())
                .get("/api/v1/webhooks/{id}/deliveries", endpointId)
                .then().statusCode(200).extract().path("data[0].id");
        eventId = api().auth().oauth2(keys.secretKey()).queryParam("limit", 1)
                .get("/api/v1/events")
                .then().statusCode(200).extract().path("data[0].id");
        Portal.SignedIn owner = Portal.newOwner(orgId);
        portalEmail = owner.email();
        portal = new PortalLogin(owner.cookie(), owner.csrf());
        if (deliveryId == null || eventId == null) {
            throw new IllegalStateException("setup made no webhook delivery or event");
        }
    }

    private final String portalEmail;

    /** A new TFD config of the organization (status generating), made through the portal. */
    String newTfdConfig() {
        return api().cookie("portal_session", portal.cookie()).header("X-CSRF-Token", portal.csrf())
                .contentType(ContentType.JSON).body(Map.of("occupationId", OCCUPATION))
                .post("/api/portal/tfd-configs").then().statusCode(201).extract().path("id");
    }

    /** A new invitation of the organization to a new email, as a viewer, by the owner: [id, token]. */
    String[] newInvitation() {
        io.restassured.response.Response r = api().cookie("portal_session", portal.cookie()).header("X-CSRF-Token", portal.csrf())
                .contentType(ContentType.JSON).body(Map.of("email", Portal.uniqueEmail("fuzz"), "role", "viewer"))
                .post("/api/portal/team/invitations");
        r.then().statusCode(201);
        return new String[]{r.path("id"), Portal.token(r.path("acceptUrl"))};
    }

    /** A new member (viewer) of the organization, who accepted the owner's invitation: the user id. */
    String newPortalMember() {
        return Portal.accept(newInvitation()[1], "Fuzz member", Portal.PASSWORD).then().statusCode(200).extract().path("user.id");
    }

    /** A new portal session of the owner (for sign-out, which ends the session it is sent with). */
    PortalLogin newPortalLogin() {
        Portal.SignedIn again = Portal.signIn(portalEmail, Portal.PASSWORD);
        return new PortalLogin(again.cookie(), again.csrf());
    }

    static Fixtures create() throws IOException {
        return new Fixtures();
    }

    private static String createOrganization(String name, Map<String, Integer> licenses, int rateLimit) {
        return api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                .body(Map.of("name", name, "assessmentTypes", TYPES, "licenses", licenses, "rateLimitPerMinute", rateLimit))
                .post("/api/admin/organizations")
                .then().statusCode(201).extract().path("id");
    }

    String createEndpoint(String path, List<String> events) {
        return api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("url", receiver.url(path), "events", events, "description", "contract fuzz"))
                .post("/api/v1/webhooks")
                .then().statusCode(201).extract().path("id");
    }

    /** A new session of the given type (tfd types with a known occupation): [id, sessionToken]. */
    String[] newSession(String type) {
        Map<String, Object> body = Sessions.body(type, "fuzz-" + (++serial));
        if (type.startsWith("tfd")) {
            body.put("config", Map.of("occupationId", OCCUPATION));
        }
        JsonPath json = Sessions.create(keys.secretKey(), body).statusCode(201).extract().jsonPath();
        return new String[]{json.getString("id"), json.getString("sessionToken")};
    }

    /** A new key pair of the organization; returns the secret key's id. */
    String newSecretKeyId(String organization) {
        return Admin.issueKeys(organization, "test", Map.of("allowedOrigins", List.of(ORIGIN))).secretKeyId();
    }

    @Override
    public void close() {
        receiver.close();
    }
}
