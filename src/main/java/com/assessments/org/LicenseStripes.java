package com.assessments.org;

import jakarta.persistence.EntityManager;

import java.util.ArrayList;
import java.util.List;

/**
 * The units of one license (organization and assessment type), split over {@link #STRIPES} rows so that concurrent
 * live creates lock different rows: a create holds its stripe from the UPDATE to its commit (disk flush included),
 * and with one row every create of the organization waited for the one before (V13). Never oversold: a stripe gives
 * a unit only while {@code used < capacity}, and the database checks {@code used <= capacity} per row.
 */
final class LicenseStripes {

    static final int STRIPES = 16;

    /** One unit from the first stripe with a free unit that no other transaction holds; waits for none. */
    private static final String TAKE_UNHELD = """
            update license_stripes set used = used + 1
            where organization_id = ?1 and assessment_type = ?2 and used < capacity and stripe = (
                select stripe from license_stripes
                where organization_id = ?1 and assessment_type = ?2 and used < capacity
                order by stripe limit 1 for update skip locked)""";

    /** The same, waiting for the holder of the first stripe with a free unit (every such stripe was held). */
    private static final String TAKE_WAITING = """
            update license_stripes set used = used + 1
            where organization_id = ?1 and assessment_type = ?2 and used < capacity and stripe = (
                select stripe from license_stripes
                where organization_id = ?1 and assessment_type = ?2 and used < capacity
                order by stripe limit 1 for update)""";

    private static final String ANY_LEFT = """
            select exists (select 1 from license_stripes
                           where organization_id = ?1 and assessment_type = ?2 and used < capacity)""";

    /** Enough for every stripe to be emptied under us more than once; each round waits for another create's commit. */
    private static final int MAX_ROUNDS = 4 * STRIPES;

    private LicenseStripes() {
    }

    /** Takes one unit in the caller's transaction; false when none is left. */
    static boolean take(EntityManager em, String organizationId, String assessmentType) {
        for (int round = 0; round < MAX_ROUNDS; round++) {
            if (update(em, TAKE_UNHELD, organizationId, assessmentType) > 0) {
                return true;
            }
            boolean anyLeft = (Boolean) em.createNativeQuery(ANY_LEFT)
                    .setParameter(1, organizationId).setParameter(2, assessmentType).getSingleResult();
            if (!anyLeft) {
                return false;
            }
            // every stripe with a free unit is held by a create in flight: wait for one; if its holder took the last
            // unit, the locked row no longer matches and nothing is taken, so look again
            if (update(em, TAKE_WAITING, organizationId, assessmentType) > 0) {
                return true;
            }
        }
        return false; // the units kept going to others: refusing is safe, overselling is not
    }

    private static int update(EntityManager em, String sql, String organizationId, String assessmentType) {
        return em.createNativeQuery(sql).setParameter(1, organizationId).setParameter(2, assessmentType).executeUpdate();
    }

    /** Stripes of a new license: the capacity spread evenly, nothing used. */
    static void create(EntityManager em, String organizationId, String assessmentType, int capacity) {
        for (int stripe = 0; stripe < STRIPES; stripe++) {
            em.createNativeQuery("insert into license_stripes (organization_id, assessment_type, stripe, capacity, used) "
                            + "values (?1, ?2, ?3, ?4, 0)")
                    .setParameter(1, organizationId).setParameter(2, assessmentType).setParameter(3, (short) stripe)
                    .setParameter(4, share(capacity, stripe)).executeUpdate();
        }
    }

    /**
     * A new capacity: locks every stripe (in stripe order, waiting for creates in flight), then gives each stripe
     * what it has used plus its share of what is free. Capacity below what is used leaves nothing free.
     */
    @SuppressWarnings("unchecked")
    static void setCapacity(EntityManager em, String organizationId, String assessmentType, int capacity) {
        List<Object[]> rows = em.createNativeQuery("""
                        select stripe, used from license_stripes where organization_id = ?1 and assessment_type = ?2
                        order by stripe for update""")
                .setParameter(1, organizationId).setParameter(2, assessmentType).getResultList();
        List<int[]> stripes = new ArrayList<>();
        int used = 0;
        for (Object[] row : rows) {
            int stripeUsed = ((Number) row[1]).intValue();
            stripes.add(new int[] {((Number) row[0]).intValue(), stripeUsed});
            used += stripeUsed;
        }
        int free = Math.max(capacity - used, 0);
        for (int i = 0; i < stripes.size(); i++) {
            em.createNativeQuery("update license_stripes set capacity = ?4 "
                            + "where organization_id = ?1 and assessment_type = ?2 and stripe = ?3")
                    .setParameter(1, organizationId).setParameter(2, assessmentType).setParameter(3, (short) stripes.get(i)[0])
                    .setParameter(4, stripes.get(i)[1] + share(free, i)).executeUpdate();
        }
    }

    /** Stripe i's part of n units: n / STRIPES, plus one for the first n % STRIPES stripes. */
    static int share(int units, int stripe) {
        return units / STRIPES + (stripe < units % STRIPES ? 1 : 0);
    }
}
