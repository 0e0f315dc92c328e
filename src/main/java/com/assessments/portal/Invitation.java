package com.assessments.portal;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Optional;

/** An invitation to join an organization with a role; its link's token is stored as a SHA-256 digest only. */
@Entity
@Table(name = "portal_invitations")
public class Invitation extends PanacheEntityBase {

    @Id
    public String id;

    public String organizationId;

    public String email;

    public String role;

    public byte[] tokenHash;

    public String invitedBy;

    public Instant createdAt;

    public Instant expiresAt;

    public Instant acceptedAt;

    public String acceptedBy;

    public Instant revokedAt;

    /** pending, accepted, revoked or expired, at the given instant. */
    public String status(Instant now) {
        if (acceptedAt != null) {
            return "accepted";
        }
        if (revokedAt != null) {
            return "revoked";
        }
        return now.isBefore(expiresAt) ? "pending" : "expired";
    }

    public static Optional<Invitation> findByTokenHash(byte[] hash) {
        return find("tokenHash", (Object) hash).firstResultOptional();
    }
}
