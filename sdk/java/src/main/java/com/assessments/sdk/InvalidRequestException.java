package com.assessments.sdk;

import java.util.Map;

/** 400 and other 4xx: the request is invalid (`validation_error` with `details.errors`, `invalid_config`, `invalid_responses`, `session_not_completed`, ...). */
public class InvalidRequestException extends AssessmentsException {

    public InvalidRequestException(String message, int status, String code, String requestId, String docUrl,
            Map<String, Object> details, Throwable cause) {
        super(message, status, code, requestId, docUrl, details, cause);
    }
}
