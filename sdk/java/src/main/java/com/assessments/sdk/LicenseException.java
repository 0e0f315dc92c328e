package com.assessments.sdk;

import java.util.Map;

/** 402: the organization has no license left for the assessment type (`no_available_licenses`, live keys only). */
public class LicenseException extends AssessmentsException {

    public LicenseException(String message, int status, String code, String requestId, String docUrl,
            Map<String, Object> details, Throwable cause) {
        super(message, status, code, requestId, docUrl, details, cause);
    }
}
