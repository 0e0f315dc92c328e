package com.assessments.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The service reads the build's JSON copies of openapi.yaml instead of parsing the YAML: the copies must be on the
 * class path under the YAML's checksum. The served one says exactly what the YAML says; the one read at start says it
 * without the prose (descriptions, summaries, examples), and nothing else is missing from it.
 */
class ContractDocumentTest {

    @Test
    void theBuildsJsonCopyIsTheYamlsOwnTree() throws IOException {
        byte[] yaml = ContractDocument.bytes();
        JsonNode fromYaml = new ObjectMapper(new YAMLFactory()).readTree(yaml);
        try (InputStream copy = getClass().getClassLoader().getResourceAsStream(ContractDocument.jsonCopyName(yaml))) {
            assertNotNull(copy, "no " + ContractDocument.jsonCopyName(yaml) + " (exec-maven-plugin, contract-json)");
            assertEquals(fromYaml, new ObjectMapper().readTree(copy));
        }
        assertEquals(fromYaml, new ObjectMapper().readTree(ContractDocument.json())); // what /q/openapi?format=json serves
        try (InputStream rules = getClass().getClassLoader().getResourceAsStream(ContractDocument.rulesCopyName(yaml))) {
            assertNotNull(rules, "no " + ContractDocument.rulesCopyName(yaml) + " (exec-maven-plugin, contract-json)");
            assertEquals(ContractDocument.withoutProse(fromYaml), new ObjectMapper().readTree(rules));
        }
        assertEquals(ContractDocument.withoutProse(fromYaml), ContractDocument.tree());
        assertTrue(ContractDocument.tree().toString().length() < fromYaml.toString().length() * 2 / 3,
                "the prose is most of what start-up no longer parses");
    }

    @Test
    void withoutProseDropsTheProseKeywordsAndKeepsEverythingElseIncludingNamesAndDataThatLookLikeThem() throws IOException {
        JsonNode document = new ObjectMapper().readTree("""
                {"info": {"title": "T", "description": "about"},
                 "security": [{"description": []}, {"summary": [], "example": []}],
                 "tags": [{"name": "sessions", "description": "Sessions"}],
                 "paths": {"/a": {"summary": "s", "description": "d", "post": {
                     "summary": "make", "operationId": "make", "x-required-scope": "sessions:write",
                     "security": [{"examples": ["read"]}], "x-notes": {"description": "kept: an extension's value"},
                     "parameters": [{"name": "q", "in": "query", "description": "d", "example": "x",
                                     "schema": {"type": "string", "pattern": "^a$"}}],
                     "requestBody": {"content": {"application/json": {
                         "schema": {"$ref": "#/components/schemas/Thing"}, "examples": {"one": {"value": {}}}}}},
                     "responses": {"200": {"description": "ok"}}}}},
                 "components": {"schemas": {
                     "description": {"type": "string", "description": "a schema called description"},
                     "Thing": {"type": "object", "description": "d", "example": {"summary": "x"}, "required": ["description"],
                         "externalDocs": {"url": "https://example.com"},
                         "default": {"description": "abc", "example": []}, "enum": [{"summary": 1}],
                         "properties": {"description": {"type": "string", "maxLength": 3, "description": "d"},
                                        "example": {"type": "array", "items": {"type": "string", "example": "e"}},
                                        "summary": {"nullable": true, "allOf": [{"$ref": "#/components/schemas/description"}]}}}},
                   "examples": {"one": {"value": 1}}}}""");
        JsonNode expected = new ObjectMapper().readTree("""
                {"info": {"title": "T"},
                 "security": [{"description": []}, {"summary": [], "example": []}],
                 "tags": [{"name": "sessions"}],
                 "paths": {"/a": {"post": {
                     "operationId": "make", "x-required-scope": "sessions:write",
                     "security": [{"examples": ["read"]}], "x-notes": {"description": "kept: an extension's value"},
                     "parameters": [{"name": "q", "in": "query", "schema": {"type": "string", "pattern": "^a$"}}],
                     "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
                     "responses": {"200": {}}}}},
                 "components": {"schemas": {
                     "description": {"type": "string"},
                     "Thing": {"type": "object", "required": ["description"],
                         "default": {"description": "abc", "example": []}, "enum": [{"summary": 1}],
                         "properties": {"description": {"type": "string", "maxLength": 3},
                                        "example": {"type": "array", "items": {"type": "string"}},
                                        "summary": {"nullable": true, "allOf": [{"$ref": "#/components/schemas/description"}]}}}}}}""");
        assertEquals(expected, ContractDocument.withoutProse(document));
        assertTrue(document.path("info").has("description"), "the document itself is left as it was");
    }

    @Test
    void aCopyMadeFromAnotherVersionOfTheFileIsNotTakenForIt() {
        byte[] yaml = ContractDocument.bytes();
        byte[] edited = Arrays.copyOf(yaml, yaml.length + 1);
        edited[yaml.length] = '\n';
        assertNotEquals(ContractDocument.jsonCopyName(yaml), ContractDocument.jsonCopyName(edited));
        assertNotEquals(ContractDocument.rulesCopyName(yaml), ContractDocument.rulesCopyName(edited));
        byte[] sameLength = Arrays.copyOf(yaml, yaml.length);
        sameLength[yaml.length / 2] ^= 1;
        assertNotEquals(ContractDocument.jsonCopyName(yaml), ContractDocument.jsonCopyName(sameLength));
        assertEquals(ContractDocument.jsonCopyName("x".getBytes(StandardCharsets.UTF_8)),
                ContractDocument.jsonCopyName("x".getBytes(StandardCharsets.UTF_8)));
    }
}
