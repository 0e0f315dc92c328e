package com.assessments.scoring.ability;

import com.assessments.api.model.AbilityResult;
import com.assessments.scoring.Answer;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.Normal;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.ResponseQuality;
import com.assessments.scoring.Rounding;
import com.assessments.scoring.ScoringException;

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
 * Skipping policy: an unanswered item scores 0, as a wrong answer (otherwise answering only the hardest item,
 * correctly, gave the 88th percentile).</li>
 * <li>theta: the 2PL posterior mode under a N(0, 1) prior ({@link Irt2pl#posteriorMode}) over every bank
 * item; standardError: 1 / sqrt(information at the mode, prior included). Both half-up to 2 decimals.</li>
 * <li>percentile: round(100 * Phi(reported theta)), clamped to 0..100: the reference group is assumed N(0, 1)
 * on the item parameters' scale, a provisional norm ({@link #NORM_VERSION}).</li>
 * <li>qualityFlags (sorted): {@code incomplete} when fewer than all bank items were answered;
 * {@code too_fast} when answers carry responseTimeMs and their median is under 2000 ms.</li>
 * <li>No answer at all: {@link ScoringException#INVALID_RESPONSES}.</li>
 * </ul>
 */
public final class AbilityScoring {

    public static final String INCOMPLETE = ResponseQuality.INCOMPLETE;
    public static final String TOO_FAST = ResponseQuality.TOO_FAST;
    /**
     * Median answer time below which the answers are flagged {@code too_fast}: longer than the Likert
     * questionnaires' {@link ResponseQuality#TOO_FAST_MEDIAN_MS}, since an item must be solved, not just read.
     */
    public static final double TOO_FAST_MEDIAN_MS = 2000;

    /** Version of these rules; results name it (scoringVersion). */
    public static final String SCORING_VERSION = "ability-2";
    /** The percentile's reference group: theta ~ N(0, 1) on the bank's scale, assumed, not estimated. */
    public static final String NORM_VERSION = "theta-normal-provisional-1";

    private AbilityScoring() {
    }

    public static AbilityResult score(QuestionBank bank, List<Answer> answers) {
        if (answers == null || answers.isEmpty()) {
            throw new ScoringException(ScoringException.INVALID_RESPONSES, "no item was answered");
        }
        Map<String, BankItem> items = bank.byId();
        int n = answers.size();
        double[] a = new double[bank.items().size()];
        double[] b = new double[a.length];
        int[] y = new int[a.length];
        Set<String> seen = new HashSet<>();
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
            y[bank.items().indexOf(item)] = answer.response() == item.correct() ? 1 : 0;
            correct += answer.response() == item.correct() ? 1 : 0;
        }
        // Skipping policy: every bank item counts, an unanswered one as wrong (y stays 0).
        for (int k = 0; k < a.length; k++) {
            BankItem item = bank.items().get(k);
            if (item.a() == null || item.b() == null) {
                throw new IllegalStateException("bank item " + item.id() + " lacks its 2PL parameters");
            }
            a[k] = item.a();
            b[k] = item.b();
        }
        Irt2pl.Estimate estimate = Irt2pl.posteriorMode(a, b, y);
        double theta = Rounding.halfUp(estimate.theta(), 2);
        double se = Rounding.halfUp(estimate.standardError(), 2);
        int percentile = Normal.percentile(theta);

        Set<String> flags = new TreeSet<>();
        if (n < bank.items().size()) {
            flags.add(INCOMPLETE);
        }
        if (ResponseQuality.tooFast(answers, TOO_FAST_MEDIAN_MS)) {
            flags.add(TOO_FAST);
        }
        return new AbilityResult(AbilityResult.KindEnum.ABILITY, correct, n, theta, se, percentile,
                new ArrayList<>(flags), false)
                .bankVersion(bank.version())
                .scoringVersion(SCORING_VERSION)
                .normVersion(NORM_VERSION)
                .normsProvisional(true);
    }
}
