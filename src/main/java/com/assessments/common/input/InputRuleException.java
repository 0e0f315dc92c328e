package com.assessments.common.input;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

/**
 * A JSON value that is well formed and of the right type but that the service refuses (a NUL character, a date
 * outside years 0001..9999, an item given twice in a uniqueItems list, too few members). Jackson adds the path
 * to the value as the exception travels up; the error mapper names that path as the field and {@link #issue()}
 * as the issue.
 */
public class InputRuleException extends MismatchedInputException {

    private final String issue;

    public InputRuleException(JsonParser p, String issue, Class<?> targetType) {
        super(p, issue, targetType);
        this.issue = issue;
    }

    /** What is wrong, worded to follow the field name ("must not contain the NUL character (U+0000)"). */
    public String issue() {
        return issue;
    }
}
