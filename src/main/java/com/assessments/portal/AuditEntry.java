package com.assessments.portal;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** One line of the audit log: who (user), in which organization, did what to what. Never holds a secret. */
@Entity
@Table(name = "portal_audit_log")
public class AuditEntry extends PanacheEntityBase {

    @Id
    public String id;

    public String organizationId;

    public String userId;

    public String action;

    public String target;

    /** A JSON object of plain facts (roles, ids); never a secret, an email address or a password. */
    @JdbcTypeCode(SqlTypes.JSON)
    public String details;

    public Instant createdAt;
}
