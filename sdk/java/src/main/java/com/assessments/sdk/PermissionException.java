package com.assessments.sdk;

import java.util.Map;

/** 403: the key lacks the scope or product, or the assessment type is not enabled (`insufficient_permissions`, `assessment_not_enabled`). */
public class PermissionException extends AssessmentsException {

    public PermissionException(String message, int status, String code, String requestId, String docUrl,
            Map<String, Object> details, Throwable cause) {
        super(message, status, code, requestId, docUrl, details, cause);
    }
}
