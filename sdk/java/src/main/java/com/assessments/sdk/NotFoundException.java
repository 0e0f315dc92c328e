package com.assessments.sdk;

import java.util.Map;

/** 404: the object does not exist for this key's organization and environment (`session_not_found`, `webhook_not_found`, ...). */
public class NotFoundException extends InvalidRequestException {

    public NotFoundException(String message, int status, String code, String requestId, String docUrl,
            Map<String, Object> details, Throwable cause) {
        super(message, status, code, requestId, docUrl, details, cause);
    }
}
