package com.assessments.devdb;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A dev database whose JVM died: the next dev start stops the left-over server instead of failing on its lock. */
class LeftOverPostgresTest {

    @Test
    void aServerLeftRunningOnTheDataDirectoryIsStopped() throws Exception {
        Path dir = Files.createTempDirectory("left-over-pg");
        EmbeddedPostgres pg = EmbeddedPostgres.builder().setDataDirectory(dir).setCleanDataDirectory(false).start();
        long pid = Long.parseLong(Files.readAllLines(dir.resolve("postmaster.pid")).get(0).strip());
        assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));

        EmbeddedPostgresServer.stopLeftOver(dir);

        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the left-over server stopped");
        EmbeddedPostgresServer.stopLeftOver(dir); // nothing left: a no-op
        try {
            pg.close(); // releases this JVM's lock on the directory (a dead dev JVM holds none)
        } catch (Exception ignored) {
            // its server is already gone
        }
        // and a new server starts on the same directory, with its data
        try (EmbeddedPostgres again = EmbeddedPostgres.builder().setDataDirectory(dir).setCleanDataDirectory(false).start()) {
            assertTrue(again.getPort() > 0);
        }
    }
}
