package com.assessments.webhook.delivery;

import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Verifies a webhook delivery on the receiving side (also the reference for the server SDK). Always verify the
 * raw request body bytes as received: re-serialized JSON does not verify. The service itself never verifies: this
 * lives with the tests, which receive deliveries as a customer would.
 *
 * <p>{@link #verify} checks a timestamped signature ({@code X-Service-Signature-Timestamped} or the Standard
 * Webhooks {@code webhook-signature}) and rejects timestamps more than {@link #TOLERANCE} away from the
 * receiver's clock, which bounds replays. Signatures are compared in constant time. A signature header may list
 * several signatures (secret rotation); one matching the given secret is enough.
 */
public final class WebhookVerifier {

    /** Accepted distance between a delivery's signed timestamp and the receiver's clock, in either direction. */
    public static final Duration TOLERANCE = Duration.ofMinutes(5);

    private static final Pattern TIMESTAMP = Pattern.compile("[0-9]{1,18}");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final HexFormat HEX = HexFormat.of();

    private WebhookVerifier() {
    }

    /**
     * True if the delivery is fresh and signed with {@code secret}: its signed timestamp is at most
     * {@link #TOLERANCE} away from {@code now} (either direction) and the {@code X-Service-Signature-Timestamped}
     * {@code v1} signature or the Standard Webhooks {@code webhook-signature} {@code v1} signature matches (any of
     * the listed ones). Header names are matched case-insensitively. The timestamp checked is always the one
     * covered by the signature ({@code t=} or {@code webhook-timestamp}), never an unsigned header.
     *
     * @param secret  the endpoint's {@code whsec_…} signing secret
     * @param headers the request headers (name to value)
     * @param body    the raw request body bytes
     * @param now     the receiver's clock
     * @throws IllegalArgumentException if {@code secret} is empty
     */
    public static boolean verify(String secret, Map<String, String> headers, byte[] body, Instant now) {
        Objects.requireNonNull(secret, "secret");
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(now, "now");
        if (secret.isEmpty()) {
            throw new IllegalArgumentException("the webhook secret is empty");
        }
        return verifyTimestamped(secret, header(headers, WebhookSigner.SIGNATURE_TIMESTAMPED), body, now)
                | verifyStandard(secret, header(headers, WebhookSigner.WEBHOOK_ID),
                header(headers, WebhookSigner.WEBHOOK_TIMESTAMP), header(headers, WebhookSigner.WEBHOOK_SIGNATURE), body, now);
    }

    /**
     * True if the GitHub-style {@code X-Service-Signature} value ({@code sha256=<hex>}, several separated by commas
     * during a secret rotation) holds an HMAC-SHA256 of {@code body} keyed with {@code secret}.
     *
     * <p><b>No replay protection:</b> this signature covers the body only, not a timestamp, so a captured delivery
     * can be re-sent later and still verify. Prefer {@link #verify}, or de-duplicate on {@code webhook-id}.
     *
     * @throws IllegalArgumentException if {@code secret} is empty
     */
    public static boolean verifyBodySignature(String secret, String xServiceSignature, byte[] body) {
        Objects.requireNonNull(secret, "secret");
        Objects.requireNonNull(body, "body");
        if (secret.isEmpty()) {
            throw new IllegalArgumentException("the webhook secret is empty");
        }
        if (xServiceSignature == null) {
            return false;
        }
        List<String> candidates = new ArrayList<>();
        for (String part : xServiceSignature.split(",")) {
            String p = part.trim();
            if (p.startsWith("sha256=")) {
                candidates.add(p.substring("sha256=".length()));
            }
        }
        return !candidates.isEmpty() && anyHexMatches(WebhookSigner.bodyMac(secret, body), candidates);
    }

    // ---- X-Service-Signature-Timestamped: t=<ts>,v1=<hex>[,v1=<hex>...] ----

    private static boolean verifyTimestamped(String secret, String value, byte[] body, Instant now) {
        if (value == null) {
            return false;
        }
        String ts = null;
        List<String> candidates = new ArrayList<>();
        for (String part : value.split(",")) {
            String p = part.trim();
            if (p.startsWith("t=")) {
                if (ts != null) {
                    return false; // two timestamps: ambiguous
                }
                ts = p.substring(2);
            } else if (p.startsWith("v1=")) {
                candidates.add(p.substring(3));
            }
            // other schemes (a future v2=...) are ignored
        }
        if (ts == null || candidates.isEmpty() || !fresh(ts, now)) {
            return false;
        }
        return anyHexMatches(WebhookSigner.timestampedMac(secret, ts, body), candidates);
    }

    // ---- Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature: v1,<b64>[ v1,<b64>...] ----

    private static boolean verifyStandard(String secret, String id, String ts, String value, byte[] body, Instant now) {
        if (id == null || ts == null || value == null || !fresh(ts.trim(), now)) {
            return false;
        }
        byte[] key;
        try {
            key = WebhookSigner.standardKey(secret);
        } catch (IllegalArgumentException e) {
            return false; // not a base64 secret: it cannot have made a Standard Webhooks signature
        }
        byte[] expected = WebhookSigner.standardMac(key, id, ts.trim(), body);
        boolean match = false;
        for (String entry : WHITESPACE.split(value.trim())) {
            if (!entry.startsWith("v1,")) {
                continue; // another version (v1a = asymmetric) is not ours
            }
            byte[] given;
            try {
                given = Base64.getDecoder().decode(entry.substring(3));
            } catch (IllegalArgumentException e) {
                continue;
            }
            match |= MessageDigest.isEqual(expected, given);
        }
        return match;
    }

    // ---- helpers ----

    private static boolean fresh(String ts, Instant now) {
        if (!TIMESTAMP.matcher(ts).matches()) {
            return false;
        }
        long seconds = Long.parseLong(ts);
        return Math.abs(now.getEpochSecond() - seconds) <= TOLERANCE.toSeconds();
    }

    private static boolean anyHexMatches(byte[] expected, List<String> candidates) {
        boolean match = false;
        for (String candidate : candidates) {
            byte[] given;
            try {
                given = HEX.parseHex(candidate);
            } catch (IllegalArgumentException e) {
                continue;
            }
            match |= MessageDigest.isEqual(expected, given);
        }
        return match;
    }

    /** The first value whose header name equals {@code name} ignoring case. */
    private static String header(Map<String, String> headers, String name) {
        String direct = headers.get(name);
        if (direct != null) {
            return direct;
        }
        for (Map.Entry<String, String> e : headers.entrySet()) {
            if (e.getKey() != null && e.getKey().equalsIgnoreCase(name) && e.getValue() != null) {
                return e.getValue();
            }
        }
        return null;
    }
}
