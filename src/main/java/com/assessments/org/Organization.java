package com.assessments.org;

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

/** A tenant. Everything else (keys, sessions, webhooks, configs) belongs to exactly one organization. */
@Entity
@Table(name = "organizations")
public class Organization extends PanacheEntityBase {

    @Id
    public String id;

    public String name;

    @JdbcTypeCode(SqlTypes.ARRAY)
    public List<String> enabledAssessmentTypes = new ArrayList<>();

    public int rateLimitPerMinute;

    public Instant createdAt;

    public Instant updatedAt;

    public static Optional<Organization> findByIdOptional(String id) {
        return id == null ? Optional.empty() : Optional.ofNullable(findById(id));
    }

    /** The first organization of that name (names are not unique: for the demo organizations, whose name is fixed). */
    public static Optional<Organization> findByName(String name) {
        return Organization.<Organization>find("name", name).firstResultOptional();
    }
}
