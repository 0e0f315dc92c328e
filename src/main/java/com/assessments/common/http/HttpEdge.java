package com.assessments.common.http;

import com.assessments.common.AppConfig;
import com.assessments.common.Ids;
import com.assessments.common.error.ErrorCode;
import com.assessments.common.error.ErrorEnvelope;
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

import java.util.Map;
import java.util.regex.Pattern;

/**
 * What every HTTP exchange gets before JAX-RS sees it: an X-Request-Id, CORS for the public API, the body
 * size limit (413 in the error envelope, not a bare status), and the envelope for routes nobody serves.
 */
@ApplicationScoped
public class HttpEdge {

    public static final String REQUEST_ID = "X-Request-Id";
    private static final Pattern SAFE_REQUEST_ID = Pattern.compile("[A-Za-z0-9._:-]{1,100}");
    private static final String API_PREFIX = "/api/v1/";
    private static final String EXPOSED_HEADERS =
            "X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Idempotent-Replayed";

    private final AppConfig config;
    private final ErrorEnvelope envelope;
    private final ObjectMapper mapper;

    public HttpEdge(AppConfig config, ErrorEnvelope envelope, ObjectMapper mapper) {
        this.config = config;
        this.envelope = envelope;
        this.mapper = mapper;
    }

    void install(@Observes Router router) {
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

        boolean publicApi = request.path() != null && request.path().startsWith(API_PREFIX);
        if (publicApi) {
            // Bearer tokens, never cookies: any origin may call; publishable keys are checked against their allowlist.
            response.putHeader("Access-Control-Allow-Origin", "*");
            response.putHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
            if (request.method() == HttpMethod.OPTIONS && request.getHeader("Access-Control-Request-Method") != null) {
                response.putHeader("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS")
                        .putHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, X-Request-Id")
                        .putHeader("Access-Control-Max-Age", "600")
                        .setStatusCode(204).end();
                return;
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
