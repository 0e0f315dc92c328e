package com.assessments.support;

import jakarta.enterprise.context.ApplicationScoped;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;

/** Plain JDBC on the test database, auto-commit, for arranging rows and reading what the service stored. */
@ApplicationScoped
public class TestDb {

    private final DataSource dataSource;

    public TestDb(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public int update(String sql, Object... params) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = prepare(c, sql, params)) {
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public List<Map<String, Object>> query(String sql, Object... params) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = prepare(c, sql, params);
             ResultSet rs = ps.executeQuery()) {
            List<Map<String, Object>> rows = new ArrayList<>();
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 1; i <= columns; i++) {
                    row.put(rs.getMetaData().getColumnLabel(i), rs.getObject(i));
                }
                rows.add(row);
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public long count(String sql, Object... params) {
        return ((Number) query(sql, params).get(0).values().iterator().next()).longValue();
    }

    /**
     * Returns once another database session waits for a lock that {@code holder}'s transaction holds. Fails the test
     * if {@code waiter} (the work expected to wait) finishes first, or after {@code limit}. For tests that hold rows on a
     * connection of their own while a request or a job runs into them.
     */
    public void awaitWaitingFor(Connection holder, Future<?> waiter, Duration limit, String what) {
        long pid;
        try (PreparedStatement ps = holder.prepareStatement("select pg_backend_pid()"); ResultSet rs = ps.executeQuery()) {
            rs.next();
            pid = rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        long deadline = System.nanoTime() + limit.toNanos();
        while (count("select count(*) from pg_stat_activity where cast(? as integer) = any (pg_blocking_pids(pid))", pid) == 0) {
            if (waiter.isDone()) {
                throw new AssertionError(what + " finished without waiting for the held locks");
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + " never waited for the held locks (" + limit + ")");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... params) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        for (int i = 0; i < params.length; i++) {
            ps.setObject(i + 1, params[i]);
        }
        return ps;
    }
}
