package com.assessments.scoring.ability;

import com.assessments.api.model.AbilityResult;
import com.assessments.scoring.Answer;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.ScoringEngine;
import com.assessments.scoring.ScoringException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jboss.logging.Logger;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Live scoring of the ability tests (aapa, lpm, lpm_u); see docs/scoring-ability.html.
 *
 * <ul>
 * <li>Each answered item scores 1 when the response equals the item's {@code correct} option value, else 0.
 * Unanswered items are skipped (not counted as wrong).</li>
 * <li>theta: the 2PL posterior mode under a N(0, 1) prior ({@link Irt2pl#posteriorMode}) over the answered
 * items; standardError: 1 / sqrt(information at the mode, prior included). Both half-up to 2 decimals.</li>
 * <li>percentile: round(100 * Phi(reported theta)), clamped to 0..100.</li>
 * <li>qualityFlags (sorted): {@code incomplete} when fewer than all bank items were answered;
 * {@code too_fast} when answers carry responseTimeMs and their median is under 2000 ms.</li>
 * <li>No answer at all: {@link ScoringException#INVALID_RESPONSES}.</li>
 * </ul>
 */
public final class AbilityScoring {

    public static final String INCOMPLETE = "incomplete";
    public static final String TOO_FAST = "too_fast";
    /** Median answer time below which the answers are flagged {@code too_fast}. */
    public static final double TOO_FAST_MEDIAN_MS = 2000;

    private static final Logger LOG = Logger.getLogger(AbilityScoring.class);

    private AbilityScoring() {
    }

    /** The engine body shared by the three ability beans: a bug surfaces as engine_error, not as a 500. */
    static JsonNode scoreAsJson(ObjectMapper mapper, String type, ScoringEngine.ScoringRequest request) {
        try {
            return mapper.valueToTree(score(request.bank(), request.answers()));
        } catch (ScoringException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.errorf(e, "%s scoring failed", type);
            throw new ScoringException(ScoringException.ENGINE_ERROR, type + " scoring failed unexpectedly");
        }
    }

    public static AbilityResult score(QuestionBank bank, List<Answer> answers) {
        if (answers == null || answers.isEmpty()) {
            throw new ScoringException(ScoringException.INVALID_RESPONSES, "no item was answered");
        }
        Map<String, BankItem> items = bank.byId();
        int n = answers.size();
        double[] a = new double[n];
        double[] b = new double[n];
        int[] y = new int[n];
        Set<String> seen = new HashSet<>();
        List<Integer> times = new ArrayList<>();
        int correct = 0;
        for (int i = 0; i < n; i++) {
            Answer answer = answers.get(i);
            BankItem item = items.get(answer.questionId());
            if (item == null) {
                throw new ScoringException(ScoringException.INVALID_RESPONSES, "unknown question " + answer.questionId());
            }
            if (!seen.add(item.id())) {
                throw new ScoringException(ScoringException.INVALID_RESPONSES, "question answered twice: " + item.id());
            }
            if (item.correct() == null || item.a() == null || item.b() == null) {
                throw new IllegalStateException("bank item " + item.id() + " lacks its key or 2PL parameters");
            }
            a[i] = item.a();
            b[i] = item.b();
            y[i] = answer.response() == item.correct() ? 1 : 0;
            correct += y[i];
            if (answer.responseTimeMs() != null) {
                times.add(answer.responseTimeMs());
            }
        }
        Irt2pl.Estimate estimate = Irt2pl.posteriorMode(a, b, y);
        double theta = round2(estimate.theta());
        double se = round2(estimate.standardError());
        int percentile = (int) Math.max(0, Math.min(100, Math.round(100 * Irt2pl.normalCdf(theta))));

        Set<String> flags = new TreeSet<>();
        if (n < bank.items().size()) {
            flags.add(INCOMPLETE);
        }
        if (!times.isEmpty() && median(times) < TOO_FAST_MEDIAN_MS) {
            flags.add(TOO_FAST);
        }
        return new AbilityResult(AbilityResult.KindEnum.ABILITY, correct, n, theta, se, percentile,
                new ArrayList<>(flags), false);
    }

    static double median(List<Integer> values) {
        List<Integer> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int m = sorted.size();
        return m % 2 == 1 ? sorted.get(m / 2) : (sorted.get(m / 2 - 1) + (double) sorted.get(m / 2)) / 2;
    }

    static double round2(double value) {
        double r = BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP).doubleValue();
        return r == 0 ? 0.0 : r; // no "-0.0"
    }
}
