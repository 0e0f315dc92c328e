package com.assessments.docs;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static com.assessments.support.Contract.raw;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;

/** /docs/accessibility: the statement is served, says what conforms and how to report a barrier, under a strict CSP. */
@QuarkusTest
class AccessibilityStatementTest {

    @Test
    void theStatementIsServed() {
        raw().get("/docs/accessibility").then().statusCode(200)
                .contentType(startsWith("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'none'"))
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                .body(containsString("<html lang=\"en\">"))
                .body(containsString("WCAG 2.2 level AA"))
                .body(containsString("id=\"report-a-barrier\""))
                .body(containsString("No question is timed"))
                .body(containsString("PDF/UA-1: does not conform"))
                // the PDF/UA rules it names are the ones ReportPdfAValidationTest pins
                .body(containsString("<code>5-1</code>"))
                .body(containsString("<code>6.2-1</code>"))
                .body(containsString("<code>7.1-11</code>"))
                .body(containsString("<code>7.1-3</code>"));
    }
}
