package com.assessments.webhook.delivery;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import javax.sql.DataSource;
import java.sql.Connection;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
    @Inject
    DeliveryWakeUp wakeUp;

    /** A transaction that queued deliveries wakes the other replicas when it commits, and not when it rolls back. */
    @Test
    void onlyACommittedTransactionWakesTheOtherReplicas() throws Exception {
        try (Connection listener = dataSource.getConnection()) {
            ReplicaListener replica = ReplicaListener.on(listener);

            QuarkusTransaction.begin();
            wakeUp.afterCommit();
            QuarkusTransaction.rollback();
            assertEquals(0, replica.notifications(500), "a rolled-back transaction woke the replicas");

            QuarkusTransaction.begin();
            wakeUp.afterCommit();
            QuarkusTransaction.commit();
            assertEquals(1, replica.notifications(500), "a committed transaction wakes the replicas once");
        }
    }

    @Test
    void aBurstOfAsksIsOneNotificationPerSpacing() throws Exception {
        try (Connection listener = dataSource.getConnection()) {
            ReplicaListener replica = ReplicaListener.on(listener);

            long started = System.nanoTime();
            for (int i = 0; i < 400; i++) {
                notifier.notifySoon();
                Thread.sleep(1);
            }
            long askedMs = (System.nanoTime() - started) / 1_000_000;
            int received = replica.notifications(1_000); // the last ask's notify is due SPACING_MS after it
            long bound = (askedMs + 1_000) / ReplicaNotifier.SPACING_MS + 1;
            assertTrue(received >= 1, "the asks were notified");
            assertTrue(received <= bound, "400 asks in " + askedMs + " ms came out as " + received
                    + " notifications; at most " + bound + " expected (one per " + ReplicaNotifier.SPACING_MS + " ms)");
        }
    }
}
