package com.assessments.contract;

import io.restassured.path.json.JsonPath;
import org.cornutum.tcases.openapi.resolver.RequestCase;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/** One generated request as it was sent, and what came back. */
record Outcome(
        int index,
        ContractOperations.Op op,
        RequestCase requestCase,
        /* what the request sent must get: a valid case, or a failure case whose invalid input was lost in serialization */
        boolean expectedValid,
        /* why a failure case is expected to be valid, or null */
        String lostInSerialization,
        /* the security scheme whose credential was sent; null when none was */
        String scheme,
        String method,
        String uri,
        /* request headers as sent, credentials replaced by their kind */
        Map<String, String> headers,
        String body,
        int status,
        String responseContentType,
        String responseBody,
        /* the contract validator's complaint about the response, or null */
        String contractError,
        /* the HTTP client could not send the request at all, or null */
        String clientError) {

    boolean valid() {
        return expectedValid;
    }

    String operationId() {
        return op.operationId();
    }

    /** The case's generated name, e.g. {@code Body.application-json.Value.Properties.email.Type=null}. */
    String caseName() {
        return requestCase.getName();
    }

    /** error.code of a JSON error envelope, or null. */
    String errorCode() {
        JsonPath json = json();
        return json == null ? null : safe(() -> json.getString("error.code"));
    }

    /** details.errors[].field of a validation error, or an empty list. */
    List<String> errorFields() {
        JsonPath json = json();
        List<Object> fields = json == null ? null : safe(() -> json.getList("error.details.errors.field"));
        return fields == null ? List.of() : fields.stream().map(String::valueOf).collect(Collectors.toList());
    }

    /** True when the body is exactly {"error":{"code","message","doc_url","details"}} with string members and an object of details. */
    boolean hasErrorEnvelope() {
        JsonPath json = json();
        if (json == null) {
            return false;
        }
        Map<String, Object> root = safe(() -> json.getMap("$"));
        if (root == null || root.size() != 1 || !(root.get("error") instanceof Map<?, ?> error)) {
            return false;
        }
        return error.size() == 4
                && error.get("code") instanceof String
                && error.get("message") instanceof String
                && error.get("doc_url") instanceof String docUrl && docUrl.endsWith("/docs/errors#" + error.get("code"))
                && error.get("details") instanceof Map;
    }

    private JsonPath json() {
        if (responseBody == null || responseContentType == null || !responseContentType.startsWith("application/json")) {
            return null;
        }
        return safe(() -> new JsonPath(responseBody));
    }

    private static <T> T safe(java.util.function.Supplier<T> s) {
        try {
            return s.get();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The request as text, to replay it by hand. */
    String requestText() {
        StringBuilder out = new StringBuilder();
        out.append(method).append(' ').append(uri).append('\n');
        headers.forEach((k, v) -> out.append("      ").append(k).append(": ").append(printable(v, 300)).append('\n'));
        if (body != null) {
            out.append("      ").append(printable(body, 1500)).append('\n');
        }
        return out.toString();
    }

    String responseText() {
        if (clientError != null) {
            return "not sent: " + clientError;
        }
        String text = status + " " + Objects.toString(responseContentType, "");
        if (responseBody != null && !responseBody.isEmpty() && responseContentType != null && responseContentType.startsWith("application/json")) {
            text += " " + printable(responseBody, 600);
        }
        return text;
    }

    /** Control and non-ASCII characters as \\uXXXX, long text cut. */
    static String printable(String s, int max) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length() && out.length() < max; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x7f) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        if (out.length() >= max) {
            out.append("... (").append(s.length()).append(" chars)");
        }
        return out.toString();
    }
}
