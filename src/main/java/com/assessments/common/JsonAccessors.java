package com.assessments.common;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.module.SimpleSerializers;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * Jackson reads and writes our DTOs' properties through lambdas Blackbird generates once per property, instead of a
 * reflective call per property per object: the reflective getters were 7.5 % of a GET session's CPU on its virtual
 * thread in a profile (about 30 properties per answer). In a native image nothing can be generated at run time, and
 * reflection there is compiled ahead of time anyway, so the module is left out.
 *
 * <p>The contract's enums are written by calling their {@code toString()}, which the generator marks
 * {@code @JsonValue} and which returns the wire value: Jackson would call it reflectively for every value written
 * (Blackbird leaves {@code @JsonValue} alone), 1 % of a GET session's CPU in a profile.
 */
@Singleton
public class JsonAccessors implements ObjectMapperCustomizer {

    static final String CONTRACT_MODELS = "com.assessments.api.model";

    @Override
    public void customize(ObjectMapper mapper) {
        if (System.getProperty("org.graalvm.nativeimage.imagecode") == null) {
            mapper.registerModule(new BlackbirdModule());
        }
        SimpleModule enums = new SimpleModule("contract-enums");
        enums.setSerializers(new SimpleSerializers() {
            @Override
            public JsonSerializer<?> findSerializer(SerializationConfig config, JavaType type, BeanDescription bean) {
                Class<?> raw = type.getRawClass();
                return raw.isEnum() && CONTRACT_MODELS.equals(raw.getPackageName()) && valueIsToString(raw)
                        ? ToStringSerializer.instance : null;
            }
        });
        mapper.registerModule(enums);
    }

    private static boolean valueIsToString(Class<?> type) {
        try {
            return type.getMethod("toString").isAnnotationPresent(JsonValue.class);
        } catch (NoSuchMethodException e) {
            return false; // every class has toString: unreachable
        }
    }
}
