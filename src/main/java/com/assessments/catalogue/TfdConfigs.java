package com.assessments.catalogue;

import com.assessments.common.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The owner of tfd_configs: an organization's TFD occupation configs, each mapping exactly one occupation to one
 * question pool. Only published configs can be listed and used by sessions. (scoring/tfd/PublishedOccupations still
 * reads the table itself; it only reads.)
 */
@ApplicationScoped
public class TfdConfigs {

    /** A config's status, as stored (lower case). */
    public enum Status {
        GENERATING, REVIEWING, PUBLISHED, ARCHIVED;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Status of(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    public record Config(String id, String occupationId, String occupationName, String mode, String language,
                         int totalQuestions, Status status) {
    }

    /** A config with its times, as the developer portal lists it. */
    public record Entry(Config config, Instant createdAt, Instant updatedAt) {
    }

    /** The moves a config may make (the developer portal's review flow). */
    private static final java.util.Map<Status, java.util.Set<Status>> MOVES = java.util.Map.of(
            Status.GENERATING, java.util.Set.of(Status.REVIEWING),
            Status.REVIEWING, java.util.Set.of(Status.PUBLISHED, Status.GENERATING),
            Status.PUBLISHED, java.util.Set.of(Status.ARCHIVED),
            Status.ARCHIVED, java.util.Set.of(Status.PUBLISHED));

    private static final String COLUMNS = "id, occupation_id, occupation_name, mode, language, total_questions, status";

    private final EntityManager em;

    public TfdConfigs(EntityManager em) {
        this.em = em;
    }

    /** The organization's published configs, by occupation name. */
    public List<Config> published(String organizationId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("select " + COLUMNS + " from tfd_configs"
                        + " where organization_id = ?1 and status = ?2 order by occupation_name, id")
                .setParameter(1, organizationId).setParameter(2, Status.PUBLISHED.value()).getResultList();
        return rows.stream().map(TfdConfigs::config).toList();
    }

    /** One of the organization's configs, whatever its status. */
    public Optional<Config> find(String id, String organizationId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("select " + COLUMNS + " from tfd_configs where id = ?1 and organization_id = ?2")
                .setParameter(1, id).setParameter(2, organizationId).getResultList();
        return rows.stream().findFirst().map(TfdConfigs::config);
    }

    /** Adds a published config (configs are made outside this service; the dev-mode demo seeder makes its own). */
    @Transactional(Transactional.TxType.MANDATORY)
    public String addPublished(String organizationId, String occupationId, String occupationName, String questionPool,
                               String mode, String language, int totalQuestions, Instant now) {
        String id = Ids.id("tfc_");
        em.createNativeQuery("""
                        insert into tfd_configs (id, organization_id, occupation_id, occupation_name, question_pool, mode,
                            language, total_questions, status, created_at, updated_at)
                        values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)""")
                .setParameter(1, id).setParameter(2, organizationId).setParameter(3, occupationId)
                .setParameter(4, occupationName).setParameter(5, questionPool).setParameter(6, mode).setParameter(7, language)
                .setParameter(8, totalQuestions).setParameter(9, Status.PUBLISHED.value()).setParameter(10, now)
                .executeUpdate();
        return id;
    }

    /** Every config of the organization, whatever its status, by occupation name. */
    public List<Entry> all(String organizationId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("select " + COLUMNS + ", created_at, updated_at from tfd_configs"
                        + " where organization_id = ?1 order by occupation_name, id")
                .setParameter(1, organizationId).getResultList();
        return rows.stream().map(TfdConfigs::entry).toList();
    }

    /** A new config of the organization, in status generating. */
    @Transactional
    public Entry create(String organizationId, String occupationId, String occupationName, String questionPool, String mode,
                        String language, int totalQuestions, Instant now) {
        String id = Ids.id("tfc_");
        em.createNativeQuery("""
                        insert into tfd_configs (id, organization_id, occupation_id, occupation_name, question_pool, mode,
                            language, total_questions, status, created_at, updated_at)
                        values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)""")
                .setParameter(1, id).setParameter(2, organizationId).setParameter(3, occupationId)
                .setParameter(4, occupationName).setParameter(5, questionPool).setParameter(6, mode).setParameter(7, language)
                .setParameter(8, totalQuestions).setParameter(9, Status.GENERATING.value()).setParameter(10, now)
                .executeUpdate();
        return entry(organizationId, id).orElseThrow();
    }

    /**
     * Moves a config to another status if {@link #MOVES} allows it: 404 tfd_config_not_found, 409
     * invalid_status_transition. The row is locked, so two moves of one config cannot both start from the same status.
     */
    @Transactional
    public Entry move(String organizationId, String id, Status to, Instant now) {
        @SuppressWarnings("unchecked")
        List<Object> current = em.createNativeQuery("select status from tfd_configs where id = ?1 and organization_id = ?2 for update")
                .setParameter(1, id).setParameter(2, organizationId).getResultList();
        if (current.isEmpty()) {
            throw new com.assessments.common.error.ApiException(com.assessments.common.error.ErrorCode.TFD_CONFIG_NOT_FOUND,
                    "No TFD config " + id + " in this organization.", java.util.Map.of("configId", id));
        }
        Status from = Status.of((String) current.get(0));
        if (!MOVES.get(from).contains(to)) {
            throw new com.assessments.common.error.ApiException(com.assessments.common.error.ErrorCode.INVALID_STATUS_TRANSITION,
                    "A " + from.value() + " TFD config cannot become " + to.value() + ".",
                    java.util.Map.of("from", from.value(), "to", to.value()));
        }
        em.createNativeQuery("update tfd_configs set status = ?3, updated_at = ?4 where id = ?1 and organization_id = ?2")
                .setParameter(1, id).setParameter(2, organizationId).setParameter(3, to.value()).setParameter(4, now)
                .executeUpdate();
        return entry(organizationId, id).orElseThrow();
    }

    private Optional<Entry> entry(String organizationId, String id) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("select " + COLUMNS + ", created_at, updated_at from tfd_configs"
                        + " where id = ?1 and organization_id = ?2")
                .setParameter(1, id).setParameter(2, organizationId).getResultList();
        return rows.stream().findFirst().map(TfdConfigs::entry);
    }

    private static Entry entry(Object[] r) {
        return new Entry(config(r), com.assessments.common.Times.instant(r[7]), com.assessments.common.Times.instant(r[8]));
    }

    private static Config config(Object[] r) {
        return new Config((String) r[0], (String) r[1], (String) r[2], (String) r[3], (String) r[4],
                ((Number) r[5]).intValue(), Status.of((String) r[6]));
    }
}
