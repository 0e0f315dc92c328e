package com.assessments.i18n;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The languages the service speaks. A requested BCP 47 tag is accepted when its primary language subtag is one of
 * {@link #SUPPORTED}: "de", "de-DE", "de-AT" and "DE-at" all mean German, and are stored in canonical case
 * ("de-AT"). Which locales a given assessment type offers is {@link LocaleSupport}'s business (a type is offered in
 * a language only when its translation is complete).
 */
public final class Locales {

    public static final String ENGLISH = "en";
    public static final String GERMAN = "de";
    /** In the order they are listed to integrators; the first is the default. */
    public static final List<String> SUPPORTED = List.of(ENGLISH, GERMAN);

    /** language[-script][-region][-variant...], as the contract's pattern; at most 35 characters. */
    private static final Pattern TAG = Pattern.compile("^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$");

    private Locales() {
    }

    /** The tag in canonical case ("de-AT"), or empty when it is not a well-formed tag of a supported language. */
    public static Optional<String> canonical(String tag) {
        if (tag == null || tag.length() > 35 || !TAG.matcher(tag).matches()) {
            return Optional.empty();
        }
        String canonical = Locale.forLanguageTag(tag).toLanguageTag();
        if ("und".equals(canonical) || !SUPPORTED.contains(language(canonical))) {
            return Optional.empty();
        }
        return Optional.of(canonical);
    }

    /** The primary language subtag in lower case: the language texts are looked up in. */
    public static String language(String tag) {
        if (tag == null || tag.isEmpty()) {
            return ENGLISH;
        }
        int dash = tag.indexOf('-');
        return (dash < 0 ? tag : tag.substring(0, dash)).toLowerCase(Locale.ROOT);
    }

    /** The language of a stored tag, or English when texts in it are not available (never null). */
    public static String textLanguage(String tag) {
        String language = language(tag);
        return SUPPORTED.contains(language) ? language : ENGLISH;
    }
}
