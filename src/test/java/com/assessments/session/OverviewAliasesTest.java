package com.assessments.session;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The overview's four routes at the root /v1 against the same cases as the detailed /api/v1 routes: every case runs
 * on both forms and must get the same status, error code and (for reads) the same body. Responses are validated
 * against openapi.yaml by the suite's filter.
 */
@QuarkusTest
class OverviewAliasesTest {

    /** A create on one form: the overview's body names the type `product`. */
    record Form(String name, String createPath, Function<Map<String, Object>, Map<String, Object>> body) {
    }

    static final Form DETAILED = new Form("detailed", "/api/v1/sessions", b -> b);
    static final Form OVERVIEW = new Form("overview", "/v1/sessions", b -> {
        Map<String, Object> o = new HashMap<>(b);
        Object type = o.remove("assessmentType");
        if (type != null) {
            o.put("product", type);
        }
        return o;
    });

    static final String OCCUPATION = "15-1252.00";

    static Admin.Keys tenant() {
        String org = Admin.createOrganization("Overview " + System.nanoTime(),
                Map.of("disc", 20, "lpm_u", 5, "tfd_plus", 5, "fra", 5));
        return Admin.issueKeys(org, "test", Map.of("allowedOrigins", List.of("https://app.example.com")));
    }

    static Response create(Form form, String key, Map<String, Object> body, String idempotencyKey) {
        var spec = api().contentType(ContentType.JSON).body(form.body().apply(body));
        if (key != null) {
            spec.auth().oauth2(key);
        }
        if (idempotencyKey != null) {
            spec.header("Idempotency-Key", idempotencyKey);
        }
        return spec.post(form.createPath());
    }

    @Test
    void createCasesAnswerTheSameOnBothForms() {
        Admin.Keys keys = tenant();
        String orgDiscOnlyKey = Admin.issueKeys(keys.orgId(), "test", Map.of("products", List.of("fra"))).secretKey();
        String readOnlyKey = Admin.issueKeys(keys.orgId(), "test", Map.of("scopes", List.of("sessions:read"))).secretKey();
        for (Form form : List.of(DETAILED, OVERVIEW)) {
            // valid: 201 with the Session shape, locale stored
            Map<String, Object> ok = Sessions.body("disc", "ov-" + form.name());
            ok.put("locale", "de");
            create(form, keys.secretKey(), ok, null).then().statusCode(201)
                    .body("assessmentType", equalTo("disc")).body("locale", equalTo("de"))
                    .body("assessmentUrl", notNullValue()).body("sessionToken", notNullValue());
            // tfd_plus with its config
            Map<String, Object> tfd = Sessions.body("tfd_plus", "ov-tfd-" + form.name());
            tfd.put("config", Map.of("occupationId", OCCUPATION));
            create(form, keys.secretKey(), tfd, null).then().statusCode(201).body("assessmentType", equalTo("tfd_plus"));
            // the errors: same status and code on both forms
            expectError(create(form, null, ok, null), 401, "invalid_api_key", form);
            expectError(create(form, readOnlyKey, ok, null), 403, "insufficient_permissions", form);
            expectError(create(form, orgDiscOnlyKey, ok, null), 403, "insufficient_permissions", form);
            Map<String, Object> noCandidate = new HashMap<>(ok);
            noCandidate.remove("candidate");
            expectError(create(form, keys.secretKey(), noCandidate, null), 400, "validation_error", form);
            Map<String, Object> french = new HashMap<>(ok);
            french.put("locale", "fr");
            create(form, keys.secretKey(), french, null).then().statusCode(400)
                    .body("error.code", equalTo("validation_error")).body("error.details.supportedLocales", hasItem("de"));
            Map<String, Object> unknownMember = new HashMap<>(ok);
            unknownMember.put("surprise", 1);
            expectError(create(form, keys.secretKey(), unknownMember, null), 400, "validation_error", form);
            Map<String, Object> nul = Sessions.body("disc", "ov\u0000nul");
            expectError(create(form, keys.secretKey(), nul, null), 400, "validation_error", form);
            Map<String, Object> tfdWithout = Sessions.body("tfd_plus", "ov-x");
            expectError(create(form, keys.secretKey(), tfdWithout, null), 400, "invalid_config", form);
            // idempotency: a replay is the same session, flagged; another body with the key is a conflict
            String idem = "ov-idem-" + form.name() + System.nanoTime();
            Response first = create(form, keys.secretKey(), ok, idem);
            first.then().statusCode(201);
            Response again = create(form, keys.secretKey(), ok, idem);
            again.then().statusCode(201).header("Idempotent-Replayed", "true");
            assertEquals(first.jsonPath().getString("id"), again.jsonPath().getString("id"), form.name());
            Map<String, Object> other = Sessions.body("disc", "someone-else");
            expectError(create(form, keys.secretKey(), other, idem), 409, "idempotency_conflict", form);
            // rate-limit headers as on every keyed route
            assertTrue(first.getHeader("X-RateLimit-Limit") != null, form.name());
        }
    }

    @Test
    void anIdempotencyKeyIsSharedByBothForms() {
        Admin.Keys keys = tenant();
        String idem = "ov-shared-" + System.nanoTime();
        Map<String, Object> body = Sessions.body("disc", "ov-shared");
        Response detailed = create(DETAILED, keys.secretKey(), body, idem);
        detailed.then().statusCode(201);
        Response overview = create(OVERVIEW, keys.secretKey(), body, idem);
        overview.then().statusCode(201).header("Idempotent-Replayed", "true");
        assertEquals(detailed.jsonPath().getString("id"), overview.jsonPath().getString("id"));
    }

    @Test
    void lpmuMeansLpmU() {
        Admin.Keys keys = tenant();
        Map<String, Object> body = new HashMap<>(Map.of("product", "lpmu", "candidate", Map.of("externalId", "ov-lpmu"), "locale", "en"));
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body(body).post("/v1/sessions").then()
                .statusCode(201).body("assessmentType", equalTo("lpm_u"));
        body.put("product", "lpm_u");
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body(body).post("/v1/sessions").then()
                .statusCode(201).body("assessmentType", equalTo("lpm_u"));
        body.put("product", "lpmx");
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body(body).post("/v1/sessions").then()
                .statusCode(400).body("error.code", equalTo("validation_error"));
        // and the detailed form does not take product
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body(body).post("/api/v1/sessions").then()
                .statusCode(400).body("error.code", equalTo("validation_error"));
    }

    @Test
    void readsAndReportsAnswerTheSameOnBothForms() throws Exception {
        Admin.Keys keys = tenant();
        Admin.Keys stranger = tenant();
        String noReportsKey = Admin.issueKeys(keys.orgId(), "test", Map.of("scopes", List.of("sessions:write"))).secretKey();
        String[] done = Sessions.created(keys.secretKey(), "disc");
        Sessions.submit(keys.secretKey(), done[0], Sessions.discVaried()).statusCode(200);
        String[] open = Sessions.created(keys.secretKey(), "disc");

        // the session detail: same body on both routes, with progress and results
        String detailed = api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", done[0]).then().statusCode(200)
                .body("progress.answered", equalTo(15)).body("results.kind", equalTo("disc")).extract().asString();
        String overview = api().auth().oauth2(keys.secretKey()).get("/v1/sessions/{id}", done[0]).then().statusCode(200)
                .extract().asString();
        assertEquals(detailed, overview);

        List<String> reads = List.of("/api/v1/sessions/{id}", "/v1/sessions/{id}");
        List<String> pdfs = List.of("/api/v1/sessions/{id}/report.pdf", "/api/v1/reports/{id}/pdf",
                "/v1/sessions/{id}/report.pdf", "/v1/reports/{id}/pdf");
        for (String path : reads) {
            expectError(api().auth().oauth2(stranger.secretKey()).get(path, done[0]), 404, "session_not_found", path);
            expectError(api().auth().oauth2(keys.secretKey()).get(path, "ses_doesnotexist"), 404, "session_not_found", path);
            expectError(api().get(path, done[0]), 401, "invalid_api_key", path);
            expectError(api().auth().oauth2(noReportsKey).get(path, done[0]), 403, "insufficient_permissions", path);
        }
        byte[] reference = null;
        for (String path : pdfs) {
            Response pdf = api().auth().oauth2(keys.secretKey()).get(path, done[0]);
            pdf.then().statusCode(200).contentType("application/pdf").header("Cache-Control", "private, no-store");
            if (reference == null) {
                reference = pdf.asByteArray();
            } else {
                assertArrayEquals(reference, pdf.asByteArray(), path);
            }
            expectError(api().auth().oauth2(stranger.secretKey()).get(path, done[0]), 404, "session_not_found", path);
            expectError(api().auth().oauth2(keys.secretKey()).get(path, open[0]), 400, "session_not_completed", path);
            expectError(api().get(path, done[0]), 401, "invalid_api_key", path);
            expectError(api().auth().oauth2(noReportsKey).get(path, done[0]), 403, "insufficient_permissions", path);
        }
        // deleted: 404 on every form
        api().auth().oauth2(keys.secretKey()).delete("/api/v1/sessions/{id}", done[0]).then().statusCode(204);
        for (String path : List.of("/v1/sessions/{id}", "/v1/sessions/{id}/report.pdf", "/v1/reports/{id}/pdf")) {
            expectError(api().auth().oauth2(keys.secretKey()).get(path, done[0]), 404, "session_not_found", path);
        }
    }

    @Test
    void theAliasesAreApiRoutesAtTheEdge() {
        Admin.Keys keys = tenant();
        String[] s = Sessions.created(keys.secretKey(), "disc");
        // JSON is not cached, empty segments name nothing, a body needs a concrete media type
        api().auth().oauth2(keys.secretKey()).get("/v1/sessions/{id}", s[0]).then().statusCode(200).header("Cache-Control", "no-store");
        api().auth().oauth2(keys.secretKey()).get("/v1/sessions//report.pdf").then().statusCode(404).body("error.code", equalTo("not_found"));
        api().auth().oauth2(keys.secretKey()).body("{}").post("/v1/sessions").then().statusCode(415)
                .body("error.code", equalTo("unsupported_media_type"));
    }

    private static void expectError(Response r, int status, String code, Object where) {
        r.then().statusCode(status).body("error.code", equalTo(code)).body("error.message", notNullValue());
        assertTrue(r.asString().contains("\"doc_url\""), where + ": " + r.asString());
    }
}
