package com.assessments.sdk;

/** No response: the connection failed or timed out. Status 0, no code, no request id. */
public class ApiConnectionException extends AssessmentsException {

    public ApiConnectionException(String message, Throwable cause) {
        super(message, 0, null, null, null, null, cause);
    }
}
