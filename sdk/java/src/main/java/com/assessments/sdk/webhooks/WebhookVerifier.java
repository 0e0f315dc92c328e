package com.assessments.sdk.webhooks;

import com.assessments.sdk.internal.JSON;
import com.assessments.sdk.model.Event;
import com.assessments.sdk.webhooks.WebhookVerificationException.Reason;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Verifies webhook deliveries with an endpoint's signing secret ({@code whsec_...}). Always pass the raw request
 * body bytes as received: re-serialized JSON does not verify.
 *
 * <p>{@link #verify} accepts a delivery when a timestamped signature matches, either
 * {@code X-Service-Signature-Timestamped} ({@code t=<ts>,v1=<hex>}) or the Standard Webhooks headers
 * ({@code webhook-id}, {@code webhook-timestamp}, {@code webhook-signature}), and its signed timestamp is within
 * the tolerance (5 minutes) of this receiver's clock, which bounds replays. A header may list several signatures
 * (secret rotation): one matching is enough. Signatures are compared in constant time; header names ignore case.
 * {@link #verifyBodySignature} checks the body-only {@code X-Service-Signature}, which cannot bound replays.
 */
public final class WebhookVerifier {

    /** Accepted distance between a delivery's signed timestamp and the receiver's clock, either direction. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofMinutes(5);

    private static final String PREFIX = "whsec_";
    private static final Pattern SECONDS = Pattern.compile("[0-9]{1,18}");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final HexFormat HEX = HexFormat.of();

    private final String secret;
    private final Duration tolerance;
    private final Clock clock;

    /** @throws IllegalArgumentException if the secret is null or empty */
    public WebhookVerifier(String secret) {
        this(secret, DEFAULT_TOLERANCE, Clock.systemUTC());
    }

    private WebhookVerifier(String secret, Duration tolerance, Clock clock) {
        if (secret == null || secret.isEmpty()) {
            throw new IllegalArgumentException("the webhook secret is empty: pass the endpoint's whsec_... secret");
        }
        this.secret = secret;
        this.tolerance = Objects.requireNonNull(tolerance, "tolerance");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The same verifier with another replay window. */
    public WebhookVerifier withTolerance(Duration value) {
        return new WebhookVerifier(secret, value, clock);
    }

    /** The same verifier reading another clock (tests, or a receiver with its own time source). */
    public WebhookVerifier withClock(Clock value) {
        return new WebhookVerifier(secret, tolerance, value);
    }

    /**
     * Verifies a delivery.
     *
     * @param rawBody the request body bytes exactly as received
     * @param headers the request headers; values are strings or lists of strings (the first is used, except that
     *                several {@code webhook-signature} lines are joined)
     * @throws WebhookVerificationException when the delivery must be refused, with the reason
     */
    public void verify(byte[] rawBody, Map<String, ?> headers) throws WebhookVerificationException {
        Objects.requireNonNull(rawBody, "rawBody");
        Objects.requireNonNull(headers, "headers");
        long now = clock.instant().getEpochSecond();
        Outcome timestamped = timestamped(header(headers, "X-Service-Signature-Timestamped"), rawBody, now);
        Outcome standard = standard(header(headers, "webhook-id"), header(headers, "webhook-timestamp"),
                header(headers, "webhook-signature"), rawBody, now);
        if (timestamped.accepted() || standard.accepted()) {
            return;
        }
        // the most telling failure: a matching but stale signature, then a mismatch, then an unreadable header
        for (Reason reason : List.of(Reason.TIMESTAMP_OUTSIDE_TOLERANCE, Reason.SIGNATURE_MISMATCH, Reason.MALFORMED_HEADER)) {
            for (Outcome o : List.of(timestamped, standard)) {
                if (o.failure == reason) {
                    throw new WebhookVerificationException(reason, o.message);
                }
            }
        }
        throw new WebhookVerificationException(Reason.MISSING_SIGNATURE, "no X-Service-Signature-Timestamped and no "
                + "webhook-id/webhook-timestamp/webhook-signature headers: is this a delivery of the assessment service?");
    }

    /** {@link #verify} as a boolean, for receivers that only need yes or no. */
    public boolean isValid(byte[] rawBody, Map<String, ?> headers) {
        try {
            verify(rawBody, headers);
            return true;
        } catch (WebhookVerificationException e) {
            return false;
        }
    }

    /** Verifies the delivery, then reads its body as the {@link Event} it carries. */
    public Event constructEvent(byte[] rawBody, Map<String, ?> headers) throws WebhookVerificationException {
        verify(rawBody, headers);
        try {
            return JSON.getDefault().getMapper().readValue(rawBody, Event.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("a verified delivery whose body is not an Event: " + e.getMessage(), e);
        }
    }

    /**
     * Checks the GitHub-style {@code X-Service-Signature} ({@code sha256=<hex>}, several separated by commas during a
     * rotation) over the raw body. <b>No replay protection</b>: it covers no timestamp, so prefer {@link #verify}.
     */
    public void verifyBodySignature(byte[] rawBody, String xServiceSignature) throws WebhookVerificationException {
        Objects.requireNonNull(rawBody, "rawBody");
        if (xServiceSignature == null || xServiceSignature.isBlank()) {
            throw new WebhookVerificationException(Reason.MISSING_SIGNATURE, "no X-Service-Signature header");
        }
        List<String> candidates = new ArrayList<>();
        for (String part : xServiceSignature.split(",")) {
            if (part.trim().startsWith("sha256=")) {
                candidates.add(part.trim().substring("sha256=".length()));
            }
        }
        if (!anyHexMatches(hmac(secret.getBytes(StandardCharsets.UTF_8), rawBody), candidates)) {
            throw new WebhookVerificationException(Reason.SIGNATURE_MISMATCH, "X-Service-Signature does not match this secret and body");
        }
    }

    // ---- the two timestamped schemes ----

    /** The result of one scheme: accepted, or the reason it failed (null failure and not accepted: absent). */
    private record Outcome(boolean accepted, Reason failure, String message) {
        static final Outcome ABSENT = new Outcome(false, null, null);
    }

    private Outcome timestamped(String value, byte[] body, long now) {
        if (value == null) {
            return Outcome.ABSENT;
        }
        String ts = null;
        List<String> candidates = new ArrayList<>();
        for (String part : value.split(",")) {
            String p = part.trim();
            if (p.startsWith("t=")) {
                if (ts != null) {
                    return new Outcome(false, Reason.MALFORMED_HEADER, "X-Service-Signature-Timestamped has two timestamps");
                }
                ts = p.substring(2);
            } else if (p.startsWith("v1=")) {
                candidates.add(p.substring(3)); // other schemes (a future v2=) are ignored
            }
        }
        if (ts == null || !SECONDS.matcher(ts).matches() || candidates.isEmpty()) {
            return new Outcome(false, Reason.MALFORMED_HEADER, "X-Service-Signature-Timestamped is not t=<seconds>,v1=<hex>");
        }
        boolean match = anyHexMatches(hmac(secret.getBytes(StandardCharsets.UTF_8), (ts + ".").getBytes(StandardCharsets.UTF_8), body), candidates);
        return judge("X-Service-Signature-Timestamped", match, Long.parseLong(ts), now);
    }

    private Outcome standard(String id, String ts, String value, byte[] body, long now) {
        if (id == null && ts == null && value == null) {
            return Outcome.ABSENT;
        }
        if (id == null || ts == null || value == null || !SECONDS.matcher(ts.trim()).matches()) {
            return new Outcome(false, Reason.MALFORMED_HEADER, "incomplete Standard Webhooks headers: webhook-id, "
                    + "webhook-timestamp (seconds) and webhook-signature are all needed");
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(secret.startsWith(PREFIX) ? secret.substring(PREFIX.length()) : secret);
        } catch (IllegalArgumentException e) {
            return new Outcome(false, Reason.SIGNATURE_MISMATCH, "the secret is not whsec_<base64>, so it cannot verify webhook-signature");
        }
        if (key.length == 0) {
            return new Outcome(false, Reason.SIGNATURE_MISMATCH, "the secret has an empty key");
        }
        byte[] expected = hmac(key, (id + "." + ts.trim() + ".").getBytes(StandardCharsets.UTF_8), body);
        boolean match = false;
        for (String entry : WHITESPACE.split(value.trim())) {
            if (!entry.startsWith("v1,")) {
                continue; // another version (v1a = asymmetric) is not ours
            }
            try {
                match |= MessageDigest.isEqual(expected, Base64.getDecoder().decode(entry.substring(3)));
            } catch (IllegalArgumentException notBase64) {
                // an unreadable entry matches nothing
            }
        }
        return judge("webhook-signature", match, Long.parseLong(ts.trim()), now);
    }

    private Outcome judge(String header, boolean match, long signedAt, long now) {
        if (!match) {
            return new Outcome(false, Reason.SIGNATURE_MISMATCH, header + " does not match this secret and body "
                    + "(verify the raw body bytes, not re-serialized JSON)");
        }
        long skew = now - signedAt;
        if (Math.abs(skew) > tolerance.toSeconds()) {
            return new Outcome(false, Reason.TIMESTAMP_OUTSIDE_TOLERANCE, header + " was signed " + Math.abs(skew) + " s "
                    + (skew > 0 ? "ago" : "in the future") + ", outside the " + tolerance.toSeconds() + " s window");
        }
        return new Outcome(true, null, null);
    }

    // ---- helpers ----

    private static boolean anyHexMatches(byte[] expected, List<String> candidates) {
        boolean match = false;
        for (String candidate : candidates) {
            try {
                match |= MessageDigest.isEqual(expected, HEX.parseHex(candidate));
            } catch (IllegalArgumentException notHex) {
                // an unreadable candidate matches nothing
            }
        }
        return match;
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

    /** The header's value ignoring the name's case; of a list, the first (webhook-signature: all, space-joined). */
    private static String header(Map<String, ?> headers, String name) {
        for (Map.Entry<String, ?> e : headers.entrySet()) {
            if (e.getKey() == null || !e.getKey().equalsIgnoreCase(name) || e.getValue() == null) {
                continue;
            }
            Object v = e.getValue();
            if (v instanceof List<?> list) {
                if (list.isEmpty()) {
                    continue;
                }
                return name.equals("webhook-signature") ? String.join(" ", list.stream().map(String::valueOf).toList())
                        : String.valueOf(list.get(0));
            }
            return String.valueOf(v);
        }
        return null;
    }
}
