package com.assessments.common.http;

import com.assessments.common.AppConfig;
import com.assessments.common.Ids;
import com.assessments.common.error.ErrorCode;
import com.assessments.common.error.ErrorEnvelope;
import com.assessments.key.ContractSecurity;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.MDC;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What every HTTP exchange gets before JAX-RS sees it: an X-Request-Id, X-Content-Type-Options: nosniff,
 * Cache-Control: no-store on JSON API responses that set no Cache-Control of their own, CORS for the
 * operations browsers may call, the body size limit (413 in the error envelope, not a bare status), and the
 * envelope for routes nobody serves.
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
    private static final String API_PREFIX = "/api/";
    private static final String EXPOSED_HEADERS =
            "X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Idempotent-Replayed";

    private final AppConfig config;
    private final ErrorEnvelope envelope;
    private final ObjectMapper mapper;
    private final ContractSecurity contract;

    public HttpEdge(AppConfig config, ErrorEnvelope envelope, ObjectMapper mapper, ContractSecurity contract) {
        this.config = config;
        this.envelope = envelope;
        this.mapper = mapper;
        this.contract = contract;
    }

    void install(@Observes Router router) {
        contract.operationAt("GET", API_PREFIX); // read the contract now, not on the event loop of the first request
        router.route().order(Integer.MIN_VALUE + 100).handler(this::edge);
        // A chunked body has no Content-Length to check up front: read it here, under the limit.
        BodyHandler chunked = BodyHandler.create(false).setBodyLimit(config.maxBodyBytes());
        router.route().order(Integer.MIN_VALUE + 101).handler(ctx -> {
            if (ctx.request().getHeader("Content-Length") == null && ctx.request().getHeader("Transfer-Encoding") != null) {
                chunked.handle(ctx);
            } else {
                ctx.next();
            }
        }).failureHandler(ctx -> {
            if (ctx.statusCode() == 413) {
                fail(ctx, ErrorCode.PAYLOAD_TOO_LARGE, "The request body is larger than " + config.maxBodyBytes() + " bytes.",
                        Map.of("maxBytes", config.maxBodyBytes()));
            } else {
                ctx.next();
            }
        });
    }

    private void edge(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        HttpServerResponse response = ctx.response();
        String incoming = request.getHeader(REQUEST_ID);
        String requestId = incoming != null && SAFE_REQUEST_ID.matcher(incoming).matches() ? incoming : Ids.id("req_");
        response.putHeader(REQUEST_ID, requestId);
        // Quarkus keeps the MDC in the request's duplicated Vert.x context: it follows the request to worker threads
        MDC.put(REQUEST_ID_MDC, requestId);
        ctx.addEndHandler(v -> MDC.remove(REQUEST_ID_MDC));

        response.putHeader("X-Content-Type-Options", "nosniff");
        String path = request.path();
        boolean api = path != null && path.startsWith(API_PREFIX);
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

        String length = request.getHeader("Content-Length");
        boolean bodiless = (length == null || "0".equals(length.trim())) && request.getHeader("Transfer-Encoding") == null;
        if (bodiless
                && (request.method() == HttpMethod.POST || request.method() == HttpMethod.PUT || request.method() == HttpMethod.PATCH)) {
            // an empty POST (resend, rotate without options) has no media type to be wrong about
            request.headers().set("Content-Type", "application/json");
        }
        if (length != null && tooLarge(length)) {
            fail(ctx, ErrorCode.PAYLOAD_TOO_LARGE, "The request body is larger than " + config.maxBodyBytes() + " bytes.",
                    Map.of("maxBytes", config.maxBodyBytes()));
            return;
        }
        ctx.next();
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
