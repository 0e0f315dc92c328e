package com.assessments.support;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import java.util.LinkedHashMap;
import java.util.Map;

import static com.assessments.support.Contract.api;

/** Portal people through the real API: the operator invites an owner, who accepts and is signed in. */
public final class Portal {

    public static final String COOKIE = "portal_session";
    public static final String PASSWORD = "correct horse battery staple";

    private Portal() {
    }

    /** A signed-in browser: its cookie and CSRF token. */
    public record SignedIn(String email, String cookie, String csrf) {

        /** A request with the cookie (reads); {@link #write()} adds the CSRF token. */
        public RequestSpecification read() {
            return api().cookie(COOKIE, cookie);
        }

        public RequestSpecification write() {
            return read().header("X-CSRF-Token", csrf);
        }

        public RequestSpecification in(String organizationId) {
            return write().header("X-Organization-Id", organizationId);
        }
    }

    public static String uniqueEmail(String who) {
        return who + "-" + System.nanoTime() + "@acme.example";
    }

    /** The token of an invitation link (…/portal#invitation=pit_…). */
    public static String token(String link) {
        return link.substring(link.indexOf('=') + 1);
    }

    /** The operator invites the email as an owner of the organization; returns the link's token. */
    public static String inviteOwner(String organizationId, String email) {
        String link = api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON).body(Map.of("email", email))
                .post("/api/admin/organizations/{id}/owner-invitations", organizationId)
                .then().statusCode(201).extract().path("acceptUrl");
        return token(link);
    }

    public static Response accept(String token, String name, String password) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("token", token);
        if (name != null) {
            body.put("name", name);
        }
        body.put("password", password);
        return api().contentType(ContentType.JSON).body(body).post("/api/portal/invitations/accept");
    }

    public static Response signInResponse(String email, String password) {
        return api().contentType(ContentType.JSON).body(Map.of("email", email, "password", password)).post("/api/portal/sign-in");
    }

    public static SignedIn signIn(String email, String password) {
        Response r = signInResponse(email, password);
        r.then().statusCode(200);
        return new SignedIn(email, r.getCookie(COOKIE), r.path("csrfToken"));
    }

    /**
     * A signed-in member of the organization with the role: a person who owns an organization of their own (through
     * the operator's invitation) and is then made a member of this one directly in the database.
     */
    public static SignedIn member(TestDb db, String organizationId, String role) {
        String own = Admin.createOrganization("Own " + System.nanoTime(), Map.of("disc", 1));
        SignedIn person = newOwner(own);
        String userId = (String) db.query("select id from portal_users where email = ?", person.email()).get(0).get("id");
        db.update("insert into portal_memberships (user_id, organization_id, role, created_at) values (?, ?, ?, now())",
                userId, organizationId, role);
        return person;
    }

    /** A new organization with a new owner who accepted the operator's invitation; signed in. */
    public static SignedIn newOwner(String organizationId) {
        String email = uniqueEmail("owner");
        Response r = accept(inviteOwner(organizationId, email), "Owner " + email, PASSWORD);
        r.then().statusCode(200);
        return new SignedIn(email, r.getCookie(COOKIE), r.path("csrfToken"));
    }
}
