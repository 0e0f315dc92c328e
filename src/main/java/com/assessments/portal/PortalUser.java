package com.assessments.portal;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/** A person with a portal account; the email is stored lower-cased and is unique. */
@Entity
@Table(name = "portal_users")
public class PortalUser extends PanacheEntityBase {

    @Id
    public String id;

    public String email;

    public String name;

    /** Argon2id in PHC string form; null until the person set a password. */
    public String passwordHash;

    public Instant createdAt;

    public Instant updatedAt;

    public static String normalize(String email) {
        return email == null ? null : email.trim().toLowerCase(Locale.ROOT);
    }

    public static Optional<PortalUser> findByEmail(String email) {
        return email == null ? Optional.empty() : find("email", normalize(email)).firstResultOptional();
    }

    public static Optional<PortalUser> findByIdOptional(String id) {
        return id == null ? Optional.empty() : Optional.ofNullable(findById(id));
    }
}
