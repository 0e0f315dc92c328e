package com.assessments.webhook.delivery;

import com.assessments.common.db.UnpooledConnections;
import com.assessments.webhook.WebhookConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.Statement;

/**
 * LISTENs on the webhook_deliveries channel with one database connection per replica, so a delivery queued
 * on any replica wakes the workers of all of them soon after its commit ({@link ReplicaNotifier}, within about 20 ms).
 * Polling stays as the safety net. The connection is the listener's own, not the pool's
 * ({@link UnpooledConnections}): the pool stays whole for the requests and the jobs.
 */
@ApplicationScoped
public class DeliveryListener {

    private static final Logger LOG = Logger.getLogger(DeliveryListener.class);

    /** Its application_name in pg_stat_activity. */
    static final String PURPOSE = "assessment-service webhook listener";

    private final UnpooledConnections connections;
    private final DeliveryWorker worker;
    private final boolean enabled;
    private volatile boolean running;
    private Thread thread;

    public DeliveryListener(UnpooledConnections connections, DeliveryWorker worker, WebhookConfig config) {
        this.connections = connections;
        this.worker = worker;
        this.enabled = config.listen();
    }

    void start(@Observes StartupEvent event) {
        if (!enabled) {
            return;
        }
        running = true;
        thread = new Thread(this::listen, "webhook-listener");
        thread.setDaemon(true);
        thread.start();
    }

    void stop(@Observes ShutdownEvent event) {
        running = false;
        if (thread != null) {
            thread.interrupt();
        }
    }

    private void listen() {
        while (running) {
            try (Connection connection = connections.open(PURPOSE);
                 Statement statement = connection.createStatement()) {
                statement.execute("LISTEN " + DeliveryWakeUp.CHANNEL);
                PGConnection pg = connection.unwrap(PGConnection.class);
                worker.wake(); // catch up on whatever was queued while not listening
                while (running) {
                    PGNotification[] notifications = pg.getNotifications(1000);
                    if (notifications != null && notifications.length > 0) {
                        worker.wake();
                    }
                }
            } catch (Exception e) {
                if (running) {
                    LOG.warnf("webhook listener lost its connection (%s); polling covers until it reconnects", e.getMessage());
                    sleep();
                }
            }
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
