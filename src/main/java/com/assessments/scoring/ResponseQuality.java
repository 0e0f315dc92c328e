package com.assessments.scoring;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeSet;

/**
 * The response-quality checks the engines share, and the names of the flags they raise. Each engine keeps
 * its own thresholds where they differ (the run that counts as straight-lining depends on the bank's length;
 * ability items take longer to answer than Likert statements); the checks themselves live here once.
 */
public final class ResponseQuality {

    public static final String INCOMPLETE = "incomplete";
    public static final String STRAIGHT_LINING = "straight_lining";
    public static final String TOO_FAST = "too_fast";

    /** Likert questionnaires: a median answer time under 1.5 s per statement means they were not read. */
    public static final int TOO_FAST_MEDIAN_MS = 1500;

    private ResponseQuality() {
    }

    /**
     * The longest run of identical consecutive responses, in the given (bank) order; a null (unanswered item)
     * neither extends nor breaks a run. 0 when nothing is answered.
     */
    public static int longestRun(List<Integer> responses) {
        int longest = 0;
        int run = 0;
        Integer last = null;
        for (Integer response : responses) {
            if (response == null) {
                continue;
            }
            run = response.equals(last) ? run + 1 : 1;
            last = response;
            longest = Math.max(longest, run);
        }
        return longest;
    }

    /**
     * The median of the answer times the runner sent (answers without one are left out): the middle value, or
     * the mean of the two middle values; empty when no answer carries a time. Exact for any int times.
     */
    public static OptionalDouble medianResponseTimeMs(List<Answer> answers) {
        List<Integer> times = answers.stream().map(Answer::responseTimeMs).filter(Objects::nonNull).sorted().toList();
        int n = times.size();
        if (n == 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(n % 2 == 1 ? times.get(n / 2) : ((long) times.get(n / 2 - 1) + times.get(n / 2)) / 2.0);
    }

    /** True when answers carry times and their median is below {@code medianBelowMs}. */
    public static boolean tooFast(List<Answer> answers, double medianBelowMs) {
        OptionalDouble median = medianResponseTimeMs(answers);
        return median.isPresent() && median.getAsDouble() < medianBelowMs;
    }

    /**
     * The Likert flags FRA and TFD raise, in alphabetical order (a mutable list): incomplete (an item
     * unanswered), straight_lining (a run of {@code straightLiningRun} or more identical responses among the
     * answered items in bank order), too_fast (median answer time under {@link #TOO_FAST_MEDIAN_MS}).
     *
     * @param rawInBankOrder the raw responses in bank order, null where unanswered
     */
    public static List<String> likertFlags(List<Integer> rawInBankOrder, int straightLiningRun, List<Answer> answers) {
        TreeSet<String> flags = new TreeSet<>();
        if (rawInBankOrder.stream().anyMatch(Objects::isNull)) {
            flags.add(INCOMPLETE);
        }
        if (longestRun(rawInBankOrder) >= straightLiningRun) {
            flags.add(STRAIGHT_LINING);
        }
        if (tooFast(answers, TOO_FAST_MEDIAN_MS)) {
            flags.add(TOO_FAST);
        }
        return new ArrayList<>(flags);
    }
}
