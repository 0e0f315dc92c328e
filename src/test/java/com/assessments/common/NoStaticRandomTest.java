package com.assessments.common;

import com.assessments.support.AppProperties;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A native image initialises the application's classes at build time, so a static Random/SecureRandom would be
 * frozen, seed and all, into the image heap (the native build refuses it). This reads every compiled class of the
 * service (target/classes, with ASM: nothing is loaded or initialised) and fails on a static field whose type is
 * java.util.Random or a subclass (SecureRandom, ThreadLocalRandom, ...) or SplittableRandom. The one exception is
 * a holder class that the native build initialises at run time: it must be listed in --initialize-at-run-time of
 * quarkus.native.additional-build-args, which this test reads from application.properties.
 */
class NoStaticRandomTest {

    static final Path CLASSES = Path.of("target", "classes");

    record StaticField(String owner, String name, String type) {
        @Override
        public String toString() {
            return owner + "." + name + " : " + type;
        }
    }

    @Test
    void noStaticRandomOutsideRunTimeInitialisedHolders() throws IOException {
        Set<String> runTimeInit = runTimeInitialisedClasses();
        List<StaticField> found = staticRandomFields(CLASSES);
        List<StaticField> offending = found.stream().filter(f -> !runTimeInit.contains(f.owner())).toList();
        assertTrue(offending.isEmpty(), "static Random fields in classes initialised at image build time "
                + "(hold them in an instance field of a bean, or in a holder class listed in --initialize-at-run-time): "
                + offending);
        // the holders that do exist are exactly the listed ones, and each holds a SecureRandom
        Set<String> owners = new TreeSet<>();
        found.forEach(f -> owners.add(f.owner()));
        assertEquals(Set.of("com.assessments.common.Ids$Rng", "com.assessments.webhook.delivery.WebhookSigner$Rng"), owners);
        assertTrue(found.stream().allMatch(f -> f.type().equals(SecureRandom.class.getName())), found::toString);
    }

    @Test
    void everyRunTimeInitialisedClassExists() {
        for (String name : runTimeInitialisedClasses()) {
            assertTrue(Files.isRegularFile(CLASSES.resolve(name.replace('.', '/') + ".class")),
                    "--initialize-at-run-time names a class that is not compiled: " + name);
        }
    }

    /** The scanner itself: it sees a static SecureRandom, a static ThreadLocalRandom and a static SplittableRandom. */
    @Test
    void theScanFindsWhatItLooksFor() throws IOException {
        Path testClasses = Path.of("target", "test-classes");
        List<StaticField> found = staticRandomFields(testClasses).stream()
                .filter(f -> f.owner().equals(Planted.class.getName())).toList();
        assertEquals(Set.of("SECURE", "THREAD_LOCAL", "SPLITTABLE", "PLAIN"),
                Set.copyOf(found.stream().map(StaticField::name).toList()), found::toString);
        assertNotEquals(0, runTimeInitialisedClasses().size());
    }

    @SuppressWarnings("unused")
    static final class Planted {
        static final SecureRandom SECURE = null;
        static final java.util.concurrent.ThreadLocalRandom THREAD_LOCAL = null;
        static SplittableRandom SPLITTABLE;
        private static Random PLAIN;
        private final Random notStatic = null;
        static final String NOT_RANDOM = "x";
    }

    /** The classes of --initialize-at-run-time in quarkus.native.additional-build-args (as SmallRye reads the list). */
    static Set<String> runTimeInitialisedClasses() {
        Set<String> out = new TreeSet<>();
        List<String> args = AppProperties.under("prod").getOptionalValues("quarkus.native.additional-build-args", String.class)
                .orElse(List.of());
        for (String arg : args) {
            if (arg.startsWith("--initialize-at-run-time=")) {
                for (String c : arg.substring("--initialize-at-run-time=".length()).split(",")) {
                    if (!c.isBlank()) {
                        out.add(c.trim());
                    }
                }
            }
        }
        return out;
    }

    static List<StaticField> staticRandomFields(Path root) throws IOException {
        List<StaticField> out = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.toString().endsWith(".class")).toList();
        }
        assertTrue(files.size() > 50, "no compiled classes under " + root);
        for (Path file : files) {
            try (InputStream in = Files.newInputStream(file)) {
                new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
                    String owner;

                    @Override
                    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
                        owner = name.replace('/', '.');
                    }

                    @Override
                    public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
                        Type type = Type.getType(descriptor);
                        if ((access & Opcodes.ACC_STATIC) != 0 && type.getSort() == Type.OBJECT && isRandom(type.getClassName())) {
                            out.add(new StaticField(owner, name, type.getClassName()));
                        }
                        return null;
                    }
                }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            }
        }
        return out;
    }

    /** Whether the type is a Random (or SplittableRandom); a type this JVM cannot load is reported as one, to be safe. */
    static boolean isRandom(String className) {
        try {
            Class<?> c = Class.forName(className, false, NoStaticRandomTest.class.getClassLoader());
            return Random.class.isAssignableFrom(c) || SplittableRandom.class.isAssignableFrom(c);
        } catch (ClassNotFoundException | LinkageError e) {
            return className.contains("Random");
        }
    }
}
