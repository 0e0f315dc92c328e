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

/**
 * The service reads the build's JSON copy of openapi.yaml at start instead of parsing the YAML: the copy must be on
 * the class path under the YAML's digest, and say exactly what the YAML says.
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
        assertEquals(fromYaml, ContractDocument.tree());
        assertEquals(fromYaml, new ObjectMapper().readTree(ContractDocument.json())); // what /q/openapi?format=json serves
    }

    @Test
    void aCopyMadeFromAnotherVersionOfTheFileIsNotTakenForIt() {
        byte[] yaml = ContractDocument.bytes();
        byte[] edited = Arrays.copyOf(yaml, yaml.length + 1);
        edited[yaml.length] = '\n';
        assertNotEquals(ContractDocument.jsonCopyName(yaml), ContractDocument.jsonCopyName(edited));
        assertEquals(ContractDocument.jsonCopyName("x".getBytes(StandardCharsets.UTF_8)),
                ContractDocument.jsonCopyName("x".getBytes(StandardCharsets.UTF_8)));
    }
}
