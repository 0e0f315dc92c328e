package com.assessments.observability;

import io.quarkus.arc.Arc;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * With no OTLP endpoint configured (production's default), traces are made but exported nowhere: in particular not to
 * OTLP's default http://localhost:4317, which would log a failed export every few seconds. This test listens on that
 * port itself (when it is free) and no connection may come while spans are made and batches fall due.
 */
@QuarkusTest
@TestProfile(NoOtlpExportTest.NoCollector.class)
class NoOtlpExportTest {

    public static class NoCollector implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // the in-memory exporter off (it would replace the OTLP exporter by itself); batches every 100 ms
            return Map.of("observability-tests.record-spans", "false", "quarkus.otel.bsp.schedule.delay", "100ms");
        }
    }

    @Test
    void nothingIsExportedWhenNoEndpointIsSet() throws IOException {
        assertFalse(Arc.container().instance(RecordedSpans.class).isAvailable(), "the in-memory exporter is off here");
        ServerSocket otlpDefault;
        try {
            otlpDefault = new ServerSocket();
            otlpDefault.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 4317));
        } catch (IOException e) {
            assumeTrue(false, "port 4317 is in use on this machine");
            return;
        }
        try (ServerSocket listening = otlpDefault) {
            for (int i = 0; i < 5; i++) {
                RestAssured.given().get("/api/v1/status").then().statusCode(200);
            }
            listening.setSoTimeout(3_000); // 30 batch intervals
            java.net.Socket connected = null;
            try {
                connected = listening.accept();
            } catch (SocketTimeoutException expected) {
                // nothing came
            }
            assertNull(connected, "something connected to localhost:4317");
        }
    }
}
