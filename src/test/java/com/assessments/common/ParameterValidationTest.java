package com.assessments.common;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;

/**
 * Query and header parameters are validated against their declaration in openapi.yaml: an empty value, a wrong
 * type, a value out of range or outside the enum is 400 validation_error whose details name the parameter as the
 * contract spells it, and whose issue for an enum lists the allowed values (for bodies too).
 */
@QuarkusTest
class ParameterValidationTest {

    private static final List<String> SESSION_STATUSES = List.of("created", "in_progress", "completed", "failed", "expired");
    private static final List<String> TYPES = List.of("aapa", "disc", "fra", "lpm", "lpm_u", "tfd", "tfd_plus");
    private static final List<String> EVENT_TYPES = List.of("session.created", "session.started", "session.completed",
            "session.failed", "session.expired", "report.generated", "webhook.test");
    private static final List<String> DELIVERY_STATUSES = List.of("pending", "succeeded", "failed", "dead");

    /** A list operation with the credential it takes and the query parameters it declares. */
    private record ListRoute(String path, String token, List<String> parameters) {
    }

    private Admin.Keys keys;
    private List<ListRoute> routes;

    @BeforeEach
    void tenant() {
        keys = Admin.newTenant("test");
        String webhook = api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("url", "http://127.0.0.1:9/hook", "events", List.of("session.completed")))
                .post("/api/v1/webhooks").then().statusCode(201).extract().path("id");
        routes = List.of(
                new ListRoute("/api/v1/sessions", keys.secretKey(),
                        List.of("status", "assessment_type", "candidate_id", "created_after", "created_before", "limit", "offset")),
                new ListRoute("/api/v1/events", keys.secretKey(),
                        List.of("type", "session_id", "created_after", "created_before", "limit", "offset")),
                new ListRoute("/api/v1/webhooks", keys.secretKey(), List.of("limit", "offset")),
                new ListRoute("/api/v1/webhooks/" + webhook + "/deliveries", keys.secretKey(), List.of("status", "limit", "offset")),
                new ListRoute("/api/admin/organizations", Admin.TOKEN, List.of("limit", "offset")),
                new ListRoute("/api/admin/organizations/" + keys.orgId() + "/keys", Admin.TOKEN, List.of("limit", "offset")));
    }

    private static ValidatableResponse refused(ValidatableResponse r, String field) {
        return r.statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors", hasSize(1))
                .body("error.details.errors[0].field", equalTo(field));
    }

    @Test
    void emptyQueryValuesAre400NamingTheParameter() {
        for (ListRoute route : routes) {
            for (String parameter : route.parameters()) {
                refused(api().auth().oauth2(route.token()).queryParam(parameter, "").get(route.path()).then(), parameter)
                        .body("error.details.errors[0].issue", equalTo("must not be empty"));
            }
        }
    }

    @Test
    void everyProblemIsListed() {
        api().auth().oauth2(keys.secretKey()).queryParam("limit", "").queryParam("status", "paused").queryParam("offset", "x")
                .get("/api/v1/sessions").then().statusCode(400)
                .body("error.details.errors.field", equalTo(List.of("status", "limit", "offset")));
    }

    @Test
    void anEmptyIdempotencyKeyIs400NamingTheHeader() {
        String[] session = Sessions.created(keys.secretKey(), "disc");
        List<RequestSpecification> requests = List.of(
                api().auth().oauth2(keys.secretKey()).body(Sessions.body("disc", "idem-empty")),
                api().auth().oauth2(keys.secretKey()).body(Sessions.disc(3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)),
                api().auth().oauth2(session[1]).body(Sessions.disc(3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)));
        List<String> paths = List.of("/api/v1/sessions", "/api/v1/sessions/" + session[0] + "/submit", "/api/v1/embed/submit");
        for (int i = 0; i < paths.size(); i++) {
            refused(requests.get(i).contentType(ContentType.JSON).header("Idempotency-Key", "").post(paths.get(i)).then(),
                    "Idempotency-Key")
                    .body("error.details.errors[0].issue", equalTo("must not be empty"));
        }
        refused(api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).header("Idempotency-Key", "k".repeat(256))
                .body(Sessions.body("disc", "idem-long")).post("/api/v1/sessions").then(), "Idempotency-Key")
                .body("error.details.errors[0].issue", equalTo("size must be between 1 and 255"));
        // nothing was created or submitted by the refused requests
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", session[0]).then().statusCode(200)
                .body("status", equalTo("created"));
    }

    /** Bad values for each list route's parameters: {parameter, value, the issue (or a part of it)}. */
    @Test
    void badParameterValuesAre400NamingTheParameter() {
        List<String[]> sessions = List.of(
                new String[]{"limit", "abc", "must be an integer"},
                new String[]{"limit", "1.5", "must be an integer"},
                new String[]{"limit", "99999999999", "must be less than or equal to 100"},
                new String[]{"limit", "0", "must be greater than or equal to 1"},
                new String[]{"limit", "101", "must be less than or equal to 100"},
                new String[]{"offset", "-1", "must be greater than or equal to 0"},
                new String[]{"offset", "ten", "must be an integer"},
                new String[]{"status", "paused", "must be one of: " + String.join(", ", SESSION_STATUSES)},
                new String[]{"assessment_type", "chess", "must be one of: " + String.join(", ", TYPES)},
                new String[]{"candidate_id", "c".repeat(256), "size must be between 1 and 255"},
                new String[]{"created_after", "yesterday", "must be a date-time"},
                new String[]{"created_before", "2025-13-01T00:00:00Z", "must be a date-time"});
        for (String[] c : sessions) {
            refused(api().auth().oauth2(keys.secretKey()).queryParam(c[0], c[1]).get("/api/v1/sessions").then(), c[0])
                    .body("error.details.errors[0].issue", containsString(c[2]));
        }
        List<String[]> events = List.of(
                new String[]{"type", "session.paused", "must be one of: " + String.join(", ", EVENT_TYPES)},
                new String[]{"session_id", "s".repeat(65), "size must be between 1 and 64"},
                new String[]{"created_after", "2025-06-01", "must be a date-time"},
                new String[]{"limit", "many", "must be an integer"});
        for (String[] c : events) {
            refused(api().auth().oauth2(keys.secretKey()).queryParam(c[0], c[1]).get("/api/v1/events").then(), c[0])
                    .body("error.details.errors[0].issue", containsString(c[2]));
        }
        for (ListRoute route : routes) {
            if (route.parameters().contains("status") && route.path().endsWith("/deliveries")) {
                refused(api().auth().oauth2(route.token()).queryParam("status", "lost").get(route.path()).then(), "status")
                        .body("error.details.errors[0].issue", containsString("must be one of: " + String.join(", ", DELIVERY_STATUSES)));
            }
            refused(api().auth().oauth2(route.token()).queryParam("limit", "x").get(route.path()).then(), "limit");
            refused(api().auth().oauth2(route.token()).queryParam("offset", "-3").get(route.path()).then(), "offset");
        }
        // good values still work, and the default applies when a parameter is absent
        api().auth().oauth2(keys.secretKey()).queryParam("limit", "100").queryParam("status", "created")
                .queryParam("created_after", "2025-06-01T00:00:00Z").get("/api/v1/sessions").then().statusCode(200)
                .body("limit", equalTo(100));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/events").then().statusCode(200).body("limit", equalTo(20));
    }

    @Test
    void enumValuesInBodiesListTheAllowedValues() {
        List<ValidatableResponse> refusals = new ArrayList<>();
        refusals.add(api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                .body("{\"name\": \"x\", \"assessmentTypes\": [\"disc\", \"chess\"]}").post("/api/admin/organizations").then()
                .statusCode(400).body("error.details.errors[0].field", equalTo("assessmentTypes[1]")));
        refusals.add(api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body("{\"assessmentType\": \"chess\", \"candidate\": {\"externalId\": \"e-1\"}}").post("/api/v1/sessions").then()
                .statusCode(400).body("error.details.errors[0].field", equalTo("assessmentType")));
        for (ValidatableResponse r : refusals) {
            r.body("error.code", equalTo("validation_error"))
                    .body("error.details.errors[0].issue", equalTo("must be one of: " + String.join(", ", TYPES)));
        }
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body("{\"url\": \"http://127.0.0.1:9/x\", \"events\": [\"session.paused\"]}").post("/api/v1/webhooks").then()
                .statusCode(400).body("error.code", equalTo("validation_error"))
                .body("error.details.errors.issue", everyItem(allOf(containsString("must be one of: "),
                        containsString("session.completed"), containsString("report.generated"))))
                .body("error.details.errors.field", hasItem(containsString("events")));
    }
}
