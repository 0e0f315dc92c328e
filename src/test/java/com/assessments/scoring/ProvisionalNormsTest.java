package com.assessments.scoring;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every live-scored type reports percentiles from norms that say whether they are provisional: FRA and the ability
 * tests had them; DISC and TFD now compare each dimension with a provisional reference group too.
 */
@QuarkusTest
class ProvisionalNormsTest {

    @Test
    void percentilesFollowTheNormsFormula() {
        // the norm mean is the 50th percentile; one sd above is round(100 * Phi(1)) = 84
        assertEquals(50, ProvisionalNorms.DISC.percentile("D", 3.20));
        assertEquals(84, ProvisionalNorms.DISC.percentile("D", 3.90));
        assertEquals(16, ProvisionalNorms.TFD.percentile("care", 44));
        assertTrue(ProvisionalNorms.DISC.provisional() && ProvisionalNorms.TFD.provisional());
    }

    @Test
    void liveDiscAndTfdResultsCarryPercentilesAndSayTheNormsAreProvisional() {
        String org = Admin.createOrganization("Norms " + System.nanoTime(), Map.of("disc", 3, "tfd", 3));
        String key = Admin.issueKeys(org, "live", Map.of()).secretKey();
        String disc = Sessions.create(key, Sessions.body("disc", "norms-disc")).statusCode(201).extract().path("id");
        var d = Sessions.submit(key, disc, Sessions.discVaried()).statusCode(200)
                .body("results.normsProvisional", equalTo(true))
                .body("results.normVersion", equalTo("disc-provisional-1"))
                .extract().jsonPath();
        for (String dim : List.of("D", "I", "S", "C")) {
            double mean = d.getDouble("results.likertScores." + dim);
            int pct = d.getInt("results.percentiles." + dim);
            // within rounding of the mean shown (2 decimals), the formula's percentile
            int low = ProvisionalNorms.DISC.percentile(dim, mean - 0.005);
            int high = ProvisionalNorms.DISC.percentile(dim, mean + 0.005);
            assertTrue(pct >= low && pct <= high, dim + ": " + pct + " not in " + low + ".." + high);
        }

        Map<String, Object> body = Sessions.body("tfd", "norms-tfd");
        body.put("config", Map.of("occupationId", "15-1252.00"));
        String tfd = Sessions.create(key, body).statusCode(201).extract().path("id");
        List<Map<String, Object>> questions = api().auth().oauth2(key).get("/api/v1/assessments/questions/tfd")
                .then().statusCode(200).extract().jsonPath().getList("questions");
        List<Map<String, Object>> responses = new java.util.ArrayList<>();
        for (int i = 0; i < questions.size(); i++) {
            responses.add(Map.of("questionId", questions.get(i).get("id"), "response", i % 5 + 1));
        }
        var t = api().auth().oauth2(key).contentType(ContentType.JSON).body(Map.of("responses", responses))
                .post("/api/v1/sessions/{id}/submit", tfd).then().statusCode(200)
                .body("results.normsProvisional", equalTo(true))
                .body("results.normVersion", equalTo("tfd-provisional-1"))
                .extract().jsonPath();
        for (Map<String, Object> gap : t.<Map<String, Object>>getList("results.gaps")) {
            String dim = (String) gap.get("dimension");
            double score = ((Number) gap.get("score")).doubleValue();
            int pct = t.getInt("results.percentiles." + dim);
            int low = ProvisionalNorms.TFD.percentile(dim, score - 0.05);
            int high = ProvisionalNorms.TFD.percentile(dim, score + 0.05);
            assertTrue(pct >= low && pct <= high, dim + ": " + pct + " not in " + low + ".." + high);
        }
    }
}
