package com.assessments.portal;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Optional;

/** A single-use password reset link; its token is stored as a SHA-256 digest only. */
@Entity
@Table(name = "portal_password_resets")
public class PasswordReset extends PanacheEntityBase {

    @Id
    public String id;

    public String userId;

    public byte[] tokenHash;

    public Instant createdAt;

    public Instant expiresAt;

    public Instant usedAt;

    public static Optional<PasswordReset> findByTokenHash(byte[] hash) {
        return find("tokenHash", (Object) hash).firstResultOptional();
    }
}
