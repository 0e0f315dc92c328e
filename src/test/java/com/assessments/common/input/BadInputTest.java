package com.assessments.common.input;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input never reaches a 500 and never stores anything. The first test generates its cases from openapi.yaml:
 * for every operation with a JSON request body it takes the body's first example and, walking the request schema,
 * sends that body with one member spoilt (a string with U+0000, an array [null], an explicit null for a member
 * that is not nullable, a repeated item in a uniqueItems array, a NUL key or null value in a map, {} below
 * minProperties); path ids are filled with real ids made here. Each must answer 400 naming the spoilt member
 * (404 everywhere on routes that are not implemented yet), and a digest of every table row of this test's
 * organizations must not change. Finally every example itself must be accepted, so the refusals are the spoilt
 * members' doing. The second test is the table of specific inputs of the issue.
 */
@QuarkusTest
class BadInputTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNode SPEC = readSpec();
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
    private static final Pattern PATH_PARAMETER = Pattern.compile("([^/]+)/\\{[^/{}]+}");
    /** Where webhook examples point (hooks.example.com) is replaced by a receiver the SSRF rules let tests use. */
    private static final String LOCAL_RECEIVER = "https://127.0.0.1:9/hook";

    @Inject
    TestDb db;

    /** Ids made for this test; webhooks live in the live environment so that test sessions send them nothing. */
    record Fixture(String orgA, String orgB, Admin.Keys test, Admin.Keys live, String rotatableKeyId, String webhookId) {
    }

    private static Fixture fixture;
    /**
     * Stand-ins for the portal examples' values, which name people and links that do not exist here: the example's
     * email becomes a real portal user's, its invitation and reset tokens real ones (made once, used by the example).
     */
    private static final Map<String, String> PORTAL_STAND_INS = new HashMap<>();
    /** An owner of orgA signed in to the portal, for the portal's session routes. */
    private static com.assessments.support.Portal.SignedIn portalOwner;
    /** A TFD config of orgA in status reviewing, so the portal's status example (publish) is a move it may make. */
    private static String tfdConfigId;
    /** A viewer of orgA, whose role the portal's member example changes. */
    private static String memberId;

    @Inject
    io.quarkus.mailer.MockMailbox mailbox;

    @BeforeEach
    void arrange() {
        if (fixture != null) {
            return;
        }
        long n = System.nanoTime();
        // a rate limit no test run reaches: the generated table sends a few hundred requests with one key
        String orgA = organization("Bad input A " + n, Map.of("disc", 50, "fra", 50));
        String orgB = organization("Bad input B " + n, Map.of("disc", 5, "fra", 5, "tfd", 5));
        Admin.Keys test = Admin.issueKeys(orgA, "test", Map.of());
        Admin.Keys live = Admin.issueKeys(orgA, "live", Map.of());
        String rotatable = Admin.issueKeys(orgA, "test", Map.of()).secretKeyId();
        String webhook = api().auth().oauth2(live.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("url", LOCAL_RECEIVER, "events", List.of("session.completed"), "description", "bad input"))
                .post("/api/v1/webhooks").then().statusCode(201).extract().path("id");
        fixture = new Fixture(orgA, orgB, test, live, rotatable, webhook);
        portalOwner = com.assessments.support.Portal.newOwner(orgA);
        String signInUser = portalOwner.email();
        String memberLink = portalOwner.in(orgA).contentType(ContentType.JSON)
                .body(Map.of("email", com.assessments.support.Portal.uniqueEmail("member"), "role", "viewer"))
                .post("/api/portal/team/invitations").then().statusCode(201).extract().path("acceptUrl");
        memberId = com.assessments.support.Portal.accept(com.assessments.support.Portal.token(memberLink), "Member",
                com.assessments.support.Portal.PASSWORD).then().statusCode(200).extract().path("user.id");
        tfdConfigId = portalOwner.in(orgA).contentType(ContentType.JSON).body(Map.of("occupationId", "15-1252.00"))
                .post("/api/portal/tfd-configs").then().statusCode(201).extract().path("id");
        portalOwner.in(orgA).contentType(ContentType.JSON).body(Map.of("status", "reviewing"))
                .post("/api/portal/tfd-configs/{id}/status", tfdConfigId).then().statusCode(200);
        String resetUser = com.assessments.support.Portal.newOwner(orgA).email();
        mailbox.clear();
        api().contentType(ContentType.JSON).body(Map.of("email", resetUser)).post("/api/portal/password-reset").then().statusCode(202);
        String mail = mailbox.getMailsSentTo(resetUser).get(0).getText();
        PORTAL_STAND_INS.put("grace@acme.example", signInUser);
        PORTAL_STAND_INS.put("prt_4fJ8kL2mN6pQ9rS3tV7wX1yZ5aB0cD4eF8gH2iJ6kL9", mail.substring(mail.indexOf("#reset=") + 7).split("\\s")[0]);
        PORTAL_STAND_INS.put("pit_9xY3zA7bC1dE5fG9hI3jK7lM1nO5pQ9rS3tU7vW1xY5",
                com.assessments.support.Portal.inviteOwner(orgB, com.assessments.support.Portal.uniqueEmail("bad-input")));
    }

    private static String organization(String name, Map<String, Integer> licenses) {
        return api().auth().oauth2(Admin.TOKEN).contentType(ContentType.JSON)
                .body(Map.of("name", name, "assessmentTypes", List.copyOf(licenses.keySet()), "licenses", licenses,
                        "rateLimitPerMinute", 100000))
                .post("/api/admin/organizations").then().statusCode(201).extract().path("id");
    }

    // ------------------------------------------------------------------------------- the generated table

    /** One operation of the contract with a JSON request body. */
    record Operation(String method, String template, String id, JsonNode schema, ObjectNode example, Set<String> schemes) {
    }

    /** One spoilt body: where it was spoilt (the field the 400 must name) and how. */
    record Case(Operation op, String kind, String field, String body) {
    }

    @Test
    void everyRequestMemberRefusesNulNullItemsAndNullsTheContractForbids() {
        List<Operation> operations = operationsWithBodies();
        Map<String, Session> sessions = new HashMap<>();
        for (Operation op : operations) {
            if (op.template().contains("/sessions/{") || op.schemes().contains("sessionToken")) {
                String[] s = Sessions.created(fixture.test().secretKey(), "disc");
                sessions.put(op.id(), new Session(s[0], s[1]));
            }
        }
        String before = digest();

        Map<String, Map<String, Integer>> statuses = new TreeMap<>();
        Map<String, List<String>> wrong = new LinkedHashMap<>();
        List<Case> all = new ArrayList<>();
        List<Response> answers = new ArrayList<>();
        for (Operation op : operations) {
            for (Case c : cases(op)) {
                Response r = send(op, sessions.get(op.id()), c.body());
                all.add(c);
                answers.add(r);
                statuses.computeIfAbsent(op.id(), k -> new TreeMap<>()).merge(String.valueOf(r.statusCode()), 1, Integer::sum);
                String after = digest();
                if (!before.equals(after)) {
                    wrong.computeIfAbsent(op.id(), k -> new ArrayList<>()).add(c.kind() + " " + c.field() + ": stored something");
                    before = after;
                }
            }
        }

        // now the examples themselves: each must be accepted (or the route is not implemented at all)
        Map<String, Integer> baseStatus = new LinkedHashMap<>();
        for (Operation op : operations) {
            ObjectNode example = localized(op.example());
            if ("createCoachMessage".equals(op.id())) {
                example.remove("sessionId"); // the example's session exists in the documentation only (404 here)
            }
            Response r = send(op, sessions.get(op.id()), example.toString());
            baseStatus.put(op.id(), r.statusCode());
            boolean accepted = r.statusCode() / 100 == 2;
            boolean noRoute = r.statusCode() == 404 && "not_found".equals(r.path("error.code"));
            assertTrue(accepted || noRoute, op.id() + " example answered " + r.statusCode() + " " + r.asString());
        }

        for (int i = 0; i < all.size(); i++) {
            Case c = all.get(i);
            Response r = answers.get(i);
            int base = baseStatus.get(c.op().id());
            String problem = null;
            if (r.statusCode() >= 500) {
                problem = "answered " + r.statusCode();
            } else if (base == 404) {
                if (r.statusCode() != 404) {
                    problem = "answered " + r.statusCode() + " on a route that is not implemented";
                }
            } else if (r.statusCode() != 400 || !"validation_error".equals(r.path("error.code"))) {
                problem = "answered " + r.statusCode() + " " + r.asString();
            } else {
                List<String> fields = r.path("error.details.errors.field");
                if (!fields.contains(c.field())) {
                    problem = "named " + fields + " " + r.path("error.details.errors.issue");
                }
            }
            if (problem != null) {
                wrong.computeIfAbsent(c.op().id(), k -> new ArrayList<>()).add(c.kind() + " " + c.field() + ": " + problem);
            }
        }

        Map<String, Map<String, Long>> kinds = all.stream().collect(Collectors.groupingBy(c -> c.op().id(), TreeMap::new,
                Collectors.groupingBy(Case::kind, TreeMap::new, Collectors.counting())));
        System.out.println("BadInputTest generated " + all.size() + " cases over " + operations.size() + " operations");
        kinds.forEach((op, k) -> System.out.println("  " + op + ": " + k.values().stream().mapToLong(Long::longValue).sum()
                + " cases " + k + " -> statuses " + statuses.get(op) + "; example answered " + baseStatus.get(op)));
        assertEquals(Map.of(), wrong);
        assertTrue(all.size() > 50, "too few cases: " + all.size());
    }

    record Session(String id, String token) {
    }

    private static List<Operation> operationsWithBodies() {
        List<Operation> out = new ArrayList<>();
        SPEC.path("paths").properties().forEach(path -> path.getValue().properties().forEach(m -> {
            JsonNode op = m.getValue();
            JsonNode media = op.path("requestBody").path("content").path("application/json");
            if (!METHODS.contains(m.getKey()) || media.isMissingNode()) {
                return;
            }
            JsonNode example = firstExample(media);
            assertTrue(example != null && example.isObject(), op.path("operationId").asText() + " has no request example");
            Set<String> schemes = new java.util.TreeSet<>();
            JsonNode security = op.has("security") ? op.get("security") : SPEC.path("security");
            security.forEach(requirement -> requirement.fieldNames().forEachRemaining(schemes::add));
            out.add(new Operation(m.getKey().toUpperCase(), path.getKey(), op.path("operationId").asText(), media.path("schema"),
                    (ObjectNode) example, schemes));
        }));
        return out;
    }

    private static JsonNode firstExample(JsonNode media) {
        if (media.has("example")) {
            return media.get("example");
        }
        Iterator<JsonNode> examples = media.path("examples").elements();
        if (!examples.hasNext()) {
            return null;
        }
        JsonNode e = examples.next();
        return resolve(e).path("value");
    }

    /** The spoilt bodies of one operation, walking its request schema from the example. */
    static List<Case> cases(Operation op) {
        List<Case> out = new ArrayList<>();
        JsonNode schema = resolve(op.schema());
        if (schema.path("minProperties").asInt(0) > 0) {
            out.add(new Case(op, "empty object", "body", "{}"));
        }
        walk(op, schema, op.example(), new ArrayList<>(), out);
        return out;
    }

    private static void walk(Operation op, JsonNode schema, JsonNode base, List<Object> path, List<Case> out) {
        schema.path("properties").properties().forEach(p -> {
            JsonNode declared = p.getValue();
            JsonNode s = resolve(declared);
            boolean nullable = declared.path("nullable").asBoolean(false) || s.path("nullable").asBoolean(false);
            List<Object> at = append(path, p.getKey());
            JsonNode current = base == null ? null : base.get(p.getKey());
            if (!nullable) {
                out.add(spoil(op, "null", at, at, NullNode.instance));
            }
            switch (typeOf(s)) {
                case "string" -> out.add(spoil(op, "NUL", at, at,
                        TextNode.valueOf((current != null && current.isTextual() ? current.asText() : "x") + "\u0000")));
                case "array" -> {
                    JsonNode items = resolve(s.path("items"));
                    out.add(spoil(op, "[null]", at, append(at, 0), array(NullNode.instance)));
                    if (typeOf(items).equals("string")) {
                        out.add(spoil(op, "NUL item", at, append(at, 0), array(TextNode.valueOf("x\u0000"))));
                    }
                    if (s.path("uniqueItems").asBoolean(false)) {
                        JsonNode sample = current != null && current.size() > 0 ? current.get(0)
                                : items.has("enum") ? items.get("enum").get(0) : null;
                        if (sample != null) {
                            out.add(spoil(op, "repeat", at, append(at, 1), array(sample, sample)));
                        }
                    }
                    if (typeOf(items).equals("object") && current != null && current.size() > 0) {
                        walk(op, items, current.get(0), append(at, 0), out);
                    }
                }
                case "object" -> {
                    if (s.has("properties")) {
                        walk(op, s, current, at, out);
                    }
                    JsonNode values = s.get("additionalProperties");
                    if (values != null && !values.isBoolean() || values != null && values.asBoolean()) {
                        JsonNode sample = current != null && current.size() > 0 ? current.elements().next() : TextNode.valueOf("v");
                        out.add(spoil(op, "NUL key", at, at, object("k\u0000", sample)));
                        JsonNode v = values.isObject() ? resolve(values) : JSON.createObjectNode();
                        if (!v.path("nullable").asBoolean(false)) {
                            out.add(spoil(op, "null value", at, append(at, "k"), object("k", NullNode.instance)));
                        }
                        if (values.isBoolean() || typeOf(v).equals("string")) {
                            out.add(spoil(op, "NUL value", at, append(at, "k"), object("k", TextNode.valueOf("v\u0000"))));
                        }
                    }
                }
                default -> {
                }
            }
        });
    }

    private static Case spoil(Operation op, String kind, List<Object> at, List<Object> field, JsonNode value) {
        ObjectNode body = op.example().deepCopy();
        JsonNode parent = body;
        for (int i = 0; i < at.size() - 1; i++) {
            Object step = at.get(i);
            JsonNode next = step instanceof Integer index ? parent.get(index) : parent.get((String) step);
            if (next == null || next.isNull()) {
                next = JSON.createObjectNode();
                ((ObjectNode) parent).set((String) step, next);
            }
            parent = next;
        }
        Object last = at.get(at.size() - 1);
        if (last instanceof Integer index) {
            ((ArrayNode) parent).set(index, value);
        } else {
            ((ObjectNode) parent).set((String) last, value);
        }
        return new Case(op, kind, fieldName(field), localized(body).toString());
    }

    /** The example with the environment's stand-ins: webhook URLs point at a receiver tests may register. */
    private static ObjectNode localized(ObjectNode example) {
        ObjectNode body = example.deepCopy();
        body.properties().forEach(member -> {
            String standIn = member.getValue().isTextual() ? PORTAL_STAND_INS.get(member.getValue().asText()) : null;
            if (standIn != null) {
                member.setValue(TextNode.valueOf(standIn));
            }
        });
        if (body.has("url") && body.get("url").isTextual() && !body.get("url").asText().contains("\u0000")) {
            body.put("url", LOCAL_RECEIVER);
        }
        return body;
    }

    private static String fieldName(List<Object> path) {
        StringBuilder out = new StringBuilder();
        for (Object step : path) {
            if (step instanceof Integer i) {
                out.append('[').append(i).append(']');
            } else {
                out.append(out.length() == 0 ? "" : ".").append(step);
            }
        }
        return out.toString();
    }

    private Response send(Operation op, Session session, String body) {
        String token = op.schemes().contains("adminToken") ? Admin.TOKEN
                : op.schemes().contains("sessionToken") ? session.token()
                : op.template().startsWith("/api/v1/webhooks") ? fixture.live().secretKey() : fixture.test().secretKey();
        Matcher m = PATH_PARAMETER.matcher(op.template());
        StringBuilder url = new StringBuilder();
        while (m.find()) {
            String id = switch (m.group(1)) {
                case "sessions" -> session.id();
                case "webhooks" -> fixture.webhookId();
                case "keys" -> fixture.rotatableKeyId();
                case "organizations" -> fixture.orgB();
                case "tfd-configs" -> tfdConfigId;
                case "members" -> memberId;
                default -> throw new IllegalStateException("no id for " + m.group());
            };
            m.appendReplacement(url, Matcher.quoteReplacement(m.group(1) + "/" + id));
        }
        m.appendTail(url);
        RequestSpecification request = op.schemes().contains("portalSession")
                ? portalOwner.in(fixture.orgA()).contentType(ContentType.JSON).body(body)
                : api().auth().oauth2(token).contentType(ContentType.JSON).body(body);
        return request.request(op.method(), url.toString());
    }

    // ------------------------------------------------------------------------------- the specific inputs

    @Test
    void theIssuesInputs() {
        String key = fixture.test().secretKey();
        String live = fixture.live().secretKey();
        String hook = fixture.webhookId();
        String[] progress = Sessions.created(key, "disc");
        String[] submit = Sessions.created(key, "disc");
        String[] embed = Sessions.created(key, "disc");
        List<String> problems = new ArrayList<>();
        Map<String, Integer> statuses = new TreeMap<>();
        String before = digest();

        // {description, method, path, credential, body (null: none), expected status, expected field or code}
        List<Object[]> table = new ArrayList<>(List.of(
                // 1. NUL in stored strings
                row("NUL in candidate.externalId", "POST", "/api/v1/sessions", key, session("\"externalId\":\"u\\u0000\""), 400, "candidate.externalId"),
                row("NUL in candidate.name", "POST", "/api/v1/sessions", key, session("\"externalId\":\"u\",\"name\":\"A\\u0000\""), 400, "candidate.name"),
                row("NUL in candidate.email", "POST", "/api/v1/sessions", key, session("\"externalId\":\"u\",\"email\":\"a\\u0000@b.example\""), 400, "candidate.email"),
                row("NUL in a metadata value", "POST", "/api/v1/sessions", key, sessionWith(",\"metadata\":{\"k\":\"v\\u0000\"}"), 400, "metadata.k"),
                row("NUL in a metadata key", "POST", "/api/v1/sessions", key, sessionWith(",\"metadata\":{\"k\\u0000\":\"v\"}"), 400, "metadata"),
                row("NUL in an organization name", "POST", "/api/admin/organizations", Admin.TOKEN, "{\"name\":\"Acme\\u0000\"}", 400, "name"),
                row("NUL in an organization name (PATCH)", "PATCH", "/api/admin/organizations/" + fixture.orgB(), Admin.TOKEN, "{\"name\":\"Acme\\u0000\"}", 400, "name"),
                row("NUL in a webhook description", "POST", "/api/v1/webhooks", live, "{\"url\":\"" + LOCAL_RECEIVER + "\",\"events\":[\"session.completed\"],\"description\":\"d\\u0000\"}", 400, "description"),
                row("NUL in a webhook description (PATCH)", "PATCH", "/api/v1/webhooks/" + hook, live, "{\"description\":\"d\\u0000\"}", 400, "description"),
                row("NUL in a query value (candidate_id)", "GET", "/api/v1/sessions?candidate_id=%00", key, null, 400, "candidate_id"),
                row("NUL in a query value (session_id)", "GET", "/api/v1/events?session_id=ses_%00", key, null, 400, "session_id"),
                // 2. null inside arrays, null map values
                row("responses [null] (server submit)", "POST", "/api/v1/sessions/" + submit[0] + "/submit", key, "{\"responses\":[null]}", 400, "responses[0]"),
                row("responses [null] (runner submit)", "POST", "/api/v1/embed/submit", embed[1], "{\"responses\":[null]}", 400, "responses[0]"),
                row("answers [null]", "PUT", "/api/v1/embed/progress", progress[1], "{\"answers\":[null]}", 400, "answers[0]"),
                row("events [null]", "POST", "/api/v1/webhooks", live, "{\"url\":\"" + LOCAL_RECEIVER + "\",\"events\":[null]}", 400, "events[0]"),
                row("events [null] (PATCH)", "PATCH", "/api/v1/webhooks/" + hook, live, "{\"events\":[null]}", 400, "events[0]"),
                row("assessmentTypes [null]", "POST", "/api/admin/organizations", Admin.TOKEN, "{\"name\":\"N\",\"assessmentTypes\":[null]}", 400, "assessmentTypes[0]"),
                row("assessmentTypes [null] (PATCH)", "PATCH", "/api/admin/organizations/" + fixture.orgB(), Admin.TOKEN, "{\"assessmentTypes\":[null]}", 400, "assessmentTypes[0]"),
                row("scopes [null]", "POST", "/api/admin/organizations/" + fixture.orgB() + "/keys", Admin.TOKEN, "{\"environment\":\"test\",\"scopes\":[null]}", 400, "scopes[0]"),
                row("products [null]", "POST", "/api/admin/organizations/" + fixture.orgB() + "/keys", Admin.TOKEN, "{\"environment\":\"test\",\"products\":[null]}", 400, "products[0]"),
                row("metadata value null", "POST", "/api/v1/sessions", key, sessionWith(",\"metadata\":{\"k\":null}"), 400, "metadata.k"),
                row("licenses value null", "PATCH", "/api/admin/organizations/" + fixture.orgB(), Admin.TOKEN, "{\"licenses\":{\"disc\":null}}", 400, "licenses.disc"),
                // 3. dates at the edge of the calendar
                row("recover since year -999999999", "POST", "/api/v1/webhooks/" + hook + "/recover", live, "{\"since\":\"-999999999-01-01T00:00:00Z\"}", 400, "since"),
                row("recover until year 10000", "POST", "/api/v1/webhooks/" + hook + "/recover", live, "{\"since\":\"2025-01-01T00:00:00Z\",\"until\":\"+10000-01-01T00:00:00Z\"}", 400, "until"),
                row("recover since year 0", "POST", "/api/v1/webhooks/" + hook + "/recover", live, "{\"since\":\"0000-12-31T23:59:59Z\"}", 400, "since"),
                row("created_after year -999999999 (sessions)", "GET", "/api/v1/sessions?created_after=-999999999-01-01T00:00:00Z", key, null, 400, "created_after"),
                row("created_before year 10000 (sessions)", "GET", "/api/v1/sessions?created_before=%2B10000-01-01T00:00:00Z", key, null, 400, "created_before"),
                row("created_after year -999999999 (events)", "GET", "/api/v1/events?created_after=-999999999-01-01T00:00:00Z", key, null, 400, "created_after"),
                row("created_before year 0 (events)", "GET", "/api/v1/events?created_before=0000-06-01T00:00:00Z", key, null, 400, "created_before"),
                row("created_after not a date (sessions)", "GET", "/api/v1/sessions?created_after=yesterday", key, null, 400, "created_after"),
                row("first and last accepted instants", "GET", "/api/v1/sessions?created_after=0001-01-01T00:00:00Z&created_before=9999-12-31T23:59:59Z", key, null, 200, null),
                row("first and last accepted instants (events)", "GET", "/api/v1/events?created_after=0001-01-01T00:00:00Z&created_before=9999-12-31T23:59:59Z", key, null, 200, null),
                row("recover over the whole calendar", "POST", "/api/v1/webhooks/" + hook + "/recover", live, "{\"since\":\"0001-01-01T00:00:00Z\",\"until\":\"9999-12-31T23:59:59Z\"}", 202, null),
                // 4. URLs that match the pattern but do not parse; ports
                row("redirectUrl http://[", "POST", "/api/v1/sessions", key, sessionWith(",\"redirectUrl\":\"http://[\""), 400, "redirectUrl"),
                row("redirectUrl with %zz", "POST", "/api/v1/sessions", key, sessionWith(",\"redirectUrl\":\"https://a.example/x?y=%zz\""), 400, "redirectUrl"),
                row("webhook port 99999", "POST", "/api/v1/webhooks", live, "{\"url\":\"https://127.0.0.1:99999/x\",\"events\":[\"session.completed\"]}", 400, "url"),
                row("webhook port 0", "POST", "/api/v1/webhooks", live, "{\"url\":\"https://127.0.0.1:0/x\",\"events\":[\"session.completed\"]}", 400, "url"),
                row("webhook port 99999 (PATCH)", "PATCH", "/api/v1/webhooks/" + hook, live, "{\"url\":\"https://127.0.0.1:99999/x\"}", 400, "url"),
                // 5. minProperties, uniqueItems
                row("organization PATCH {}", "PATCH", "/api/admin/organizations/" + fixture.orgB(), Admin.TOKEN, "{}", 400, "body"),
                row("webhook PATCH {}", "PATCH", "/api/v1/webhooks/" + hook, live, "{}", 400, "body"),
                row("assessmentTypes repeated", "POST", "/api/admin/organizations", Admin.TOKEN, "{\"name\":\"N\",\"assessmentTypes\":[\"disc\",\"disc\"]}", 400, "assessmentTypes[1]"),
                row("assessmentTypes repeated (PATCH)", "PATCH", "/api/admin/organizations/" + fixture.orgB(), Admin.TOKEN, "{\"assessmentTypes\":[\"fra\",\"disc\",\"fra\"]}", 400, "assessmentTypes[2]"),
                row("scopes repeated", "POST", "/api/admin/organizations/" + fixture.orgB() + "/keys", Admin.TOKEN, "{\"environment\":\"test\",\"scopes\":[\"sessions:read\",\"sessions:read\"]}", 400, "scopes[1]"),
                row("products repeated", "POST", "/api/admin/organizations/" + fixture.orgB() + "/keys", Admin.TOKEN, "{\"environment\":\"test\",\"products\":[\"disc\",\"disc\"]}", 400, "products[1]"),
                row("allowedOrigins repeated", "POST", "/api/admin/organizations/" + fixture.orgB() + "/keys", Admin.TOKEN, "{\"environment\":\"test\",\"allowedOrigins\":[\"https://a.example\",\"https://a.example\"]}", 400, "allowedOrigins[1]"),
                row("events repeated", "POST", "/api/v1/webhooks", live, "{\"url\":\"" + LOCAL_RECEIVER + "\",\"events\":[\"session.completed\",\"session.completed\"]}", 400, "events[1]"),
                row("events repeated (PATCH)", "PATCH", "/api/v1/webhooks/" + hook, live, "{\"events\":[\"session.failed\",\"session.failed\"]}", 400, "events[1]"),
                // 6. null for members that are not nullable
                row("candidate.email null", "POST", "/api/v1/sessions", key, session("\"externalId\":\"u\",\"email\":null"), 400, "candidate.email"),
                row("expiresIn null", "POST", "/api/v1/sessions", key, sessionWith(",\"expiresIn\":null"), 400, "expiresIn"),
                row("organization name null on create", "POST", "/api/admin/organizations", Admin.TOKEN, "{\"name\":null}", 400, "name"),
                row("webhook description null on create", "POST", "/api/v1/webhooks", live, "{\"url\":\"" + LOCAL_RECEIVER + "\",\"events\":[\"session.completed\"],\"description\":null}", 400, "description"),
                row("rotate-secret overlapSeconds null", "POST", "/api/v1/webhooks/" + hook + "/rotate-secret", live, "{\"overlapSeconds\":null}", 400, "overlapSeconds"),
                // found by the contract fuzz test (ContractFuzzTest)
                row("recover since as a number", "POST", "/api/v1/webhooks/" + hook + "/recover", live, "{\"since\":-478}", 400, "since"),
                row("rotate-secret body null", "POST", "/api/v1/webhooks/" + hook + "/rotate-secret", live, "null", 400, "body"),
                row("redirectUrl with a backquote host", "POST", "/api/v1/sessions", key, sessionWith(",\"redirectUrl\":\"http://`\""), 400, "redirectUrl"),
                row("webhook PATCH of nulls only changes nothing", "PATCH", "/api/v1/webhooks/" + hook, live, "{\"url\":null,\"events\":null}", 200, null),
                row("question bank type with an encoded %", "GET", "/api/v1/assessments/questions/%2C%25Y", embed[1], null, 400, "type"),
                // 7. progress errors name answers[i]
                row("progress with an unknown question", "PUT", "/api/v1/embed/progress", progress[1], "{\"answers\":[{\"questionId\":\"nope\",\"response\":3}]}", 400, "answers[0].questionId"),
                row("progress with a response out of range", "PUT", "/api/v1/embed/progress", progress[1], "{\"answers\":[{\"questionId\":\"disc_01\",\"response\":9}]}", 400, "answers[0].response")));
        for (Object[] r : table) {
            check(r, problems, statuses);

            String after = digest();
            if (!before.equals(after) && ((Integer) r[5]) >= 400) {
                problems.add(r[0] + ": stored something");
            }
            before = after;
        }

        // a raw NUL byte in Idempotency-Key (HTTP clients will not send one: RestAssured's turns it into '?')
        String answer = rawHttp("POST /api/v1/sessions HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + key
                + "\r\nContent-Type: application/json\r\nIdempotency-Key: k\u0000x\r\nConnection: close\r\nContent-Length: "
                + sessionWith("").length() + "\r\n\r\n" + sessionWith(""));
        statuses.merge("raw NUL header " + answer.substring(9, 12)
                + (answer.contains("\"field\":\"Idempotency-Key\"") ? " naming Idempotency-Key" : " (not an envelope)"), 1, Integer::sum);
        if (!answer.startsWith("HTTP/1.1 400")) {
            problems.add("NUL in Idempotency-Key: " + answer);
        }
        if (!before.equals(digest())) {
            problems.add("NUL in Idempotency-Key: stored something");
        }

        // PATCH members that are now nullable: null keeps the value
        String name = api().auth().oauth2(Admin.TOKEN).get("/api/admin/organizations/{id}", fixture.orgB()).then().statusCode(200).extract().path("name");
        check(row("organization PATCH name null keeps it", "PATCH", "/api/admin/organizations/" + fixture.orgB(), Admin.TOKEN,
                "{\"name\":null,\"rateLimitPerMinute\":null,\"licenses\":null,\"assessmentTypes\":null}", 200, null), problems, statuses);
        assertEquals(name, api().auth().oauth2(Admin.TOKEN).get("/api/admin/organizations/{id}", fixture.orgB()).then().extract().path("name"));
        var was = api().auth().oauth2(live).get("/api/v1/webhooks/{id}", hook).then().statusCode(200).extract().jsonPath();
        check(row("webhook PATCH nulls keep the values", "PATCH", "/api/v1/webhooks/" + hook, live,
                "{\"url\":null,\"events\":null,\"status\":null,\"description\":\"changed\"}", 200, null), problems, statuses);
        var is = api().auth().oauth2(live).get("/api/v1/webhooks/{id}", hook).then().statusCode(200).extract().jsonPath();
        assertEquals(was.getString("url"), is.getString("url"));
        assertEquals(was.getList("events"), is.getList("events"));
        assertEquals(was.getString("status"), is.getString("status"));
        assertEquals("changed", is.getString("description"));
        check(row("webhook port 65535", "PATCH", "/api/v1/webhooks/" + hook, live, "{\"url\":\"https://127.0.0.1:65535/x\"}", 200, null), problems, statuses);

        // a path id containing NUL answers exactly like an unknown id on every route with ids
        int routes = 0;
        for (String[] route : idRoutes()) {
            routes++;
            String method = route[0];
            String template = route[1];
            String body = route[2];
            String credential = template.startsWith("/api/admin") ? Admin.TOKEN : template.startsWith("/api/v1/webhooks") ? live : key;
            for (String parameter : parametersOf(template)) {
                Response unknown = raw(method, fill(template, parameter, "zz_unknown"), credential, body);
                Response nul = raw(method, fill(template, parameter, "zz_%00"), credential, body);
                statuses.merge("path id %00 " + nul.statusCode(), 1, Integer::sum);
                String unknownCode = unknown.path("error.code");
                String nulCode = nul.path("error.code");
                if (nul.statusCode() != unknown.statusCode() || !java.util.Objects.equals(unknownCode, nulCode) || nul.statusCode() >= 500) {
                    problems.add(method + " " + template + " {" + parameter + "} with %00: " + nul.statusCode() + " " + nulCode
                            + ", an unknown id: " + unknown.statusCode() + " " + unknownCode);
                }
            }
        }
        System.out.println("BadInputTest specific inputs: " + table.size() + " rows + " + routes + " routes with path ids; statuses " + statuses);
        assertEquals(List.of(), problems);
        assertTrue(routes >= 13, "routes with ids: " + routes);
    }

    /** Sends bytes as given (ISO-8859-1, so U+0000 is the byte 0) and returns the whole answer. */
    private static String rawHttp(String request) {
        try (java.net.Socket socket = new java.net.Socket("localhost", io.restassured.RestAssured.port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Object[] row(String what, String method, String path, String credential, String body, int status, String field) {
        return new Object[]{what, method, path, credential, body, status, field};
    }

    private static String session(String candidate) {
        return "{\"assessmentType\":\"disc\",\"candidate\":{" + candidate + "}}";
    }

    private static String sessionWith(String more) {
        return "{\"assessmentType\":\"disc\",\"candidate\":{\"externalId\":\"u\"}" + more + "}";
    }

    private void check(Object[] r, List<String> problems, Map<String, Integer> statuses) {
        RequestSpecification request = api().urlEncodingEnabled(false).auth().oauth2((String) r[3]);
        if (r[4] != null) {
            request = request.contentType(ContentType.JSON).body((String) r[4]);
        }
        Response response = request.request((String) r[1], (String) r[2]);
        statuses.merge(String.valueOf(response.statusCode()), 1, Integer::sum);
        int expected = (Integer) r[5];
        if (response.statusCode() != expected) {
            problems.add(r[0] + ": " + response.statusCode() + " " + response.asString());
        } else if (r[6] != null) {
            List<String> fields = response.path("error.details.errors.field");
            if (fields == null || !fields.contains((String) r[6])) {
                problems.add(r[0] + ": named " + fields + " instead of " + r[6] + " " + response.asString());
            }
        }
    }

    /** Every operation of the contract with a path id ({type} is an enum, not an id): method, template, a body. */
    private static List<String[]> idRoutes() {
        List<String[]> out = new ArrayList<>();
        SPEC.path("paths").properties().forEach(path -> path.getValue().properties().forEach(m -> {
            if (!METHODS.contains(m.getKey()) || !PATH_PARAMETER.matcher(path.getKey()).find() || path.getKey().contains("{type}")) {
                return;
            }
            JsonNode media = m.getValue().path("requestBody").path("content").path("application/json");
            JsonNode example = media.isMissingNode() ? null : firstExample(media);
            out.add(new String[]{m.getKey().toUpperCase(), path.getKey(), example == null ? null : localized((ObjectNode) example).toString()});
        }));
        return out;
    }

    private static List<String> parametersOf(String template) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("\\{([^/{}]+)}").matcher(template);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** The template with the parameter set to value and every other id to a real one. */
    private String fill(String template, String parameter, String value) {
        Matcher m = PATH_PARAMETER.matcher(template);
        StringBuilder url = new StringBuilder();
        while (m.find()) {
            String name = m.group().substring(m.group().indexOf('{') + 1, m.group().length() - 1);
            String id = name.equals(parameter) ? value : switch (m.group(1)) {
                case "webhooks" -> fixture.webhookId();
                case "organizations" -> fixture.orgB();
                default -> "zz_other";
            };
            m.appendReplacement(url, Matcher.quoteReplacement(m.group(1) + "/" + id));
        }
        m.appendTail(url);
        return url.toString();
    }

    private static Response raw(String method, String path, String credential, String body) {
        RequestSpecification request = path.startsWith("/api/portal/")
                ? portalOwner.in(fixture.orgA()).urlEncodingEnabled(false) // the portal takes its cookie, never a key
                : api().urlEncodingEnabled(false).auth().oauth2(credential);
        if (body != null) {
            request = request.contentType(ContentType.JSON).body(body);
        }
        return request.request(method, path);
    }

    // ------------------------------------------------------------------------------- helpers

    /**
     * Every row of every table that has this test's organizations in it (and the number of organizations), as
     * one digest. Left out: API keys' lastUsedAt (noted on use), rate-limit windows and job runs.
     */
    private String digest() {
        String orgs = "'" + fixture.orgA() + "','" + fixture.orgB() + "'";
        StringBuilder all = new StringBuilder();
        for (Map<String, Object> t : db.query("select table_name from information_schema.columns where table_schema = 'public'"
                + " and column_name = 'organization_id' order by table_name")) {
            String table = (String) t.get("table_name");
            all.append(table).append('=').append(rows("select to_jsonb(t) - 'last_used_at' as j from " + table
                    + " t where organization_id in (" + orgs + ")")).append('\n');
        }
        all.append("organizations=").append(rows("select to_jsonb(t) as j from organizations t where id in (" + orgs + ")"));
        all.append(db.count("select count(*) from organizations"));
        all.append("reports=").append(rows("select to_jsonb(t) as j from reports t where session_id in"
                + " (select id from sessions where organization_id in (" + orgs + "))"));
        all.append("attempts=").append(rows("select to_jsonb(t) as j from webhook_attempts t where delivery_id in"
                + " (select id from webhook_deliveries where organization_id in (" + orgs + "))"));
        return all.toString();
    }

    private String rows(String select) {
        return String.valueOf(db.query("select coalesce(md5(string_agg(j::text, '|' order by j::text)), '') as d, count(*) as n from ("
                + select + ") x").get(0));
    }

    private static List<Object> append(List<Object> path, Object step) {
        List<Object> out = new ArrayList<>(path);
        out.add(step);
        return out;
    }

    private static ArrayNode array(JsonNode... items) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        for (JsonNode i : items) {
            a.add(i);
        }
        return a;
    }

    private static ObjectNode object(String key, JsonNode value) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.set(key, value);
        return o;
    }

    /** Follows $ref and single-$ref allOf wrappers (how OpenAPI 3.0 makes a reference nullable). */
    private static JsonNode resolve(JsonNode schema) {
        JsonNode s = schema;
        for (int i = 0; i < 20; i++) {
            if (s.has("$ref")) {
                s = SPEC.at(s.get("$ref").asText().substring(1));
            } else if (s.has("allOf") && s.get("allOf").size() == 1 && !s.has("properties")) {
                s = s.get("allOf").get(0);
            } else {
                break;
            }
        }
        return s;
    }

    private static String typeOf(JsonNode s) {
        if (s.has("type")) {
            return s.get("type").asText();
        }
        if (s.has("properties") || s.has("additionalProperties")) {
            return "object";
        }
        return s.has("items") ? "array" : s.has("enum") ? "string" : "";
    }

    private static JsonNode readSpec() {
        try {
            return new ObjectMapper(new YAMLFactory()).readTree(Path.of("openapi.yaml").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
