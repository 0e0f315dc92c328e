package com.assessments.scoring;

import com.assessments.common.AssessmentTypes;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The question banks shipped with the service, loaded once by name (banks/{type}.json; no class-path
 * scanning, so the native image only needs the banks listed in quarkus.native.resources.includes).
 */
@ApplicationScoped
public class QuestionBanks {

    private final Map<String, QuestionBank> banks = new HashMap<>();
    /** Per type, per language other than the base bank's: the complete translations (see {@link BankTranslation}). */
    private final Map<String, Map<String, QuestionBank>> translated = new HashMap<>();
    private final Map<String, Map<String, BankTranslation>> translations = new HashMap<>();

    public QuestionBanks(ObjectMapper mapper) {
        for (String type : AssessmentTypes.ALL) {
            try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream("banks/" + type + ".json")) {
                if (in != null) {
                    banks.put(type, mapper.readValue(in, QuestionBank.class));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read question bank " + type, e);
            }
            QuestionBank base = banks.get(type);
            for (String language : TRANSLATED) {
                String path = "banks/" + type + "." + language + ".json";
                try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(path)) {
                    if (in == null || base == null) {
                        continue;
                    }
                    BankTranslation t = mapper.readValue(in, BankTranslation.class);
                    List<String> gaps = t.gaps(base);
                    if (gaps.isEmpty() && language.equals(t.language())) {
                        translated.computeIfAbsent(type, k -> new HashMap<>()).put(language, t.applyTo(base));
                        translations.computeIfAbsent(type, k -> new HashMap<>()).put(language, t);
                    } else {
                        // an incomplete translation is not offered: the type is then not available in that language
                        org.jboss.logging.Logger.getLogger(QuestionBanks.class)
                                .warnf("question bank %s in %s is incomplete and not offered: %s", type, language, gaps);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read question bank translation " + path, e);
                }
            }
        }
    }

    /** The languages translations are looked for in, besides the banks' own English. */
    static final List<String> TRANSLATED = List.of("de");

    /** The bank of a type in a language (its primary subtag: "de" for "de-AT"); the base bank for English. */
    public Optional<QuestionBank> forType(String type, String language) {
        QuestionBank t = translated.getOrDefault(type, Map.of()).get(language);
        return t != null ? Optional.of(t) : forType(type);
    }

    /** The languages a type's bank is complete in, the base bank's first ("en", then e.g. "de"). */
    public List<String> languages(String type) {
        QuestionBank base = banks.get(type);
        if (base == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add(base.language());
        for (String language : TRANSLATED) {
            if (translated.getOrDefault(type, Map.of()).containsKey(language)) {
                out.add(language);
            }
        }
        return out;
    }

    /** The display name of a bank section in a language (the section key itself when untranslated). */
    public String sectionName(String type, String language, String section) {
        if (section == null) {
            return null;
        }
        BankTranslation t = translations.getOrDefault(type, Map.of()).get(language);
        return t == null ? ENGLISH_SECTIONS.getOrDefault(section, section) : t.section(section);
    }

    /** The base banks' section names (English): the banks carry only the keys. */
    static final Map<String, String> ENGLISH_SECTIONS = Map.of("styles", "Part 1: Work styles", "values", "Part 2: Work values");

    public Optional<QuestionBank> forType(String type) {
        return Optional.ofNullable(banks.get(type));
    }
}
