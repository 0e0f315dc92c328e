package com.assessments.scoring;

/** The engine could not score the answers; the session becomes failed with this code and message. */
public class ScoringException extends RuntimeException {

    public static final String INVALID_RESPONSES = "invalid_responses";
    public static final String ENGINE_ERROR = "engine_error";

    private final String code;

    public ScoringException(String code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
