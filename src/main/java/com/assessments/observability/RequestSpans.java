package com.assessments.observability;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.quarkus.arc.ClientProxy;
import io.quarkus.opentelemetry.runtime.QuarkusContextStorage;
import io.vertx.core.AsyncResult;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.List;
import java.util.Set;

/**
 * The SERVER span of each API request, made here instead of by Quarkus's Vert.x HTTP instrumentation
 * ({@code quarkus.otel.instrument.vertx-http=false}), whose semantic-convention extractors (client address, forwarded
 * headers, URL parts) ran on every request whether or not anything collects the spans. This one costs less: 4 % more
 * gets a second and 5 % less JVM CPU per get in interleaved A/Bs run both ways round (#14, README "Session 19").
 * It keeps what the service promises: the caller's {@code traceparent} is honoured, the span is current for the
 * whole request (its database statements, scoring and rendering are its children; every log line carries its trace
 * id, and the request's latency sample its exemplar), and it is named and tagged by the route template, never the raw
 * path (which holds ids), with the method and the response status. Quarkus REST's own hooks wrote to Quarkus's span
 * and are off as well ({@code quarkus.otel.instrument.rest=false}); an unexpected exception is recorded on this span
 * by {@code ErrorMappers}. Management routes ({@code /q/...}: health, metrics) are not traced, as Quarkus does not
 * trace them either.
 */
@Singleton
public class RequestSpans {

    static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    static final AttributeKey<String> ROUTE = AttributeKey.stringKey("http.route");
    static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    private static final String URL_PATH_TEMPLATE = "UrlPathTemplate";
    /** The methods named as they are (OpenTelemetry's HTTP conventions); any other token the client sent is _OTHER. */
    private static final Set<String> KNOWN_METHODS =
            Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");

    private static final TextMapGetter<MultiMap> HEADERS = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(MultiMap headers) {
            return headers == null ? List.of() : headers.names();
        }

        @Override
        public String get(MultiMap headers, String key) {
            return headers == null ? null : headers.get(key);
        }
    };

    private final Tracer tracer;
    private final TextMapPropagator propagator;

    private final String managementRoot;
    private final String managementPrefix;

    public RequestSpans(Tracer tracer, OpenTelemetry openTelemetry,
                        @ConfigProperty(name = "quarkus.http.non-application-root-path", defaultValue = "q") String managementRoot) {
        this.tracer = ClientProxy.unwrap(tracer); // the SDK's tracer itself: no proxy lookup per request
        this.propagator = openTelemetry.getPropagators().getTextMapPropagator();
        this.managementRoot = "/" + managementRoot.replaceAll("^/+|/+$", ""); // "q", "/q" or "/q/": /q
        this.managementPrefix = this.managementRoot + "/";
    }

    void install(@Observes Router router) {
        // before HttpEdge (MIN_VALUE + 100): its refusals (414, 431, 413, 408, 415) are inside the span too
        router.route().order(Integer.MIN_VALUE + 99).handler(this::start);
    }

    private void start(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        if (path.equals(managementRoot) || path.startsWith(managementPrefix)) {
            ctx.next();
            return;
        }
        String sent = ctx.request().method().name();
        String method = KNOWN_METHODS.contains(sent) ? sent : "_OTHER"; // a client may send any token: keep names bounded
        Context parent = propagator.extract(Context.root(), ctx.request().headers(), HEADERS);
        String name = method.equals("_OTHER") ? "HTTP" : method;
        Span span = tracer.spanBuilder(name).setParent(parent)
                .setSpanKind(SpanKind.SERVER).setAttribute(METHOD, method).startSpan();
        // Current in the request's duplicated Vert.x context, which follows the request to its worker or virtual
        // thread (Quarkus's storage refuses any other context rather than fall back to a thread local). The scope is
        // not closed: the context is the request's own and ends with it, and Micrometer records the request's latency
        // after the end handlers, reading the trace from that context for the sample's exemplar.
        QuarkusContextStorage.INSTANCE.attach(Vertx.currentContext(), parent.with(span));
        ctx.addEndHandler(ended -> end(ctx, name, span, ended));
        ctx.next();
    }

    /**
     * The matched JAX-RS template (/api/v1/sessions/{id}), which Quarkus REST keeps in the request's Vert.x context
     * for the HTTP metrics (its ObservabilityUtil, not public); null when no resource matched.
     */
    private static String route(RoutingContext ctx) {
        Object template = ctx.request() instanceof HttpServerRequestInternal request
                ? request.context().getLocal(URL_PATH_TEMPLATE) : null;
        return template instanceof String s && !s.isEmpty() ? s : null;
    }

    /**
     * Ends the span when the response has gone out or the connection closed. A client that leaves while the resource
     * still runs ends the span then (as Quarkus's instrumentation did): what the request does after that is not in it.
     */
    private static void end(RoutingContext ctx, String name, Span span, AsyncResult<Void> ended) {
        try {
            String route = route(ctx);
            if (route != null) {
                span.updateName(name + " " + route);
                span.setAttribute(ROUTE, route);
            }
            boolean answered = ctx.response().headWritten(); // before that, the status is only Vert.x's default 200
            int status = ctx.response().getStatusCode();
            if (answered) {
                span.setAttribute(STATUS, (long) status);
            }
            if (ended.failed()) {
                span.setAttribute(ERROR_TYPE, "connection_closed"); // the client left before the whole answer went out
                span.setStatus(StatusCode.ERROR);
            } else if (answered && status >= 500) {
                span.setAttribute(ERROR_TYPE, Integer.toString(status));
                span.setStatus(StatusCode.ERROR);
            }
        } finally {
            span.end();
        }
    }
}
