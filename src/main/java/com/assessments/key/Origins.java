package com.assessments.key;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Browser origins as a publishable key's allowlist holds them: checked when a key is issued, compared when a browser
 * presents the key, and emitted by the runner's frame-ancestors.
 */
public final class Origins {

    /** scheme://host[:port] with a DNS name or bracketed IPv6 host: nothing that could break a header it is copied into. */
    private static final Pattern WELL_FORMED =
            Pattern.compile("https?://([A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*|\\[[0-9A-Fa-f:.]+])(:[0-9]{1,5})?");

    private Origins() {
    }

    /** True for a normalized origin that is safe to store and to emit (CSP frame-ancestors). */
    public static boolean isWellFormed(String origin) {
        return origin != null && WELL_FORMED.matcher(origin).matches();
    }

    /** "https://Example.com:443/" -> "https://example.com:443"; null when not an http(s) origin. */
    public static String normalize(String origin) {
        if (origin == null) {
            return null;
        }
        String o = origin.trim().toLowerCase(Locale.ROOT);
        while (o.endsWith("/")) {
            o = o.substring(0, o.length() - 1);
        }
        return o.startsWith("https://") || o.startsWith("http://") ? o : null;
    }
}
