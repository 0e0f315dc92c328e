package com.assessments.common.http;

import com.assessments.common.AppConfig;
import com.assessments.common.Ids;
import com.assessments.common.error.ErrorCode;
import com.assessments.common.error.ErrorEnvelope;
import com.assessments.key.ContractSecurity;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.configuration.MemorySizeConverter;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What every HTTP exchange gets before JAX-RS sees it: an X-Request-Id, X-Content-Type-Options: nosniff,
 * Cache-Control: no-store on JSON API responses that set no Cache-Control of their own, CORS for the
 * operations browsers may call, and the limits the service answers with the error envelope rather than a bare
 * status: URI length (414), header size (431), body size (413), a body that does not arrive in time (408, then the
 * connection is closed), and a body without a concrete media type on an API route (415).
 *
 * <p>Every declared body is read here ({@link BodyHandler}) before JAX-RS runs, so the body timeout measures the
 * client alone. The server's own parser limits are a backstop set well above {@link HttpLimits}; requests the
 * parser itself refuses (beyond that backstop, or not parseable as HTTP at all) never reach a handler and get
 * Vert.x's bare status: Quarkus offers no hook for Vert.x's invalid-request handler.
 *
 * <p>CORS follows openapi.yaml: an operation that accepts a publishable key or a session token, or no credential
 * at all (GET /api/v1/status), answers any origin; secret-key and operator operations send no
 * Access-Control-* header, and their preflight is answered 204 without permission, so browsers never get to
 * send a secret key cross-origin.
 */
@ApplicationScoped
public class HttpEdge {

    public static final String REQUEST_ID = "X-Request-Id";
    /** MDC key of the request id: every log line written while the request is handled carries it (%X{requestId}). */
    public static final String REQUEST_ID_MDC = "requestId";
    private static final Pattern SAFE_REQUEST_ID = Pattern.compile("[A-Za-z0-9._:-]{1,100}");
    private static final Logger LOG = Logger.getLogger(HttpEdge.class);
    private static final String API_PREFIX = "/api/";
    /** The overview's aliases (openapi.yaml, tag Overview): API routes too. */
    private static final String OVERVIEW_PREFIX = "/v1/";
    private static final String BODY_TIMER = "assessments.bodyTimer";
    private static final String EXPOSED_HEADERS =
            "X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Idempotent-Replayed";

    private final AppConfig config;
    private final HttpLimits limits;
    private final ErrorEnvelope envelope;
    private final ObjectMapper mapper;
    private final ContractSecurity contract;

    public HttpEdge(AppConfig config, HttpLimits limits, ErrorEnvelope envelope, ObjectMapper mapper, ContractSecurity contract) {
        this.config = config;
        this.limits = limits;
        this.envelope = envelope;
        this.mapper = mapper;
        this.contract = contract;
    }

    void install(@Observes Router router) {
        contract.operationAt("GET", API_PREFIX); // read the contract now, not on the event loop of the first request
        warnIfBackstopIsBelow("quarkus.http.limits.max-initial-line-length", limits.maxUriLength() + 64L);
        warnIfBackstopIsBelow("quarkus.http.limits.max-header-size", limits.maxHeaderSize().asLongValue() + 1024L);
        router.route().order(Integer.MIN_VALUE + 100).handler(this::edge);
        // Read every declared body here, under the size limit and against the clock (a chunked body has no
        // Content-Length to check up front; an announced body may never come).
        BodyHandler bodies = BodyHandler.create(false).setBodyLimit(config.maxBodyBytes());
        router.route().order(Integer.MIN_VALUE + 101).handler(ctx -> readBody(ctx, bodies)).failureHandler(ctx -> {
            if (ctx.response().ended() || ctx.response().closed()) {
                return; // answered already (408), or the client is gone: nobody to tell
            }
            if (ctx.statusCode() == 413) {
                fail(ctx, ErrorCode.PAYLOAD_TOO_LARGE, "The request body is larger than " + config.maxBodyBytes() + " bytes.",
                        Map.of("maxBytes", config.maxBodyBytes()));
            } else {
                ctx.next();
            }
        });
        router.route().order(Integer.MIN_VALUE + 102).handler(ctx -> {
            Long timer = ctx.get(BODY_TIMER);
            if (timer != null) {
                ctx.vertx().cancelTimer(timer); // the whole body is in
            }
            ctx.next();
        });
    }

    /** The server's parser refuses before this class sees anything: its limits must stay above ours. */
    private static void warnIfBackstopIsBelow(String property, long needed) {
        long backstop = ConfigProvider.getConfig().getOptionalValue(property, String.class)
                .map(value -> new MemorySizeConverter().convert(value).asLongValue()).orElse(Long.MAX_VALUE);
        if (backstop < needed) {
            LOG.warnf("%s (%d) is not above the limit HttpEdge enforces: requests between the two get a bare status "
                    + "instead of the error envelope; raise it to at least %d", property, backstop, needed);
        }
    }

    private void readBody(RoutingContext ctx, BodyHandler bodies) {
        HttpServerRequest request = ctx.request();
        if (!declaresBody(request) || request.isEnded() || request.version() == io.vertx.core.http.HttpVersion.HTTP_2) {
            // HTTP/2 (h2c, e.g. Java's HttpClient on http://) has its own flow control, and RESTEasy pauses the
            // request stream later, which an HTTP/2 request that was read to its end refuses: leave its body alone
            ctx.next();
            return;
        }
        long timeoutMillis = Math.max(1, limits.bodyTimeout().toMillis());
        long timer = ctx.vertx().setTimer(timeoutMillis, id -> {
            if (!request.isEnded() && !ctx.response().ended() && !ctx.response().closed()) {
                long seconds = Math.max(1, timeoutMillis / 1000);
                fail(ctx, ErrorCode.REQUEST_TIMEOUT, "The request body did not arrive within " + seconds
                        + " seconds of the headers. Send the request again.", Map.of("timeoutSeconds", seconds));
                ctx.response().close(); // what is left of the body will not be read; the connection cannot be reused
            }
        });
        ctx.put(BODY_TIMER, timer);
        ctx.addEndHandler(v -> ctx.vertx().cancelTimer(timer));
        bodies.handle(ctx);
    }

    private static boolean declaresBody(HttpServerRequest request) {
        if (request.getHeader("Transfer-Encoding") != null) {
            return true;
        }
        String length = request.getHeader("Content-Length");
        if (length == null) {
            return false;
        }
        try {
            return Long.parseLong(length.trim()) > 0;
        } catch (NumberFormatException e) {
            return false; // the parser refuses a malformed Content-Length before us
        }
    }

    private void edge(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        HttpServerResponse response = ctx.response();
        String incoming = request.getHeader(REQUEST_ID);
        String requestId = incoming != null && SAFE_REQUEST_ID.matcher(incoming).matches() ? incoming : Ids.requestId();
        response.putHeader(REQUEST_ID, requestId);
        // Quarkus keeps the MDC in the request's duplicated Vert.x context: it follows the request to worker threads
        MDC.put(REQUEST_ID_MDC, requestId);
        ctx.addEndHandler(v -> MDC.remove(REQUEST_ID_MDC));

        response.putHeader("X-Content-Type-Options", "nosniff");
        String path = request.path();
        boolean api = path != null && (path.startsWith(API_PREFIX) || path.startsWith(OVERVIEW_PREFIX));
        if (api) {
            ctx.addHeadersEndHandler(v -> noStoreForJson(response));
            String preflightMethod = request.getHeader("Access-Control-Request-Method");
            if (request.method() == HttpMethod.OPTIONS && preflightMethod != null) {
                if (contract.browserMayCall(preflightMethod, path)) {
                    response.putHeader("Access-Control-Allow-Origin", "*")
                            .putHeader("Access-Control-Allow-Methods", String.join(", ", contract.browserMethods(path)))
                            .putHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, X-Request-Id")
                            .putHeader("Access-Control-Max-Age", "600");
                }
                // a server-only operation (secret key, operator token) or none at all: no permission, no body
                response.setStatusCode(204).end();
                return;
            }
            if (contract.browserMayCall(request.method().name(), path)) {
                // Bearer tokens, never cookies: any origin may call; publishable keys are checked against their allowlist.
                response.putHeader("Access-Control-Allow-Origin", "*");
                response.putHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
            }
        }

        String uri = request.uri();
        if (uri != null && uri.length() > limits.maxUriLength()) {
            fail(ctx, ErrorCode.URI_TOO_LONG, "The request URI is longer than " + limits.maxUriLength() + " characters.",
                    Map.of("maxLength", limits.maxUriLength()));
            return;
        }
        long maxHeaderBytes = limits.maxHeaderSize().asLongValue();
        if (headerBytes(request.headers()) > maxHeaderBytes) {
            fail(ctx, ErrorCode.HEADERS_TOO_LARGE, "The request headers add up to more than " + maxHeaderBytes + " bytes.",
                    Map.of("maxBytes", maxHeaderBytes));
            return;
        }

        if (api && (path.endsWith("/") || path.contains("//"))) {
            // an empty segment names nothing: the router would serve /sessions/ as the list and /sessions//submit
            // as a 405; the contract has no such paths
            fail(ctx, ErrorCode.NOT_FOUND, "No such route: the path has an empty segment.", Map.of());
            return;
        }
        String length = request.getHeader("Content-Length");
        boolean bodiless = (length == null || "0".equals(length.trim())) && request.getHeader("Transfer-Encoding") == null;
        boolean sendsEntity = request.method() == HttpMethod.POST || request.method() == HttpMethod.PUT || request.method() == HttpMethod.PATCH;
        if (bodiless && sendsEntity) {
            // an empty POST (resend, rotate without options) has no media type to be wrong about
            request.headers().set("Content-Type", "application/json");
        }
        if (length != null && tooLarge(length)) {
            fail(ctx, ErrorCode.PAYLOAD_TOO_LARGE, "The request body is larger than " + config.maxBodyBytes() + " bytes.",
                    Map.of("maxBytes", config.maxBodyBytes()));
            return;
        }
        if (api && sendsEntity && !bodiless && !concreteMediaType(request.getHeader("Content-Type"))
                && contract.operationAt(request.method().name(), path).isPresent()) {
            // JAX-RS would read a body of no type, or of a wildcard one, as application/json: the contract says
            // application/json (unknown routes keep their 404 or 405)
            fail(ctx, ErrorCode.UNSUPPORTED_MEDIA_TYPE, "Send the request body as application/json (Content-Type: application/json).",
                    Map.of());
            return;
        }
        ctx.next();
    }

    /** A media type that names one type: not missing, not empty, no wildcard in type or subtype. */
    static boolean concreteMediaType(String contentType) {
        if (contentType == null) {
            return false;
        }
        int parameters = contentType.indexOf(';');
        String essence = (parameters < 0 ? contentType : contentType.substring(0, parameters)).trim();
        int slash = essence.indexOf('/');
        return slash > 0 && slash < essence.length() - 1 && !essence.contains("*");
    }

    /** The size of the header block as the parser counts it: each name, ": " and value. */
    private static long headerBytes(MultiMap headers) {
        long total = 0;
        for (Map.Entry<String, String> header : headers) {
            total += header.getKey().length() + 2L + header.getValue().length();
        }
        return total;
    }

    /** API JSON carries personal data (candidates, results, keys): never stored by caches, unless a route says otherwise. */
    private static void noStoreForJson(HttpServerResponse response) {
        String type = response.headers().get("Content-Type");
        if (type != null && type.toLowerCase(Locale.ROOT).contains("json") && !response.headers().contains("Cache-Control")) {
            response.putHeader("Cache-Control", "no-store");
        }
    }

    private boolean tooLarge(String contentLength) {
        try {
            return Long.parseLong(contentLength.trim()) > config.maxBodyBytes();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private void fail(RoutingContext ctx, ErrorCode code, String message, Map<String, Object> details) {
        try {
            String body = mapper.writeValueAsString(envelope.body(code, message, details));
            ctx.response().setStatusCode(code.status())
                    .putHeader("Content-Type", "application/json")
                    .putHeader("Connection", "close")
                    .end(body);
        } catch (JsonProcessingException e) {
            ctx.response().setStatusCode(code.status()).end();
        }
    }
}
