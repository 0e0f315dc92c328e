package com.assessments.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** What PostgreSQL's plan for a statement reads: for checks that a statement's cost follows its work, not a table's history. */
public final class Plans {

    private Plans() {
    }

    /**
     * Each scan in the plan of {@code sql} on {@code table}: its index's name, or its node type when it reads no index
     * ("Seq Scan"). Planned with sequential scans off: on a small test table a scan of everything is cheap and may
     * win, so what is checked is whether an index path exists at all.
     */
    public static List<String> scans(DataSource dataSource, String table, String sql, Object... params) throws Exception {
        List<String> scans = new ArrayList<>();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("set local enable_seqscan = off");
            }
            try (PreparedStatement explain = c.prepareStatement("explain (format json) " + sql)) {
                for (int i = 0; i < params.length; i++) {
                    explain.setObject(i + 1, params[i]);
                }
                try (ResultSet plan = explain.executeQuery()) {
                    plan.next();
                    collect(new ObjectMapper().readTree(plan.getString(1)), table, scans);
                }
            } finally {
                c.rollback();
            }
        }
        return scans;
    }

    private static void collect(JsonNode node, String table, List<String> scans) {
        if (node.isObject() && table.equals(node.path("Relation Name").asText())) {
            String type = node.path("Node Type").asText();
            if (node.has("Index Name")) {
                scans.add(node.get("Index Name").asText());
            } else if (type.equals("Bitmap Heap Scan")) {
                collectIndexes(node.path("Plans"), scans); // its index is its bitmap index scans'
            } else {
                scans.add(type);
            }
        }
        node.forEach(child -> collect(child, table, scans));
    }

    private static void collectIndexes(JsonNode plans, List<String> scans) {
        for (JsonNode p : plans) {
            if (p.has("Index Name")) {
                scans.add(p.get("Index Name").asText());
            }
            collectIndexes(p.path("Plans"), scans);
        }
    }
}
