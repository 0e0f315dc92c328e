package com.assessments.observability;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.vertx.core.AsyncResult;
import io.vertx.core.MultiMap;
import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * The SERVER span of each API request, made here instead of by Quarkus's Vert.x HTTP instrumentation
 * ({@code quarkus.otel.instrument.vertx-http=false}). That instrumentation cost about 12 % of the JVM's CPU per GET
 * session in an interleaved A/B (#14), most of it in its semantic-convention extractors (client address, forwarded
 * headers, URL parts), whether or not anything collects the spans. This span keeps what the service promises: the
 * caller's {@code traceparent} is honoured, the span is current for the whole request (its database statements,
 * scoring and rendering are its children; every log line carries its trace id), and it is named and tagged by the
 * route template, never the raw path (which holds ids), with the method and the response status. Management routes
 * ({@code /q/...}: health, metrics) are not traced, as Quarkus does not trace them either.
 */
@Singleton
public class RequestSpans {

    static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    static final AttributeKey<String> ROUTE = AttributeKey.stringKey("http.route");
    static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    private static final String URL_PATH_TEMPLATE = "UrlPathTemplate";

    private static final TextMapGetter<MultiMap> HEADERS = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(MultiMap headers) {
            return headers.names();
        }

        @Override
        public String get(MultiMap headers, String key) {
            return headers == null ? null : headers.get(key);
        }
    };

    private final Tracer tracer;
    private final TextMapPropagator propagator;

    public RequestSpans(Tracer tracer, OpenTelemetry openTelemetry) {
        this.tracer = tracer;
        this.propagator = openTelemetry.getPropagators().getTextMapPropagator();
    }

    void install(@Observes Router router) {
        // before HttpEdge (MIN_VALUE + 100): its refusals (414, 431, 413, 408, 415) are inside the span too
        router.route().order(Integer.MIN_VALUE + 99).handler(this::start);
    }

    private void start(RoutingContext ctx) {
        String path = ctx.request().path();
        if (path != null && path.startsWith("/q/")) {
            ctx.next();
            return;
        }
        String method = ctx.request().method().name();
        Context parent = propagator.extract(Context.root(), ctx.request().headers(), HEADERS);
        Span span = tracer.spanBuilder(method).setParent(parent).setSpanKind(SpanKind.SERVER)
                .setAttribute(METHOD, method).startSpan();
        // current in the request's duplicated Vert.x context: it follows the request to its worker or virtual thread
        Scope scope = parent.with(span).makeCurrent();
        ctx.addEndHandler(ended -> end(ctx, method, span, scope, ended));
        ctx.next();
    }

    /**
     * The matched JAX-RS template (/api/v1/sessions/{id}), which Quarkus REST keeps in the request's Vert.x context
     * for the HTTP metrics (its ObservabilityUtil, not public); null when no resource matched.
     */
    private static String route(RoutingContext ctx) {
        Object template = ((HttpServerRequestInternal) ctx.request()).context().getLocal(URL_PATH_TEMPLATE);
        return template instanceof String s && !s.isEmpty() ? s : null;
    }

    private static void end(RoutingContext ctx, String method, Span span, Scope scope, AsyncResult<Void> ended) {
        try {
            String route = route(ctx);
            if (route != null) {
                span.updateName(method + " " + route);
                span.setAttribute(ROUTE, route);
            }
            int status = ctx.response().getStatusCode();
            span.setAttribute(STATUS, (long) status);
            if (ended.failed()) {
                span.setAttribute(ERROR_TYPE, "connection_closed"); // the client left before the whole answer went out
                span.setStatus(StatusCode.ERROR);
            } else if (status >= 500) {
                span.setAttribute(ERROR_TYPE, Integer.toString(status));
                span.setStatus(StatusCode.ERROR);
            }
            span.end();
        } finally {
            scope.close();
        }
    }
}
