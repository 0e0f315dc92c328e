package com.assessments.coach;

import com.assessments.coach.Guidance.Intent;
import com.assessments.scoring.Bands;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The default coach: a deterministic answer composed from {@link Guidance} for the message's intent and the
 * candidate's result summaries. The same message and results always give the same reply (test keys rely on it).
 */
@ApplicationScoped
public class BuiltInCoach {

    private static final Pattern INTERVIEW = Pattern.compile("(?i)\\b(interview\\w*|prepar\\w*|application|recruiter)\\b");
    private static final Pattern DEVELOPMENT = Pattern.compile("(?i)\\b(improve|develop\\w*|weakness\\w*|grow\\w*|work on|better at|blind spots?)\\b");
    private static final Pattern TEAMWORK = Pattern.compile("(?i)\\b(team\\w*|colleagues?|manager|boss|conflicts?|work(?:ing)? with|others)\\b");
    private static final Pattern STRENGTHS = Pattern.compile("(?i)\\b(strengths?|strong|good at|best at|talents?)\\b");
    private static final Pattern MEANING = Pattern.compile("(?i)\\b(mean\\w*|interpret\\w*|explain\\w*|understand|what does)\\b");

    static Intent intent(String message) {
        if (INTERVIEW.matcher(message).find()) {
            return Intent.INTERVIEW;
        }
        if (DEVELOPMENT.matcher(message).find()) {
            return Intent.DEVELOPMENT;
        }
        if (TEAMWORK.matcher(message).find()) {
            return Intent.TEAMWORK;
        }
        if (STRENGTHS.matcher(message).find()) {
            return Intent.STRENGTHS;
        }
        if (MEANING.matcher(message).find()) {
            return Intent.MEANING;
        }
        return Intent.OVERVIEW;
    }

    /** The reply; {@code grounding} is empty with {@code grounding: none} or when the candidate has no results. */
    public String reply(String message, List<GroundedSession> grounding, boolean groundingRequested) {
        var refusal = GuardRails.refusal(message);
        if (refusal.isPresent()) {
            return refusal.get();
        }
        Intent intent = intent(message);
        List<String> parts = new ArrayList<>();
        parts.add(opening(intent));
        if (grounding.isEmpty()) {
            parts.add(groundingRequested
                    ? "I don't have any completed assessment results for you here, so this is general advice."
                    : "You asked me not to use your scores, so this is general advice.");
            parts.add(general(intent));
        } else {
            for (GroundedSession session : grounding) {
                parts.add(describe(session, intent));
            }
            if (intent == Intent.MEANING) {
                parts.add("What the results do not mean: they are not a measure of your worth, not a diagnosis, and "
                        + "not a decision about you. Small differences between scores are within measurement error.");
            }
        }
        parts.add(GuardRails.UNKNOWNS);
        parts.add(GuardRails.REMINDER);
        return String.join("\n\n", parts.stream().filter(p -> !p.isBlank()).toList());
    }

    private static String opening(Intent intent) {
        return switch (intent) {
            case INTERVIEW -> "Here is how your results can help you prepare for an interview.";
            case STRENGTHS -> "Here is what your results suggest you do well.";
            case DEVELOPMENT -> "Here is where your results suggest room to grow.";
            case TEAMWORK -> "Here is what your results suggest about working with others.";
            case MEANING -> "Here is what your results mean, and what they do not mean.";
            case OVERVIEW -> "Here is a short summary of your results.";
        };
    }

    private static String general(Intent intent) {
        return switch (intent) {
            case INTERVIEW -> "Prepare two or three short, concrete examples of things you did, what happened and what "
                    + "you learned; they say more than any description of your style.";
            case DEVELOPMENT -> "Pick one habit to work on at a time, and ask a colleague you trust how it comes across.";
            case TEAMWORK -> "Ask your colleagues how they prefer to work and to receive feedback, and tell them how you do.";
            default -> "Complete an assessment and I can say more about what your own results suggest.";
        };
    }

    private static String describe(GroundedSession session, Intent intent) {
        JsonNode r = session.results();
        String kind = r.path("kind").asText("");
        StringBuilder out = new StringBuilder(switch (kind) {
            case "disc" -> disc(r, intent);
            case "fra" -> fra(r, intent);
            case "tfd" -> tfd(r, intent);
            case "ability" -> ability(r, intent, session.assessmentType());
            default -> "";
        });
        if (r.path("mock").asBoolean(false)) {
            out.append(" (These are mock results from a test key, not scores from your answers.)");
        }
        List<String> flags = new ArrayList<>();
        r.path("qualityFlags").forEach(f -> flags.add(f.asText().replace('_', ' ')));
        if (!flags.isEmpty()) {
            out.append(" Your answers carried quality flags (").append(String.join(", ", flags))
                    .append("), so read this result with extra care.");
        }
        return out.toString();
    }

    private static String disc(JsonNode r, Intent intent) {
        String primary = r.path("primaryType").asText();
        String secondary = r.path("secondaryType").asText();
        JsonNode bands = r.path("bands");
        return "DISC: your strongest style is " + Guidance.DISC_NAMES.getOrDefault(primary, primary) + ", with "
                + Guidance.DISC_NAMES.getOrDefault(secondary, secondary) + " second (" + r.path("type12").asText() + "). "
                + Guidance.disc(primary, bands.path(primary).asText("high"), intent) + " "
                + Guidance.disc(secondary, bands.path(secondary).asText("moderate"), intent);
    }

    private static String fra(JsonNode r, Intent intent) {
        JsonNode highest = null;
        JsonNode lowest = null;
        for (JsonNode scale : r.path("scales")) {
            if (highest == null || scale.path("mean").asDouble() > highest.path("mean").asDouble()) {
                highest = scale;
            }
            if (lowest == null || scale.path("mean").asDouble() < lowest.path("mean").asDouble()) {
                lowest = scale;
            }
        }
        String text = "Work reliability: your overall result is in the " + r.path("composite").path("band").asText()
                + " band (percentile " + r.path("composite").path("percentile").asInt() + ").";
        if (highest != null) {
            text += " " + Guidance.fra(highest.path("scale").asText(), highest.path("band").asText(), intent);
        }
        if (lowest != null && lowest != highest && intent != Intent.STRENGTHS) {
            text += " " + Guidance.fra(lowest.path("scale").asText(), lowest.path("band").asText(), intent);
        }
        return text;
    }

    private static String tfd(JsonNode r, Intent intent) {
        StringBuilder text = new StringBuilder("Work-style fit: ")
                .append(Guidance.tfdFit(r.path("band").asText(), r.path("occupationName").asText("the occupation")));
        JsonNode largest = null;
        for (JsonNode gap : r.path("gaps")) {
            if (largest == null || Math.abs(gap.path("gap").asDouble()) > Math.abs(largest.path("gap").asDouble())) {
                largest = gap;
            }
        }
        if (largest != null && Math.abs(largest.path("gap").asDouble()) >= 10) {
            text.append(' ').append(Guidance.tfdGap(largest.path("dimension").asText().toLowerCase(Locale.ROOT),
                    largest.path("gap").asDouble()));
        }
        List<String> matches = new ArrayList<>();
        r.path("topMatches").forEach(m -> {
            if (matches.size() < 3) {
                matches.add(m.path("occupationName").asText());
            }
        });
        if (!matches.isEmpty() && intent != Intent.TEAMWORK) {
            text.append(" Occupations whose typical profile is closest to yours: ").append(String.join(", ", matches)).append('.');
        }
        return text.toString();
    }

    private static String ability(JsonNode r, Intent intent, String assessmentType) {
        long percentile = r.path("percentile").asLong();
        String text = "Reasoning test (" + assessmentType + "): " + Guidance.ability(Bands.label(percentile), percentile);
        String advice = Guidance.abilityAdvice(intent);
        return advice.isEmpty() ? text : text + " " + advice;
    }
}
