package com.assessments.webhook;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The endpoint cap's bound, checked at start without Bean Validation on the configuration mapping. */
class WebhookConfigCheckTest {

    @Test
    void refusesMoreEndpointsThanTwoBase62CharactersNumber() {
        assertDoesNotThrow(() -> WebhookConfigCheck.check(20));
        assertDoesNotThrow(() -> WebhookConfigCheck.check(3844));
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> WebhookConfigCheck.check(3845));
        assertTrue(refused.getMessage().contains("assessments.webhooks.max-endpoints is 3845"), refused.getMessage());
    }

    /**
     * One constraint annotation on any configuration mapping makes Quarkus build a validator factory for
     * configuration during static init (0.3 s of each start): bounds are checked in code instead.
     */
    @Test
    void noConfigurationMappingCarriesABeanValidationConstraint() throws IOException {
        List<String> offenders;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            offenders = files.filter(f -> f.toString().endsWith(".java")).filter(f -> {
                try {
                    String text = Files.readString(f);
                    return text.contains("@ConfigMapping") && text.contains("jakarta.validation");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).map(Path::toString).toList();
        }
        assertEquals(List.of(), offenders);
    }
}
