package com.assessments.key;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** An API key. Only the SHA-256 digest of the plain key is kept; prefix and last4 identify it for people. */
@Entity
@Table(name = "api_keys")
public class ApiKey extends PanacheEntityBase {

    public static final String SECRET = "secret";
    public static final String PUBLISHABLE = "publishable";

    @Id
    public String id;

    public String organizationId;

    /** secret or publishable */
    public String kind;

    /** test or live */
    public String environment;

    public byte[] keyHash;

    public String prefix;

    public String last4;

    @JdbcTypeCode(SqlTypes.ARRAY)
    public List<String> scopes = new ArrayList<>();

    /** Assessment types this key may create sessions for; null means all the organization has. */
    @JdbcTypeCode(SqlTypes.ARRAY)
    public List<String> products;

    @JdbcTypeCode(SqlTypes.ARRAY)
    public List<String> allowedOrigins = new ArrayList<>();

    public Integer rateLimitPerMinute;

    public String pairId;

    public String rotatedFromId;

    /** The first key of this key's rotation chain (its own id when never rotated from another). */
    public String lineageId;

    public Instant createdAt;

    /** Set when the key was rotated with a grace period: it stops working at this instant. */
    public Instant expiresAt;

    public Instant revokedAt;

    public Instant lastUsedAt;

    public static Optional<ApiKey> findByHash(byte[] hash) {
        return find("keyHash", hash).firstResultOptional();
    }

    public boolean isUsableAt(Instant now) {
        return revokedAt == null && (expiresAt == null || now.isBefore(expiresAt));
    }

    /** active, expiring (rotated, still inside its grace period) or revoked (also once the grace period ended). */
    public String statusAt(Instant now) {
        if (!isUsableAt(now)) {
            return "revoked";
        }
        return expiresAt != null ? "expiring" : "active";
    }

    /** Usable and not rotated out: the only state in which a key may rotate keys. */
    public boolean isActiveAt(Instant now) {
        return isUsableAt(now) && expiresAt == null;
    }

    public boolean isPublishable() {
        return PUBLISHABLE.equals(kind);
    }
}
