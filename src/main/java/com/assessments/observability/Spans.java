package com.assessments.observability;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.function.Supplier;

/**
 * Manual spans for work that is not a CDI method call of its own (e.g. a private step of a job), children of the
 * current span. Attributes are bounded words (an assessment type), never ids of people or content.
 */
@ApplicationScoped
public class Spans {

    private final Tracer tracer;

    public Spans(Tracer tracer) {
        this.tracer = tracer;
    }

    /** Runs {@code work} in a span named {@code name} with one attribute {@code key}={@code value}. */
    public <T> T call(String name, String key, String value, Supplier<T> work) {
        Span span = tracer.spanBuilder(name).setAttribute(key, value).startSpan();
        try (Scope ignored = span.makeCurrent()) {
            return work.get();
        } catch (RuntimeException | Error e) {
            span.setStatus(StatusCode.ERROR, e.getClass().getSimpleName());
            throw e;
        } finally {
            span.end();
        }
    }
}
