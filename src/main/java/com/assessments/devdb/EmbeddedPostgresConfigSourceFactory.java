package com.assessments.devdb;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;

import java.util.List;
import java.util.Map;

/**
 * Gives dev mode and the tests a real PostgreSQL when no datasource URL is configured, so a newcomer
 * needs nothing but a JDK. Production always sets QUARKUS_DATASOURCE_JDBC_URL and never gets here;
 * the embedded server's classes are on the dev and test class paths only ("provided" scope), which is
 * why this factory touches them through {@link EmbeddedPostgresServer} and only after the checks below.
 */
public class EmbeddedPostgresConfigSourceFactory implements ConfigSourceFactory {

    @Override
    public Iterable<org.eclipse.microprofile.config.spi.ConfigSource> getConfigSources(ConfigSourceContext context) {
        ConfigValue url = context.getValue("quarkus.datasource.jdbc.url");
        if (url != null && url.getValue() != null && !url.getValue().isBlank()) {
            return List.of();
        }
        List<String> profiles = context.getProfiles();
        boolean devOrTest = profiles.contains("dev") || profiles.contains("test");
        if (!devOrTest || !EmbeddedPostgresServer.available()) {
            return List.of();
        }
        boolean persistent = profiles.contains("dev");
        Map<String, String> props = EmbeddedPostgresServer.ensureStarted(persistent);
        // Ordinal below application.properties and environment variables: anything explicit wins.
        return List.of(new PropertiesConfigSource(props, "embedded-postgres", 150));
    }
}
