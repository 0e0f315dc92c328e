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
    private long exported;

    @Override
    public synchronized CompletableResultCode export(Collection<SpanData> batch) {
        for (SpanData span : batch) {
            if (spans.size() == KEPT) {
                spans.removeFirst();
            }
            spans.addLast(span);
            exported++;
        }
        return CompletableResultCode.ofSuccess();
    }

    public synchronized List<SpanData> matching(Predicate<SpanData> filter) {
        return spans.stream().filter(filter).toList();
    }

    /** How many spans were exported so far: {@link #since} of it gives the spans ended after this call. */
    public synchronized long mark() {
        return exported;
    }

    /** The spans that ended since {@code mark} (as far as they are still kept). */
    public synchronized List<SpanData> since(long mark) {
        List<SpanData> all = new ArrayList<>(spans);
        int newer = (int) Math.min(all.size(), exported - mark);
        return all.subList(all.size() - newer, all.size());
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
