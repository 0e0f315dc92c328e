package com.assessments.common.input;

import com.assessments.api.model.AssessmentType;
import com.assessments.api.model.CandidateInput;
import com.assessments.api.model.CreateSessionRequest;
import com.assessments.api.model.KeyPairRequest;
import com.assessments.api.model.OrganizationCreateRequest;
import com.assessments.api.model.SubmitRequest;
import com.assessments.common.ContractDocument;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The request bodies' constraints as openapi.yaml states them, checked on bodies as read, with the paths and wording
 * Hibernate Validator gave them (it checked the generated models' annotations until session 22; at the switch, the
 * 65 constrained places those annotations had and the places built here were compared one by one: equal). Through
 * HTTP: RequestBodyValidationTest, BadInputTest, the contract fuzz tests.
 */
class BodyConstraintsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper().findAndRegisterModules();

    /** The copy read at start has no prose: every request schema's constraints and null rules must read as from the whole file. */
    @Test
    void theRulesReadFromTheStartCopyAreThoseOfTheWholeDocument() throws Exception {
        JsonNode whole = new ObjectMapper(new YAMLFactory()).readTree(ContractDocument.bytes());
        Map<String, String> fromWhole = new BodyConstraints(whole, MAPPER).describe();
        assertTrue(fromWhole.size() > 20, "request schemas: " + fromWhole.size());
        assertEquals(fromWhole, new BodyConstraints(ContractDocument.tree(), MAPPER).describe());
        assertEquals(new ContractSchemas(whole).members(), new ContractSchemas(ContractDocument.tree()).members());
    }
    private static final BodyConstraints CONSTRAINTS = new BodyConstraints(ContractDocument.tree(), MAPPER);

    @Test
    void aBodyThatKeepsEveryConstraintHasNoIssue() throws Exception {
        assertEquals(List.of(), issues(CreateSessionRequest.class, """
                {"assessmentType": "disc", "locale": "en", "expiresIn": 300,
                 "candidate": {"externalId": "c-1", "email": "ada@example.com", "name": "Ada"},
                 "config": {"language": "pt-BR"}, "metadata": {"a": 1},
                 "redirectUrl": "https://example.com/done?x=1#y"}"""));
        assertEquals(List.of(), issues(SubmitRequest.class, """
                {"responses": [{"questionId": "q1", "response": 0}, {"questionId": "q2", "response": 100}]}"""));
    }

    @Test
    void eachIssueIsNamedByItsPathWithHibernateValidatorsWording() throws Exception {
        assertEquals(List.of(
                        "candidate.email: must match \"^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$\"",
                        "candidate.externalId: size must be between 1 and 255",
                        "config.language: must match \"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$\"",
                        "expiresIn: must be greater than or equal to 300",
                        "locale: size must be between 1 and 35"),
                issues(CreateSessionRequest.class, """
                        {"assessmentType": "disc", "locale": "", "expiresIn": 299,
                         "candidate": {"externalId": "", "email": "not an address"}, "config": {"language": "EN"}}"""));
        assertEquals(List.of("responses[1].questionId: size must be between 1 and 100",
                        "responses[1].response: must be less than or equal to 100",
                        "responses[2].response: must be greater than or equal to 0"),
                issues(SubmitRequest.class, """
                        {"responses": [{"questionId": "q1", "response": 3}, {"questionId": "", "response": 101},
                                       {"questionId": "q3", "response": -1}]}"""));
        assertEquals(List.of("responses: size must be between 1 and 500"),
                issues(SubmitRequest.class, "{\"responses\": []}"));
    }

    /** Jackson refuses a required member that is absent (the generated creators require it); a null one gets here. */
    @Test
    void aRequiredMemberThatIsNullIsNamed() {
        CreateSessionRequest body = new CreateSessionRequest().assessmentType(AssessmentType.DISC)
                .candidate(new CandidateInput());
        assertEquals(List.of("candidate.externalId: must not be null"), CONSTRAINTS.check(body).stream()
                .map(i -> i.field() + ": " + i.issue()).toList());
        assertEquals(List.of("candidate: must not be null"), CONSTRAINTS.check(new CreateSessionRequest()
                .assessmentType(AssessmentType.DISC)).stream().map(i -> i.field() + ": " + i.issue()).toList());
    }

    @Test
    void setItemsHaveNoPositionAndMapValuesAreNamedByTheirKey() throws Exception {
        assertEquals(List.of("allowedOrigins[]: must match \"^https?://[^/?#\\s]+$\""),
                issues(KeyPairRequest.class, """
                        {"environment": "test", "allowedOrigins": ["https://a.example", "ftp://b.example"]}"""));
        // the contract's LicenseCapacity (minimum 0), which the generated annotations never carried on map values
        assertEquals(List.of("licenses.disc: must be greater than or equal to 0"),
                issues(OrganizationCreateRequest.class, "{\"name\": \"Acme\", \"licenses\": {\"disc\": -1, \"fra\": 0}}"));
        StringBuilder fifty1 = new StringBuilder("{");
        for (int i = 0; i <= 50; i++) {
            fifty1.append(i == 0 ? "" : ", ").append("\"k").append(i).append("\": ").append(i);
        }
        assertEquals(List.of("metadata: size must be between 0 and 50"), issues(CreateSessionRequest.class,
                "{\"assessmentType\": \"disc\", \"candidate\": {\"externalId\": \"c\"}, \"metadata\": " + fifty1 + "}}"));
    }

    @Test
    void lengthsCountCharactersNotUtf16Units() throws Exception {
        String emoji = "\uD83D\uDE00"; // one character, two UTF-16 units
        assertEquals(List.of(), issues(OrganizationCreateRequest.class,
                "{\"name\": \"" + emoji.repeat(200) + "\"}"));
        assertEquals(List.of("name: size must be between 1 and 200"), issues(OrganizationCreateRequest.class,
                "{\"name\": \"" + emoji.repeat(201) + "\"}"));
    }

    /** A made-up contract: a schema that contains itself, lists of lists, allOf beside a member's own keywords. */
    @Test
    void nestedPlacesAreNamedAndAOneSidedSizeIsWordedWithItsDefault() throws Exception {
        BodyConstraints tree = new BodyConstraints(MAPPER.readTree("""
                {"paths": {"/t": {"post": {"requestBody": {"content": {"application/json":
                   {"schema": {"$ref": "#/components/schemas/Tree"}}}}}}},
                 "components": {"schemas": {
                   "Tree": {"type": "object", "required": ["label"], "properties": {
                     "label": {"type": "string", "minLength": 2},
                     "weight": {"type": "integer", "maximum": 10},
                     "grid": {"type": "array", "items": {"type": "array", "maxItems": 2,
                              "items": {"type": "integer", "minimum": 1}}},
                     "children": {"type": "array", "items": {"$ref": "#/components/schemas/Tree"}},
                     "tags": {"allOf": [{"$ref": "#/components/schemas/Short"}], "pattern": "^[a-z]+$"}}},
                   "Short": {"type": "string", "maxLength": 3}}}}"""), MAPPER);
        assertEquals(List.of(
                        "children[0].label: must not be null",
                        "children[1].children[0].label: size must be between 2 and 2147483647",
                        "grid[0][1]: must be greater than or equal to 1",
                        "grid[1]: size must be between 0 and 2",
                        "label: size must be between 2 and 2147483647",
                        "tags: size must be between 0 and 3",
                        "tags: must match \"^[a-z]+$\"",
                        "weight: must be less than or equal to 10"),
                tree.check("Tree", MAPPER.readTree("""
                        {"label": "x", "weight": 11, "grid": [[1, 0], [1, 2, 3]], "tags": "ABCD",
                         "children": [{"weight": 1}, {"label": "ok", "children": [{"label": "y"}]}]}"""))
                        .stream().map(i -> i.field() + ": " + i.issue()).toList());
        assertEquals(List.of(), CONSTRAINTS.check("not a model"));
    }

    /** A keyword it does not check would go unchecked: the service refuses to start instead. */
    @Test
    void aRequestSchemaWithAKeywordItDoesNotCheckIsRefused() throws Exception {
        for (String schema : List.of("{\"type\": \"integer\", \"exclusiveMinimum\": 0}",
                "{\"oneOf\": [{\"type\": \"string\"}, {\"type\": \"integer\"}]}",
                "{\"type\": \"object\", \"maxProperties\": 2, \"properties\": {\"a\": {\"type\": \"string\"}}}")) {
            JsonNode contract = MAPPER.readTree("""
                    {"paths": {"/t": {"post": {"requestBody": {"content": {"application/json":
                       {"schema": {"$ref": "#/components/schemas/T"}}}}}}},
                     "components": {"schemas": {"T": {"type": "object", "properties": {"v": %s}}}}}""".formatted(schema));
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> new BodyConstraints(contract, MAPPER), schema);
            assertTrue(refused.getMessage().contains("BodyConstraints does not check"), refused.getMessage());
        }
    }

    /** Every member the contract requires, in every request schema, is checked as required. */
    @Test
    void everyRequiredMemberOfEveryRequestSchemaIsChecked() {
        JsonNode schemas = ContractDocument.tree().path("components").path("schemas");
        Map<String, String> described = CONSTRAINTS.describe();
        List<String> unchecked = new ArrayList<>();
        int required = 0;
        for (var name = schemas.fieldNames(); name.hasNext(); ) {
            String schema = name.next();
            if (!ContractSchemas.get().isRequestSchema(schema)) {
                continue;
            }
            for (JsonNode member : schemas.path(schema).path("required")) {
                required++;
                String place = schema + "." + member.asText();
                if (!described.getOrDefault(place, "").contains("required")) {
                    unchecked.add(place);
                }
            }
        }
        assertTrue(required > 20, "the request schemas' required members: " + required);
        assertEquals(List.of(), unchecked);
    }

    /**
     * What the check reads is what the contract constrains: every member of every request schema has a getter under
     * its JSON name, a constrained text member is read as text (a String, an enum, a URI or a UUID), a list as a
     * collection, a map or a nested object as a map or a generated model. A member read as null or as an unknown type
     * would be skipped without a word, or always reported missing.
     */
    @Test
    void everyRequestMemberIsReadAsTheTypeItsConstraintsNeed() {
        JsonNode schemas = ContractDocument.tree().path("components").path("schemas");
        List<String> wrong = new ArrayList<>();
        int members = 0;
        for (var name = schemas.fieldNames(); name.hasNext(); ) {
            String schema = name.next();
            Class<?> model = model(schema);
            if (!ContractSchemas.get().isRequestSchema(schema) || model == null || model.isEnum()) {
                continue;
            }
            var getters = new java.util.HashMap<String, Class<?>>();
            MAPPER.getSerializationConfig().introspect(MAPPER.constructType(model)).findProperties()
                    .forEach(p -> getters.put(p.getName(), p.getAccessor() == null ? null : p.getAccessor().getRawType()));
            for (var property : schemas.path(schema).path("properties").properties()) {
                members++;
                Class<?> type = getters.get(property.getKey());
                JsonNode resolved = ContractSchemas.resolve(ContractDocument.tree(), property.getValue());
                String kind = resolved.path("type").asText(resolved.has("properties") ? "object" : "");
                boolean fits = type != null && switch (kind) {
                    case "string" -> type == String.class || type.isEnum() || type == java.net.URI.class
                            || type == java.util.UUID.class || type == java.time.OffsetDateTime.class;
                    case "integer", "number" -> Number.class.isAssignableFrom(type);
                    case "array" -> java.util.Collection.class.isAssignableFrom(type);
                    case "object" -> Map.class.isAssignableFrom(type)
                            || type.isAnnotationPresent(com.fasterxml.jackson.annotation.JsonTypeName.class);
                    default -> true;
                };
                if (!fits) {
                    wrong.add(schema + "." + property.getKey() + " (" + kind + ", read as " + type + ")");
                }
            }
        }
        assertTrue(members > 60, "request members: " + members);
        assertEquals(List.of(), wrong);
    }

    private static Class<?> model(String schema) {
        try {
            return Class.forName("com.assessments.api.model." + schema);
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    private static List<String> issues(Class<?> type, String json) throws Exception {
        return CONSTRAINTS.check(MAPPER.readValue(json, type)).stream().map(i -> i.field() + ": " + i.issue()).toList();
    }
}
