package com.assessments.common.input;

import com.assessments.support.Admin;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Request bodies are validated as they are read ({@link RequestBodyValidation}), not on the resource methods: the
 * generated JAX-RS interfaces carry no bean validation (pom.xml, execution api-interfaces), so that Hibernate
 * Validator builds no metadata for the resource classes at each start.
 */
@QuarkusTest
class RequestBodyValidationTest {

    private static final Path INTERFACES = Path.of("target/generated-sources/openapi/src/gen/java/com/assessments/api");

    @Test
    void noGeneratedInterfaceCarriesBeanValidation() throws IOException {
        List<String> constrained = new ArrayList<>();
        List<String> interfaces;
        try (Stream<Path> files = Files.list(INTERFACES)) {
            interfaces = files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith("Api.java"))
                    .map(n -> n.substring(0, n.length() - ".java".length())).sorted().toList();
        }
        for (String name : interfaces) {
            Class<?> api = load("com.assessments.api." + name);
            for (Method m : api.getDeclaredMethods()) {
                boolean onMethod = Stream.of(m.getAnnotations()).anyMatch(RequestBodyValidationTest::isValidation);
                boolean onParameter = Stream.of(m.getParameterAnnotations()).flatMap(Stream::of)
                        .anyMatch(RequestBodyValidationTest::isValidation);
                if (onMethod || onParameter) {
                    constrained.add(name + "." + m.getName());
                }
            }
        }
        assertTrue(interfaces.size() > 10, "generated interfaces found: " + interfaces);
        assertEquals(List.of(), constrained, "resource methods with bean validation (execution api-interfaces in pom.xml "
                + "regenerates the interfaces without it; in a checkout built before it existed, run ./mvnw clean once)");
    }

    @Test
    void anAbsentRequiredBodyIsRefusedAndAnAbsentOptionalOneIsNot() {
        var keys = Admin.newTenant("test");
        for (String path : List.of("/api/v1/sessions", "/api/v1/webhooks")) {
            api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body("")
                    .post(path)
                    .then().statusCode(400)
                    .body("error.code", equalTo("validation_error"))
                    .body("error.details.errors.field", equalTo(List.of("request")))
                    .body("error.details.errors.issue", equalTo(List.of("must not be null")));
        }
        // key rotation's body is optional: no body means the defaults
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body("")
                .post("/api/v1/keys/" + keys.secretKeyId() + "/rotate")
                .then().statusCode(200);
    }

    @Test
    void constraintsOfTheBodyAndOfWhatItCascadesToAreNamedByTheirPath() {
        var keys = Admin.newTenant("test");
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON)
                .body(Map.of("assessmentType", "disc", "locale", "",
                        "candidate", Map.of("externalId", "c-1", "email", "not an address", "name", "Ada")))
                .post("/api/v1/sessions")
                .then().statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.details.errors.field", hasItems("candidate.email", "locale"));
        api().auth().oauth2(keys.secretKey()).contentType(ContentType.JSON).body(Map.of("assessmentType", "disc"))
                .post("/api/v1/sessions")
                .then().statusCode(400)
                .body("error.details.errors.field", equalTo(List.of("candidate")));
    }

    private static boolean isValidation(Annotation a) {
        return a.annotationType().getPackageName().startsWith("jakarta.validation");
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(name, e);
        }
    }
}
