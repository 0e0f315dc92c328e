package com.assessments.common;

import java.security.SecureRandom;

/** Prefixed identifiers and secrets (ses_…, vst_…, service_sk_test_…): base62 text from a CSPRNG. */
public final class Ids {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

    private Ids() {
    }

    /** An identifier: not secret, 16 random base62 characters (about 95 bits) after the prefix. */
    public static String id(String prefix) {
        return prefix + random(16);
    }

    /** A bearer secret: 43 random base62 characters (about 256 bits) after the prefix. */
    public static String secret(String prefix) {
        return prefix + random(43);
    }

    static String random(int length) {
        // one draw of bytes per identifier, not one locked SecureRandom call per character (every request names
        // itself with an id); bytes of 248 and above are dropped, so each of the 62 characters stays equally likely
        char[] out = new char[length];
        byte[] bytes = new byte[length + 8];
        int filled = 0;
        while (filled < length) {
            RANDOM.nextBytes(bytes);
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
