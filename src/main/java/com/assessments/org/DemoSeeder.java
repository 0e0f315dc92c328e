package com.assessments.org;

import com.assessments.catalogue.TfdConfigs;
import com.assessments.common.AppConfig;
import com.assessments.common.AssessmentTypes;
import com.assessments.common.Sql;
import com.assessments.key.ApiKeyService;
import com.assessments.scoring.QuestionBanks;
import com.assessments.scoring.tfd.Occupations;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Dev mode only (assessments.seed-demo): on the first start against an empty database, creates a demo
 * organization with every assessment type enabled and a test and a live key pair, and prints the keys
 * once. Later starts find the organization and print nothing.
 */
@ApplicationScoped
public class DemoSeeder {

    public static final String DEMO_NAME = "Demo Organization";

    /**
     * The demo organization's limit per key: a newcomer's first loop of curl calls should not lock them out for a
     * minute (organizations created through the operator API keep the contract's default of 120).
     */
    static final int DEMO_RATE_LIMIT_PER_MINUTE = 1200;
    private static final Logger LOG = Logger.getLogger(DemoSeeder.class);

    private final OrgConfig config;
    private final AppConfig app;
    private final OrganizationService organizations;
    private final ApiKeyService keys;
    private final Occupations occupations;
    private final QuestionBanks banks;
    private final TfdConfigs tfdConfigs;
    private final Sql sql;

    public DemoSeeder(OrgConfig config, AppConfig app, OrganizationService organizations, ApiKeyService keys,
                      Occupations occupations, QuestionBanks banks, TfdConfigs tfdConfigs, Sql sql) {
        this.config = config;
        this.app = app;
        this.organizations = organizations;
        this.keys = keys;
        this.occupations = occupations;
        this.banks = banks;
        this.tfdConfigs = tfdConfigs;
        this.sql = sql;
    }

    void onStart(@Observes StartupEvent event) {
        if (!config.seedDemo()) {
            return;
        }
        // Every dev start after the first finds the organization: one plain query here, because the first Hibernate
        // query of a JVM (the HQL parser and its classes) cost 0.8 s of a dev restart's start in a profile
        Optional<String> existing = existingDemoOrganization();
        if (existing.isPresent()) {
            logExisting(existing.get());
        } else {
            seed();
        }
    }

    /** The demo organization's id: one plain query, in the caller's transaction when there is one. */
    Optional<String> existingDemoOrganization() {
        return sql.column("select id from organizations where name = ?1 limit 1", DEMO_NAME).stream()
                .map(String.class::cast).findFirst();
    }

    private static void logExisting(String organizationId) {
        // no secret here: the keys were printed once, on the first start
        LOG.infof("Demo organization %s (keys were printed on the first start against this database; new ones: "
                + "POST /api/admin/organizations/%s/keys with the operator token, see the README)", organizationId, organizationId);
    }

    /** One published TFD config per catalogued occupation (O*NET codes and titles; see occupations.json). */
    void seedTfdConfigs(String organizationId) {
        int questions = banks.forType("tfd").map(b -> b.items().size()).orElse(0);
        String pool = "tfd-" + banks.forType("tfd").map(b -> b.version()).orElse("1.0.0");
        Instant now = Instant.now();
        for (Occupations.Occupation occupation : occupations.all()) {
            tfdConfigs.addPublished(organizationId, occupation.id(), occupation.name(), pool, "standard", "en", questions, now);
        }
    }

    @Transactional
    void seed() {
        Optional<String> existing = existingDemoOrganization();
        if (existing.isPresent()) { // seeded meanwhile (another replica, or a second call)
            logExisting(existing.get());
            return;
        }
        Map<String, Integer> licenses = new LinkedHashMap<>();
        AssessmentTypes.ALL.forEach(type -> licenses.put(type, 100));
        var org = organizations.create(DEMO_NAME, AssessmentTypes.ALL, licenses, DEMO_RATE_LIMIT_PER_MINUTE).organization();
        List<String> origins = List.of(app.publicBaseUrl().replaceAll("/+$", ""), "http://localhost:3000");
        seedTfdConfigs(org.id);
        var test = keys.issuePair(org.id, "test", null, null, origins);
        var live = keys.issuePair(org.id, "live", null, null, origins);
        // Printed once, on the first start: the plain keys are not stored anywhere.
        LOG.infof("""

                ==== Demo organization %s created. These keys are shown only now: ====
                  test secret key:       %s
                  test publishable key:  %s
                  live secret key:       %s
                  live publishable key:  %s
                  operator token (/api/admin): the ADMIN_TOKEN setting (dev default: dev-admin-token-not-for-production-use)
                =======================================================================
                """, org.id, test.secretKey().plainKey(), test.publishableKey().plainKey(),
                live.secretKey().plainKey(), live.publishableKey().plainKey());
    }
}
