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
        JsonNode file = new ObjectMapper(new YAMLFactory()).readTree(fileText);
        JsonNode servedJson = new ObjectMapper().readTree(
                raw().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                        .contentType("application/json").extract().asString());
        assertEquals(List.of(), differences("", file, servedJson), "served JSON differs from openapi.yaml");
        assertEquals(file, servedJson, "the JSON form is the file's tree, nothing rewritten");
    }

    @Test
    void everyFormOfTheRouteServesTheFile() throws Exception {
        String fileText = Files.readString(Path.of("openapi.yaml"));
        JsonNode file = new ObjectMapper(new YAMLFactory()).readTree(fileText);
        for (String path : List.of("/q/openapi.yaml", "/q/openapi.yml")) {
            assertEquals(fileText, raw().get(path).then().statusCode(200).contentType("application/yaml").extract().asString(), path);
        }
        assertEquals(file, new ObjectMapper().readTree(raw().get("/q/openapi.json").then().statusCode(200)
                .contentType("application/json").extract().asString()), "/q/openapi.json");
        assertEquals(file, new ObjectMapper().readTree(raw().header("Accept", "application/json").get("/q/openapi").then()
                .statusCode(200).contentType("application/json").extract().asString()), "Accept: application/json");
        // an explicit format wins over Accept, as SmallRye's handler had it
        raw().header("Accept", "application/json").queryParam("format", "yaml").get("/q/openapi").then().statusCode(200)
                .contentType("application/yaml");
        raw().head("/q/openapi").then().statusCode(200).contentType("application/yaml");
        // a format that is empty, unknown or carries a NUL is not JSON: the default form, the file's bytes
        for (String format : List.of("", "xml", "json\u0000")) {
            assertEquals(fileText, raw().queryParam("format", format).get("/q/openapi").then().statusCode(200)
                    .contentType("application/yaml").extract().asString(), "format=" + format.replace("\u0000", "NUL"));
        }
        // a value past the URI limit is refused by the HTTP layer, in the envelope
        raw().queryParam("format", "j".repeat(10_000)).get("/q/openapi").then().statusCode(414)
                .body("error.code", org.hamcrest.Matchers.equalTo("uri_too_long"));
    }

    @Test
    void swaggerUiIsServedInTests() {
        raw().get("/q/swagger-ui/").then().statusCode(200).contentType(io.restassured.http.ContentType.HTML);
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
