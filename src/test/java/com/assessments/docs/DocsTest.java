package com.assessments.docs;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import static com.assessments.support.Contract.raw;
import static org.hamcrest.Matchers.containsString;

@QuarkusTest
class DocsTest {

    @Test
    void scoringRulesAreServed() {
        raw().get("/docs/scoring").then().statusCode(200).contentType(ContentType.HTML)
                .body(containsString("type12"))
                .body(containsString("id=\"mock\""))
                .body(containsString("SHA-256"))
                // the table ScoringSimulationTest keeps equal to what the rules do
                .body(containsString("id=\"scoring-simulation\""))
                .body(containsString("<td>random</td>"));
    }
}
