package com.assessments.common;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Digests for bearer secrets. The secrets have 256 bits of entropy, so a fast unsalted SHA-256 is enough
 * (no dictionary to attack) and lets a key be found by its digest through a unique index.
 */
public final class Hashing {

    /** See {@link #newSha256()}. */
    private static volatile MessageDigest sha256Prototype;

    private Hashing() {
    }

    public static byte[] sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    public static byte[] sha256(byte[] bytes) {
        return newSha256().digest(bytes);
    }

    /**
     * A fresh SHA-256 digest, cloned from one looked up once: {@code MessageDigest.getInstance} searches the providers
     * and checks the algorithm's constraints on every call, 85 % of the key's hashing on each authenticated request
     * in a profile. The prototype is never updated, so concurrent clones read a constant state; it is made on first
     * use, at run time (a native image's heap does not freeze it).
     */
    private static MessageDigest newSha256() {
        MessageDigest prototype = sha256Prototype;
        if (prototype == null) {
            prototype = lookUpSha256();
            sha256Prototype = prototype; // a race makes two prototypes, both equally good
        }
        try {
            return (MessageDigest) prototype.clone();
        } catch (CloneNotSupportedException e) {
            return lookUpSha256(); // a provider whose digests cannot be cloned (none of the JDK's): look it up each time
        }
    }

    private static MessageDigest lookUpSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
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
