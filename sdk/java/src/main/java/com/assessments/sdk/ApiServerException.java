package com.assessments.sdk;

import java.util.Map;

/** 5xx: the service failed (`internal_error`, `service_unavailable`) or does not score this type live (`not_implemented`). */
public class ApiServerException extends AssessmentsException {

    public ApiServerException(String message, int status, String code, String requestId, String docUrl,
            Map<String, Object> details, Throwable cause) {
        super(message, status, code, requestId, docUrl, details, cause);
    }
}
