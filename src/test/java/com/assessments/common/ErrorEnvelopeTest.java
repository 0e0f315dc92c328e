package com.assessments.common;

import com.assessments.support.Admin;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

import static com.assessments.support.Contract.api;
import static com.assessments.support.Contract.raw;
import static org.hamcrest.Matchers.aMapWithSize;
import static org.hamcrest.Matchers.anEmptyMap;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

/** Every kind of bad input gets the error envelope with the right status and code, and changes nothing. */
@QuarkusTest
class ErrorEnvelopeTest {

    private static final String ORGS = "/api/admin/organizations";

    /** The envelope's four members, checked by hand where the contract has no operation to validate against. */
    static ValidatableResponse envelope(ValidatableResponse r, int status, String code) {
        return r.statusCode(status)
                .contentType(ContentType.JSON)
                .body("$", aMapWithSize(1))
                .body("error", aMapWithSize(4))
                .body("error.code", equalTo(code))
                .body("error.message", notNullValue())
                .body("error.doc_url", endsWith("/docs/errors#" + code))
                .body("error.details", notNullValue());
    }

    private ValidatableResponse createOrg(String json) {
        return api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON).body(json).post(ORGS).then();
    }

    @Test
    void unknownRouteIs404NotFound() {
        envelope(raw().get("/api/v1/no-such-thing").then(), 404, "not_found");
        envelope(raw().get("/no-such-page").then(), 404, "not_found");
        envelope(raw().post("/api/v1/sessions/x/y/z").then(), 404, "not_found");
    }

    @Test
    void wrongMethodIs405() {
        envelope(raw().delete("/api/v1/status").then(), 405, "method_not_allowed");
    }

    @Test
    void wrongContentTypeIs415() {
        api().auth().oauth2(Admin.TOKEN).contentType(ContentType.TEXT).body("name=x").post(ORGS).then()
                .statusCode(415).body("error.code", equalTo("unsupported_media_type"));
    }

    @Test
    void malformedJsonIs400() {
        createOrg("{\"name\": ").statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.field", hasItem("body"));
        createOrg("not json at all").statusCode(400).body("error.code", equalTo("validation_error"));
        createOrg("{\"name\": \"a\"} trailing").statusCode(400).body("error.code", equalTo("validation_error"));
    }

    @Test
    void wrongJsonTypesAre400NamingTheField() {
        createOrg("{\"name\": 123}").statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.field", hasItem("name"));
        createOrg("{\"name\": \"x\", \"rateLimitPerMinute\": \"many\"}").statusCode(400)
                .body("error.details.errors.field", hasItem("rateLimitPerMinute"));
        createOrg("{\"name\": \"x\", \"rateLimitPerMinute\": 1.5}").statusCode(400)
                .body("error.details.errors.field", hasItem("rateLimitPerMinute"));
        createOrg("{\"name\": \"x\", \"assessmentTypes\": \"disc\"}").statusCode(400)
                .body("error.details.errors.field", hasItem("assessmentTypes"));
        createOrg("[1, 2]").statusCode(400).body("error.code", equalTo("validation_error"));
    }

    @Test
    void duplicateMemberNamesAre400NamingTheField() {
        // a lenient reader keeps one of the two silently; which one differs between parsers, so neither is guessed
        envelope(createOrg("{\"name\": \"Acme\", \"name\": \"Evil\"}"), 400, "validation_error")
                .body("error.details.errors.field", hasItem("name"))
                .body("error.details.errors.issue", hasItem("appears more than once in the object"));
        createOrg("{\"name\": \"x\", \"assessmentTypes\": [\"disc\"], \"licenses\": {\"disc\": 1, \"disc\": 500}}")
                .statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.field", hasItem("licenses.disc"));

        var keys = Admin.newTenant("test");
        String id = com.assessments.support.Sessions.created(keys.secretKey(), "disc")[0];
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body("{\"responses\": [{\"questionId\": \"disc_01\", \"dimension\": \"D\", \"response\": 1, \"response\": 5}]}")
                .post("/api/v1/sessions/{id}/submit", id).then()
                .statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.field", hasItem("responses[0].response"));
        // the same name in different objects is no duplicate
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body("{\"assessmentType\": \"disc\", \"candidate\": {\"externalId\": \"dup-1\", \"name\": \"Ada\"},"
                        + " \"metadata\": {\"name\": \"Ada\", \"externalId\": \"x\"}}")
                .post("/api/v1/sessions").then().statusCode(201);
    }

    @Test
    void unknownEnumValueIs400() {
        createOrg("{\"name\": \"x\", \"assessmentTypes\": [\"disc\", \"chess\"]}").statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.field", hasItem("assessmentTypes[1]"));
    }

    @Test
    void unknownFieldIs400() {
        createOrg("{\"name\": \"x\", \"nmae\": \"typo\"}").statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.field", hasItem("nmae"));
    }

    @Test
    void aBodyBreakingTheContractsConstraintsIs400WithEveryProblem() {
        createOrg("{\"name\": \"\", \"rateLimitPerMinute\": 0}").statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.field", hasItem("name"))
                .body("error.details.errors.field", hasItem("rateLimitPerMinute"));
        createOrg("").statusCode(400).body("error.code", equalTo("validation_error"));
    }

    @Test
    void oversizedBodyIs413() {
        String big = "{\"name\": \"" + "x".repeat(1_100_000) + "\"}";
        envelope(raw().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON).body(big).post(ORGS).then(),
                413, "payload_too_large");
    }

    @Test
    void oversizedChunkedBodyIs413() throws Exception {
        // no Content-Length: the limit must hold while the body streams in
        byte[] big = ("{\"name\": \"" + "x".repeat(2_000_000) + "\"}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(RestAssured.baseURI + ":" + RestAssured.port + ORGS))
                .header("Authorization", "Bearer " + Admin.TOKEN).header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(big)))
                .build();
        var response = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1).build()
                .send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
        org.junit.jupiter.api.Assertions.assertEquals(413, response.statusCode());
        org.junit.jupiter.api.Assertions.assertTrue(response.body().contains("\"code\":\"payload_too_large\""), response.body());
    }

    @Test
    void smallChunkedBodyIsRead() throws Exception {
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(RestAssured.baseURI + ":" + RestAssured.port + ORGS))
                .header("Authorization", "Bearer " + Admin.TOKEN).header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofInputStream(
                        () -> new java.io.ByteArrayInputStream("{\"name\": \"Chunked Co\"}".getBytes())))
                .build();
        var response = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1).build()
                .send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
        org.junit.jupiter.api.Assertions.assertEquals(201, response.statusCode(), response.body());
    }

    @Test
    void unexpectedExceptionIs500WithoutInternals() {
        envelope(raw().get("/test-only/explode").then(), 500, "internal_error")
                .body("error.message", not(containsString("com.assessments")))
                .body("error.message", not(containsString("IllegalStateException")))
                .body("error.details", anEmptyMap());
    }

    @Test
    void rejectedRequestsStoreNothing() {
        int before = api().auth().oauth2(Admin.TOKEN).get(ORGS).then().statusCode(200).extract().path("total");
        createOrg("{\"name\": \"x\", \"assessmentTypes\": [\"chess\"]}").statusCode(400);
        createOrg("{\"name\": \"x\", \"licenses\": {\"disc\": -1}}").statusCode(400);
        createOrg("{\"name\": \"x\", \"licenses\": {\"chess\": 3}}").statusCode(400);
        int after = api().auth().oauth2(Admin.TOKEN).get(ORGS).then().statusCode(200).extract().path("total");
        org.junit.jupiter.api.Assertions.assertEquals(before, after);
    }

    @Test
    void everyResponseCarriesARequestId() {
        raw().get("/api/v1/status").then().header("X-Request-Id", notNullValue());
        raw().get("/nope").then().header("X-Request-Id", notNullValue());
        raw().header("X-Request-Id", "abc-123").get("/api/v1/status").then().header("X-Request-Id", equalTo("abc-123"));
    }

    @Test
    void errorCodesAreDocumented() {
        raw().get("/docs/errors").then().statusCode(200).contentType(ContentType.HTML)
                .body(containsString("id=\"invalid_api_key\""))
                .body(containsString("id=\"payload_too_large\""));
    }

    @Test
    void detailsIsPresentEvenWhenEmpty() {
        envelope(raw().get("/api/v1/no-such-thing").then(), 404, "not_found").body("error.details", anEmptyMap());
    }
}
