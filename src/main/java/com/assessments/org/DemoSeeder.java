package com.assessments.org;

import com.assessments.common.AppConfig;
import com.assessments.common.AssessmentTypes;
import com.assessments.key.ApiKeyService;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Dev mode only (assessments.seed-demo): on the first start against an empty database, creates a demo
 * organization with every assessment type enabled and a test and a live key pair, and prints the keys
 * once. Later starts find the organization and print nothing.
 */
@ApplicationScoped
public class DemoSeeder {

    static final String DEMO_NAME = "Demo Organization";
    private static final Logger LOG = Logger.getLogger(DemoSeeder.class);

    private final AppConfig config;
    private final OrganizationService organizations;
    private final ApiKeyService keys;

    public DemoSeeder(AppConfig config, OrganizationService organizations, ApiKeyService keys) {
        this.config = config;
        this.organizations = organizations;
        this.keys = keys;
    }

    void onStart(@Observes StartupEvent event) {
        if (config.seedDemo()) {
            seed();
        }
    }

    @Transactional
    void seed() {
        if (Organization.count("name", DEMO_NAME) > 0) {
            return;
        }
        Map<String, Integer> licenses = new LinkedHashMap<>();
        AssessmentTypes.ALL.forEach(type -> licenses.put(type, 100));
        var org = organizations.create(DEMO_NAME, AssessmentTypes.ALL, licenses, null).organization();
        List<String> origins = List.of(config.publicBaseUrl().replaceAll("/+$", ""), "http://localhost:3000");
        var test = keys.issuePair(org.id, "test", null, null, origins);
        var live = keys.issuePair(org.id, "live", null, null, origins);
        // Printed once, on the first start: the plain keys are not stored anywhere.
        LOG.infof("""

                ==== Demo organization %s created. These keys are shown only now: ====
                  test secret key:       %s
                  test publishable key:  %s
                  live secret key:       %s
                  live publishable key:  %s
                  operator token (/api/admin): the ADMIN_TOKEN setting (dev default: dev-admin-token)
                =======================================================================
                """, org.id, test.secretKey().plainKey(), test.publishableKey().plainKey(),
                live.secretKey().plainKey(), live.publishableKey().plainKey());
    }
}
