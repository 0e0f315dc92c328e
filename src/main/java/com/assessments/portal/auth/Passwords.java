package com.assessments.portal.auth;

import com.assessments.portal.PortalConfig;
import jakarta.enterprise.context.ApplicationScoped;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Password hashing with Argon2id (Bouncy Castle's implementation), stored in the PHC string form
 * {@code $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>} so that a hash keeps the cost it was made with when the
 * configured cost changes. Verification compares in constant time. For unknown accounts {@link #burn} spends the
 * same work, so response times do not tell whether an email has an account.
 */
@ApplicationScoped
public class Passwords {

    private static final Base64.Encoder B64 = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getDecoder();
    private static final Pattern PHC = Pattern.compile(
            "\\$argon2id\\$v=19\\$m=(\\d{1,7}),t=(\\d{1,3}),p=(\\d{1,2})\\$([A-Za-z0-9+/]{16,64})\\$([A-Za-z0-9+/]{16,128})");
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;

    // an instance field of the (run-time created) bean, never a static: a native image must not hold a seeded generator
    private final SecureRandom random = new SecureRandom();
    private final PortalConfig.Argon2 cost;
    private final String dummyHash;

    public Passwords(PortalConfig config) {
        this.cost = config.argon2();
        this.dummyHash = hash("not a password of anyone " + random.nextLong());
    }

    public String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        byte[] out = derive(password, salt, cost.memoryKib(), cost.iterations(), cost.parallelism(), HASH_BYTES);
        return "$argon2id$v=19$m=" + cost.memoryKib() + ",t=" + cost.iterations() + ",p=" + cost.parallelism()
                + "$" + B64.encodeToString(salt) + "$" + B64.encodeToString(out);
    }

    /** Whether the password matches the stored hash; false for a null or unreadable hash (never an exception). */
    public boolean verify(String password, String stored) {
        if (password == null || stored == null) {
            burn(password);
            return false;
        }
        Matcher m = PHC.matcher(stored);
        if (!m.matches()) {
            burn(password);
            return false;
        }
        byte[] salt = B64D.decode(m.group(4));
        byte[] expected = B64D.decode(m.group(5));
        byte[] actual = derive(password, salt, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)), expected.length);
        return MessageDigest.isEqual(expected, actual);
    }

    /** Spends the work of one verification and finds nothing (for accounts that do not exist). */
    public void burn(String password) {
        verifyQuietly(password == null ? "" : password);
    }

    private void verifyQuietly(String password) {
        Matcher m = PHC.matcher(dummyHash);
        if (m.matches()) {
            derive(password, B64D.decode(m.group(4)), Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)), HASH_BYTES);
        }
    }

    private static byte[] derive(String password, byte[] salt, int memoryKib, int iterations, int parallelism, int length) {
        Argon2Parameters parameters = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB(memoryKib)
                .withIterations(iterations)
                .withParallelism(parallelism)
                .withSalt(salt)
                .build();
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(parameters);
        byte[] out = new byte[length];
        byte[] chars = password.getBytes(StandardCharsets.UTF_8);
        try {
            generator.generateBytes(chars, out);
        } finally {
            Arrays.fill(chars, (byte) 0);
        }
        return out;
    }
}
