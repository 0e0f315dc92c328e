package com.assessments.common;

import java.security.SecureRandom;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Prefixed identifiers and secrets (ses_…, vst_…, service_sk_test_…): base62 text from a CSPRNG (request ids excepted:
 * see {@link #requestId}).
 */
public final class Ids {

    private static final char[] BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

    private Ids() {
    }

    /**
     * The generator, created on first use: a class of its own so that a native image initialises it at run time
     * (quarkus.native.additional-build-args lists it) rather than freezing a seeded instance into the image heap;
     * on the JVM the holder idiom costs nothing per call (no lock, no re-seeding).
     */
    static final class Rng {
        static final SecureRandom INSTANCE = new SecureRandom();

        private Rng() {
        }
    }

    /** An identifier: not secret, 16 random base62 characters (about 95 bits) after the prefix. */
    public static String id(String prefix) {
        return prefix + random(16);
    }

    /**
     * A request's id (req_…, 16 base62 characters): it names a request in logs and in the X-Request-Id answer and
     * grants nothing, so it need not be unpredictable. Drawn from {@link ThreadLocalRandom}, not the CSPRNG: every
     * request takes one, on the event loop, and SecureRandom's synchronised draw was 1.4 % of a get's CPU.
     */
    public static String requestId() {
        return "req_" + random(ThreadLocalRandom.current(), 16);
    }

    /** A bearer secret: 43 random base62 characters (about 256 bits) after the prefix. */
    public static String secret(String prefix) {
        return prefix + random(43);
    }

    static String random(int length) {
        return random(Rng.INSTANCE, length);
    }

    private static String random(Random source, int length) {
        // one draw of bytes per identifier, not one locked SecureRandom call per character (sessions, events and
        // deliveries each take one); bytes of 248 and above are dropped, so each of the 62 characters stays equally
        // likely
        char[] out = new char[length];
        byte[] bytes = new byte[length + 8];
        int filled = 0;
        while (filled < length) {
            source.nextBytes(bytes);
            for (int i = 0; i < bytes.length && filled < length; i++) {
                int value = bytes[i] & 0xFF;
                if (value < 248) {
                    out[filled++] = BASE62[value % 62];
                }
            }
        }
        return new String(out);
    }
}
