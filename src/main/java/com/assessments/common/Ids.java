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
        char[] out = new char[length];
        for (int i = 0; i < length; i++) {
            out[i] = BASE62[RANDOM.nextInt(BASE62.length)];
        }
        return new String(out);
    }
}
