package com.assessments.common;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;

import javax.sql.DataSource;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Plain JDBC for the hottest statements, written as Hibernate native queries are (ordinal parameters {@code ?1},
 * {@code ?2}, each usable several times), so a statement moves here unchanged. Why: a Hibernate native query resolves
 * its result-set mapping on every execution, which cost more than the statement itself (40% of the webhook claim's
 * CPU in a profile). Runs on the connection the pool hands out, which inside a transaction is the one enlisted in it,
 * or, inside {@link #inLocalTransaction} on this thread, on that transaction's connection.
 * Parameters: String, Integer, Long, Boolean, Instant (as timestamptz, microseconds), String[] (as text[]), byte[]
 * (as bytea), null. Writes whose outcome is needed only later can be {@link #queue queued}: they go to the database in
 * the same round trip as the transaction's next statement.
 */
@ApplicationScoped
public class Sql {

    private static final Logger LOG = Logger.getLogger(Sql.class);
    private static final Pattern ORDINAL = Pattern.compile("\\?(\\d+)");

    /** A statement with its ordinals replaced by JDBC's {@code ?}, and which ordinal each {@code ?} binds. */
    private record Prepared(String jdbc, int[] ordinals) {
    }

    /**
     * A transaction begun by {@link #inLocalTransaction} on one thread: its connection, what runs after it commits, and
     * its {@link #queue queued} writes.
     */
    private record Local(Connection connection, List<Runnable> afterCommit, List<Step> queued) {
    }

    /** One statement of a round trip; {@code queued} is its handle when it was queued. */
    private record Step(String sql, Object[] params, Queued queued) {
    }

    /** The key of a JTA transaction's queued writes among its resources. */
    private static final Object QUEUE = new Object();

    /** A queued write: its row count once it has been sent. */
    public static final class Queued {
        private final Sql sql;
        private final List<Step> queue;
        private int count = -1;

        private Queued(Sql sql, List<Step> queue) {
            this.sql = sql;
            this.queue = queue;
        }

        /** Rows changed; sends its transaction's queue first if it has not gone yet (never another transaction's). */
        public int count() {
            if (count < 0 && sql.queued(false) == queue && !queue.isEmpty()) {
                sql.sendWith(queue, null);
            }
            if (count < 0) {
                throw new IllegalStateException("this write was queued in a transaction that has ended");
            }
            return count;
        }
    }

    private final Map<String, Prepared> prepared = new ConcurrentHashMap<>();
    private final ThreadLocal<Local> local = new ThreadLocal<>();
    private final DataSource dataSource;
    private final TransactionSynchronizationRegistry transactions;

    public Sql(DataSource dataSource, TransactionSynchronizationRegistry transactions) {
        this.dataSource = dataSource;
        this.transactions = transactions;
    }

    /**
     * Runs {@code work} in a transaction of its own on one pooled connection, committed or rolled back here, without the
     * transaction manager: every statement of this class on this thread meanwhile runs on that connection. For work
     * that is only this class's statements and runs often (the delivery worker's cycle: JTA's begin, enlistment and
     * commit were about 30 % of its thread's CPU in a profile). Refused inside another transaction, whose connection
     * it could not use. A RuntimeException or Error of {@code work} rolls back and is thrown as it is; an action after
     * the commit that fails is logged.
     */
    public <T> T inLocalTransaction(Callable<T> work) {
        if (local.get() != null || transactions.getTransactionStatus() != Status.STATUS_NO_TRANSACTION) {
            throw new IllegalStateException("a local transaction cannot run inside another transaction");
        }
        Connection connection;
        try {
            connection = dataSource.getConnection();
        } catch (SQLException e) {
            throw new IllegalStateException("no connection for a transaction", e);
        }
        try {
            connection.setAutoCommit(false);
        } catch (SQLException e) {
            close(connection);
            throw new IllegalStateException("transaction failed", e);
        }
        Local tx = new Local(connection, new ArrayList<>(1), new ArrayList<>(4));
        local.set(tx);
        T result;
        boolean lendable = true;
        try {
            result = work.call();
            if (!tx.queued().isEmpty()) {
                send(connection, tx.queued(), null);
            }
            connection.commit();
        } catch (Throwable e) {
            lendable = rolledBack(connection, e);
            if (e instanceof RuntimeException r) {
                throw r;
            } else if (e instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("transaction failed", e);
        } finally {
            local.remove();
            release(connection, lendable);
        }
        // committed: what runs now cannot undo it, so a failing action is logged, never thrown as the transaction's
        for (Runnable action : tx.afterCommit()) {
            try {
                action.run();
            } catch (RuntimeException e) {
                LOG.warn("an action after a committed transaction failed", e);
            }
        }
        return result;
    }

    /** Runs {@code action} once this thread's {@link #inLocalTransaction} commits; not at all if it rolls back. */
    public void afterCommit(Runnable action) {
        Local tx = local.get();
        if (tx == null) {
            throw new IllegalStateException("no local transaction on this thread");
        }
        tx.afterCommit().add(action);
    }

    /** Rolls back; false when that failed, and the transaction may still be open on the server. */
    private static boolean rolledBack(Connection connection, Throwable cause) {
        try {
            connection.rollback();
            return true;
        } catch (SQLException e) {
            cause.addSuppressed(e);
            return false;
        }
    }

    /**
     * Back to the pool in auto-commit, as the pool lends its connections. A connection whose rollback failed is
     * closed underneath the pool first: switching auto-commit back on (the pool does on return) would commit what the
     * transaction left open, while closing the session makes the server roll it back.
     */
    private static void release(Connection connection, boolean lendable) {
        try {
            if (lendable) {
                connection.setAutoCommit(true);
            } else {
                ((Connection) connection.unwrap(PGConnection.class)).close();
            }
        } catch (SQLException e) {
            // the transaction's own outcome is what the caller sees; a broken connection fails its next use
        }
        close(connection);
    }

    private static void close(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.debug("closing a pooled connection failed", e);
        }
    }

    /**
     * Queues an insert, update or delete in this transaction: it is sent with the transaction's next statement of this
     * class, in one round trip with it (or by {@link Queued#count}, or before the commit if nothing came). Why: each
     * round trip on a busy machine waits for the database's backend to be scheduled and then for this thread again;
     * a live create's four writes took four of them. Queue only what no other statement of the same transaction must
     * see before then: Hibernate's statements and reads on the DataSource itself ({@code SessionReads}) neither send
     * the queue nor see it, and what is left at the commit goes after Hibernate's flush. Refused outside an active
     * transaction.
     */
    public Queued queue(String sql, Object... params) {
        List<Step> queue = queued(true);
        Queued queued = new Queued(this, queue);
        queue.add(new Step(sql, params, queued));
        return queued;
    }

    /**
     * This transaction's queue of writes, made (and, in a JTA transaction, sent before the commit) on first use when
     * {@code make}; null when there is none.
     */
    @SuppressWarnings("unchecked")
    private List<Step> queued(boolean make) {
        Local tx = local.get();
        if (tx != null) {
            return tx.queued();
        }
        int status = transactions.getTransactionStatus();
        if (status != Status.STATUS_ACTIVE && status != Status.STATUS_MARKED_ROLLBACK) {
            if (make) {
                throw new IllegalStateException("a write can be queued only in an active transaction");
            }
            return null; // none, or one that is ending: statements run as they come
        }
        List<Step> queue = (List<Step>) transactions.getResource(QUEUE);
        if (queue == null && make) {
            List<Step> made = new ArrayList<>(4);
            transactions.putResource(QUEUE, made);
            transactions.registerInterposedSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() { // a write nothing sent yet still belongs to the transaction
                    if (!made.isEmpty()) {
                        sendWith(made, null);
                    }
                }

                @Override
                public void afterCompletion(int status) {
                    made.clear(); // rolled back: nothing of it may go anywhere later
                }
            });
            queue = made;
        }
        return queue;
    }

    /** The queued writes and then {@code last} (or none) in one round trip; {@code last}'s result (rows or count). */
    private Object sendWith(List<Step> queue, Step last) {
        Local tx = local.get();
        try (Connection pooled = tx == null ? dataSource.getConnection() : null) {
            return send(tx == null ? pooled : tx.connection(), queue, last);
        } catch (SQLException e) { // no connection, or none could be given back
            throw new IllegalStateException("queued statements failed", e);
        }
    }

    private Object send(Connection connection, List<Step> queue, Step last) {
        List<Step> steps = new ArrayList<>(queue.size() + 1);
        steps.addAll(queue);
        if (last != null) {
            steps.add(last);
        }
        String jdbc = steps.stream().map(step -> prepared(step.sql()).jdbc()).collect(Collectors.joining(";\n"));
        try (PreparedStatement statement = connection.prepareStatement(jdbc)) {
            int index = 1;
            for (Step step : steps) {
                index = bind(connection, statement, index, step.sql(), step.params());
            }
            // bound: the queue goes now (a value refused above leaves it for the next statement or the commit); if
            // the round trip fails, the database has aborted the transaction and nothing of it can commit
            queue.clear();
            boolean rows = statement.execute();
            Object result = null;
            for (int i = 0; i < steps.size(); i++) {
                if (i > 0) {
                    rows = statement.getMoreResults();
                }
                int count;
                if (rows) {
                    try (ResultSet rs = statement.getResultSet()) {
                        List<Object[]> read = read(rs);
                        count = read.size();
                        result = read;
                    }
                } else {
                    count = statement.getUpdateCount();
                    result = count;
                }
                Queued queued = steps.get(i).queued();
                if (queued != null) {
                    queued.count = count;
                }
            }
            return result;
        } catch (SQLException e) {
            throw new IllegalStateException("statements failed: " + steps.stream().map(step -> firstLine(step.sql()))
                    .collect(Collectors.joining(" / ")), e);
        }
    }

    /** The rows of a query, each as its columns in order (timestamps as Instant, text as String). */
    @SuppressWarnings("unchecked")
    public List<Object[]> rows(String sql, Object... params) {
        List<Step> queue = queued(false);
        if (queue != null && !queue.isEmpty()) {
            return (List<Object[]>) sendWith(queue, new Step(sql, params, null));
        }
        Local tx = local.get();
        try (Connection pooled = tx == null ? dataSource.getConnection() : null;
             PreparedStatement statement = prepare(tx == null ? pooled : tx.connection(), sql, params);
             ResultSet rs = statement.executeQuery()) {
            return read(rs);
        } catch (SQLException e) {
            throw new IllegalStateException("statement failed: " + firstLine(sql), e);
        }
    }

    private static List<Object[]> read(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        int columns = meta.getColumnCount();
        boolean[] timestamp = new boolean[columns];
        for (int c = 0; c < columns; c++) {
            int type = meta.getColumnType(c + 1);
            timestamp[c] = type == Types.TIMESTAMP || type == Types.TIMESTAMP_WITH_TIMEZONE;
        }
        List<Object[]> out = new ArrayList<>();
        while (rs.next()) {
            Object[] row = new Object[columns];
            for (int c = 0; c < columns; c++) {
                row[c] = timestamp[c] ? instant(rs, c + 1) : rs.getObject(c + 1);
            }
            out.add(row);
        }
        return out;
    }

    /** The first column of every row. */
    public List<Object> column(String sql, Object... params) {
        List<Object[]> rows = rows(sql, params);
        List<Object> out = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            out.add(row[0]);
        }
        return out;
    }

    /** Rows changed by an insert, update or delete. */
    public int update(String sql, Object... params) {
        List<Step> queue = queued(false);
        if (queue != null && !queue.isEmpty()) {
            return (Integer) sendWith(queue, new Step(sql, params, null));
        }
        Local tx = local.get();
        try (Connection pooled = tx == null ? dataSource.getConnection() : null;
             PreparedStatement statement = prepare(tx == null ? pooled : tx.connection(), sql, params)) {
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("statement failed: " + firstLine(sql), e);
        }
    }

    private Prepared prepared(String sql) {
        return prepared.computeIfAbsent(sql, Sql::parse);
    }

    private PreparedStatement prepare(Connection connection, String sql, Object[] params) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(prepared(sql).jdbc());
        try {
            bind(connection, statement, 1, sql, params);
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    /** Binds {@code sql}'s parameters from JDBC's {@code first}; returns the index after its last. */
    private int bind(Connection connection, PreparedStatement statement, int first, String sql, Object[] params)
            throws SQLException {
        Prepared p = prepared(sql);
        // each ordinal's JDBC value is made once, however often the statement uses it (the delivery claim uses its
        // time six times and its list of ids four: each use was an array and a timestamp built again)
        Object[] values = new Object[params.length];
        for (int i = 0; i < p.ordinals().length; i++) {
            int ordinal = p.ordinals()[i];
            if (ordinal < 1 || ordinal > params.length) {
                throw new IllegalArgumentException("no value for ?" + ordinal + " in " + firstLine(sql));
            }
            Object value = values[ordinal - 1];
            if (value == null) {
                value = jdbcValue(connection, params[ordinal - 1]);
                values[ordinal - 1] = value;
            }
            bind(statement, first + i, value);
        }
        return first + p.ordinals().length;
    }

    private static Prepared parse(String sql) {
        Matcher m = ORDINAL.matcher(sql);
        StringBuilder jdbc = new StringBuilder(sql.length());
        List<Integer> ordinals = new ArrayList<>();
        while (m.find()) {
            ordinals.add(Integer.parseInt(m.group(1)));
            m.appendReplacement(jdbc, "?");
        }
        m.appendTail(jdbc);
        return new Prepared(jdbc.toString(), ordinals.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The value as JDBC binds it: an Instant as a UTC OffsetDateTime (microseconds), a String[] as a text[]. */
    private static Object jdbcValue(Connection connection, Object value) throws SQLException {
        if (value == null || value instanceof String || value instanceof Integer || value instanceof Long
                || value instanceof Boolean || value instanceof byte[]) {
            return value;
        } else if (value instanceof Instant t) {
            return Times.utc(t);
        } else if (value instanceof String[] texts) {
            return connection.createArrayOf("text", texts);
        }
        throw new IllegalArgumentException("cannot bind a " + value.getClass().getName());
    }

    private static void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        switch (value) {
            case null -> statement.setNull(index, Types.NULL);
            case String s -> statement.setString(index, s);
            case Integer n -> statement.setInt(index, n);
            case Long n -> statement.setLong(index, n);
            case Boolean b -> statement.setBoolean(index, b);
            case OffsetDateTime t -> statement.setObject(index, t);
            case Array a -> statement.setArray(index, a);
            case byte[] bytes -> statement.setBytes(index, bytes);
            default -> throw new IllegalArgumentException("cannot bind a " + value.getClass().getName());
        }
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class); // timestamptz: the instant, whatever the zone
        return t == null ? null : t.toInstant();
    }

    private static String firstLine(String sql) {
        String s = sql.strip();
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " ...";
    }
}
