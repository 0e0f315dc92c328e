package com.assessments.common;

import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Plain JDBC for the hottest statements, written as Hibernate native queries are (ordinal parameters {@code ?1},
 * {@code ?2}, each usable several times), so a statement moves here unchanged. Why: a Hibernate native query resolves
 * its result-set mapping on every execution, which cost more than the statement itself (40% of the webhook claim's
 * CPU in a profile). Runs on the connection the pool hands out, which inside a transaction is the one enlisted in it.
 * Parameters: String, Integer, Long, Boolean, Instant (as timestamptz, microseconds), String[] (as text[]), byte[]
 * (as bytea), null.
 */
@ApplicationScoped
public class Sql {

    private static final Pattern ORDINAL = Pattern.compile("\\?(\\d+)");

    /** A statement with its ordinals replaced by JDBC's {@code ?}, and which ordinal each {@code ?} binds. */
    private record Prepared(String jdbc, int[] ordinals) {
    }

    private final Map<String, Prepared> prepared = new ConcurrentHashMap<>();
    private final DataSource dataSource;

    public Sql(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** The rows of a query, each as its columns in order (timestamps as Instant, text as String). */
    public List<Object[]> rows(String sql, Object... params) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = prepare(connection, sql, params);
             ResultSet rs = statement.executeQuery()) {
            int columns = rs.getMetaData().getColumnCount();
            boolean[] timestamp = new boolean[columns];
            for (int c = 0; c < columns; c++) {
                int type = rs.getMetaData().getColumnType(c + 1);
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
        } catch (SQLException e) {
            throw new IllegalStateException("statement failed: " + firstLine(sql), e);
        }
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
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = prepare(connection, sql, params)) {
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("statement failed: " + firstLine(sql), e);
        }
    }

    private PreparedStatement prepare(Connection connection, String sql, Object[] params) throws SQLException {
        Prepared p = prepared.computeIfAbsent(sql, Sql::parse);
        PreparedStatement statement = connection.prepareStatement(p.jdbc());
        try {
            for (int i = 0; i < p.ordinals().length; i++) {
                int ordinal = p.ordinals()[i];
                if (ordinal < 1 || ordinal > params.length) {
                    throw new IllegalArgumentException("no value for ?" + ordinal + " in " + firstLine(sql));
                }
                bind(connection, statement, i + 1, params[ordinal - 1]);
            }
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
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

    private static void bind(Connection connection, PreparedStatement statement, int index, Object value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.NULL);
        } else if (value instanceof String s) {
            statement.setString(index, s);
        } else if (value instanceof Integer n) {
            statement.setInt(index, n);
        } else if (value instanceof Long n) {
            statement.setLong(index, n);
        } else if (value instanceof Boolean b) {
            statement.setBoolean(index, b);
        } else if (value instanceof Instant t) {
            statement.setObject(index, Times.utc(t));
        } else if (value instanceof String[] texts) {
            statement.setArray(index, connection.createArrayOf("text", texts));
        } else if (value instanceof byte[] bytes) {
            statement.setBytes(index, bytes);
        } else {
            throw new IllegalArgumentException("cannot bind a " + value.getClass().getName());
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
