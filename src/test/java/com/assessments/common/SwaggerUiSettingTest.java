package com.assessments.common;

import com.assessments.support.AppProperties;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static com.assessments.support.Contract.raw;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Swagger UI is served only when SWAGGER_UI_ENABLED is true (off in production by default); /q/openapi always. */
@QuarkusTest
@TestProfile(SwaggerUiSettingTest.SwaggerUiOff.class)
class SwaggerUiSettingTest {

    public static class SwaggerUiOff implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("SWAGGER_UI_ENABLED", "false");
        }
    }

    @Test
    void swaggerUiIsGoneButTheDocumentIsServed() {
        raw().redirects().follow(false).get("/q/swagger-ui/").then().statusCode(404);
        raw().redirects().follow(false).get("/q/swagger-ui/index.html").then().statusCode(404);
        raw().get("/q/openapi").then().statusCode(200).body(containsString("openapi: 3.0.3"));
    }

    @Test
    void offByDefaultInProductionOnInDevAndTest() {
        for (var expected : Map.of("prod", false, "dev", true, "test", true).entrySet()) {
            var config = AppProperties.under(expected.getKey());
            assertEquals(expected.getValue(), config.getValue("quarkus.swagger-ui.enabled", Boolean.class), expected.getKey());
            assertEquals(true, config.getValue("quarkus.swagger-ui.always-include", Boolean.class), expected.getKey());
        }
    }
}
