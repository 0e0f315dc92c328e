package com.assessments.common;

import com.assessments.api.model.CandidateInput;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The service's ObjectMapper (the one Quarkus REST writes every answer with) reads and writes properties through
 * Blackbird's generated accessors, not a reflective call each, and still writes what the DTO holds.
 */
@QuarkusTest
class JsonAccessorsTest {

    @Inject
    ObjectMapper mapper;

    @Test
    void theServicesMapperUsesGeneratedAccessors() throws Exception {
        assertTrue(mapper.getRegisteredModuleIds().contains(new BlackbirdModule().getTypeId()),
                mapper.getRegisteredModuleIds().toString());
        CandidateInput candidate = new CandidateInput().externalId("c-1").email("c@example.com").name("Ada");
        String json = mapper.writeValueAsString(candidate);
        assertEquals("c-1", mapper.readTree(json).get("externalId").asText());
        CandidateInput back = mapper.readValue(json, CandidateInput.class);
        assertEquals(candidate, back);
    }
}
