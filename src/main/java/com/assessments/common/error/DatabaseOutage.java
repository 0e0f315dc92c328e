package com.assessments.common.error;

import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Recognises what a database that cannot be reached throws, however deeply the persistence and transaction layers wrap
 * it, so that the caller gets {@code 503 service_unavailable} with {@code Retry-After} instead of a {@code 500}:
 * <ul>
 *   <li>Agroal's acquisition timeout (no connection within {@code quarkus.datasource.jdbc.acquisition-timeout}) and its
 *       refusal while the pool shuts down: an {@link SQLException} without SQLState;</li>
 *   <li>the driver's connection failures: SQLState class {@code 08} (connection refused, connection reset, I/O error),
 *       {@code 57P01}-{@code 57P03} (server shutting down, crashed or starting up), {@code 53300} (too many
 *       connections), and the JDBC 4 connection exception types;</li>
 *   <li>Hibernate's {@code JDBCConnectionException} (its translation of the same states).</li>
 * </ul>
 * Causes and suppressed exceptions are both followed: a failed commit reports the driver's exception as either.
 */
public final class DatabaseOutage {

    /** Seconds a client is asked to wait: about how long a failover or a restart of PostgreSQL takes. */
    public static final int RETRY_AFTER_SECONDS = 5;
    private static final Logger LOG = Logger.getLogger(DatabaseOutage.class);
    private static final int MAX_EXCEPTIONS = 32;

    private DatabaseOutage() {
    }

    /** True when {@code e}, or anything it wraps, says that the database cannot be reached. */
    public static boolean causedBy(Throwable e) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> todo = new ArrayDeque<>();
        todo.add(e);
        while (!todo.isEmpty() && seen.size() < MAX_EXCEPTIONS) {
            Throwable t = todo.poll();
            if (t == null || !seen.add(t)) {
                continue;
            }
            if (isOutage(t)) {
                return true;
            }
            if (t.getCause() != null) {
                todo.add(t.getCause());
            }
            Collections.addAll(todo, t.getSuppressed());
        }
        return false;
    }

    private static boolean isOutage(Throwable t) {
        if (t instanceof SQLTransientConnectionException || t instanceof SQLNonTransientConnectionException) {
            return true;
        }
        if ("org.hibernate.exception.JDBCConnectionException".equals(t.getClass().getName())) {
            return true;
        }
        if (t instanceof SQLException sql) {
            String state = sql.getSQLState();
            if (state != null) {
                return state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03")
                        || state.equals("53300");
            }
            // Agroal: "Sorry, acquisition timeout!", "Acquisition timeout while waiting for new connection",
            // "Can't create new connection as the pool is shutting down"
            String message = sql.getMessage() == null ? "" : sql.getMessage().toLowerCase(Locale.ROOT);
            return message.contains("acquisition timeout") || message.contains("pool is shutting down")
                    || sql.getCause() instanceof java.util.concurrent.TimeoutException;
        }
        return false;
    }

    /** The 503 answer; logged as one warning line (an outage produces many), carrying the request id like every line. */
    static Response response(ErrorEnvelope envelope, Throwable e) {
        LOG.warnf("database unavailable, answering 503: %s", describe(e));
        return envelope.response(new ApiException(ErrorCode.SERVICE_UNAVAILABLE,
                "The service cannot reach its database right now; retry in " + RETRY_AFTER_SECONDS + " seconds.",
                Map.of("retryAfterSeconds", RETRY_AFTER_SECONDS),
                Map.of("Retry-After", String.valueOf(RETRY_AFTER_SECONDS))));
    }

    /** The innermost exception's type and message: enough for the log, without a stack trace per request. */
    private static String describe(Throwable e) {
        Throwable root = e;
        for (int i = 0; i < MAX_EXCEPTIONS && root.getCause() != null && root.getCause() != root; i++) {
            root = root.getCause();
        }
        return root.getClass().getName() + ": " + root.getMessage();
    }
}
