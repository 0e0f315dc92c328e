package com.assessments.observability;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.quarkus.arc.properties.UnlessBuildProperty;
import jakarta.inject.Singleton;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;

/**
 * The tests' span exporter: Quarkus hands every ended span to a SpanExporter bean (with quarkus.otel.simple in the
 * test profile, as each span ends), and a SpanExporter bean also replaces the OTLP exporter, so the tests export
 * nothing over the network (but in the profiles of OtlpExportTest, which turn this bean off to test the real exporter).
 * Keeps the last spans only (the whole suite makes far more than any test reads).
 */
@Singleton
@UnlessBuildProperty(name = "observability-tests.record-spans", stringValue = "false", enableIfMissing = true)
public class RecordedSpans implements SpanExporter {

    private static final int KEPT = 20_000;

    private final Deque<SpanData> spans = new ArrayDeque<>();

    @Override
    public synchronized CompletableResultCode export(Collection<SpanData> batch) {
        for (SpanData span : batch) {
            if (spans.size() == KEPT) {
                spans.removeFirst();
            }
            spans.addLast(span);
        }
        return CompletableResultCode.ofSuccess();
    }

    public synchronized List<SpanData> matching(Predicate<SpanData> filter) {
        return spans.stream().filter(filter).toList();
    }

    public synchronized List<SpanData> all() {
        return new ArrayList<>(spans);
    }

    @Override
    public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
    }
}
