package com.assessments.webhook.delivery;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Signs webhook deliveries (see "Webhooks" in openapi.yaml). Every delivery carries three signature schemes
 * over the same raw body bytes:
 * <ul>
 *   <li>{@code X-Service-Signature: sha256=<hex HMAC-SHA256(secret string, body)>} (GitHub style, no replay protection);</li>
 *   <li>{@code X-Service-Timestamp: <unix seconds>} and
 *       {@code X-Service-Signature-Timestamped: t=<ts>,v1=<hex HMAC-SHA256(secret string, "<ts>." + body)>};</li>
 *   <li>Standard Webhooks: {@code webhook-id}, {@code webhook-timestamp} and
 *       {@code webhook-signature: v1,<base64 HMAC-SHA256(base64-decoded secret after "whsec_", "<id>.<ts>." + body)>}.</li>
 * </ul>
 * During a secret rotation overlap each signature header carries one signature per active secret, newest first.
 */
public final class WebhookSigner {

    public static final String SECRET_PREFIX = "whsec_";
    public static final String SIGNATURE = "X-Service-Signature";
    public static final String TIMESTAMP = "X-Service-Timestamp";
    public static final String SIGNATURE_TIMESTAMPED = "X-Service-Signature-Timestamped";
    public static final String WEBHOOK_ID = "webhook-id";
    public static final String WEBHOOK_TIMESTAMP = "webhook-timestamp";
    public static final String WEBHOOK_SIGNATURE = "webhook-signature";

    private static final int SECRET_BYTES = 32;
    private static final HexFormat HEX = HexFormat.of(); // lower case

    private WebhookSigner() {
    }

    /** Created on first use, at run time in a native image (see Ids.Rng and quarkus.native.additional-build-args). */
    static final class Rng {
        static final SecureRandom INSTANCE = new SecureRandom();

        private Rng() {
        }
    }

    /** A new signing secret: {@code "whsec_"} + base64 of 32 random bytes. */
    public static String newSecret() {
        byte[] key = new byte[SECRET_BYTES];
        Rng.INSTANCE.nextBytes(key);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
    }

    /** The headers of one claimed delivery: signed with its endpoint's secret, and the previous one during a rotation's overlap. */
    static Map<String, String> headers(com.assessments.common.SecretBox box, DeliveryQueue.Claimed c, java.time.Instant now, byte[] body) {
        List<String> secrets = new ArrayList<>();
        secrets.add(box.open(c.secret()));
        if (c.previousSecret() != null && c.previousSecretExpiresAt() != null && now.isBefore(c.previousSecretExpiresAt())) {
            secrets.add(box.open(c.previousSecret()));
        }
        return headers(secrets, c.eventId(), now.getEpochSecond(), body);
    }

    /**
     * The six signature headers of one delivery attempt, in a stable order.
     *
     * @param secrets   the active secrets, newest first (at least one)
     * @param eventId   the event id, sent as {@code webhook-id}
     * @param timestamp UNIX epoch seconds at which the attempt is signed
     * @param body      the exact bytes that will be sent as the request body
     */
    public static Map<String, String> headers(List<String> secrets, String eventId, long timestamp, byte[] body) {
        Objects.requireNonNull(secrets, "secrets");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(body, "body");
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("at least one secret is needed to sign a webhook");
        }
        String ts = Long.toString(timestamp);
        List<String> plain = new ArrayList<>(secrets.size());
        List<String> timestamped = new ArrayList<>(secrets.size());
        List<String> standard = new ArrayList<>(secrets.size());
        for (String secret : secrets) {
            plain.add("sha256=" + bodySignatureHex(secret, body));
            timestamped.add("v1=" + timestampedSignatureHex(secret, ts, body));
            standard.add("v1," + standardSignature(secret, eventId, ts, body));
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(SIGNATURE, String.join(",", plain));
        headers.put(TIMESTAMP, ts);
        headers.put(SIGNATURE_TIMESTAMPED, "t=" + ts + "," + String.join(",", timestamped));
        headers.put(WEBHOOK_ID, eventId);
        headers.put(WEBHOOK_TIMESTAMP, ts);
        headers.put(WEBHOOK_SIGNATURE, String.join(" ", standard));
        return headers;
    }

    // ---- the three MACs (shared with the receiving side's WebhookVerifier in the tests) ----

    /** Lower-case hex HMAC-SHA256 keyed with the UTF-8 bytes of the whole secret string, over the raw body. */
    static String bodySignatureHex(String secret, byte[] body) {
        return HEX.formatHex(bodyMac(secret, body));
    }

    static byte[] bodyMac(String secret, byte[] body) {
        return hmac(stringKey(secret), body);
    }

    /** Lower-case hex HMAC-SHA256 keyed with the secret string, over {@code "<ts>." + body}. */
    static String timestampedSignatureHex(String secret, String timestamp, byte[] body) {
        return HEX.formatHex(timestampedMac(secret, timestamp, body));
    }

    static byte[] timestampedMac(String secret, String timestamp, byte[] body) {
        return hmac(stringKey(secret), (timestamp + ".").getBytes(StandardCharsets.UTF_8), body);
    }

    /** Standard Webhooks: base64 HMAC-SHA256 keyed with the decoded secret, over {@code "<id>.<ts>." + body}. */
    static String standardSignature(String secret, String eventId, String timestamp, byte[] body) {
        return Base64.getEncoder().encodeToString(standardMac(standardKey(secret), eventId, timestamp, body));
    }

    static byte[] standardMac(byte[] key, String eventId, String timestamp, byte[] body) {
        return hmac(key, (eventId + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8), body);
    }

    /**
     * The Standard Webhooks key: the base64 part after {@code "whsec_"} decoded (like the svix and standardwebhooks
     * libraries, a secret without the prefix is decoded whole).
     *
     * @throws IllegalArgumentException if that part is not base64 or decodes to nothing
     */
    static byte[] standardKey(String secret) {
        Objects.requireNonNull(secret, "secret");
        String encoded = secret.startsWith(SECRET_PREFIX) ? secret.substring(SECRET_PREFIX.length()) : secret;
        byte[] key = Base64.getDecoder().decode(encoded);
        if (key.length == 0) {
            throw new IllegalArgumentException("the webhook secret has an empty key");
        }
        return key;
    }

    private static byte[] stringKey(String secret) {
        Objects.requireNonNull(secret, "secret");
        if (secret.isEmpty()) {
            throw new IllegalArgumentException("the webhook secret is empty");
        }
        return secret.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] hmac(byte[] key, byte[]... parts) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            for (byte[] part : parts) {
                mac.update(part);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
