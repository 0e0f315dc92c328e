package com.assessments.common;

import com.assessments.support.AppProperties;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A native binary holds only the class-path resources that quarkus.native.resources.includes names (glob patterns:
 * {@code *} within a folder, {@code **} across folders); one left out is a 500 or a failed start in the binary only.
 * Every resource the build puts in target/classes must be matched, except application.properties and service files
 * (Quarkus builds those in) and the files listed here as not read at run time; and every resource path the main
 * sources name in a string literal must be one of them.
 */
class NativeResourcesTest {

    static final Path CLASSES = Path.of("target", "classes");
    /** Shipped beside the fonts for their licence's sake; the service never reads it. */
    static final Set<String> NOT_READ = Set.of("fonts/DejaVu-LICENSE.txt");

    @Test
    void everyResourceIsInTheNativeImage() throws IOException {
        List<PathMatcher> includes = includes();
        List<String> missing = new ArrayList<>();
        List<String> resources = resources();
        for (String r : resources) {
            if (!NOT_READ.contains(r) && includes.stream().noneMatch(m -> m.matches(Path.of(r)))) {
                missing.add(r);
            }
        }
        assertTrue(resources.size() > 30, resources.toString());
        assertTrue(missing.isEmpty(), "resources not in quarkus.native.resources.includes: " + missing);
        for (String r : NOT_READ) {
            assertTrue(resources.contains(r), "listed as not read but absent: " + r);
        }
    }

    @Test
    void everyResourcePathNamedInTheCodeIsAResource() throws IOException {
        Set<String> named = new TreeSet<>();
        Pattern literal = Pattern.compile("\"/?((?:META-INF|banks|contract|db|docs|fonts|web)/[A-Za-z0-9_./-]*|occupations\\.json)\"");
        try (Stream<Path> sources = Files.walk(Path.of("src", "main", "java"))) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher m = literal.matcher(Files.readString(source));
                while (m.find()) {
                    named.add(m.group(1));
                }
            }
        }
        List<String> resources = resources();
        List<PathMatcher> includes = includes();
        assertTrue(named.containsAll(Set.of("contract/openapi.yaml", "occupations.json", "web/sdk/embed.js", "fonts/", "docs/")),
                named.toString());
        for (String n : named) {
            // a prefix (a folder, "docs/" + fragment, or a name's start, "contract/openapi-" + digest) must start
            // included resources; a whole path must be one
            boolean folder = n.endsWith("/") || n.endsWith("-");
            List<String> hits = resources.stream().filter(r -> folder ? r.startsWith(n) : r.equals(n)).toList();
            assertFalse(hits.isEmpty(), "named in the code but not a resource: " + n);
            assertTrue(hits.stream().anyMatch(r -> includes.stream().anyMatch(i -> i.matches(Path.of(r)))),
                    "named in the code but not in the native image: " + n);
        }
    }

    @Test
    void theGlobsMeanWhatQuarkusMeans() {
        List<PathMatcher> includes = includes();
        assertFalse(includes.stream().anyMatch(m -> m.matches(Path.of("banks/sub/disc.json"))), "* stays in one folder");
        assertTrue(includes.stream().anyMatch(m -> m.matches(Path.of("web/portal/portal.js"))), "** crosses folders");
        assertFalse(includes.stream().anyMatch(m -> m.matches(Path.of("templates/x.html"))));
    }

    static List<PathMatcher> includes() {
        List<String> globs = AppProperties.under("prod").getValues("quarkus.native.resources.includes", String.class);
        return globs.stream().map(g -> FileSystems.getDefault().getPathMatcher("glob:" + g.trim())).toList();
    }

    static List<String> resources() throws IOException {
        try (Stream<Path> files = Files.walk(CLASSES)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> CLASSES.relativize(p).toString().replace('\\', '/'))
                    .filter(r -> !r.endsWith(".class") && !r.equals("application.properties")
                            && !r.startsWith("META-INF/services/"))
                    .sorted().toList();
        }
    }
}
