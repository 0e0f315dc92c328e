package com.assessments.common;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Digests for bearer secrets. The secrets have 256 bits of entropy, so a fast unsalted SHA-256 is enough
 * (no dictionary to attack) and lets a key be found by its digest through a unique index.
 */
public final class Hashing {

    private Hashing() {
    }

    public static byte[] sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    public static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always present", e);
        }
    }

    /** Constant-time comparison, so response timing tells nothing about how much of a secret matched. */
    public static boolean constantTimeEquals(byte[] a, byte[] b) {
        return MessageDigest.isEqual(a, b);
    }

    public static boolean constantTimeEquals(String a, String b) {
        return a != null && b != null && MessageDigest.isEqual(sha256(a), sha256(b));
    }
}
