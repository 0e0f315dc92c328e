package com.assessments.devdb;

import com.assessments.support.Admin;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.HashMap;
import java.util.Map;

/**
 * The database and settings of the packaged application under {@code @QuarkusIntegrationTest} (MainFlowsIT). The
 * jar (or native binary) runs in the prod profile without the embedded-PostgreSQL classes ("provided" scope), so the
 * test JVM starts the suite's embedded PostgreSQL here and hands the launched application its URL, with what prod
 * requires (ENCRYPTION_KEY) and what the flows need (operator token, webhooks to 127.0.0.1 over http, quick jobs).
 * Quarkus passes the map to the launched process as system properties.
 */
public class JarTestDatabase implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        Map<String, String> config = new HashMap<>(EmbeddedPostgresServer.ensureStarted(false));
        config.put("assessments.encryption-key", "dGVzdC1vbmx5LWtleS1kby1ub3QtdXNlLWluLXByb2Q=");
        config.put("assessments.admin-token", Admin.TOKEN);
        config.put("assessments.webhooks.allowed-hosts", "127.0.0.1,localhost");
        config.put("assessments.webhooks.allow-http", "true");
        config.put("assessments.webhooks.poll-every", "1s"); // the scheduler's shortest period
        config.put("assessments.reports.every", "1s");
        // the prod start waits for load balancers on SIGTERM; the test stops the process right away
        config.put("quarkus.shutdown.delay-enabled", "false");
        // a green run prints only the test summaries: the launched application logs to the file Quarkus hands it
        // (target/quarkus-test.log, where it also finds the listening port), not to the console
        config.put("quarkus.log.console.enabled", "false");
        config.put("quarkus.banner.enabled", "false");
        return config;
    }

    @Override
    public void stop() {
        // the embedded PostgreSQL stops with this JVM (its shutdown hook)
    }
}
