package com.assessments.coach;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What the coach will not do, whoever answers (built-in or a model): recommend hiring, rejecting or ranking a person,
 * or make clinical or medical claims. A message asking for either gets this refusal instead of an answer; every
 * answer ends with the reminder that results are one input among several.
 */
final class GuardRails {

    static final String REMINDER = "Results are one input among several: they describe how you answered at one point "
            + "in time, and they are not a verdict on you.";

    static final String UNKNOWNS = "I only know your scores from these assessments; I do not know your experience, "
            + "the job's details or how the organization will weigh the results.";

    /** Asking for a decision about a person, a prediction of one, or a comparison of people. */
    private static final Pattern DECISION = Pattern.compile("(?i)\\b(?:"
            + "should (?:we|they|i|you|the \\w+) (?:hire|reject|employ|select|choose|shortlist)"
            + "|(?:hire|reject|employ|shortlist) (?:him|her|them|me|this (?:candidate|person|applicant))"
            + "|(?:will|would) (?:i|they|he|she) (?:get|be) (?:hired|rejected|selected|chosen)"
            + "|rank(?:ing)? (?:the |these |all )?(?:candidates|applicants|people)"
            + "|(?:better|best|top|strongest) (?:candidate|applicant)s?"
            + "|pass or fail)\\b");

    private static final Pattern CLINICAL = Pattern.compile("(?i)\\b(?:diagnos\\w*|disorders?|adhd|autis\\w*|depression"
            + "|depressed|bipolar|mental (?:illness|health condition)|medication|psychiatr\\w*|clinical)\\b");

    private GuardRails() {
    }

    /** The refusal for a message the coach must not answer, if it is one. */
    static Optional<String> refusal(String message) {
        if (DECISION.matcher(message).find()) {
            return Optional.of("I can't recommend hiring, rejecting or ranking anyone, and I don't compare candidates. "
                    + "What I can do is help you understand your own results and prepare to talk about them. "
                    + REMINDER);
        }
        if (CLINICAL.matcher(message).find()) {
            return Optional.of("I can't make clinical or medical statements: these assessments describe work "
                    + "preferences and reasoning, they are not a clinical or health assessment. For health questions, "
                    + "please talk to a qualified professional. " + REMINDER);
        }
        return Optional.empty();
    }
}
