package com.assessments.portal;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Optional;

/** A signed-in browser: the cookie carries the token, this row its digest and its lifetime. */
@Entity
@Table(name = "portal_sessions")
public class PortalSession extends PanacheEntityBase {

    @Id
    public String id;

    public String userId;

    public byte[] tokenHash;

    public Instant createdAt;

    public Instant lastSeenAt;

    public Instant idleExpiresAt;

    public Instant expiresAt;

    public Instant revokedAt;

    public boolean liveAt(Instant now) {
        return revokedAt == null && now.isBefore(idleExpiresAt) && now.isBefore(expiresAt);
    }

    public static Optional<PortalSession> findByTokenHash(byte[] hash) {
        return find("tokenHash", (Object) hash).firstResultOptional();
    }
}
