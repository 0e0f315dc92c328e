package com.assessments.common.http;

import com.assessments.common.ContractDocument;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract read at start is a copy without the prose (ContractDocument): every operation's declared parameters
 * and body requirement must read from it as from the whole file.
 */
class ContractParametersStartCopyTest {

    @Test
    void everyOperationsParametersReadFromTheStartCopyAreThoseOfTheWholeDocument() throws Exception {
        JsonNode whole = new ObjectMapper(new YAMLFactory()).readTree(ContractDocument.bytes());
        ContractParameters fromWhole = new ContractParameters(whole);
        ContractParameters fromCopy = new ContractParameters(ContractDocument.tree());
        List<String> operations = new ArrayList<>();
        whole.path("paths").forEach(path -> path.forEach(op -> {
            if (op.has("operationId")) {
                operations.add(op.get("operationId").asText());
            }
        }));
        assertTrue(operations.size() > 50, "operations: " + operations.size());
        int declared = 0;
        for (String op : operations) {
            // Declared holds compiled patterns, which have no equals: compared as written out
            assertEquals(fromWhole.of(op).toString(), fromCopy.of(op).toString(), op);
            assertEquals(fromWhole.bodyRequired(op), fromCopy.bodyRequired(op), op);
            declared += fromWhole.of(op).size();
        }
        assertTrue(declared > 20, "parameters declared: " + declared);
    }
}
