package com.assessments.common;

import com.assessments.api.model.CandidateInput;
import com.assessments.api.model.EventType;
import com.assessments.api.model.SessionStatus;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The service's ObjectMapper (the one Quarkus REST writes every answer with) reads and writes properties through
 * Blackbird's generated accessors, not a reflective call each, and still writes what the DTO holds; the contract's
 * enums go out through their toString() (the wire value) without reflection.
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

    @Test
    void theContractsEnumsAreWrittenByTheirToStringNotAReflectiveCall() throws Exception {
        // ToStringSerializer calls toString() directly; Jackson's own choice for @JsonValue calls it through reflection
        assertTrue(mapper.getSerializerProviderInstance().findValueSerializer(SessionStatus.class) instanceof ToStringSerializer);
        assertTrue(mapper.getSerializerProviderInstance().findValueSerializer(EventType.class) instanceof ToStringSerializer);
        assertEquals("\"in_progress\"", mapper.writeValueAsString(SessionStatus.IN_PROGRESS), "the wire value, not the name");
        assertEquals("{\"status\":\"completed\"}", mapper.writeValueAsString(Map.of("status", SessionStatus.COMPLETED)));
        assertEquals(SessionStatus.IN_PROGRESS, mapper.readValue("\"in_progress\"", SessionStatus.class), "read as before");
        // the rule is the annotation, not the package: an enum without it keeps Jackson's default (its name)
        assertFalse(mapper.getSerializerProviderInstance().findValueSerializer(Plain.class) instanceof ToStringSerializer);
        assertEquals("\"ONE\"", mapper.writeValueAsString(Plain.ONE));
        assertEquals("\"one\"", mapper.writeValueAsString(Marked.ONE));
    }

    enum Plain {
        ONE;

        @Override
        public String toString() {
            return "one"; // not its JSON value: no @JsonValue
        }
    }

    enum Marked {
        ONE;

        @com.fasterxml.jackson.annotation.JsonValue
        @Override
        public String toString() {
            return "one";
        }
    }
}
