package com.assessments.support;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** src/main/resources/application.properties as a profile sees it, without environment variables or system properties. */
public final class AppProperties {

    private AppProperties() {
    }

    public static SmallRyeConfig under(String profile) {
        try {
            return new SmallRyeConfigBuilder().withProfile(profile).addDefaultInterceptors()
                    .withSources(new PropertiesConfigSource(Path.of("src/main/resources/application.properties").toUri().toURL(), 250))
                    .build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
