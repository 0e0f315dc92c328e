package com.assessments.common;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.module.SimpleSerializers;
import com.fasterxml.jackson.databind.annotation.JacksonStdImpl;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializerBase;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

import java.net.URI;
import java.time.OffsetDateTime;

/**
 * Jackson reads and writes our DTOs' properties through lambdas Blackbird generates once per property, instead of a
 * reflective call per property per object: the reflective getters were 7.5 % of a GET session's CPU on its virtual
 * thread in a profile (about 30 properties per answer). In a native image nothing can be generated at run time, and
 * reflection there is compiled ahead of time anyway, so the module is left out.
 *
 * <p>Enums whose {@code toString()} is their {@code @JsonValue} (the contract's: the generator writes them so, the
 * wire value) are written by calling it directly: Jackson would call it reflectively for every value written
 * (Blackbird leaves {@code @JsonValue} alone), 1 % of a GET session's samples in a profile. Timestamps are written by
 * {@link UtcTimestampSerializer}. Blackbird keeps its generated getter only for a property whose writer is one of
 * Jackson's standard ones, so each writer here is marked as one ({@link ToStringWriter}); JsonAccessorsTest checks
 * that no property of the session answers fell back to reflection.
 */
@Singleton
public class JsonAccessors implements ObjectMapperCustomizer {

    /** Just after Quarkus's own customizer, which registers Jackson's java.time module: the writer registered last wins. */
    @Override
    public int priority() {
        return QUARKUS_CUSTOMIZER_PRIORITY - 1;
    }

    @Override
    public void customize(ObjectMapper mapper) {
        if (System.getProperty("org.graalvm.nativeimage.imagecode") == null) {
            mapper.registerModule(new BlackbirdModule());
        }
        SimpleModule writers = new SimpleModule("to-string-values-and-utc-timestamps");
        writers.setSerializers(new SimpleSerializers() {
            @Override
            public JsonSerializer<?> findSerializer(SerializationConfig config, JavaType type, BeanDescription bean) {
                Class<?> raw = type.getRawClass();
                if (raw == OffsetDateTime.class) {
                    return UtcTimestampSerializer.INSTANCE;
                }
                return raw == URI.class || raw.isEnum() && valueIsToString(raw) ? ToStringWriter.INSTANCE : null;
            }
        });
        mapper.registerModule(writers);
    }

    /**
     * Writes a value's {@code toString()}, as Jackson's {@code ToStringSerializer} does, but marked as one of Jackson's
     * standard writers: Blackbird serves a property whose writer is not (or is {@code ToStringSerializer}) by a
     * reflective getter call, on every object written, instead of its generated accessor. Only for types written as
     * text (enums, URIs): for a String, number or boolean property Blackbird writes the raw value itself and skips a
     * writer it takes for a standard one, so this one must never be put on such a property.
     */
    @JacksonStdImpl
    static final class ToStringWriter extends ToStringSerializerBase {

        static final ToStringWriter INSTANCE = new ToStringWriter();

        private ToStringWriter() {
            super(Object.class);
        }

        @Override
        public String valueToString(Object value) {
            return value.toString();
        }
    }

    /** Whether the enum's own toString() is its JSON value, as the generator writes the contract's enums. */
    private static boolean valueIsToString(Class<?> type) {
        try {
            JsonValue value = type.getMethod("toString").getAnnotation(JsonValue.class);
            return value != null && value.value();
        } catch (NoSuchMethodException e) {
            return false; // not visible to reflection (a class not registered for it in a native image): Jackson's way
        }
    }
}
