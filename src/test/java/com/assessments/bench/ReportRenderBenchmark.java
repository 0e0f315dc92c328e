package com.assessments.bench;

import com.assessments.report.ReportData;
import com.assessments.report.ReportRenderer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Arrays;

/**
 * PDF rendering benchmark (not part of the test suite; its name does not end in Test). Run:
 * <pre>./mvnw -B test -Dtest=ReportRenderBenchmark -Dsurefire.failIfNoSpecifiedTests=false</pre>
 * Renders a DISC report repeatedly after a warm-up; prints reports per second and p50/p99 time per report.
 */
class ReportRenderBenchmark {

    static final int WARMUP = Integer.getInteger("bench.warmup", 200);
    static final int REPORTS = Integer.getInteger("bench.reports", 1000);

    @Test
    void render() throws Exception {
        JsonNode disc = new ObjectMapper().readTree("""
                {"kind":"disc","primaryType":"D","secondaryType":"I","type12":"DI",
                 "likertScores":{"D":4.25,"I":3.75,"S":2.5,"C":2.0},"normalizedScores":{"D":81.3,"I":68.8,"S":37.5,"C":25.0},
                 "bands":{"D":"high","I":"moderate","S":"low","C":"low"},"reliabilityScore":0.87,"reliabilityLevel":"high",
                 "qualityFlags":[],"mock":false}""");
        ReportData data = new ReportData("ses_benchmark000001", "disc", "Work Style Profile (DISC)", "Ada Lovelace",
                "Acme Recruiting", Instant.parse("2026-11-22T10:00:00Z"), false, disc);
        for (int i = 0; i < WARMUP; i++) {
            ReportRenderer.render(data);
        }
        long[] nanos = new long[REPORTS];
        long bytes = 0;
        long started = System.nanoTime();
        for (int i = 0; i < REPORTS; i++) {
            long t0 = System.nanoTime();
            bytes += ReportRenderer.render(data).length;
            nanos[i] = System.nanoTime() - t0;
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        Arrays.sort(nanos);
        System.out.printf("%nPDF reports: %d in %.2f s = %.0f reports/s on one thread; p50 %.2f ms, p99 %.2f ms; %d KiB each%n%n",
                REPORTS, seconds, REPORTS / seconds, nanos[REPORTS / 2] / 1e6, nanos[(int) (REPORTS * 0.99) - 1] / 1e6,
                bytes / REPORTS / 1024);
    }
}
