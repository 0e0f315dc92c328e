package com.assessments.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static com.assessments.support.Contract.raw;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The served document is openapi.yaml itself, not something scanned from the code. */
@QuarkusTest
class OpenApiDocumentTest {

    @Test
    void servedDocumentEqualsTheContractFile() throws Exception {
        String fileText = Files.readString(Path.of("openapi.yaml"));
        String servedYaml = raw().get("/q/openapi").then().statusCode(200).contentType("application/yaml").extract().asString();
        assertEquals(fileText, servedYaml, "the YAML form is the file's bytes");
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        JsonNode file = asSmallRyeWritesIt(yaml.readTree(fileText));
        JsonNode servedJson = new ObjectMapper().readTree(
                raw().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString());
        assertEquals(List.of(), differences("", file, servedJson), "served JSON differs from openapi.yaml");
    }

    @Test
    void swaggerUiIsServedInTests() {
        raw().get("/q/swagger-ui/").then().statusCode(200).contentType(io.restassured.http.ContentType.HTML);
    }

    /**
     * The one rewrite SmallRye makes when it serves the file: a null-only schema (`enum: [null]`) loses its `type` and
     * `nullable` (SmallRye reads it as the `null` type, which an OpenAPI 3.0 document cannot write). The values it
     * admits are the same (only null).
     */
    static JsonNode asSmallRyeWritesIt(JsonNode node) {
        if (node.isObject()) {
            var object = (com.fasterxml.jackson.databind.node.ObjectNode) node;
            JsonNode values = object.get("enum");
            if (values != null && values.isArray() && values.size() == 1 && values.get(0).isNull()) {
                object.remove(List.of("type", "nullable"));
            }
            object.forEach(OpenApiDocumentTest::asSmallRyeWritesIt);
        } else if (node.isArray()) {
            node.forEach(OpenApiDocumentTest::asSmallRyeWritesIt);
        }
        return node;
    }

    /** JSON-pointer-like paths where the two trees differ (semantic comparison: key order does not matter). */
    static List<String> differences(String path, JsonNode a, JsonNode b) {
        List<String> out = new ArrayList<>();
        if (a.isObject() && b.isObject()) {
            Set<String> names = new TreeSet<>();
            a.fieldNames().forEachRemaining(names::add);
            b.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                if (!a.has(name) || !b.has(name)) {
                    out.add(path + "/" + name + (a.has(name) ? " missing when served" : " added when served"));
                } else {
                    out.addAll(differences(path + "/" + name, a.get(name), b.get(name)));
                }
            }
        } else if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) {
                out.addAll(differences(path + "/" + i, a.get(i), b.get(i)));
            }
        } else if (a.isNumber() && b.isNumber() ? a.decimalValue().compareTo(b.decimalValue()) != 0 : !a.equals(b)) {
            out.add(path + ": " + abbreviate(a) + " != " + abbreviate(b));
        }
        return out.size() > 20 ? out.subList(0, 20) : out;
    }

    private static String abbreviate(JsonNode n) {
        String s = n.toString();
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}
