package com.assessments.common;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * Jackson reads and writes our DTOs' properties through lambdas Blackbird generates once per property, instead of a
 * reflective call per property per object: the reflective getters were 7.5 % of a GET session's CPU on its virtual
 * thread in a profile (about 30 properties per answer). In a native image nothing can be generated at run time, and
 * reflection there is compiled ahead of time anyway, so the module is left out.
 */
@Singleton
public class JsonAccessors implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        if (System.getProperty("org.graalvm.nativeimage.imagecode") == null) {
            mapper.registerModule(new BlackbirdModule());
        }
    }
}
