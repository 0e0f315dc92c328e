package com.assessments.i18n;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.startsWith;

/** The session's locale (stored, returned, validated per type), the types' locales, and progress on the detail. */
@QuarkusTest
class SessionLocaleTest {

    static Admin.Keys tenant(String... types) {
        Map<String, Integer> licenses = new java.util.LinkedHashMap<>();
        for (String t : types) {
            licenses.put(t, 5);
        }
        String org = Admin.createOrganization("Locale " + System.nanoTime(), licenses);
        return Admin.issueKeys(org, "test", Map.of("allowedOrigins", List.of("https://app.example.com")));
    }

    @Test
    void aLocaleIsStoredInCanonicalCaseAndReturnedOnEveryView() {
        Admin.Keys keys = tenant("disc");
        Map<String, Object> body = Sessions.body("disc", "loc-1");
        body.put("locale", "DE-at");
        var created = Sessions.create(keys.secretKey(), body).statusCode(201).body("locale", equalTo("de-AT")).extract().jsonPath();
        String id = created.getString("id");
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", id).then().statusCode(200)
                .body("locale", equalTo("de-AT"))
                .body("progress.answered", equalTo(0)).body("progress.total", equalTo(15));
        api().auth().oauth2(keys.secretKey()).queryParam("candidate_id", "loc-1").get("/api/v1/sessions").then().statusCode(200)
                .body("data[0].locale", equalTo("de-AT"));
        // the runner learns the locale and the German name of the assessment
        api().auth().oauth2(created.getString("sessionToken")).get("/api/v1/embed/session").then().statusCode(200)
                .body("locale", equalTo("de-AT")).body("assessmentName", equalTo("Arbeitsstil-Profil (DISC)"));
        // and gets its bank in German without asking: same ids, German texts
        api().auth().oauth2(created.getString("sessionToken")).get("/api/v1/assessments/questions/disc").then().statusCode(200)
                .body("language", equalTo("de"))
                .body("questions[0].id", equalTo("disc_01"))
                .body("questions[0].text", startsWith("Ich treffe Entscheidungen schnell"))
                .body("questions[0].responseFormat.labels[4]", equalTo("Trifft voll und ganz zu"));
    }

    @Test
    void withoutALocaleTheSessionIsEnglishOrFollowsASupportedConfigLanguage() {
        Admin.Keys keys = tenant("disc");
        Sessions.create(keys.secretKey(), Sessions.body("disc", "loc-2")).statusCode(201).body("locale", equalTo("en"));
        Map<String, Object> body = Sessions.body("disc", "loc-3");
        body.put("config", Map.of("language", "de"));
        Sessions.create(keys.secretKey(), body).statusCode(201).body("locale", equalTo("de"));
        Map<String, Object> french = Sessions.body("disc", "loc-4");
        french.put("config", Map.of("language", "fr"));
        Sessions.create(keys.secretKey(), french).statusCode(201).body("locale", equalTo("en")); // as before: accepted, English
    }

    @Test
    void anUnsupportedLocaleIsA400ListingTheSupportedOnes() {
        Admin.Keys keys = tenant("disc");
        for (String bad : new String[]{"fr", "xx-YY", "de_DE", "", "e", "de-" , "en-\u0000", "x".repeat(36)}) {
            Map<String, Object> body = Sessions.body("disc", "loc-bad");
            body.put("locale", bad);
            Sessions.create(keys.secretKey(), body).statusCode(400)
                    .body("error.code", equalTo("validation_error"))
                    .body("error.details.errors.field", hasItem("locale"));
        }
        Map<String, Object> body = Sessions.body("disc", "loc-bad");
        body.put("locale", "fr-FR");
        Sessions.create(keys.secretKey(), body).statusCode(400)
                .body("error.message", containsString("en, de"))
                .body("error.details.supportedLocales", contains("en", "de"));
        api().auth().oauth2(keys.secretKey()).queryParam("locale", "fr").get("/api/v1/assessments/questions/disc").then()
                .statusCode(400).body("error.code", equalTo("validation_error"))
                .body("error.details.supportedLocales", contains("en", "de"));
    }

    @Test
    void theTypesSayWhichLocalesEachOffersAndThatIsWhatCreateAccepts() {
        Admin.Keys keys = tenant("aapa", "disc", "fra", "lpm", "lpm_u", "tfd", "tfd_plus");
        var types = api().auth().oauth2(keys.secretKey()).get("/api/v1/assessments/types").then().statusCode(200)
                .extract().jsonPath();
        List<Map<String, Object>> data = types.getList("data");
        for (Map<String, Object> t : data) {
            String type = (String) t.get("type");
            @SuppressWarnings("unchecked")
            List<String> locales = (List<String>) t.get("locales");
            org.junit.jupiter.api.Assertions.assertEquals("en", locales.get(0), type);
            for (String locale : List.of("en", "de")) {
                Map<String, Object> body = Sessions.body(type, "types-" + type);
                body.put("locale", locale);
                if (type.startsWith("tfd")) {
                    body.put("config", Map.of("occupationId", "15-1252.00"));
                }
                Sessions.create(keys.secretKey(), body).statusCode(locales.contains(locale) ? 201 : 400);
                // and the bank is served in exactly the offered locales
                api().auth().oauth2(keys.secretKey()).queryParam("locale", locale).get("/api/v1/assessments/questions/{t}", type)
                        .then().statusCode(locales.contains(locale) ? 200 : 400);
            }
        }
        // the four Likert types are offered in German
        for (String type : List.of("disc", "fra", "tfd", "tfd_plus")) {
            org.junit.jupiter.api.Assertions.assertTrue(types.getList("data.find { it.type == '" + type + "' }.locales").contains("de"), type);
        }
    }

    @Test
    void progressCountsSavedAnswersThenTheSubmittedOnes() {
        Admin.Keys keys = tenant("disc");
        String[] s = Sessions.created(keys.secretKey(), "disc");
        api().auth().oauth2(s[1]).get("/api/v1/embed/session").then().statusCode(200);
        api().auth().oauth2(s[1]).contentType(ContentType.JSON)
                .body(Map.of("answers", List.of(Map.of("questionId", "disc_01", "response", 4), Map.of("questionId", "disc_02", "response", 2))))
                .put("/api/v1/embed/progress").then().statusCode(200);
        api().auth().oauth2(keys.secretKey()).get("/api/v1/sessions/{id}", s[0]).then().statusCode(200)
                .body("status", equalTo("in_progress"))
                .body("progress.answered", equalTo(2)).body("progress.total", equalTo(15));
        Sessions.submit(keys.secretKey(), s[0], Sessions.discVaried()).statusCode(200)
                .body("progress.answered", equalTo(15)).body("progress.total", equalTo(15));
    }

    @Test
    void aGermanSessionsReportIsGermanThroughTheApi() throws Exception {
        Admin.Keys keys = tenant("disc");
        Map<String, Object> body = Sessions.body("disc", "loc-pdf");
        body.put("locale", "de");
        String id = Sessions.create(keys.secretKey(), body).statusCode(201).extract().path("id");
        Sessions.submit(keys.secretKey(), id, Sessions.discVaried()).statusCode(200);
        byte[] pdf = api().auth().oauth2(keys.secretKey()).get("/v1/sessions/{id}/report.pdf", id).then().statusCode(200)
                .extract().asByteArray();
        try (var doc = org.apache.pdfbox.Loader.loadPDF(pdf)) {
            org.junit.jupiter.api.Assertions.assertEquals("de", doc.getDocumentCatalog().getLanguage());
            String text = new org.apache.pdfbox.text.PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            for (String e : List.of("Bericht: Arbeitsstil-Profil (DISC)", "Antwortqualität", "So lesen Sie diesen Bericht", "Seite 1 von")) {
                org.junit.jupiter.api.Assertions.assertTrue(text.contains(e), e + " in " + text);
            }
            org.junit.jupiter.api.Assertions.assertFalse(text.contains("Response quality"), text);
        }
    }

    @Test
    void sectionsHaveTitlesInTheBanksLanguage() {
        Admin.Keys keys = tenant("tfd_plus");
        api().auth().oauth2(keys.secretKey()).get("/api/v1/assessments/questions/tfd_plus").then().statusCode(200)
                .body("questions[0].section", equalTo("styles")).body("questions[0].sectionTitle", equalTo("Part 1: Work styles"))
                .body("questions[35].sectionTitle", equalTo("Part 2: Work values"));
        api().auth().oauth2(keys.secretKey()).queryParam("locale", "de-CH").get("/api/v1/assessments/questions/tfd_plus").then()
                .statusCode(200).body("language", equalTo("de"))
                .body("questions[0].section", equalTo("styles")).body("questions[0].sectionTitle", equalTo("Teil 1: Arbeitsstile"))
                .body("questions[35].sectionTitle", equalTo("Teil 2: Arbeitswerte"));
        api().auth().oauth2(keys.secretKey()).get("/api/v1/assessments/questions/disc").then().statusCode(200)
                .body("questions[0].sectionTitle", org.hamcrest.Matchers.nullValue());
    }
}
