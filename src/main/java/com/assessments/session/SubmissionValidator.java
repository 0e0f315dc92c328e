package com.assessments.session;

import com.assessments.api.model.SubmissionItem;
import com.assessments.common.error.ApiException;
import com.assessments.scoring.Answer;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.QuestionBank;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks submitted answers against the session type's question bank: every questionId known and given
 * once, the response inside the item's range, the dimension the item's own when sent (it is optional: the bank
 * knows each item's dimension). A complete submission (submit, not progress) must also answer every item where
 * the type requires it (DISC: all 15).
 * All problems are reported at once as 400 validation_error naming each offending item.
 */
@ApplicationScoped
public class SubmissionValidator {

    /** Types whose every item must be answered on submit. */
    static final Set<String> ALL_ITEMS_REQUIRED = Set.of("disc");

    /** Validity gates: the least share of a bank's items a submission must answer. */
    static final Map<String, Double> MIN_ANSWERED = Map.of("fra", 0.9, "tfd", 0.8, "tfd_plus", 0.8);

    public List<Answer> validate(String type, QuestionBank bank, List<SubmissionItem> items, boolean complete) {
        List<ApiException.FieldIssue> issues = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Map<String, BankItem> byId = bank == null ? Map.of() : bank.byId();
        List<Answer> answers = new ArrayList<>();
        String list = complete ? "responses" : "answers"; // the list's name in the body: submit vs. PUT /embed/progress
        for (int i = 0; i < items.size(); i++) {
            SubmissionItem item = items.get(i);
            String at = list + "[" + i + "]";
            if (!seen.add(item.getQuestionId())) {
                issues.add(new ApiException.FieldIssue(at + ".questionId", "repeats question " + item.getQuestionId()));
                continue;
            }
            if (bank != null) {
                BankItem question = byId.get(item.getQuestionId());
                if (question == null) {
                    issues.add(new ApiException.FieldIssue(at + ".questionId",
                            "is not a question of the " + type + " bank (" + item.getQuestionId() + ")"));
                    continue;
                }
                if (question.isMultipleChoice()) {
                    if (question.options().stream().noneMatch(o -> o.value() == item.getResponse())) {
                        issues.add(new ApiException.FieldIssue(at + ".response", "must be one of the option values of "
                                + question.id() + " " + question.options().stream().map(BankItem.Option::value).toList()));
                    }
                } else {
                    var format = bank.responseFormat();
                    if (item.getResponse() < format.min() || item.getResponse() > format.max()) {
                        issues.add(new ApiException.FieldIssue(at + ".response",
                                "must be an integer from " + format.min() + " to " + format.max()));
                    }
                }
                if (item.getDimension() != null && !item.getDimension().equals(question.dimension())) {
                    issues.add(new ApiException.FieldIssue(at + ".dimension",
                            "must be " + question.dimension() + " for question " + question.id()));
                }
            }
            answers.add(new Answer(item.getQuestionId(), item.getDimension(), item.getResponse(), item.getResponseTimeMs()));
        }
        if (complete && bank != null && ALL_ITEMS_REQUIRED.contains(type)) {
            for (BankItem question : bank.items()) {
                if (!seen.contains(question.id())) {
                    issues.add(new ApiException.FieldIssue("responses", "misses question " + question.id()));
                }
            }
        }
        if (complete && bank != null && issues.isEmpty() && MIN_ANSWERED.containsKey(type)) {
            double required = MIN_ANSWERED.get(type);
            int total = bank.items().size();
            int needed = (int) Math.ceil(required * total - 1e-9);
            if (answers.size() < needed) {
                issues.add(new ApiException.FieldIssue("responses", "answers " + answers.size() + " of " + total
                        + " questions; the validity gate needs at least " + needed + " (" + Math.round(required * 100) + "%)"));
            }
        }
        if (!issues.isEmpty()) {
            throw ApiException.validation(issues);
        }
        return answers;
    }
}
