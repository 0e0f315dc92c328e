package com.assessments;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Package rules the compiler does not check, read from the sources under src/main/java (plain text, no class loading):
 * <ul>
 *   <li>the outbox ({@code events/}) knows no feature: nothing in it refers to {@code session/};</li>
 *   <li>resources (classes in a {@code rest} package or named {@code *Resource}) run no SQL: they call beans;</li>
 *   <li>each table is written (insert into, update, delete from) by one package, its owner; others call the owner.</li>
 * </ul>
 * Packages are the ones directly under com.assessments ({@code session/rest} counts as {@code session},
 * {@code webhook/delivery} as {@code webhook}). A Panache query string in a resource counts as SQL, type witness
 * ({@code Organization.<Organization>find("name", ...)}) or not. Writes through entities (persist, setting a field)
 * are not seen here: entities live in their owner's package.
 */
class ArchitectureTest {

    private static final Path MAIN = Path.of("src/main/java/com/assessments");
    private static final Path MIGRATIONS = Path.of("src/main/resources/db/migration");

    /** Every table and the package that writes it. */
    static final Map<String, String> OWNERS = Map.ofEntries(
            entry("organizations", "org"),
            entry("licenses", "org"),
            entry("license_stripes", "org"),
            entry("api_keys", "key"),
            entry("auth_cache_epoch", "key"),
            entry("rate_limit_windows", "key"),
            entry("tfd_configs", "catalogue"),
            entry("sessions", "session"),
            entry("reports", "report"),
            entry("events", "events"),
            entry("webhook_endpoints", "webhook"),
            entry("webhook_deliveries", "webhook"),
            entry("webhook_attempts", "webhook"),
            entry("idempotency_records", "idempotency"),
            entry("job_runs", "jobs"),
            entry("coach_messages", "coach"),
            entry("portal_users", "portal"),
            entry("portal_memberships", "portal"),
            entry("portal_invitations", "portal"),
            entry("portal_password_resets", "portal"),
            entry("portal_sessions", "portal"),
            entry("portal_sign_in_throttle", "portal"),
            entry("portal_audit_log", "portal"));

    private static final Pattern WRITE = Pattern.compile("(?i)\\b(?:insert\\s+into|update|delete\\s+from)\\s+(\\w+)");
    private static final Pattern SQL_IN_RESOURCE = Pattern.compile(
            "EntityManager|DataSource|createNativeQuery|createQuery|prepareStatement"
                    + "|(?i:\\b(?:from|into|update|join)\\s+(?:" + String.join("|", OWNERS.keySet()) + ")\\b)"
                    + "|\\.(?:<\\w+>)?(?:find|list|count|delete|update|stream)\\(\"");

    @Test
    void everyTableHasAnOwner() {
        Set<String> tables = new TreeSet<>();
        for (Path sql : files(MIGRATIONS, ".sql")) {
            Matcher m = Pattern.compile("(?i)create\\s+table\\s+(\\w+)").matcher(read(sql));
            while (m.find()) {
                tables.add(m.group(1).toLowerCase());
            }
        }
        assertEquals(tables, new TreeSet<>(OWNERS.keySet()), "tables created by the migrations vs OWNERS");
    }

    @Test
    void theOutboxKnowsNoSessions() {
        List<String> found = new ArrayList<>();
        for (Path file : files(MAIN.resolve("events"), ".java")) {
            if (code(file).contains("com.assessments.session")) {
                found.add(MAIN.relativize(file).toString());
            }
        }
        assertTrue(found.isEmpty(), "events/ refers to session/ in " + found);
    }

    @Test
    void resourcesRunNoSql() {
        List<String> found = new ArrayList<>();
        for (Path file : files(MAIN, ".java")) {
            String name = file.getFileName().toString();
            boolean resource = name.endsWith("Resource.java") || file.getParent().getFileName().toString().equals("rest");
            if (!resource) {
                continue;
            }
            Matcher m = SQL_IN_RESOURCE.matcher(code(file));
            if (m.find()) {
                found.add(MAIN.relativize(file) + ": " + m.group());
            }
        }
        assertTrue(found.isEmpty(), "resources with SQL (move it into a bean of the table's owner): " + found);
    }

    @Test
    void eachTableIsWrittenByItsOwnerOnly() {
        List<String> found = new ArrayList<>();
        for (Path file : files(MAIN, ".java")) {
            String pkg = MAIN.relativize(file).getName(0).toString();
            Matcher m = WRITE.matcher(code(file));
            while (m.find()) {
                String owner = OWNERS.get(m.group(1).toLowerCase());
                if (owner != null && !owner.equals(pkg)) {
                    found.add(MAIN.relativize(file) + " writes " + m.group(1) + " (owner: " + owner + "/)");
                }
            }
        }
        assertTrue(found.isEmpty(), "writes outside the table's owner: " + found);
    }

    /** The source without whole-line comments (javadoc, // lines), which may name tables in prose. */
    private static String code(Path file) {
        String text = read(file);
        text = text.replaceAll("(?s)(?m)^\\s*/\\*.*?\\*/", "");
        return text.replaceAll("(?m)^\\s*//.*$", "");
    }

    private static List<Path> files(Path root, String suffix) {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
