package com.assessments.sdk;

import java.util.Map;

/** 401: the key is missing, malformed, unknown, revoked or expired (`invalid_api_key`). */
public class AuthenticationException extends AssessmentsException {

    public AuthenticationException(String message, int status, String code, String requestId, String docUrl,
            Map<String, Object> details, Throwable cause) {
        super(message, status, code, requestId, docUrl, details, cause);
    }
}
