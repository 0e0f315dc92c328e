package com.assessments.web;

import com.assessments.key.ApiKey;
import com.assessments.key.ApiKeyService;
import com.assessments.key.Caller;
import com.assessments.session.Session;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which sites may frame the runner page (its CSP {@code frame-ancestors}). The page is served before the
 * server knows the session (the token stays in the URL fragment), so the query names what to allow:
 * <ul>
 *   <li>{@code ?session=ses_...} (the server-made assessmentUrl): the allowed origins of the usable publishable
 *   keys of that session's organization and environment; the runner refuses a token of another session;</li>
 *   <li>{@code ?pk=service_pk_...} (the browser SDK): that publishable key's own allowed origins;</li>
 *   <li>otherwise, or when nothing is found: {@code 'none'} (the page still works as a top-level page).</li>
 * </ul>
 */
@ApplicationScoped
public class RunnerFraming {

    static final String NONE = "'none'";

    private static final Pattern SESSION_ID = Pattern.compile("ses_[A-Za-z0-9]{1,64}");
    /** Only publishable keys: a secret key in a URL is treated as unknown (never even looked up). */
    private static final Pattern PUBLISHABLE_KEY = Pattern.compile("service_pk_(test|live)_[0-9A-Za-z]{20,100}");
    /** scheme://host[:port] with a DNS name or a bracketed IPv6 address; nothing that could end or add a directive. */

    private final ApiKeyService keys;

    public RunnerFraming(ApiKeyService keys) {
        this.keys = keys;
    }

    /** The frame-ancestors source list for a runner URL's query; a session id wins over a publishable key. */
    public String frameAncestors(String sessionId, String publishableKey) {
        if (sessionId != null) {
            return sourceList(originsOfSession(sessionId));
        }
        if (publishableKey != null) {
            return sourceList(originsOfPublishableKey(publishableKey));
        }
        return NONE;
    }

    List<String> originsOfSession(String sessionId) {
        if (!SESSION_ID.matcher(sessionId).matches()) {
            return List.of();
        }
        return Session.ownerOf(sessionId)
                .map(owner -> keys.publishableOrigins(owner.organizationId(), owner.environment()))
                .orElse(List.of());
    }

    List<String> originsOfPublishableKey(String publishableKey) {
        if (!PUBLISHABLE_KEY.matcher(publishableKey).matches()) {
            return List.of();
        }
        return keys.authenticate(publishableKey)
                .filter(k -> ApiKey.PUBLISHABLE.equals(k.kind()))
                .map(Caller.KeyPrincipal::allowedOrigins)
                .orElse(List.of());
    }

    /** The origins that are safe to put into a CSP header, space-separated; 'none' when there are none. */
    static String sourceList(Collection<String> origins) {
        Set<String> safe = new LinkedHashSet<>();
        for (String origin : origins) {
            if (origin != null && com.assessments.key.Origins.isWellFormed(origin)) {
                safe.add(origin);
            }
        }
        return safe.isEmpty() ? NONE : String.join(" ", safe);
    }
}
