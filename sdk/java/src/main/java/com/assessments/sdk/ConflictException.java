package com.assessments.sdk;

import java.util.Map;

/** 409/410: the object's state forbids the request (`session_already_completed`, `session_expired`, `idempotency_conflict`, ...). */
public class ConflictException extends AssessmentsException {

    public ConflictException(String message, int status, String code, String requestId, String docUrl,
            Map<String, Object> details, Throwable cause) {
        super(message, status, code, requestId, docUrl, details, cause);
    }
}
