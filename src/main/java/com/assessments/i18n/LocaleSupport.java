package com.assessments.i18n;

import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.scoring.QuestionBanks;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which locales each assessment type is offered in, and the locale a new session gets. A type is offered in a
 * language only when its question bank is completely translated into it (the other surfaces, runner, report and
 * result texts, exist in every {@link Locales#SUPPORTED} language), so {@code GET /assessments/types} tells the truth.
 */
@ApplicationScoped
public class LocaleSupport {

    private final QuestionBanks banks;

    public LocaleSupport(QuestionBanks banks) {
        this.banks = banks;
    }

    /** The languages the type is offered in, English first. */
    public List<String> localesOf(String type) {
        return banks.languages(type).stream().filter(Locales.SUPPORTED::contains).toList();
    }

    /**
     * The locale a new session of the type is stored with: the requested one in canonical case; without one, the
     * older {@code config.language} when the type is offered in it, else English. A requested locale the type is not
     * offered in answers 400 validation_error with the type's locales in {@code details.supportedLocales}.
     */
    public String forNewSession(String type, String requested, String configLanguage) {
        List<String> offered = localesOf(type);
        if (requested == null) {
            return Locales.canonical(configLanguage).filter(l -> offered.contains(Locales.language(l))).orElse(Locales.ENGLISH);
        }
        String canonical = Locales.canonical(requested).orElse(null);
        if (canonical == null || !offered.contains(Locales.language(canonical))) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("errors", List.of(Map.of("field", "locale", "issue", "must be one of " + offered
                    + " (a BCP 47 tag; region subtags such as de-AT are accepted)")));
            details.put("assessmentType", type);
            details.put("supportedLocales", offered);
            throw new ApiException(ErrorCode.VALIDATION_ERROR, "The locale " + printable(requested) + " is not supported for "
                    + type + "; supported: " + String.join(", ", offered) + ".", details);
        }
        return canonical;
    }

    /** The value as it may appear in a message: short, without control characters. */
    private static String printable(String value) {
        String cut = value.length() > 40 ? value.substring(0, 40) + "…" : value;
        return "\"" + cut.replaceAll("\\p{Cntrl}", "?") + "\"";
    }
}
