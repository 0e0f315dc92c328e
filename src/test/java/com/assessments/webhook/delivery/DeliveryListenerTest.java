package com.assessments.webhook.delivery;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The webhook listener LISTENs on a connection of its own, not one of the pool's: the whole pool stays for the requests
 * and the jobs (the requests' turns are sized as the whole pool), and the listener comes back by itself when its
 * connection is lost.
 */
@QuarkusTest
class DeliveryListenerTest {

    @Inject
    DataSource dataSource;

    @Test
    void theListenerHasAConnectionOfItsOwn() throws Exception {
        assertNotEquals(0, listenerBackend(0), "no backend named for the listener is LISTENing");
    }

    /** Taken from the pool, the listener's connection left one fewer: the last of these waited out the 1 s timeout. */
    @Test
    void theWholePoolIsLeftForTheRequestsAndJobs() throws Exception {
        listenerBackend(0); // the listener is up
        int size = ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.max-size", Integer.class);
        List<Connection> held = new ArrayList<>();
        try {
            for (int i = 0; i < size; i++) {
                held.add(dataSource.getConnection()); // at most the acquisition timeout each
            }
            assertEquals(size, held.size());
        } finally {
            for (Connection c : held) {
                c.close();
            }
        }
    }

    @Test
    void theListenerComesBackWhenItsConnectionIsLost() throws Exception {
        int lost = listenerBackend(0);
        try (Connection c = dataSource.getConnection();
             PreparedStatement kill = c.prepareStatement("select pg_terminate_backend(?)")) {
            kill.setInt(1, lost);
            kill.executeQuery().close();
        }
        int back = listenerBackend(lost); // it waits 5 s before it opens a new one
        assertNotEquals(0, back, "the listener did not come back within 15 s");
    }

    /** The pid of the listener's backend other than {@code not}, once it LISTENs (within 15 s), or 0. */
    private int listenerBackend(int not) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (System.nanoTime() < deadline) {
            try (Connection c = dataSource.getConnection();
                 PreparedStatement ps = c.prepareStatement("select pid from pg_stat_activity where application_name = ?"
                         + " and query ilike 'LISTEN %' and pid <> ?")) {
                ps.setString(1, DeliveryListener.PURPOSE);
                ps.setInt(2, not);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        return rs.getInt(1);
                    }
                }
            }
            Thread.sleep(50);
        }
        return 0;
    }
}
