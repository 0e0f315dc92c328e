package com.assessments.key;

import java.util.List;

/**
 * Scope names. Each operation of openapi.yaml names the one it needs in x-required-scope; the
 * authentication filter reads them from there, so the contract and the enforcement cannot drift.
 */
public final class Scopes {

    public static final String SESSIONS_READ = "sessions:read";
    public static final String SESSIONS_WRITE = "sessions:write";
    public static final String REPORTS_READ = "reports:read";
    public static final String WEBHOOKS_MANAGE = "webhooks:manage";
    public static final String KEYS_MANAGE = "keys:manage";
    public static final String ORG_READ = "org:read";
    public static final String ASSESSMENTS_READ = "assessments:read";
    public static final String TFD_READ = "tfd:read";
    public static final String COACH_WRITE = "coach:write";
    public static final String EVENTS_READ = "events:read";

    /** What a secret key gets unless the operator narrows it. */
    public static final List<String> ALL = List.of(SESSIONS_READ, SESSIONS_WRITE, REPORTS_READ, WEBHOOKS_MANAGE,
            KEYS_MANAGE, ORG_READ, ASSESSMENTS_READ, TFD_READ, COACH_WRITE, EVENTS_READ);

    /** A publishable key lives in browsers: it may only read the public catalogue. */
    public static final List<String> PUBLISHABLE = List.of(ASSESSMENTS_READ);

    private Scopes() {
    }
}
