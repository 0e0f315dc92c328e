package com.assessments.webhook.delivery;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.Statement;

/** A connection that LISTENs on the workers' channel as another replica would, for the tests of who wakes whom. */
final class ReplicaListener {

    private final PGConnection pg;

    private ReplicaListener(PGConnection pg) {
        this.pg = pg;
    }

    /** Listens on {@code connection} from now on; what was notified before is dropped. */
    static ReplicaListener on(Connection connection) throws Exception {
        connection.setAutoCommit(true);
        try (Statement s = connection.createStatement()) {
            s.execute("LISTEN " + DeliveryWakeUp.CHANNEL);
        }
        PGConnection pg = connection.unwrap(PGConnection.class);
        pg.getNotifications(1);
        return new ReplicaListener(pg);
    }

    /** The notifications of the channel received in the next {@code forMs} milliseconds. */
    int notifications(long forMs) throws Exception {
        return received(forMs, Integer.MAX_VALUE);
    }

    /** Whether a notification of the channel comes within 10 seconds. */
    boolean notified() throws Exception {
        return received(10_000, 1) > 0;
    }

    private int received(long forMs, int enough) throws Exception {
        int received = 0;
        long deadline = System.nanoTime() + forMs * 1_000_000;
        while (received < enough && System.nanoTime() < deadline) {
            PGNotification[] got = pg.getNotifications(50);
            if (got != null) {
                for (PGNotification n : got) {
                    received += DeliveryWakeUp.CHANNEL.equals(n.getName()) ? 1 : 0;
                }
            }
        }
        return received;
    }
}
