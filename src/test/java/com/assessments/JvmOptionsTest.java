package com.assessments;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * src/main/docker/jvm.options, the service's JVM options: the image starts with them, the integration tests (and so
 * the AOT cache's training) and the benchmark scripts run the jar with them, in the heap the pod's memory limit
 * gives (README, "JVM options" under "Operating it"): the collector, the young generation's floor and the code cache's
 * collection threshold.
 */
class JvmOptionsTest {

    private static final Path OPTIONS = Path.of("src/main/docker/jvm.options");

    @Test
    void theJvmTakesTheFileAndInThePodsMemoryRunsTheParallelCollectorOnAQuarterOfItWithItsGenerationsAndCodeCache() throws Exception {
        long podMib = podMemoryLimitMib();
        Process java = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@" + OPTIONS.toAbsolutePath(), "-XX:MaxRAM=" + podMib + "m", "-XX:+PrintFlagsFinal", "-version")
                .redirectErrorStream(true).start();
        String flags = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, java.waitFor(), flags);
        assertEquals("true", flag(flags, "UseParallelGC"), "the collector session 18 measured (README, Benchmarks)");
        // in a heap this small the serial collector cannot load the AOT cache's heap objects: the JVM exits
        assertEquals("false", flag(flags, "UseSerialGC"));
        long mib = 1024 * 1024, heap = Long.parseLong(flag(flags, "MaxHeapSize"));
        assertEquals(podMib * mib / 4, heap, "the heap is the JVM's default quarter of the pod's memory");
        assertEquals(40 * mib, Long.parseLong(flag(flags, "NewSize")), "the young generation's floor");
        long youngAtMost = Long.parseLong(flag(flags, "MaxNewSize"));
        assertTrue(youngAtMost >= 40 * mib && youngAtMost <= heap / 3, "room above the floor, at most a third of the heap");
        assertTrue(heap - youngAtMost >= 80 * mib, "the old generation holds twice the live set (about 40 MiB)");
        // survivors of a fixed size (a tenth of the young generation each): adaptive sizing shrank them to 512 KiB.
        // What the JVM derives from the file, not the file read back: with its defaults the survivors could shrink to
        // a third (MinSurvivorRatio 3) and start at an eighth
        assertEquals("false", flag(flags, "UseAdaptiveSizePolicy"));
        assertEquals("10", flag(flags, "MinSurvivorRatio"), "each survivor space at most young / 10, so 4 MiB of 40");
        assertEquals("10", flag(flags, "InitialSurvivorRatio"), "and from the start");
        // the code cache's own collection (a full one with this collector) only after half of it is filled anew, and
        // the one when it runs short unchanged
        assertEquals(50.0, Double.parseDouble(flag(flags, "SweeperThreshold")));
        assertEquals("10", flag(flags, "StartAggressiveSweepingAt"));
    }

    @Test
    void theImageTheIntegrationTestsAndTheBenchmarksUseTheFileAndThePodsMemory() throws Exception {
        long podMib = podMemoryLimitMib();
        String dockerfile = Files.readString(Path.of("src/main/docker/Dockerfile.jvm"));
        assertTrue(dockerfile.contains("/build/src/main/docker/jvm.options /deployments/"), "the image holds the file");
        assertTrue(dockerfile.contains("ENTRYPOINT [ \"java\", \"@jvm.options\""), "the image starts with it");
        assertTrue(Files.readString(Path.of("pom.xml")).contains(
                        "<it.jvm.args>@${project.basedir}/src/main/docker/jvm.options -XX:MaxRAM=" + podMib + "m</it.jvm.args>"),
                "the integration tests run the jar with the file, in the pod's memory");
        assertTrue(Files.readString(Path.of("scripts/bench/common.sh")).contains("POD_MEMORY-" + podMib + "m"),
                "the benchmarks' default memory is the pod's");
    }

    private static long podMemoryLimitMib() throws Exception {
        String limit = new ObjectMapper(new YAMLFactory()).readTree(Path.of("k8s/deployment.yaml").toFile())
                .at("/spec/template/spec/containers/0/resources/limits/memory").asText();
        assertTrue(limit.endsWith("Mi"), "the pod's memory limit in MiB: " + limit);
        return Long.parseLong(limit.substring(0, limit.length() - 2));
    }

    private static String flag(String printFlagsFinal, String name) {
        Matcher m = Pattern.compile("\\s" + name + "\\s+= (\\S+)").matcher(printFlagsFinal);
        assertTrue(m.find(), name + " in " + printFlagsFinal);
        return m.group(1);
    }
}
