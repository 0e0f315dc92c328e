package com.assessments.i18n;

import com.assessments.common.AssessmentTypes;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.BankTranslation;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.QuestionBanks;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every German bank translation shipped is complete for its bank (same ids in the same order, the same number of
 * options and response labels, a text for everything), and a type is offered in German exactly when its translation
 * is complete: the service never mixes languages inside one bank.
 */
class BankTranslationsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path BANKS = Path.of("src/main/resources/banks");

    @Test
    void everyGermanTranslationHasTheSameIdsOptionCountsAndLabels() throws IOException {
        List<String> translated = new ArrayList<>();
        for (String type : AssessmentTypes.ALL) {
            Path file = BANKS.resolve(type + ".de.json");
            if (!Files.exists(file)) {
                continue;
            }
            translated.add(type);
            QuestionBank base = JSON.readValue(BANKS.resolve(type + ".json").toFile(), QuestionBank.class);
            BankTranslation de = JSON.readValue(file.toFile(), BankTranslation.class);
            assertEquals(List.of(), de.gaps(base), type);
            assertEquals("de", de.language(), type);
            // checked here again by hand, not only through gaps(): ids in order, option and label counts
            assertEquals(base.items().stream().map(BankItem::id).toList(), de.items().stream().map(BankTranslation.Item::id).toList(), type);
            for (int i = 0; i < base.items().size(); i++) {
                BankItem b = base.items().get(i);
                BankTranslation.Item t = de.items().get(i);
                assertEquals(b.options() == null ? 0 : b.options().size(), t.options() == null ? 0 : t.options().size(), b.id());
                assertNotEquals(b.text(), t.text(), b.id() + " is not translated");
                assertFalse(t.text().isBlank(), b.id());
            }
            assertEquals(base.responseFormat().labels().size(), de.labels().size(), type);
            assertNotEquals(base.instructions(), de.instructions(), type);
        }
        assertTrue(translated.containsAll(List.of("disc", "fra", "tfd", "tfd_plus")), translated.toString());
    }

    @Test
    void theServiceOffersGermanExactlyForTheCompleteTranslations() {
        QuestionBanks banks = new QuestionBanks(JSON);
        for (String type : AssessmentTypes.ALL) {
            boolean shipped = Files.exists(BANKS.resolve(type + ".de.json"));
            assertEquals(shipped, banks.languages(type).contains("de"), type);
            QuestionBank de = banks.forType(type, "de").orElseThrow();
            QuestionBank en = banks.forType(type).orElseThrow();
            assertEquals(shipped ? "de" : "en", de.language(), type);
            // scoring data comes from the base bank only
            for (int i = 0; i < en.items().size(); i++) {
                BankItem b = en.items().get(i);
                BankItem t = de.items().get(i);
                assertEquals(List.of(b.id(), String.valueOf(b.dimension()), String.valueOf(b.reverseKeyed()), String.valueOf(b.correct()),
                        String.valueOf(b.a()), String.valueOf(b.b())), List.of(t.id(), String.valueOf(t.dimension()),
                        String.valueOf(t.reverseKeyed()), String.valueOf(t.correct()), String.valueOf(t.a()), String.valueOf(t.b())));
            }
        }
    }

    @Test
    void anIncompleteTranslationHasGaps() throws IOException {
        QuestionBank base = JSON.readValue(BANKS.resolve("disc.json").toFile(), QuestionBank.class);
        BankTranslation de = JSON.readValue(BANKS.resolve("disc.de.json").toFile(), BankTranslation.class);
        BankTranslation missing = new BankTranslation(de.type(), de.language(), de.baseVersion(), de.instructions(), de.labels(),
                de.sections(), de.items().subList(0, 14));
        assertFalse(missing.gaps(base).isEmpty());
        BankTranslation oldVersion = new BankTranslation(de.type(), de.language(), "1.0.0", de.instructions(), de.labels(),
                de.sections(), de.items());
        assertFalse(oldVersion.gaps(base).isEmpty());
    }
}
