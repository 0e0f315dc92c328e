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
    /**
     * Answers that disagree with the other answers of their own scale as much as uniformly random answers do
     * (see {@link #pairConsistency}); raised by DISC, FRA and TFD, each with its own threshold.
     */
    public static final String RANDOM_RESPONDING = "random_responding";

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
     * Item-pair consistency, the person-fit index of the Likert questionnaires: over every pair of answered
     * items that score the same dimension, the mean of |keyed response of one - keyed response of the other|
     * (reverse-keyed items keyed first, so agreeing with a statement and with its reverse counts as
     * disagreement). Someone who answers from a stable trait gives close keyed answers within a scale; uniformly
     * random answers on 1 to 5 differ by 1.6 on average, whatever the scale.
     *
     * @param rawInBankOrder raw responses in bank order, null where unanswered
     */
    public static PairConsistency pairConsistency(List<BankItem> items, Integer[] rawInBankOrder) {
        long sum = 0;
        long pairs = 0;
        for (int i = 0; i < items.size(); i++) {
            if (rawInBankOrder[i] == null) {
                continue;
            }
            int keyedI = Likert.keyed(items.get(i), rawInBankOrder[i]);
            for (int j = i + 1; j < items.size(); j++) {
                if (rawInBankOrder[j] != null && Objects.equals(items.get(i).dimension(), items.get(j).dimension())) {
                    sum += Math.abs(keyedI - Likert.keyed(items.get(j), rawInBankOrder[j]));
                    pairs++;
                }
            }
        }
        return new PairConsistency(sum, pairs);
    }

    /** The sum of keyed absolute differences over {@code pairs} same-dimension pairs; its mean is exact as sum / pairs. */
    public record PairConsistency(long absDiffSum, long pairs) {

        /** The mean absolute difference, 0 when there are no pairs. */
        public double mean() {
            return pairs == 0 ? 0 : (double) absDiffSum / pairs;
        }

        /** mean &gt;= num / den, compared exactly; false without pairs. */
        public boolean atLeast(long num, long den) {
            return pairs > 0 && absDiffSum * den >= num * pairs;
        }
    }

    /**
     * The Likert flags FRA and TFD raise, in alphabetical order (a mutable list): incomplete (an item
     * unanswered), straight_lining (a run of {@code straightLiningRun} or more identical responses among the
     * answered items in bank order), too_fast (median answer time under {@link #TOO_FAST_MEDIAN_MS}).
     *
     * @param rawInBankOrder the raw responses in bank order, null where unanswered
     */
    public static List<String> likertFlags(List<Integer> rawInBankOrder, int straightLiningRun, List<Answer> answers) {
        return likertFlags(rawInBankOrder, straightLiningRun, answers, false);
    }

    /**
     * {@link #likertFlags(List, int, List)} plus random_responding when {@code randomResponding} (the engine's
     * own item-pair threshold) and the run is shorter than straight-lining (a long run is the other problem).
     */
    public static List<String> likertFlags(List<Integer> rawInBankOrder, int straightLiningRun, List<Answer> answers,
                                           boolean randomResponding) {
        TreeSet<String> flags = new TreeSet<>();
        if (randomResponding && longestRun(rawInBankOrder) < straightLiningRun) {
            flags.add(RANDOM_RESPONDING);
        }
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
