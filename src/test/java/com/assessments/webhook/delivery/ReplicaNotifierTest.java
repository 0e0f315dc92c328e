package com.assessments.webhook.delivery;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.Statement;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The other replicas' wake-up is one pg_notify for many asks: a burst of asks (a create every millisecond) comes out
 * as at most one notification per {@link ReplicaNotifier#SPACING_MS}, and at least one. Observed from a connection
 * that LISTENs as another replica would. Every notification of the channel goes through the notifier, so the bound
 * holds whatever else the test instance does meanwhile.
 */
@QuarkusTest
class ReplicaNotifierTest {

    @Inject
    ReplicaNotifier notifier;
    @Inject
    DataSource dataSource;

    @Test
    void aBurstOfAsksIsOneNotificationPerSpacing() throws Exception {
        try (Connection listener = dataSource.getConnection()) {
            listener.setAutoCommit(true);
            try (Statement s = listener.createStatement()) {
                s.execute("LISTEN " + DeliveryWakeUp.CHANNEL);
            }
            PGConnection pg = listener.unwrap(PGConnection.class);
            pg.getNotifications(1); // whatever came before

            long started = System.nanoTime();
            for (int i = 0; i < 400; i++) {
                notifier.notifySoon();
                Thread.sleep(1);
            }
            long askedMs = (System.nanoTime() - started) / 1_000_000;
            int received = 0;
            long deadline = System.nanoTime() + 1_000_000_000L; // the last ask's notify is due SPACING_MS after it
            while (System.nanoTime() < deadline) {
                PGNotification[] got = pg.getNotifications(100);
                if (got != null) {
                    for (PGNotification n : got) {
                        if (DeliveryWakeUp.CHANNEL.equals(n.getName())) {
                            received++;
                        }
                    }
                }
            }
            long bound = (askedMs + 1_000) / ReplicaNotifier.SPACING_MS + 1;
            assertTrue(received >= 1, "the asks were notified");
            assertTrue(received <= bound, "400 asks in " + askedMs + " ms came out as " + received
                    + " notifications; at most " + bound + " expected (one per " + ReplicaNotifier.SPACING_MS + " ms)");
        }
    }
}
