package com.assessments.observability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The alert rules and the Grafana dashboard in k8s/monitoring name only metrics this service exposes (a renamed
 * metric would otherwise silence an alert without anyone noticing), and the pods are annotated for scraping.
 * Their PromQL syntax is checked by promtool in CI (.ci/run).
 */
@QuarkusTest
class MonitoringFilesTest {

    private static final Pattern METRIC = Pattern.compile("\\b((?:assessments|http_server_requests)_[a-z_]+)");

    @Inject
    DatabaseGauges gauges;

    @Test
    void everyMetricTheAlertsAndTheDashboardUseIsExposed() throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        List<String> expressions = new ArrayList<>();
        JsonNode rules = yaml.readTree(Path.of("k8s/monitoring/alert-rules.yml").toFile());
        rules.path("groups").forEach(g -> g.path("rules").forEach(r -> expressions.add(r.path("expr").asText())));
        int alerts = expressions.size();
        JsonNode dashboard = new ObjectMapper().readTree(Path.of("k8s/monitoring/grafana-dashboard.json").toFile());
        dashboard.path("panels").forEach(p -> p.path("targets").forEach(t -> expressions.add(t.path("expr").asText())));
        assertTrue(alerts >= 4 && expressions.size() > alerts, "rules and panels were read");

        gauges.refresh();
        RestAssured.given().get("/api/v1/status").then().statusCode(200); // at least one API request in the histogram
        String scrape = RestAssured.given().get("/q/metrics").then().statusCode(200).extract().asString();
        Set<String> exposed = new TreeSet<>();
        for (String line : scrape.split("\n")) {
            if (!line.startsWith("#") && !line.isBlank()) {
                exposed.add(line.split("[{ ]", 2)[0]);
            }
        }
        Set<String> missing = new TreeSet<>();
        for (String expr : expressions) {
            Matcher m = METRIC.matcher(expr);
            while (m.find()) {
                if (!exposed.contains(m.group(1))) {
                    missing.add(m.group(1));
                }
            }
        }
        assertEquals(Set.of(), missing, "metrics named by k8s/monitoring but not exposed");
        assertFalse(exposed.isEmpty());
    }

    @Test
    void podsAreAnnotatedForScraping() throws IOException {
        JsonNode annotations = new ObjectMapper(new YAMLFactory()).readTree(Path.of("k8s/deployment.yaml").toFile())
                .at("/spec/template/metadata/annotations");
        assertEquals("true", annotations.path("prometheus.io/scrape").asText());
        assertEquals("/q/metrics", annotations.path("prometheus.io/path").asText());
    }
}
