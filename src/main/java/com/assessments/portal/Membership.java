package com.assessments.portal;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A person's role in one organization. */
@Entity
@Table(name = "portal_memberships")
@IdClass(Membership.Key.class)
public class Membership extends PanacheEntityBase {

    @Id
    public String userId;

    @Id
    public String organizationId;

    public String role;

    public Instant createdAt;

    public Role portalRole() {
        return Role.of(role);
    }

    public static List<Membership> ofUser(String userId) {
        return list("userId = ?1 order by createdAt, organizationId", userId);
    }

    public static Optional<Membership> of(String userId, String organizationId) {
        return find("userId = ?1 and organizationId = ?2", userId, organizationId).firstResultOptional();
    }

    /** The composite key (user, organization). */
    public static class Key implements Serializable {
        public String userId;
        public String organizationId;

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(userId, k.userId) && Objects.equals(organizationId, k.organizationId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(userId, organizationId);
        }
    }
}
