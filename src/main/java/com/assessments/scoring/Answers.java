package com.assessments.scoring;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Helpers every engine needs on its input. */
public final class Answers {

    private Answers() {
    }

    /**
     * The answers by questionId (a mutable map: engines remove what they consume). The API validates before the
     * engines run; this guards an engine called directly: no list, a null entry or a repeated question is
     * INVALID_RESPONSES.
     */
    public static Map<String, Answer> byQuestionId(List<Answer> answers) {
        if (answers == null) {
            throw new ScoringException(ScoringException.INVALID_RESPONSES, "no answers");
        }
        Map<String, Answer> byId = new HashMap<>();
        for (Answer answer : answers) {
            if (answer == null || byId.put(answer.questionId(), answer) != null) {
                throw new ScoringException(ScoringException.INVALID_RESPONSES,
                        "question " + (answer == null ? null : answer.questionId()) + " is answered more than once");
            }
        }
        return byId;
    }
}
