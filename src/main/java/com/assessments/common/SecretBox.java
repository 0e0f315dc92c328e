package com.assessments.common;

import jakarta.enterprise.context.ApplicationScoped;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Encrypts what must be stored but read back later (replayed responses holding a session token, webhook
 * signing secrets): AES-256-GCM with a random 96-bit nonce, stored as nonce || ciphertext+tag. The key
 * is ENCRYPTION_KEY (base64 of 32 bytes), from a Kubernetes Secret in production.
 */
@ApplicationScoped
public class SecretBox {

    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    // an instance field of the (run-time created) bean, never a static: a native image must not hold a seeded generator
    private final SecureRandom random = new SecureRandom();
    private final SecretKeySpec key;

    public SecretBox(AppConfig config) {
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(config.encryptionKey().trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("assessments.encryption-key (ENCRYPTION_KEY) must be base64", e);
        }
        if (raw.length != 32) {
            throw new IllegalStateException("assessments.encryption-key (ENCRYPTION_KEY) must be 32 bytes, base64-encoded");
        }
        this.key = new SecretKeySpec(raw, "AES");
    }

    public byte[] seal(String plaintext) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            random.nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.allocate(NONCE_BYTES + sealed.length).put(nonce).put(sealed).array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("encryption failed", e);
        }
    }

    public String open(byte[] box) {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, box, 0, NONCE_BYTES));
            return new String(cipher.doFinal(box, NONCE_BYTES, box.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("decryption failed (wrong ENCRYPTION_KEY?)", e);
        }
    }
}
