package com.assessments.org;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * License capacity of one organization for one assessment type. Consumption ({@link #take}, by session creation) is
 * one conditional UPDATE (used < capacity), never a read-modify-write through this entity.
 */
@Entity
@Table(name = "licenses")
@IdClass(License.Key.class)
public class License extends PanacheEntityBase {

    @Id
    public String organizationId;

    @Id
    public String assessmentType;

    public int capacity;

    public int used;

    public static List<License> forOrganization(String organizationId) {
        return list("organizationId = ?1 order by assessmentType", organizationId);
    }

    /** Takes one license, atomically: the conditional UPDATE cannot let two takers share the last one. False when none is left. */
    public static boolean take(String organizationId, String assessmentType) {
        return getEntityManager().createNativeQuery("""
                        update licenses set used = used + 1
                        where organization_id = ?1 and assessment_type = ?2 and used < capacity""")
                .setParameter(1, organizationId).setParameter(2, assessmentType).executeUpdate() > 0;
    }

    public static class Key implements Serializable {
        public String organizationId;
        public String assessmentType;

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(organizationId, k.organizationId)
                    && Objects.equals(assessmentType, k.assessmentType);
        }

        @Override
        public int hashCode() {
            return Objects.hash(organizationId, assessmentType);
        }
    }
}
