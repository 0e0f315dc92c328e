package com.assessments.i18n;

import com.assessments.catalogue.AssessmentCatalogue;
import com.assessments.common.AssessmentTypes;
import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One name per type and language on every surface: the catalogue names it, the runner gets that name from the
 * server (it keeps no table of its own), the contract's examples use it, and every runner text exists in every
 * language.
 */
@QuarkusTest
class OneNameEverywhereTest {

    @Test
    void theRunnerGetsTheCataloguesNameInTheSessionsLanguage() {
        Map<String, Integer> licenses = new LinkedHashMap<>();
        AssessmentTypes.ALL.forEach(t -> licenses.put(t, 3));
        String org = Admin.createOrganization("Names " + System.nanoTime(), licenses);
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());
        List<Map<String, Object>> types = api().auth().oauth2(keys.secretKey()).get("/api/v1/assessments/types")
                .then().statusCode(200).extract().jsonPath().getList("data");
        for (Map<String, Object> t : types) {
            String type = (String) t.get("type");
            assertEquals(AssessmentCatalogue.name(type), t.get("name"), type);
            @SuppressWarnings("unchecked")
            List<String> locales = (List<String>) t.get("locales");
            for (String locale : locales) {
                Map<String, Object> body = Sessions.body(type, "names-" + type);
                body.put("locale", locale);
                if (type.startsWith("tfd")) {
                    body.put("config", Map.of("occupationId", "15-1252.00"));
                }
                String token = Sessions.create(keys.secretKey(), body).statusCode(201).extract().path("sessionToken");
                String shown = api().auth().oauth2(token).get("/api/v1/embed/session").then().statusCode(200)
                        .extract().path("assessmentName");
                assertEquals(AssessmentCatalogue.name(type, locale), shown, type + " " + locale);
            }
        }
        assertEquals("Workplace Risk Assessment", AssessmentCatalogue.name("fra"));
    }

    @Test
    void theRunnerKeepsNoNamesOfItsOwnAndSpeaksEveryLanguageCompletely() throws Exception {
        String runner = Files.readString(Path.of("src/main/resources/web/assess.js"));
        for (String type : AssessmentTypes.ALL) {
            for (String language : List.of("en", "de")) {
                String name = AssessmentCatalogue.name(type, language);
                assertFalse(runner.contains(name), "assess.js names " + type + " itself: " + name);
            }
        }
        assertFalse(runner.contains("Foundational Reasoning"), "the runner's old name for fra");
        // every key of the English texts exists in German, and every T('key') used exists in English
        String texts = Files.readString(Path.of("src/main/resources/web/assess-i18n.js"));
        int de = texts.indexOf("\n  de: {");
        List<String> en = keys(texts.substring(0, de));
        List<String> german = keys(texts.substring(de));
        assertEquals(en, german, "the German runner texts have other keys than the English ones");
        Matcher used = Pattern.compile("T\\('([A-Za-z]+)'").matcher(runner);
        while (used.find()) {
            assertTrue(en.contains(used.group(1)), "assess.js uses a text no language has: " + used.group(1));
        }
    }

    @Test
    void theContractsExamplesUseTheCataloguesNames() throws Exception {
        String contract = Files.readString(Path.of("openapi.yaml"));
        for (String type : AssessmentTypes.ALL) {
            assertTrue(contract.contains("- type: " + type + "\n                        name: " + AssessmentCatalogue.name(type) + "\n"),
                    "the types example names " + type + " otherwise");
        }
        for (String old : List.of("Foundational Reasoning Assessment", "DISC Behavioural Profile", "Talent Fit Discovery")) {
            assertFalse(contract.contains(old), old);
        }
    }

    private static List<String> keys(String block) {
        Matcher m = Pattern.compile("(?m)^    ([A-Za-z]+):").matcher(block);
        List<String> out = new java.util.ArrayList<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
