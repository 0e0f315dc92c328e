package com.assessments.observability;

import com.assessments.support.LogTail;
import com.assessments.support.Admin;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * LOG_JSON=true switches the logs to JSON (quarkus-logging-json): one object a line, whose mdc names the request id
 * and the trace id of the request that wrote it. The tests' log file stands in for the console (off in tests).
 */
@QuarkusTest
@TestProfile(JsonLogTest.Json.class)
class JsonLogTest {

    private static final Path LOG = Path.of("target/quarkus-test-json.log");

    public static class Json implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("LOG_JSON", "true", "quarkus.log.file.path", LOG.toString());
        }
    }

    @Test
    void logLinesAreJsonObjectsNamingTheRequestAndTheTrace() throws IOException {
        Admin.Keys test = Admin.newTenant("test");
        long start = Files.exists(LOG) ? Files.size(LOG) : 0;
        String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
        String requestId = "req_json_" + System.nanoTime();
        java.util.logging.Logger sql = java.util.logging.Logger.getLogger("org.hibernate.SQL");
        Level was = sql.getLevel();
        sql.setLevel(Level.FINE); // the request's statements are logged (with ? placeholders, no values)
        try {
            api().auth().oauth2(test.secretKey()).header("traceparent", "00-" + traceId + "-00f067aa0ba902b7-01")
                    .header("X-Request-Id", requestId).get("/api/v1/sessions").then().statusCode(200);
        } finally {
            sql.setLevel(was);
        }
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> mine = new ArrayList<>();
        String text = readFrom(start);
        assertTrue(!text.isBlank(), "something was logged");
        for (String line : text.split("\n")) {
            JsonNode record = mapper.readTree(line); // every line is one JSON object
            assertTrue(record.isObject() && record.hasNonNull("message") && record.hasNonNull("level"), line);
            if (requestId.equals(record.path("mdc").path("requestId").asText())) {
                mine.add(record);
            }
        }
        assertTrue(mine.size() >= 2, "the request's statements were logged: " + mine.size());
        for (JsonNode record : mine) {
            assertEquals(traceId, record.path("mdc").path("traceId").asText(), record.toString());
            assertEquals("org.hibernate.SQL", record.path("loggerName").asText());
        }
    }

    private static String readFrom(long offset) throws IOException {
        return LogTail.readFrom(LOG, offset);
    }
}
