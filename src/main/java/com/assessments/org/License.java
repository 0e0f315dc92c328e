package com.assessments.org;

import com.assessments.common.Sql;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import org.hibernate.annotations.Formula;

import java.io.Serializable;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.Objects;

/**
 * License capacity of one organization for one assessment type. The units live in {@link LicenseStripes}: consumption
 * ({@link #take}, by session creation) is a conditional UPDATE of one stripe, never a read-modify-write through this
 * entity, and {@link #used} is their sum.
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

    /** Read only: the units taken, summed over the stripes when the entity is loaded. */
    @Formula("(select coalesce(sum(s.used), 0) from license_stripes s "
            + "where s.organization_id = organization_id and s.assessment_type = assessment_type)")
    public int used;

    public static List<License> forOrganization(String organizationId) {
        return list("organizationId = ?1 order by assessmentType", organizationId);
    }

    /** Takes one license in the caller's transaction; two takers never share the last one. False when none is left. */
    public static boolean take(Sql sql, String organizationId, String assessmentType) {
        return LicenseStripes.take(sql, organizationId, assessmentType);
    }

    /**
     * {@link #take} with its first statement queued, to go with the transaction's next statement ({@link Sql#queue});
     * the supplier finishes the take and says whether one was left.
     */
    public static BooleanSupplier queueTake(Sql sql, String organizationId, String assessmentType) {
        return LicenseStripes.queueTake(sql, organizationId, assessmentType)::taken;
    }

    /** Sets the capacity, creating the license (and its stripes) the first time. */
    static void setCapacity(String organizationId, String assessmentType, int capacity) {
        License license = find("organizationId = ?1 and assessmentType = ?2", organizationId, assessmentType).firstResult();
        if (license == null) {
            license = new License();
            license.organizationId = organizationId;
            license.assessmentType = assessmentType;
            license.capacity = capacity;
            license.persist();
            license.flush(); // the stripes reference the row
            LicenseStripes.create(getEntityManager(), organizationId, assessmentType, capacity);
            return;
        }
        license.capacity = capacity;
        LicenseStripes.setCapacity(getEntityManager(), organizationId, assessmentType, capacity);
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
