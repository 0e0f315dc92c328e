package com.assessments.common.error;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The one exception the service throws for an expected failure; its mapper writes the error envelope. */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final Map<String, Object> details;
    private final Map<String, String> headers;

    public ApiException(ErrorCode code, String message) {
        this(code, message, Map.of(), Map.of());
    }

    public ApiException(ErrorCode code, String message, Map<String, Object> details) {
        this(code, message, details, Map.of());
    }

    public ApiException(ErrorCode code, String message, Map<String, Object> details, Map<String, String> headers) {
        super(message, null, false, false); // expected failures need no stack trace
        this.code = code;
        this.details = details;
        this.headers = headers;
    }

    /** A validation_error listing each problem as {field, issue}. */
    public static ApiException validation(List<FieldIssue> issues) {
        String message = issues.size() == 1
                ? "Invalid request: " + issues.get(0).field() + " " + issues.get(0).issue() + "."
                : "Invalid request: " + issues.size() + " problems; see details.errors.";
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("errors", issues.stream().map(FieldIssue::toMap).toList());
        return new ApiException(ErrorCode.VALIDATION_ERROR, message, details);
    }

    public static ApiException validation(String field, String issue) {
        return validation(List.of(new FieldIssue(field, issue)));
    }

    public ErrorCode code() {
        return code;
    }

    public Map<String, Object> details() {
        return details;
    }

    public Map<String, String> headers() {
        return headers;
    }

    public record FieldIssue(String field, String issue) {
        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("field", field);
            m.put("issue", issue);
            return m;
        }
    }
}
