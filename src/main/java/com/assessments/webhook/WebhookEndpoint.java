package com.assessments.webhook;

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

/** A receiver of one organization and environment. Its signing secrets are stored encrypted (SecretBox). */
@Entity
@Table(name = "webhook_endpoints")
public class WebhookEndpoint extends PanacheEntityBase {

    public static final String ENABLED = "enabled";
    public static final String DISABLED = "disabled";

    @Id
    public String id;

    public String organizationId;

    public String environment;

    public String url;

    @JdbcTypeCode(SqlTypes.ARRAY)
    public List<String> events = new ArrayList<>();

    public String description;

    public String status;

    /** manual, or gone (the receiver answered 410) */
    public String disabledReason;

    public byte[] secretCiphertext;

    /** The secret before the last rotation, still used to sign until previousSecretExpiresAt. */
    public byte[] previousSecretCiphertext;

    public Instant previousSecretExpiresAt;

    public Instant createdAt;

    public Instant updatedAt;

    public Instant deletedAt;

    /** One of the organization's endpoints in that environment, unless deleted. */
    /** An endpoint of the organization in either environment (the developer portal). */
    public static Optional<WebhookEndpoint> findOwned(String id, String organizationId) {
        return WebhookEndpoint.<WebhookEndpoint>find("id = ?1 and organizationId = ?2 and deletedAt is null",
                id, organizationId).firstResultOptional();
    }

    public static Optional<WebhookEndpoint> findOwned(String id, String organizationId, String environment) {
        return WebhookEndpoint.<WebhookEndpoint>find("id = ?1 and organizationId = ?2 and environment = ?3 and deletedAt is null",
                id, organizationId, environment).firstResultOptional();
    }
}
