package com.assessments.org;

import com.assessments.common.Sql;
import jakarta.persistence.EntityManager;

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

    /**
     * Takes one unit in the caller's transaction; false when none is left. Plain JDBC ({@link Sql}), not Hibernate
     * native queries: this runs in every live create, and a native query flushes and resolves its mapping each time.
     */
    static boolean take(Sql sql, String organizationId, String assessmentType) {
        return queueTake(sql, organizationId, assessmentType).taken();
    }

    /**
     * The same, its first statement queued ({@link Sql#queue}): it goes to the database with the transaction's next
     * statement, and {@link Take#taken} finishes the take.
     */
    static Take queueTake(Sql sql, String organizationId, String assessmentType) {
        return new Take(sql, organizationId, assessmentType, sql.queue(TAKE_UNHELD, organizationId, assessmentType));
    }

    /** A take whose first round (an unheld stripe) has been queued. */
    record Take(Sql sql, String organizationId, String assessmentType, Sql.Queued firstRound) {

        /**
         * True once a unit is taken (the queued round's own result first, then waiting if need be); false when none is
         * left.
         */
        boolean taken() {
            if (firstRound.count() > 0) {
                return true;
            }
            for (int round = 0; round < MAX_ROUNDS; round++) {
                if (!(Boolean) sql.column(ANY_LEFT, organizationId, assessmentType).get(0)) {
                    return false;
                }
                // every stripe with a free unit is held by a create in flight: wait for one; if its holder took the
                // last unit, the locked row no longer matches and nothing is taken, so try an unheld one again
                if (sql.update(TAKE_WAITING, organizationId, assessmentType) > 0
                        || sql.update(TAKE_UNHELD, organizationId, assessmentType) > 0) {
                    return true;
                }
            }
            return false; // the units kept going to others: refusing is safe, overselling is not
        }
    }

    /** Stripes of a new license: the capacity spread evenly, nothing used (one statement). */
    static void create(EntityManager em, String organizationId, String assessmentType, int capacity) {
        em.createNativeQuery("""
                        insert into license_stripes (organization_id, assessment_type, stripe, capacity, used)
                        select ?1, ?2, g, ?3 / ?4 + case when g < ?3 % ?4 then 1 else 0 end, 0
                        from generate_series(0, ?4 - 1) as g""")
                .setParameter(1, organizationId).setParameter(2, assessmentType).setParameter(3, capacity)
                .setParameter(4, STRIPES).executeUpdate();
    }

    /**
     * A new capacity: locks every stripe (waiting for creates in flight), then gives each stripe what it has used
     * plus its share of what is free (n / STRIPES, one more for the first n % STRIPES); capacity below what is used leaves nothing
     * free. Two statements whatever the number of stripes.
     */
    static void setCapacity(EntityManager em, String organizationId, String assessmentType, int capacity) {
        em.createNativeQuery("select stripe from license_stripes where organization_id = ?1 and assessment_type = ?2 "
                        + "order by stripe for update")
                .setParameter(1, organizationId).setParameter(2, assessmentType).getResultList();
        em.createNativeQuery("""
                        update license_stripes s
                        set capacity = s.used + f.free / ?4 + case when s.stripe < f.free % ?4 then 1 else 0 end
                        from (select greatest(?3 - sum(used), 0)::integer as free from license_stripes
                              where organization_id = ?1 and assessment_type = ?2) f
                        where s.organization_id = ?1 and s.assessment_type = ?2""")
                .setParameter(1, organizationId).setParameter(2, assessmentType).setParameter(3, capacity)
                .setParameter(4, STRIPES).executeUpdate();
    }
}
