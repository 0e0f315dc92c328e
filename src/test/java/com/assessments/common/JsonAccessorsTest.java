package com.assessments.common;

import com.assessments.api.model.CandidateInput;
import com.assessments.api.model.Candidate;
import com.assessments.api.model.EventData;
import com.assessments.api.model.EventType;
import com.assessments.api.model.Session;
import com.assessments.api.model.SessionConfig;
import com.assessments.api.model.SessionProgress;
import com.assessments.api.model.SessionSummary;
import com.assessments.api.model.SessionDetail;
import com.assessments.api.model.SessionStatus;
import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.ser.BeanPropertyWriter;
import com.fasterxml.jackson.databind.ser.std.BeanSerializerBase;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
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
        // ToStringWriter calls toString() directly; Jackson's own choice for @JsonValue calls it through reflection
        assertTrue(mapper.getSerializerProviderInstance().findValueSerializer(SessionStatus.class) instanceof JsonAccessors.ToStringWriter);
        assertTrue(mapper.getSerializerProviderInstance().findValueSerializer(EventType.class) instanceof JsonAccessors.ToStringWriter);
        assertEquals("\"in_progress\"", mapper.writeValueAsString(SessionStatus.IN_PROGRESS), "the wire value, not the name");
        assertEquals("{\"status\":\"completed\"}", mapper.writeValueAsString(Map.of("status", SessionStatus.COMPLETED)));
        assertEquals(SessionStatus.IN_PROGRESS, mapper.readValue("\"in_progress\"", SessionStatus.class), "read as before");
        // the rule is the annotation, not the package: an enum without it keeps Jackson's default (its name)
        assertFalse(mapper.getSerializerProviderInstance().findValueSerializer(Plain.class) instanceof JsonAccessors.ToStringWriter);
        assertEquals("\"ONE\"", mapper.writeValueAsString(Plain.ONE));
        assertEquals("\"one\"", mapper.writeValueAsString(Marked.ONE));
    }

    @Test
    void timestampsAreWrittenByTheUtcWriterAsJacksonWritesThem() throws Exception {
        // the hand-made text is used only while the mapper has no time zone of its own (quarkus.jackson.timezone)
        assertFalse(mapper.getSerializationConfig().hasExplicitTimeZone());
        Object writer = mapper.getSerializerProviderInstance().findValueSerializer(OffsetDateTime.class);
        assertTrue(writer instanceof UtcTimestampSerializer, String.valueOf(writer));
        // and the writer each DTO property ends up with, once Jackson has fitted it to the property
        assertTrue(propertyWriter(SessionDetail.class, "createdAt") instanceof UtcTimestampSerializer,
                String.valueOf(propertyWriter(SessionDetail.class, "createdAt")));
        assertFalse(propertyWriter(Formatted.class, "at") instanceof UtcTimestampSerializer, "a format of its own: Jackson's");
        ObjectMapper jacksons = new ObjectMapper().registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        for (OffsetDateTime t : new OffsetDateTime[]{Times.utc(Instant.now()), OffsetDateTime.parse("2026-11-28T05:40:00Z"),
                OffsetDateTime.parse("2026-11-28T06:40:28.5+01:00"), OffsetDateTime.parse("+10000-01-01T00:00:00Z")}) {
            SessionDetail detail = new SessionDetail().createdAt(t);
            assertEquals(jacksons.readTree(jacksons.writeValueAsString(detail)).get("createdAt"),
                    mapper.readTree(mapper.writeValueAsString(detail)).get("createdAt"), t::toString);
        }
        // a property with its own format keeps it: Jackson makes its own writer for that property
        assertEquals("{\"at\":\"28.11.2026\"}", mapper.writeValueAsString(new Formatted(OffsetDateTime.parse("2026-11-28T05:40:00Z"))));
    }

    @Test
    void everyPropertyOfTheAnswersKeepsItsGeneratedGetter() throws Exception {
        // Blackbird falls back to a reflective getter call, for good, on a property whose writer it does not take for
        // one of Jackson's standard ones (a custom serializer, or ToStringSerializer). Its flag is private: if Blackbird
        // renames it, this lookup fails loudly rather than passing
        Field broken = Class.forName("com.fasterxml.jackson.module.blackbird.ser.OptimizedBeanPropertyWriter")
                .getDeclaredField("broken");
        broken.setAccessible(true);
        int optimized = 0;
        for (Class<?> type : List.of(SessionDetail.class, SessionSummary.class, Session.class, EventData.class,
                SessionProgress.class, Candidate.class, SessionConfig.class)) {
            for (BeanPropertyWriter p : properties(type)) {
                assertTrue(broken.getDeclaringClass().isInstance(p), type.getSimpleName() + "." + p.getName() + ": no generated getter");
                assertFalse((boolean) broken.get(p), type.getSimpleName() + "." + p.getName() + " falls back to reflection");
                optimized++;
            }
        }
        assertTrue(optimized > 40, "properties looked at: " + optimized);
    }

    private Object propertyWriter(Class<?> type, String name) throws Exception {
        return properties(type).stream().filter(p -> p.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no property " + name)).getSerializer();
    }

    /** The writers of a type's properties, as the service's mapper resolved them for writing that type. */
    private List<BeanPropertyWriter> properties(Class<?> type) throws Exception {
        var bean = (BeanSerializerBase) mapper.getSerializerProviderInstance().findValueSerializer(type);
        List<BeanPropertyWriter> out = new ArrayList<>();
        bean.properties().forEachRemaining(p -> out.add((BeanPropertyWriter) p));
        return out;
    }

    record Formatted(@JsonFormat(pattern = "dd.MM.yyyy") OffsetDateTime at) {
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
