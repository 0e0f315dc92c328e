package com.assessments.key;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers when each key was last used, so a leaked key can be spotted in {@code lastUsedAt}, without a write per
 * request: uses are noted in memory and written in one statement per flush (every 30 s by default, and at
 * shutdown). Each replica flushes its own; the column only ever moves forward, so replicas cannot undo each other.
 * A replica killed outright loses at most one interval of notes, which the next use writes again.
 */
@ApplicationScoped
public class KeyUsage {

    private static final Logger LOG = Logger.getLogger(KeyUsage.class);

    private final DataSource dataSource;
    private final ConcurrentHashMap<String, Instant> pending = new ConcurrentHashMap<>();

    public KeyUsage(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    void used(String keyId, Instant at) {
        pending.merge(keyId, at, (a, b) -> a.isAfter(b) ? a : b);
    }

    @Scheduled(identity = "key-usage-flush", every = "${assessments.keys.last-used-flush-every}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void flush() {
        if (pending.isEmpty()) {
            return;
        }
        Map<String, Instant> batch = new HashMap<>();
        for (String id : pending.keySet()) {
            Instant at = pending.remove(id);
            if (at != null) {
                batch.put(id, at);
            }
        }
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement("""
                update api_keys k set last_used_at = u.at
                from (select unnest(?::text[]) as id, unnest(?::timestamptz[]) as at) u
                where k.id = u.id and (k.last_used_at is null or k.last_used_at < u.at)""")) {
            ps.setArray(1, c.createArrayOf("text", batch.keySet().toArray()));
            ps.setArray(2, c.createArrayOf("timestamptz", batch.values().stream().map(Timestamp::from).toArray()));
            ps.executeUpdate();
        } catch (SQLException e) {
            batch.forEach(this::used); // keep them for the next flush
            LOG.warnf("could not record the last use of %d API keys: %s", batch.size(), e.getMessage());
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        flush();
    }
}
