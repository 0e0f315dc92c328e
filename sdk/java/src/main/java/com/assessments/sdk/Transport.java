package com.assessments.sdk;

import com.assessments.sdk.internal.ApiException;
import com.assessments.sdk.internal.ApiResponse;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.Map;

/**
 * Runs one operation of the generated client with the retry policy and turns its {@link ApiException} into the
 * typed {@link AssessmentsException} family. The generated code reports a connection failure as an ApiException
 * with status 0 and the IOException as its cause.
 */
final class Transport {

    /** One attempt of a generated operation. */
    @FunctionalInterface
    interface Call<T> {
        ApiResponse<T> attempt() throws ApiException;
    }

    /** Sleeps between attempts (a seam for tests). */
    @FunctionalInterface
    interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final RetryPolicy policy;
    private final ObjectMapper mapper;
    private final Sleeper sleeper;

    Transport(RetryPolicy policy, ObjectMapper mapper, Sleeper sleeper) {
        this.policy = policy;
        this.mapper = mapper;
        this.sleeper = sleeper;
    }

    /** Runs the call, retrying as the policy allows; {@code idempotent} says whether a repeat is harmless. */
    <T> T execute(boolean idempotent, Call<T> call) {
        for (int retry = 1; ; retry++) {
            ApiException failure;
            try {
                return call.attempt().getData();
            } catch (ApiException e) {
                failure = e;
            }
            AssessmentsException mapped = map(failure);
            String retryAfter = header(failure.getResponseHeaders(), "Retry-After");
            Duration wait = retry <= policy.maxRetries() && policy.retryable(mapped.getStatus(), mapped.getCode(), idempotent)
                    ? policy.delay(retry, retryAfter) : null;
            if (wait == null) {
                throw mapped;
            }
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                mapped.addSuppressed(e);
                throw mapped;
            }
        }
    }

    /** The typed exception for a failed attempt: chosen by the envelope's code, then by the HTTP status. */
    AssessmentsException map(ApiException e) {
        int status = e.getCode();
        if (status == 0) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            String what = cause instanceof IOException ? "connection failed" : "request failed";
            return new ApiConnectionException(what + ": " + cause, cause);
        }
        String requestId = header(e.getResponseHeaders(), "X-Request-Id");
        String code = null;
        String message = null;
        String docUrl = null;
        Map<String, Object> details = Map.of();
        try {
            JsonNode error = e.getResponseBody() == null ? null : mapper.readTree(e.getResponseBody()).path("error");
            if (error != null && error.isObject()) {
                code = text(error, "code");
                message = text(error, "message");
                docUrl = text(error, "doc_url");
                if (error.path("details").isObject()) {
                    details = mapper.convertValue(error.get("details"), new TypeReference<Map<String, Object>>() { });
                }
            }
        } catch (IOException | IllegalArgumentException notJson) {
            // not the error envelope (a proxy's page, say): status and request id still tell what happened
        }
        String text = (code == null ? "HTTP " + status : code + " (" + status + ")")
                + (message == null ? "" : ": " + message) + (requestId == null ? "" : " [request " + requestId + "]");
        String family = code == null ? "" : code;
        switch (family) {
            case "invalid_api_key", "invalid_session_token", "invalid_admin_token":
                return new AuthenticationException(text, status, code, requestId, docUrl, details, e);
            case "insufficient_permissions", "origin_not_allowed", "assessment_not_enabled":
                return new PermissionException(text, status, code, requestId, docUrl, details, e);
            case "no_available_licenses":
                return new LicenseException(text, status, code, requestId, docUrl, details, e);
            case "session_already_completed", "session_expired", "idempotency_conflict", "idempotency_in_progress",
                 "tfd_config_not_published":
                return new ConflictException(text, status, code, requestId, docUrl, details, e);
            case "rate_limit_exceeded":
                return rateLimited(text, status, code, requestId, docUrl, details, e);
            case "internal_error", "not_implemented", "service_unavailable":
                return new ApiServerException(text, status, code, requestId, docUrl, details, e);
            default:
                break;
        }
        if (family.endsWith("_not_found") || family.equals("not_found") || status == 404) {
            return new NotFoundException(text, status, code, requestId, docUrl, details, e);
        }
        if (status == 401) {
            return new AuthenticationException(text, status, code, requestId, docUrl, details, e);
        }
        if (status == 402) {
            return new LicenseException(text, status, code, requestId, docUrl, details, e);
        }
        if (status == 403) {
            return new PermissionException(text, status, code, requestId, docUrl, details, e);
        }
        if (status == 409 || status == 410) {
            return new ConflictException(text, status, code, requestId, docUrl, details, e);
        }
        if (status == 429) {
            return rateLimited(text, status, code, requestId, docUrl, details, e);
        }
        if (status >= 500) {
            return new ApiServerException(text, status, code, requestId, docUrl, details, e);
        }
        if (status >= 400) {
            return new InvalidRequestException(text, status, code, requestId, docUrl, details, e);
        }
        return new AssessmentsException(text, status, code, requestId, docUrl, details, e);
    }

    private static RateLimitException rateLimited(String text, int status, String code, String requestId, String docUrl,
                                                  Map<String, Object> details, ApiException e) {
        return new RateLimitException(text, status, code, requestId, docUrl, details,
                RetryPolicy.parseRetryAfter(header(e.getResponseHeaders(), "Retry-After")), e);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static String header(HttpHeaders headers, String name) {
        return headers == null ? null : headers.firstValue(name).orElse(null);
    }
}
