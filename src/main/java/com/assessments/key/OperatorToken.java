package com.assessments.key;

import com.assessments.common.AppConfig;
import com.assessments.common.Hashing;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;

/** The operator token guarding /api/admin (ADMIN_TOKEN); no token configured means the operator API is off. */
@ApplicationScoped
public class OperatorToken {

    private final Optional<String> token;

    public OperatorToken(AppConfig config) {
        this.token = config.adminToken().filter(t -> !t.isBlank());
    }

    public boolean isConfigured() {
        return token.isPresent();
    }

    /** Constant-time comparison of a presented token with the configured one. */
    public boolean matches(String presented) {
        return token.isPresent() && presented != null && Hashing.constantTimeEquals(presented, token.get());
    }
}
