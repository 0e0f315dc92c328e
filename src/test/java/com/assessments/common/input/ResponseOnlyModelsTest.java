package com.assessments.common.input;

import com.assessments.common.ContractDocument;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated models split in two (pom.xml, executions api and api-response-models): a model that a request body
 * reaches keeps its bean validation, because that is how a client's body is checked; a model only the service writes
 * carries none, because Hibernate Validator builds the metadata of every constrained class at each start.
 */
class ResponseOnlyModelsTest {

    private static final String MODELS = "com.assessments.api.model.";

    @Test
    void everyRequiredMemberOfARequestModelIsValidated() {
        JsonNode schemas = ContractDocument.tree().path("components").path("schemas");
        List<String> unvalidated = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, Class<?>> model : models(true).entrySet()) {
            String name = model.getKey();
            for (JsonNode member : schemas.path(name).path("required")) {
                Method getter = getter(model.getValue(), member.asText());
                checked++;
                if (getter == null || !getter.isAnnotationPresent(jakarta.validation.constraints.NotNull.class)) {
                    unvalidated.add(name + "." + member.asText());
                }
            }
        }
        assertTrue(checked > 20, "the contract's request models should have required members: " + checked);
        assertEquals(List.of(), unvalidated, "request members without @NotNull: is a request model listed in "
                + "api-response-models' modelsToGenerate (pom.xml)?");
    }

    /** The list itself: a request model on it would lose its validation even where no member is required. */
    @Test
    void theListInThePomNamesNoRequestModel() throws java.io.IOException {
        String pom = java.nio.file.Files.readString(java.nio.file.Path.of("pom.xml"));
        java.util.regex.Matcher list = java.util.regex.Pattern.compile(
                "<id>api-response-models</id>.*?<modelsToGenerate>(.*?)</modelsToGenerate>", java.util.regex.Pattern.DOTALL)
                .matcher(pom);
        assertTrue(list.find(), "api-response-models' modelsToGenerate in pom.xml");
        List<String> listed = java.util.Arrays.stream(list.group(1).split(",")).map(String::strip).toList();
        assertTrue(listed.size() > 50, "models listed: " + listed.size());
        Map<String, Class<?>> requestModels = models(true);
        assertEquals(List.of(), listed.stream().filter(requestModels::containsKey).toList(),
                "request models on api-response-models' list (pom.xml): their bodies would go unvalidated");
    }

    @Test
    void noResponseOnlyModelCarriesConstraints() {
        Map<String, Class<?>> responseOnly = models(false);
        List<String> constrained = responseOnly.entrySet().stream()
                .filter(model -> !model.getValue().isEnum() && hasConstraint(model.getValue())).map(Map.Entry::getKey).toList();
        assertTrue(responseOnly.size() > 50, "response-only models found: " + responseOnly.size());
        assertEquals(List.of(), constrained, "response-only models with bean validation (each one is validator "
                + "metadata built at every start): add them to api-response-models' modelsToGenerate in pom.xml (or, in a "
                + "checkout built before that execution existed, run ./mvnw clean once: unchanged openapi.yaml skips generation)");
    }

    @Test
    void noRequestModelMarksAContainerItselfValid() {
        Map<String, Class<?>> requestModels = models(true);
        List<String> marked = new ArrayList<>();
        for (Map.Entry<String, Class<?>> model : requestModels.entrySet()) {
            for (var field : model.getValue().getDeclaredFields()) {
                if (isContainer(field.getType()) && field.isAnnotationPresent(jakarta.validation.Valid.class)) {
                    marked.add(model.getKey() + "." + field.getName());
                }
            }
            for (Method m : model.getValue().getDeclaredMethods()) {
                if (isContainer(m.getReturnType()) && m.isAnnotationPresent(jakarta.validation.Valid.class)) {
                    marked.add(model.getKey() + "." + m.getName() + "()");
                }
            }
        }
        assertTrue(requestModels.size() > 20, "request models found: " + requestModels.size());
        assertEquals(List.of(), marked, "container-level @Valid (no-container-valid in pom.xml takes it out of the "
                + "generated sources: each one puts every List, Set or Map implementation into the validator's start-up metadata)");
    }

    private static boolean isContainer(Class<?> type) {
        return java.util.Collection.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type);
    }

    /** The generated model class of each schema a request body reaches (true) or does not reach (false). */
    private static Map<String, Class<?>> models(boolean request) {
        Map<String, Class<?>> models = new TreeMap<>();
        ContractDocument.tree().path("components").path("schemas").fieldNames().forEachRemaining(name -> {
            Class<?> model = model(name);
            if (model != null && ContractSchemas.get().isRequestSchema(name) == request) {
                models.put(name, model);
            }
        });
        return models;
    }

    private static Class<?> model(String schema) {
        try {
            return Class.forName(MODELS + schema);
        } catch (ClassNotFoundException e) {
            return null; // mapped to another type (AssessmentResult) or not a class of its own
        }
    }

    private static Method getter(Class<?> model, String member) {
        for (Method m : model.getMethods()) {
            JsonProperty p = m.getAnnotation(JsonProperty.class);
            if (p != null && p.value().equals(member) && m.getParameterCount() == 0) {
                return m;
            }
        }
        return null;
    }

    private static boolean hasConstraint(Class<?> model) {
        Stream<AnnotatedElement> members = Stream.of(
                Stream.of(model.getDeclaredFields()), Stream.of(model.getDeclaredMethods()),
                Stream.of(model.getDeclaredConstructors())).flatMap(s -> s);
        return members.anyMatch(m -> Stream.of(m.getAnnotations()).anyMatch(ResponseOnlyModelsTest::isValidation))
                || Stream.of(model.getDeclaredFields()).anyMatch(f -> Stream.of(f.getAnnotatedType().getAnnotations())
                .anyMatch(ResponseOnlyModelsTest::isValidation));
    }

    private static boolean isValidation(Annotation a) {
        return a.annotationType().getPackageName().startsWith("jakarta.validation");
    }
}
