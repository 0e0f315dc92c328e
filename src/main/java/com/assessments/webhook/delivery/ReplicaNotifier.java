package com.assessments.webhook.delivery;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.jboss.logging.Logger;

/**
 * Tells the other replicas' workers ({@link DeliveryListener}) that deliveries were queued: one pg_notify, sent after
 * the commits that asked for it, at most one per {@link #SPACING_MS} however many asked.
 * <p>
 * Why not in the transaction that queued the deliveries: PostgreSQL serialises the commits of all transactions that
 * sent a NOTIFY (a database-wide lock, held until their commit record is flushed), so with a notify in every create,
 * the creates of all tenants committed one at a time. pgbench on this machine: a two-insert transaction ran at about
 * half its rate with a pg_notify added (5,000-5,600 against 8,800-10,500 tx/s, 16 clients).
 * <p>
 * The notification is a hint, so its commit does not wait for the disk: a lost one delays another replica's first
 * attempt by at most the poll interval, and this replica's own worker is woken directly ({@link DeliveryWakeUp}).
 */
@ApplicationScoped
public class ReplicaNotifier {

    /** How long after the first ask the notify goes out: another replica hears of a delivery at most this much later. */
    static final long SPACING_MS = 20;

    private static final Logger LOG = Logger.getLogger(ReplicaNotifier.class);

    private static final long WARN_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final DataSource dataSource;
    private final AtomicBoolean due = new AtomicBoolean();
    private long lastWarned = System.nanoTime() - WARN_EVERY_NANOS - 1; // the sender thread's alone
    private final ScheduledExecutorService sender = Executors.newSingleThreadScheduledExecutor(DeliveryWorker.daemon("webhook-notify"));

    public ReplicaNotifier(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Asks for a notify; the asks of the next {@link #SPACING_MS} go out as one. Never waits. */
    public void notifySoon() {
        if (!due.compareAndSet(false, true)) {
            return;
        }
        try {
            sender.schedule(this::send, SPACING_MS, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) { // stopping
            due.set(false);
        }
    }

    private void send() {
        due.set(false); // asks from here on are for the next notify: none is lost between the flag and the statement
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            connection.setAutoCommit(true);
            statement.execute("select set_config('synchronous_commit', 'off', true), pg_notify('"
                    + DeliveryWakeUp.CHANNEL + "', '')");
        } catch (SQLException | RuntimeException e) {
            // seen at once on the first failure and then once a minute: the other replicas fall back to polling
            long now = System.nanoTime();
            if (now - lastWarned > WARN_EVERY_NANOS) {
                lastWarned = now;
                LOG.warnf("could not notify the other replicas (%s); their workers poll until this works again", e.getMessage());
            } else {
                LOG.debugf("could not notify the other replicas (%s)", e.getMessage());
            }
        }
    }

    @PreDestroy
    void stop() {
        sender.shutdownNow();
    }
}
