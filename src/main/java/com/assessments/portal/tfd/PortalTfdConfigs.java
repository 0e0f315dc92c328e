package com.assessments.portal.tfd;

import com.assessments.catalogue.TfdConfigs;
import com.assessments.common.error.ApiException;
import com.assessments.portal.AuditLog;
import com.assessments.scoring.QuestionBanks;
import com.assessments.scoring.tfd.Occupations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * TFD configs as an organization's members make them in the portal: from an occupation of the catalogue, then moved
 * through generating, reviewing, published and archived (the catalogue package owns the table and the moves). A
 * config uses the shipped TFD question bank ("standard" mode, English) as its question pool.
 */
@ApplicationScoped
public class PortalTfdConfigs {

    private final TfdConfigs configs;
    private final Occupations occupations;
    private final QuestionBanks banks;
    private final AuditLog audit;
    private final Clock clock;

    public PortalTfdConfigs(TfdConfigs configs, Occupations occupations, QuestionBanks banks, AuditLog audit, Clock clock) {
        this.configs = configs;
        this.occupations = occupations;
        this.banks = banks;
        this.audit = audit;
        this.clock = clock;
    }

    public List<Occupations.Occupation> occupations() {
        return occupations.all();
    }

    public List<TfdConfigs.Entry> list(String organizationId) {
        return configs.all(organizationId);
    }

    @Transactional
    public TfdConfigs.Entry create(String organizationId, String userId, String occupationId) {
        Occupations.Occupation occupation = occupations.find(occupationId).orElseThrow(() -> ApiException.validation(
                "occupationId", "is not an occupation of the catalogue (GET /api/portal/occupations)"));
        int questions = banks.forType("tfd").map(b -> b.items().size()).orElse(0);
        String pool = "tfd-" + banks.forType("tfd").map(b -> b.version()).orElse("1.0.0");
        TfdConfigs.Entry created = configs.create(organizationId, occupation.id(), occupation.name(), pool, "standard", "en",
                questions, clock.instant());
        audit.record(organizationId, userId, "tfd_config.created", created.config().id(), Map.of("occupationId", occupation.id()));
        return created;
    }

    @Transactional
    public TfdConfigs.Entry move(String organizationId, String userId, String id, String status) {
        TfdConfigs.Entry moved = configs.move(organizationId, id, TfdConfigs.Status.of(status), clock.instant());
        audit.record(organizationId, userId, "tfd_config.status_changed", id, Map.of("status", status));
        return moved;
    }
}
