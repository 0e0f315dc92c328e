package com.assessments.portal;

import java.util.Locale;
import java.util.Optional;

/**
 * A member's role in an organization, strongest first. A route's minimum role is x-portal-role in openapi.yaml;
 * a role satisfies it when it is that role or a stronger one.
 */
public enum Role {
    OWNER, ADMIN, DEVELOPER, VIEWER;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean atLeast(Role required) {
        return ordinal() <= required.ordinal();
    }

    public static Optional<Role> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        for (Role role : values()) {
            if (role.wire().equals(text)) {
                return Optional.of(role);
            }
        }
        return Optional.empty();
    }

    public static Role of(String text) {
        return parse(text).orElseThrow(() -> new IllegalArgumentException("no portal role " + text));
    }
}
