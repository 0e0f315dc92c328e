package com.assessments.key;

import com.assessments.common.Hashing;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;

/**
 * The operator token guarding /api/admin (ADMIN_TOKEN); no token configured means the operator API is off.
 * Created at start ({@link Startup}) so that a token too short to resist guessing stops the service right away
 * instead of on the first operator request.
 */
@Startup
@ApplicationScoped
public class OperatorToken {

    /** Fewest characters an operator token may have (32 random base64 characters carry about 190 bits). */
    public static final int MIN_LENGTH = 32;

    private final Optional<String> token;

    public OperatorToken(KeyConfig config) {
        this.token = checked(config.adminToken());
    }

    /**
     * The configured token, or empty when none is set (blank counts as none: the operator API is off).
     *
     * @throws IllegalStateException when a token is set but shorter than {@link #MIN_LENGTH} characters; the
     *                               message names the setting and the rule, never the token or its length
     */
    static Optional<String> checked(Optional<String> configured) {
        Optional<String> token = configured.filter(t -> !t.isBlank());
        String significant = token.map(String::strip).orElse("");
        if (token.isPresent() && significant.codePointCount(0, significant.length()) < MIN_LENGTH) {
            throw new IllegalStateException("ADMIN_TOKEN (assessments.admin-token) is shorter than " + MIN_LENGTH
                    + " characters. Set a random token of at least " + MIN_LENGTH
                    + " characters (for example `head -c 32 /dev/urandom | base64`), or leave it empty to switch the operator API off.");
        }
        return token.map(String::strip); // a token read from a secret file often ends in a newline
    }

    public boolean isConfigured() {
        return token.isPresent();
    }

    /** Constant-time comparison of a presented token with the configured one. */
    public boolean matches(String presented) {
        return token.isPresent() && presented != null && Hashing.constantTimeEquals(presented, token.get());
    }
}
