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

/** The endpoint cap's and the queue VACUUM threshold's bounds, checked at start without Bean Validation on the configuration mapping. */
class WebhookConfigCheckTest {

    @Test
    void refusesMoreEndpointsThanTwoBase62CharactersNumber() {
        assertDoesNotThrow(() -> WebhookConfigCheck.check(20));
        assertDoesNotThrow(() -> WebhookConfigCheck.check(3844));
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> WebhookConfigCheck.check(3845));
        assertTrue(refused.getMessage().contains("assessments.webhooks.max-endpoints is 3845"), refused.getMessage());
    }

    @Test
    void refusesAVacuumThresholdThatWouldVacuumAtEveryCheck() {
        assertDoesNotThrow(() -> WebhookConfigCheck.checkVacuum(5000, 0.01));
        assertDoesNotThrow(() -> WebhookConfigCheck.checkVacuum(1, 0));
        assertDoesNotThrow(() -> WebhookConfigCheck.checkVacuum(Long.MAX_VALUE, 1));
        for (long rows : new long[]{0, -1, Long.MIN_VALUE}) {
            IllegalStateException refused = assertThrows(IllegalStateException.class, () -> WebhookConfigCheck.checkVacuum(rows, 0.01));
            assertTrue(refused.getMessage().contains("vacuum-dead-rows is " + rows), refused.getMessage());
        }
        for (double fraction : new double[]{-0.01, 1.01, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalStateException refused = assertThrows(IllegalStateException.class, () -> WebhookConfigCheck.checkVacuum(5000, fraction));
            assertTrue(refused.getMessage().contains("vacuum-dead-fraction is " + fraction), refused.getMessage());
        }
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
