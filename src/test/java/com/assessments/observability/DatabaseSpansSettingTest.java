package com.assessments.observability;

import com.assessments.support.AppProperties;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A span per database statement is off unless DB_TRACING=true (it was 12.6 % of a create's CPU, worthless without a
 * collector), and on in the tests, where TracingTest reads a submit's statements back as spans. The extension itself
 * stays built in, so switching needs no rebuild.
 */
class DatabaseSpansSettingTest {

    @Test
    void databaseSpansAreOffInProductionAndOnInTests() {
        assertTrue(AppProperties.under("prod").getValue("quarkus.datasource.jdbc.telemetry", Boolean.class));
        assertEquals(false, AppProperties.under("prod").getValue("quarkus.datasource.jdbc.telemetry.enabled", Boolean.class));
        assertEquals(false, AppProperties.under("dev").getValue("quarkus.datasource.jdbc.telemetry.enabled", Boolean.class));
        assertEquals(true, AppProperties.under("test").getValue("quarkus.datasource.jdbc.telemetry.enabled", Boolean.class));
    }
}
