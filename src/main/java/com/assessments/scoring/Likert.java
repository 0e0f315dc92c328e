package com.assessments.scoring;

import java.util.List;
import java.util.Map;

/**
 * What the Likert questionnaires (DISC, FRA, TFD, TFD Plus) share: the 1 to 5 response scale, reverse keying,
 * the checks on their bank and the raw responses in bank order. The API validates answers before an engine
 * runs; the answer checks here guard an engine called directly (a caller bug is invalid_responses, a bank
 * the engine cannot score is engine_error).
 */
public final class Likert {

    public static final int MIN_RESPONSE = 1;
    public static final int MAX_RESPONSE = 5;

    private Likert() {
    }

    /** Reverse-keyed items are scored 6 - r (max + min - r), others r. */
    public static int keyed(BankItem item, int response) {
        return item.reverseKeyed() ? MAX_RESPONSE + MIN_RESPONSE - response : response;
    }

    /** The bank is present and, where it states a response format, on the 1 to 5 scale. */
    public static void checkBank(QuestionBank bank, String test) {
        if (bank == null || bank.items() == null || bank.items().isEmpty()) {
            throw new ScoringException(ScoringException.ENGINE_ERROR, "the " + test + " question bank is missing");
        }
        if (bank.responseFormat() != null && (bank.responseFormat().min() != MIN_RESPONSE
                || bank.responseFormat().max() != MAX_RESPONSE)) {
            throw new ScoringException(ScoringException.ENGINE_ERROR, test + " scoring needs a 1 to 5 response scale");
        }
    }

    /**
     * The index of a bank item's dimension in {@code dimensions}; engine_error when it has none of them.
     *
     * @param test          the questionnaire's name in messages ("DISC", "FRA", "TFD")
     * @param dimensionWord what the questionnaire calls a dimension in messages ("dimension", "scale")
     */
    public static int dimension(BankItem item, List<String> dimensions, String test, String dimensionWord) {
        int index = dimensions.indexOf(item.dimension());
        if (index < 0) {
            throw new ScoringException(ScoringException.ENGINE_ERROR,
                    "bank item " + item.id() + " has an unknown " + test + " " + dimensionWord + " " + item.dimension());
        }
        return index;
    }

    /**
     * The raw responses in bank order, null where unanswered, taking each answer out of {@code byId} (what is
     * left there names no bank item). Item by item: unanswered when {@code allRequired} is invalid_responses,
     * a response outside 1 to 5 or an answer naming another dimension too.
     */
    public static Integer[] rawInBankOrder(QuestionBank bank, Map<String, Answer> byId, boolean allRequired,
                                           String dimensionWord) {
        Integer[] raw = new Integer[bank.items().size()];
        for (int k = 0; k < raw.length; k++) {
            BankItem item = bank.items().get(k);
            Answer answer = byId.remove(item.id());
            if (answer == null) {
                if (allRequired) {
                    throw new ScoringException(ScoringException.INVALID_RESPONSES, "question " + item.id() + " is not answered");
                }
                continue;
            }
            if (answer.response() < MIN_RESPONSE || answer.response() > MAX_RESPONSE) {
                throw new ScoringException(ScoringException.INVALID_RESPONSES,
                        "question " + item.id() + " has response " + answer.response() + ", not 1 to 5");
            }
            if (answer.dimension() != null && !answer.dimension().equals(item.dimension())) {
                throw new ScoringException(ScoringException.INVALID_RESPONSES, "question " + item.id() + " belongs to "
                        + dimensionWord + " " + item.dimension() + ", not " + answer.dimension());
            }
            raw[k] = answer.response();
        }
        return raw;
    }
}
