package com.assessments.session;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestClock;
import com.assessments.support.TestDb;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

@QuarkusTest
class CreateAndReadSessionsTest {

    @Inject
    TestDb db;

    @Inject
    TestClock clock;

    @Inject
    com.assessments.org.OrganizationService organizations;

    @Inject
    com.assessments.key.ApiKeyService keys;

    @Test
    void createsASessionWithTokenUrlAndDefaultExpiry() {
        Admin.Keys keys = Admin.newTenant("test");
        Map<String, Object> body = Sessions.body("disc", "user_1");
        body.put("metadata", Map.of("requisition", "REQ-1", "round", 2, "remote", true));
        body.put("redirectUrl", "https://careers.example.com/done");
        Instant before = clock.instant();
        var json = Sessions.create(keys.secretKey(), body).statusCode(201)
                .body("id", matchesPattern("ses_[A-Za-z0-9]{16}"))
                .body("sessionToken", matchesPattern("vst_[A-Za-z0-9]{43}"))
                .body("status", equalTo("created"))
                .body("environment", equalTo("test"))
                .body("assessmentType", equalTo("disc"))
                .body("candidate.externalId", equalTo("user_1"))
                .body("candidate.email", equalTo("user_1@example.com"))
                .body("metadata.requisition", equalTo("REQ-1"))
                .body("metadata.round", equalTo(2))
                .body("redirectUrl", equalTo("https://careers.example.com/done"))
                .extract().jsonPath();
        assertEquals(before.plusSeconds(86_400).truncatedTo(ChronoUnit.SECONDS),
                OffsetDateTime.parse(json.getString("expiresAt")).toInstant().truncatedTo(ChronoUnit.SECONDS));
        String token = json.getString("sessionToken");
        assertEquals("http://localhost:8080/assess?session=" + json.getString("id") + "#token=" + token, json.getString("assessmentUrl"));
        // only a digest of the token is stored
        assertEquals(0, db.count("select count(*) from sessions where token_hash = convert_to(?, 'UTF8')", token));
        assertEquals(1, db.count("select count(*) from sessions where token_hash = sha256(convert_to(?, 'UTF8'))", token));
        // session.created is in the outbox with the spec's envelope
        var events = db.query("select type, payload::text as payload from events where session_id = ?", json.getString("id"));
        assertEquals(1, events.size());
        assertEquals("session.created", events.get(0).get("type"));
    }

    @Test
    void metadataReadsBackAsTheSameJsonWhereverItIsShown() throws Exception {
        // GET and list write the stored jsonb text as it is; create answers and event data are Jackson's: the same
        // values, whatever escapes, non-ASCII text, number spellings and literals the caller sent
        Admin.Keys keys = Admin.newTenant("test");
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("quote", "say \"hi\" \\ back/slash");
        metadata.put("control", "tab\tline\nbell\u0007");
        metadata.put("accents", "Zoë, Łódź, 日本");
        metadata.put("emoji", "\uD83D\uDE00 and \u2028");
        metadata.put("tiny", 1.5e-7);
        metadata.put("big", 12345678901234567L);
        metadata.put("yes", true);
        Map<String, Object> body = Sessions.body("disc", "meta_1");
        body.put("metadata", metadata);
        ObjectMapper json = new ObjectMapper();
        JsonNode sent = json.valueToTree(metadata);
        String created = Sessions.create(keys.secretKey(), body).statusCode(201).extract().asString();
        JsonNode createdTree = json.readTree(created);
        String id = createdTree.get("id").asText();
        assertEquals(sent, createdTree.get("metadata"));
        String got = api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", id).then().statusCode(200)
                .extract().asString();
        assertEquals(sent, json.readTree(got).get("metadata"), got);
        String listed = api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions").then().statusCode(200)
                .extract().asString();
        assertEquals(sent, json.readTree(listed).get("data").get(0).get("metadata"), listed);
        String event = (String) db.query("select payload::text as payload from events where session_id = ?", id).get(0).get("payload");
        assertEquals(sent, json.readTree(event).get("data").get("metadata"), event);
    }

    @Test
    void validatesTheRequest() {
        Admin.Keys keys = Admin.newTenant("test");
        Map<String, Object> noExternalId = new HashMap<>(Map.of("assessmentType", "disc", "candidate", Map.of("name", "x")));
        Sessions.create(keys.secretKey(), noExternalId).statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.field", hasItem("candidate.externalId"));
        Map<String, Object> badEmail = Sessions.body("disc", "u");
        badEmail.put("candidate", Map.of("externalId", "u", "email", "not-an-email"));
        Sessions.create(keys.secretKey(), badEmail).statusCode(400).body("error.details.errors.field", hasItem("candidate.email"));
        for (int expiresIn : new int[]{299, 604_801, 0}) {
            Map<String, Object> b = Sessions.body("disc", "u");
            b.put("expiresIn", expiresIn);
            Sessions.create(keys.secretKey(), b).statusCode(400).body("error.details.errors.field", hasItem("expiresIn"));
        }
        Map<String, Object> relative = Sessions.body("disc", "u");
        relative.put("redirectUrl", "/done");
        Sessions.create(keys.secretKey(), relative).statusCode(400).body("error.details.errors.field", hasItem("redirectUrl"));
        Sessions.create(keys.secretKey(), Sessions.body("chess", "u")).statusCode(400)
                .body("error.details.errors.field", hasItem("assessmentType"));
        assertEquals(0, db.count("select count(*) from sessions where organization_id = ?", keys.orgId()));
    }

    @Test
    void boundsExpiresIn() {
        Admin.Keys keys = Admin.newTenant("test");
        for (int expiresIn : new int[]{300, 604_800}) {
            Map<String, Object> b = Sessions.body("disc", "u");
            b.put("expiresIn", expiresIn);
            var expiresAt = Sessions.create(keys.secretKey(), b).statusCode(201).extract().jsonPath().getString("expiresAt");
            assertEquals(clock.instant().plusSeconds(expiresIn).truncatedTo(ChronoUnit.SECONDS),
                    OffsetDateTime.parse(expiresAt).toInstant().truncatedTo(ChronoUnit.SECONDS));
        }
    }

    @Test
    void limitsMetadata() {
        Admin.Keys keys = Admin.newTenant("test");
        Map<String, Object> tooMany = new HashMap<>();
        for (int i = 0; i < 51; i++) {
            tooMany.put("k" + i, i);
        }
        List<Map<String, Object>> invalid = List.of(tooMany, Map.of("k".repeat(41), "v"), Map.of("k", "v".repeat(501)),
                Map.of("nested", Map.of("a", 1)), Map.of("list", List.of(1)));
        for (Map<String, Object> metadata : invalid) {
            Map<String, Object> b = Sessions.body("disc", "u");
            b.put("metadata", metadata);
            Sessions.create(keys.secretKey(), b).statusCode(400).body("error.code", equalTo("validation_error"));
        }
    }

    @Test
    void enforcesOrganizationRules() {
        String org = Admin.createOrganization("Rules org", Map.of("disc", 5, "tfd", 5, "aapa", 5));
        Admin.Keys test = Admin.issueKeys(org, "test", Map.of());
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        Admin.Keys discOnly = Admin.issueKeys(org, "test", Map.of("products", List.of("disc")));

        Sessions.create(test.secretKey(), Sessions.body("fra", "u")).statusCode(403)
                .body("error.code", equalTo("assessment_not_enabled"));
        Sessions.create(discOnly.secretKey(), Sessions.body("tfd", "u")).statusCode(403)
                .body("error.code", equalTo("insufficient_permissions"));
        Sessions.create(live.secretKey(), Sessions.body("aapa", "u")).statusCode(501)
                .body("error.code", equalTo("not_implemented"));
        Sessions.create(test.secretKey(), Sessions.body("aapa", "u")).statusCode(201);

        Sessions.create(test.secretKey(), Sessions.body("tfd", "u")).statusCode(400).body("error.code", equalTo("invalid_config"));
        Map<String, Object> discWithOccupation = Sessions.body("disc", "u");
        discWithOccupation.put("config", Map.of("occupationId", "15-1252.00"));
        Sessions.create(test.secretKey(), discWithOccupation).statusCode(400).body("error.code", equalTo("invalid_config"));

        Map<String, Object> unknownOccupation = Sessions.body("tfd", "u");
        unknownOccupation.put("config", Map.of("occupationId", "99-9999.99"));
        Sessions.create(test.secretKey(), unknownOccupation).statusCode(400).body("error.code", equalTo("invalid_config"));
        Map<String, Object> tfd = Sessions.body("tfd", "u");
        tfd.put("config", Map.of("occupationId", "15-1252.00", "orgConfigId", "tfc_missing"));
        Sessions.create(test.secretKey(), tfd).statusCode(404).body("error.code", equalTo("tfd_config_not_found"));
        db.update("insert into tfd_configs (id, organization_id, occupation_id, occupation_name, question_pool, mode, language,"
                + " total_questions, status, created_at, updated_at) values (?, ?, '15-1252.00', 'Software Developers', 'pool', 'standard',"
                + " 'en', 40, 'reviewing', now(), now())", "tfc_rev" + org.substring(4), org);
        tfd.put("config", Map.of("occupationId", "15-1252.00", "orgConfigId", "tfc_rev" + org.substring(4)));
        Sessions.create(test.secretKey(), tfd).statusCode(409).body("error.code", equalTo("tfd_config_not_published"));
        db.update("update tfd_configs set status = 'published' where id = ?", "tfc_rev" + org.substring(4));
        Sessions.create(test.secretKey(), tfd).statusCode(201).body("config.orgConfigId", equalTo("tfc_rev" + org.substring(4)));
        tfd.put("config", Map.of("occupationId", "11-1021.00", "orgConfigId", "tfc_rev" + org.substring(4)));
        Sessions.create(test.secretKey(), tfd).statusCode(400).body("error.code", equalTo("invalid_config"));
    }

    /** The enabled types come with the key's cached look-up: an operator's change must still apply at once. */
    @Test
    void aTypeDisabledAfterTheKeyWasUsedIsRefusedAtOnceAndEnabledAgainTheSame() {
        String org = Admin.createOrganization("Types org", Map.of("disc", 5, "fra", 5));
        Admin.Keys test = Admin.issueKeys(org, "test", Map.of());
        Sessions.create(test.secretKey(), Sessions.body("fra", "before")).statusCode(201);
        patchTypes(org, List.of("disc"));
        Sessions.create(test.secretKey(), Sessions.body("fra", "disabled")).statusCode(403)
                .body("error.code", equalTo("assessment_not_enabled"));
        Sessions.create(test.secretKey(), Sessions.body("disc", "still")).statusCode(201);
        patchTypes(org, List.of("disc", "fra"));
        Sessions.create(test.secretKey(), Sessions.body("fra", "again")).statusCode(201);
    }

    /** A look-up on this replica while the change commits reads the old row: it must not stay cached afterwards. */
    @Test
    void aLookUpDuringTheChangesCommitIsNotKeptAfterIt() throws Exception {
        String org = Admin.createOrganization("Types race org", Map.of("disc", 5, "fra", 5));
        Admin.Keys test = Admin.issueKeys(org, "test", Map.of());
        var lookUp = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().run(() -> {
                organizations.update(org, null, List.of("disc"), null, null);
                try { // another request's look-up, before the commit: it sees the old types and caches them
                    var seen = lookUp.submit(() -> keys.authenticate(test.secretKey()).orElseThrow().enabledTypes())
                            .get(10, java.util.concurrent.TimeUnit.SECONDS);
                    assertEquals(List.of("disc", "fra"), seen.stream().sorted().toList());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        } finally {
            lookUp.shutdownNow();
        }
        Sessions.create(test.secretKey(), Sessions.body("fra", "after")).statusCode(403)
                .body("error.code", equalTo("assessment_not_enabled"));
    }

    private static void patchTypes(String org, List<String> types) {
        api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON).body(Map.of("assessmentTypes", types))
                .patch("/api/admin/organizations/{id}", org).then().statusCode(200);
    }

    @Test
    void liveSessionsTakeLicensesAndTestSessionsDoNot() {
        String org = Admin.createOrganization("License org", Map.of("disc", 2));
        Admin.Keys test = Admin.issueKeys(org, "test", Map.of());
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        for (int i = 0; i < 3; i++) {
            Sessions.create(test.secretKey(), Sessions.body("disc", "t" + i)).statusCode(201);
        }
        assertEquals(0, db.count("select coalesce(sum(used), 0) from license_stripes where organization_id = ?", org));
        Sessions.create(live.secretKey(), Sessions.body("disc", "a")).statusCode(201);
        Sessions.create(live.secretKey(), Sessions.body("disc", "b")).statusCode(201);
        Sessions.create(live.secretKey(), Sessions.body("disc", "c")).statusCode(402)
                .body("error.code", equalTo("no_available_licenses"));
        assertEquals(2, db.count("select coalesce(sum(used), 0) from license_stripes where organization_id = ?", org));
        assertEquals(2, db.count("select count(*) from sessions where organization_id = ? and environment = 'live'", org));
        assertEquals(2, db.count("select count(*) from events where organization_id = ? and environment = 'live'", org),
                "the refused create's event, written in the same round trip as its license's update, rolled back");
    }

    @Test
    void testAndLiveAndOtherOrganizationsNeverSeeEachOther() {
        String org = Admin.createOrganization("Env org", Map.of("disc", 5));
        Admin.Keys test = Admin.issueKeys(org, "test", Map.of());
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        Admin.Keys other = Admin.newTenant("live");
        String liveId = Sessions.created(live.secretKey(), "disc")[0];
        String testId = Sessions.created(test.secretKey(), "disc")[0];
        api().auth().oauth2(test.secretKey()).get("/api/v1/sessions/{id}", liveId).then().statusCode(404)
                .body("error.code", equalTo("session_not_found"));
        api().auth().oauth2(live.secretKey()).get("/api/v1/sessions/{id}", testId).then().statusCode(404);
        api().auth().oauth2(other.secretKey()).get("/api/v1/sessions/{id}", liveId).then().statusCode(404);
        api().auth().oauth2(other.secretKey()).delete("/api/v1/sessions/{id}", liveId).then().statusCode(404);
        api().auth().oauth2(live.secretKey()).get("/api/v1/sessions").then().statusCode(200)
                .body("data.id", equalTo(List.of(liveId))).body("total", equalTo(1));
        api().auth().oauth2(live.secretKey()).get("/api/v1/sessions/{id}", liveId).then().statusCode(200)
                .body("environment", equalTo("live")).body("results", nullValue()).body("reportUrl", nullValue());
        api().auth().oauth2(live.secretKey()).delete("/api/v1/sessions/{id}", liveId).then().statusCode(204);
        api().auth().oauth2(live.secretKey()).get("/api/v1/sessions/{id}", liveId).then().statusCode(404)
                .body("error.code", equalTo("session_not_found"));
    }

    @Test
    void listsNewestFirstWithFiltersAndPaging() {
        Admin.Keys keys = Admin.newTenant("test");
        api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                .body(Map.of("assessmentTypes", List.of("disc", "fra"))).patch("/api/admin/organizations/{id}", keys.orgId())
                .then().statusCode(200);
        Instant start = clock.instant();
        String[] ids = new String[5];
        for (int i = 0; i < 5; i++) {
            clock.advance(java.time.Duration.ofSeconds(10));
            ids[i] = Sessions.create(keys.secretKey(), Sessions.body(i == 4 ? "fra" : "disc", i < 2 ? "alice" : "bob"))
                    .statusCode(201).extract().path("id");
        }
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions").then().statusCode(200)
                .body("data.id", equalTo(List.of(ids[4], ids[3], ids[2], ids[1], ids[0])))
                .body("total", equalTo(5)).body("limit", equalTo(20)).body("offset", equalTo(0));
        api().auth().oauth2(keys.secretKey()).queryParam("limit", 2).queryParam("offset", 1).get("/api/v1/sessions").then()
                .body("data.id", equalTo(List.of(ids[3], ids[2]))).body("total", equalTo(5));
        api().auth().oauth2(keys.secretKey()).queryParam("candidate_id", "alice").get("/api/v1/sessions").then()
                .body("data.id", equalTo(List.of(ids[1], ids[0])));
        api().auth().oauth2(keys.secretKey()).queryParam("assessment_type", "fra").get("/api/v1/sessions").then()
                .body("data.id", equalTo(List.of(ids[4])));
        api().auth().oauth2(keys.secretKey()).queryParam("status", "completed").get("/api/v1/sessions").then()
                .body("data", hasSize(0)).body("total", equalTo(0));
        api().auth().oauth2(keys.secretKey())
                .queryParam("created_after", start.plusSeconds(20).toString())
                .queryParam("created_before", start.plusSeconds(40).toString())
                .get("/api/v1/sessions").then()
                .body("data.id", equalTo(List.of(ids[2], ids[1])));
        for (String limit : List.of("0", "101", "x")) {
            api().auth().oauth2(keys.secretKey()).queryParam("limit", limit).get("/api/v1/sessions").then().statusCode(400)
                    .body("error.code", equalTo("validation_error"));
        }
        api().auth().oauth2(keys.secretKey()).queryParam("offset", -1).get("/api/v1/sessions").then().statusCode(400);
        api().auth().oauth2(keys.secretKey()).queryParam("status", "paused").get("/api/v1/sessions").then().statusCode(400);
        clock.reset();
    }

    @Test
    void idempotentCreateReplaysTheFirstResponse() {
        Admin.Keys keys = Admin.newTenant("live");
        Map<String, Object> body = Sessions.body("disc", "idem");
        var first = api().auth().oauth2(keys.secretKey()).header("Idempotency-Key", "create-1").contentType(ContentType.JSON)
                .body(body).post("/api/v1/sessions").then().statusCode(201).header("Idempotent-Replayed", nullValue())
                .extract().asString();
        var second = api().auth().oauth2(keys.secretKey()).header("Idempotency-Key", "create-1").contentType(ContentType.JSON)
                .body(body).post("/api/v1/sessions").then().statusCode(201).header("Idempotent-Replayed", equalTo("true"))
                .extract().asString();
        assertEquals(first, second);
        assertEquals(1, db.count("select count(*) from sessions where organization_id = ?", keys.orgId()));
        assertEquals(1, db.count("select coalesce(sum(used), 0) from license_stripes where organization_id = ?", keys.orgId()));

        Map<String, Object> other = Sessions.body("disc", "someone-else");
        api().auth().oauth2(keys.secretKey()).header("Idempotency-Key", "create-1").contentType(ContentType.JSON)
                .body(other).post("/api/v1/sessions").then().statusCode(409)
                .body("error.code", equalTo("idempotency_conflict"))
                .body("error.details.reason", equalTo("different_request"));
        // the replayed body is stored encrypted, not as the token in clear
        String token = io.restassured.path.json.JsonPath.from(first).getString("sessionToken");
        assertEquals(0, db.count("select count(*) from idempotency_records where position(convert_to(?, 'UTF8') in response_body) > 0", token));
    }

    @Test
    void idempotencyKeysAreScopedPerEnvironment() {
        String org = Admin.createOrganization("Idem env org", Map.of("disc", 5));
        Admin.Keys test = Admin.issueKeys(org, "test", Map.of());
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        for (Admin.Keys k : List.of(test, live)) {
            api().auth().oauth2(k.secretKey()).header("Idempotency-Key", "same").contentType(ContentType.JSON)
                    .body(Sessions.body("disc", "x")).post("/api/v1/sessions").then().statusCode(201)
                    .header("Idempotent-Replayed", nullValue());
        }
    }

    @Test
    void concurrentCreatesWithOneKeyMakeOneSession() throws Exception {
        Admin.Keys keys = Admin.newTenant("live");
        Map<String, Object> body = Sessions.body("disc", "race");
        var pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            var futures = new java.util.ArrayList<java.util.concurrent.Future<String>>();
            for (int i = 0; i < 8; i++) {
                futures.add(pool.submit(() -> api().auth().oauth2(keys.secretKey()).header("Idempotency-Key", "race-key")
                        .contentType(ContentType.JSON).body(body).post("/api/v1/sessions")
                        .then().statusCode(201).extract().path("id")));
            }
            java.util.Set<String> ids = new java.util.HashSet<>();
            for (var f : futures) {
                ids.add(f.get());
            }
            assertEquals(1, ids.size());
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, db.count("select count(*) from sessions where organization_id = ?", keys.orgId()));
        assertEquals(1, db.count("select coalesce(sum(used), 0) from license_stripes where organization_id = ?", keys.orgId()));
    }

    @Test
    void concurrentCreatesForTheLastLicensesSucceedExactlyAsOftenAsThereAreLicenses() throws Exception {
        String org = Admin.createOrganization("Race org", Map.of("disc", 3));
        Admin.Keys live = Admin.issueKeys(org, "live", Map.of());
        var pool = java.util.concurrent.Executors.newFixedThreadPool(10);
        try {
            var futures = new java.util.ArrayList<java.util.concurrent.Future<Integer>>();
            for (int i = 0; i < 10; i++) {
                int n = i;
                futures.add(pool.submit(() -> Sessions.create(live.secretKey(), Sessions.body("disc", "r" + n))
                        .extract().statusCode()));
            }
            int created = 0, refused = 0;
            for (var f : futures) {
                int status = f.get();
                if (status == 201) {
                    created++;
                } else {
                    assertEquals(402, status);
                    refused++;
                }
            }
            assertEquals(3, created);
            assertEquals(7, refused);
        } finally {
            pool.shutdownNow();
        }
        assertEquals(3, db.count("select coalesce(sum(used), 0) from license_stripes where organization_id = ?", org));
        assertEquals(3, db.count("select count(*) from sessions where organization_id = ?", org));
    }

    @Test
    void deleteBlanksEveryCopyAndKeepsATombstone() {
        Admin.Keys keys = Admin.newTenant("test");
        Map<String, Object> body = Sessions.body("disc", "forget-me");
        body.put("metadata", Map.of("note", "personal"));
        var created = api().auth().oauth2(keys.secretKey()).header("Idempotency-Key", "del-1").contentType(ContentType.JSON)
                .body(body).post("/api/v1/sessions").then().statusCode(201).extract().jsonPath();
        String id = created.getString("id");
        String token = created.getString("sessionToken");
        Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(200).body("status", equalTo("completed"));
        assertNotEquals(0, db.count("select count(*) from events where session_id = ?", id));

        api().auth().oauth2(keys.secretKey()).delete("/api/v1/sessions/{id}", id).then().statusCode(204);

        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", id).then().statusCode(404)
                .body("error.code", equalTo("session_not_found"));
        api().auth().oauth2(keys.secretKey()).delete("/api/v1/sessions/{id}", id).then().statusCode(404);
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions").then().body("total", equalTo(0));
        Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(404);
        api().auth().oauth2(token).get("/api/v1/embed/session").then().statusCode(401)
                .body("error.code", equalTo("invalid_session_token"));
        api().auth().oauth2(keys.secretKey()).header("Idempotency-Key", "del-1").contentType(ContentType.JSON)
                .body(body).post("/api/v1/sessions").then().statusCode(409)
                .body("error.code", equalTo("idempotency_conflict"));

        var row = db.query("select * from sessions where id = ?", id).get(0);
        for (String column : List.of("candidate_external_id", "candidate_email", "candidate_name", "config", "metadata",
                "redirect_url", "progress", "responses", "results")) {
            assertEquals(null, row.get(column), column + " was not blanked");
        }
        assertNotEquals(null, row.get("deleted_at"));
        assertEquals("completed", row.get("status"));
        assertEquals(0, db.count("select count(*) from events where session_id = ?", id));
        assertEquals(0, db.count("select count(*) from events where payload::text like '%forget-me%'"));
        assertEquals(0, db.count("select count(*) from idempotency_records where resource_id = ? and response_body is not null", id));
        assertEquals(0, db.count("select count(*) from reports where session_id = ?", id));
    }
}
