package com.assessments.webhook.delivery;

import com.assessments.sdk.webhooks.WebhookVerificationException;
import com.assessments.sdk.webhooks.WebhookVerifier;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plain unit tests of the webhook signature headers, checked with the receiving side's verifier, the Java server SDK's
 * {@link WebhookVerifier} (sdk/java), as a customer would (no Quarkus, no network).
 */
class WebhookSignerTest {

    // Official example of the Standard Webhooks specification / svix libraries.
    private static final String SW_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String SW_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final long SW_TS = 1614265330L;
    private static final byte[] SW_BODY = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
    private static final String SW_EXPECTED = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

    private static final long TS = 1_750_000_000L;
    private static final Instant AT_TS = Instant.ofEpochSecond(TS);
    private static final byte[] BODY = "{\"id\":\"evt_123\",\"type\":\"session.completed\",\"name\":\"Zoë\"}"
            .getBytes(StandardCharsets.UTF_8);

    @Test
    void standardWebhooksKnownAnswer() {
        Map<String, String> h = WebhookSigner.headers(List.of(SW_SECRET), SW_ID, SW_TS, SW_BODY);
        assertEquals(SW_EXPECTED, h.get("webhook-signature"));
        assertEquals(SW_ID, h.get("webhook-id"));
        assertEquals("1614265330", h.get("webhook-timestamp"));
        assertTrue(verifies(SW_SECRET, Map.of("webhook-id", SW_ID, "webhook-timestamp", "1614265330",
                "webhook-signature", SW_EXPECTED), SW_BODY, Instant.ofEpochSecond(SW_TS)));
    }

    @Test
    void newSecretIsWhsecAndBase64Of32RandomBytes() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            String s = WebhookSigner.newSecret();
            assertTrue(s.startsWith("whsec_"), s);
            assertEquals(32, Base64.getDecoder().decode(s.substring(6)).length);
            assertTrue(seen.add(s), "secrets repeat");
        }
    }

    @Test
    void headersAreTheSixDocumentedOnesInOrder() {
        String secret = WebhookSigner.newSecret();
        Map<String, String> h = WebhookSigner.headers(List.of(secret), "evt_123", TS, BODY);
        assertEquals(List.of("X-Service-Signature", "X-Service-Timestamp", "X-Service-Signature-Timestamped",
                "webhook-id", "webhook-timestamp", "webhook-signature"), List.copyOf(h.keySet()));
        assertEquals(Long.toString(TS), h.get("X-Service-Timestamp"));
        assertEquals(Long.toString(TS), h.get("webhook-timestamp"));
        assertEquals("evt_123", h.get("webhook-id"));
        assertTrue(h.get("X-Service-Signature").matches("sha256=[0-9a-f]{64}"), h.get("X-Service-Signature"));
        assertTrue(h.get("X-Service-Signature-Timestamped").matches("t=" + TS + ",v1=[0-9a-f]{64}"));
        assertTrue(h.get("webhook-signature").matches("v1,[A-Za-z0-9+/]{43}="));
    }

    @Test
    void githubStyleSignatureIsHmacOfRawBodyWithTheWholeSecretString() throws Exception {
        String secret = WebhookSigner.newSecret();
        Map<String, String> h = WebhookSigner.headers(List.of(secret), "evt_123", TS, BODY);
        // what a GitHub-style receiver does: HMAC-SHA256 keyed with the secret string as given, over the raw body
        assertEquals("sha256=" + hmacHex(secret.getBytes(StandardCharsets.UTF_8), BODY), h.get("X-Service-Signature"));
        assertTrue(bodyVerifies(secret, h.get("X-Service-Signature"), BODY));
        assertFalse(bodyVerifies(secret, h.get("X-Service-Signature"), tampered(BODY)));
        assertFalse(bodyVerifies(WebhookSigner.newSecret(), h.get("X-Service-Signature"), BODY));
        assertFalse(bodyVerifies(secret, null, BODY));
        assertFalse(bodyVerifies(secret, "sha256=nothex", BODY));
    }

    @Test
    void timestampedSignatureIsHmacOfTimestampDotBody() throws Exception {
        String secret = WebhookSigner.newSecret();
        Map<String, String> h = WebhookSigner.headers(List.of(secret), "evt_123", TS, BODY);
        byte[] signed = concat((TS + ".").getBytes(StandardCharsets.UTF_8), BODY);
        assertEquals("t=" + TS + ",v1=" + hmacHex(secret.getBytes(StandardCharsets.UTF_8), signed),
                h.get("X-Service-Signature-Timestamped"));
    }

    @Test
    void verifyAcceptsAFreshSignature() {
        String secret = WebhookSigner.newSecret();
        Map<String, String> h = WebhookSigner.headers(List.of(secret), "evt_123", TS, BODY);
        assertTrue(verifies(secret, h, BODY, AT_TS));
        assertTrue(verifies(secret, h, BODY, AT_TS.plusMillis(999)));
    }

    @Test
    void verifyRejectsATamperedBody() {
        String secret = WebhookSigner.newSecret();
        Map<String, String> h = WebhookSigner.headers(List.of(secret), "evt_123", TS, BODY);
        assertFalse(verifies(secret, h, tampered(BODY), AT_TS));
        assertFalse(verifies(secret, h, new byte[0], AT_TS));
    }

    @Test
    void verifyRejectsAWrongSecret() {
        String secret = WebhookSigner.newSecret();
        Map<String, String> h = WebhookSigner.headers(List.of(secret), "evt_123", TS, BODY);
        assertFalse(verifies(WebhookSigner.newSecret(), h, BODY, AT_TS));
    }

    @Test
    void verifyAppliesTheFiveMinuteWindowInBothDirections() {
        assertEquals(300, WebhookVerifier.DEFAULT_TOLERANCE.toSeconds());
        String secret = WebhookSigner.newSecret();
        Map<String, String> h = WebhookSigner.headers(List.of(secret), "evt_123", TS, BODY);
        // signed 301 s before the receiver's clock / 301 s after it
        assertFalse(verifies(secret, h, BODY, AT_TS.plusSeconds(301)));
        assertFalse(verifies(secret, h, BODY, AT_TS.minusSeconds(301)));
        assertTrue(verifies(secret, h, BODY, AT_TS.plusSeconds(299)));
        assertTrue(verifies(secret, h, BODY, AT_TS.minusSeconds(299)));
        assertTrue(verifies(secret, h, BODY, AT_TS.plusSeconds(300)));
        assertTrue(verifies(secret, h, BODY, AT_TS.minusSeconds(300)));
        // the same holds for each scheme alone
        assertFalse(verifies(secret, only(h, "X-Service-Signature-Timestamped"), BODY, AT_TS.plusSeconds(301)));
        assertFalse(verifies(secret, only(h, "webhook-id", "webhook-timestamp", "webhook-signature"),
                BODY, AT_TS.minusSeconds(301)));
    }

    @Test
    void anUnsignedTimestampHeaderCannotRefreshAnOldDelivery() {
        String secret = WebhookSigner.newSecret();
        Map<String, String> h = new LinkedHashMap<>(WebhookSigner.headers(List.of(secret), "evt_123", TS, BODY));
        Instant later = AT_TS.plusSeconds(3600);
        h.put("X-Service-Timestamp", Long.toString(later.getEpochSecond()));
        assertFalse(verifies(secret, h, BODY, later));
        // rewriting the signed timestamps breaks the signatures
        h.put("webhook-timestamp", Long.toString(later.getEpochSecond()));
        h.put("X-Service-Signature-Timestamped",
                h.get("X-Service-Signature-Timestamped").replace("t=" + TS, "t=" + later.getEpochSecond()));
        assertFalse(verifies(secret, h, BODY, later));
    }

    @Test
    void eachTimestampedSchemeSufficesAndTheBodyOnlyOneDoesNot() {
        String secret = WebhookSigner.newSecret();
        Map<String, String> h = WebhookSigner.headers(List.of(secret), "evt_123", TS, BODY);
        assertTrue(verifies(secret, only(h, "X-Service-Signature-Timestamped"), BODY, AT_TS));
        assertTrue(verifies(secret, only(h, "webhook-id", "webhook-timestamp", "webhook-signature"), BODY, AT_TS));
        assertFalse(verifies(secret, only(h, "X-Service-Signature", "X-Service-Timestamp"), BODY, AT_TS));
        assertFalse(verifies(secret, Map.of(), BODY, AT_TS));
        // the Standard Webhooks signature covers the id
        Map<String, String> otherId = new HashMap<>(only(h, "webhook-id", "webhook-timestamp", "webhook-signature"));
        otherId.put("webhook-id", "evt_456");
        assertFalse(verifies(secret, otherId, BODY, AT_TS));
    }

    @Test
    void headerNamesAreMatchedIgnoringCase() {
        String secret = WebhookSigner.newSecret();
        Map<String, String> h = WebhookSigner.headers(List.of(secret), "evt_123", TS, BODY);
        Map<String, String> lower = new HashMap<>();
        Map<String, String> upper = new HashMap<>();
        h.forEach((k, v) -> {
            lower.put(k.toLowerCase(Locale.ROOT), v);
            upper.put(k.toUpperCase(Locale.ROOT), v);
        });
        assertTrue(verifies(secret, lower, BODY, AT_TS));
        assertTrue(verifies(secret, only(upper, "X-SERVICE-SIGNATURE-TIMESTAMPED"), BODY, AT_TS));
        assertTrue(verifies(secret, only(upper, "WEBHOOK-ID", "WEBHOOK-TIMESTAMP", "WEBHOOK-SIGNATURE"), BODY, AT_TS));
    }

    @Test
    void rotationSignsWithEverySecretNewestFirstAndEitherVerifies() throws Exception {
        String newer = WebhookSigner.newSecret();
        String older = WebhookSigner.newSecret();
        Map<String, String> h = WebhookSigner.headers(List.of(newer, older), "evt_123", TS, BODY);
        assertEquals("sha256=" + hmacHex(newer.getBytes(StandardCharsets.UTF_8), BODY)
                + ",sha256=" + hmacHex(older.getBytes(StandardCharsets.UTF_8), BODY), h.get("X-Service-Signature"));
        assertTrue(h.get("X-Service-Signature-Timestamped").matches("t=" + TS + ",v1=[0-9a-f]{64},v1=[0-9a-f]{64}"));
        assertTrue(h.get("webhook-signature").matches("v1,\\S{44} v1,\\S{44}"));
        Map<String, String> newerOnly = WebhookSigner.headers(List.of(newer), "evt_123", TS, BODY);
        Map<String, String> olderOnly = WebhookSigner.headers(List.of(older), "evt_123", TS, BODY);
        assertEquals(newerOnly.get("webhook-signature") + " " + olderOnly.get("webhook-signature"), h.get("webhook-signature"));

        for (String secret : List.of(newer, older)) {
            assertTrue(verifies(secret, h, BODY, AT_TS));
            assertTrue(verifies(secret, only(h, "X-Service-Signature-Timestamped"), BODY, AT_TS));
            assertTrue(verifies(secret, only(h, "webhook-id", "webhook-timestamp", "webhook-signature"), BODY, AT_TS));
            assertTrue(bodyVerifies(secret, h.get("X-Service-Signature"), BODY));
        }
        assertFalse(verifies(WebhookSigner.newSecret(), h, BODY, AT_TS));
        assertFalse(bodyVerifies(WebhookSigner.newSecret(), h.get("X-Service-Signature"), BODY));
    }

    @Test
    void malformedSignatureHeadersAreRejectedNotThrown() {
        String secret = WebhookSigner.newSecret();
        Map<String, String> bad = Map.of(
                "X-Service-Signature-Timestamped", "t=" + TS + ",v1=zz,v1=",
                "webhook-id", "evt_123", "webhook-timestamp", "soon", "webhook-signature", "v1,!!! v2,abc");
        assertFalse(verifies(secret, bad, BODY, AT_TS));
        assertFalse(verifies(secret, Map.of("X-Service-Signature-Timestamped", "t=-5,v1=00"), BODY, AT_TS));
        assertThrows(IllegalArgumentException.class, () -> WebhookSigner.headers(List.of(), "evt_1", TS, BODY));
    }

    // ---- helpers (independent of the code under test) ----

    /** The SDK's verdict on a delivery received at {@code now}. */
    private static boolean verifies(String secret, Map<String, String> headers, byte[] body, Instant now) {
        return new WebhookVerifier(secret).withClock(Clock.fixed(now, ZoneOffset.UTC)).isValid(body, headers);
    }

    private static boolean bodyVerifies(String secret, String xServiceSignature, byte[] body) {
        try {
            new WebhookVerifier(secret).verifyBodySignature(body, xServiceSignature);
            return true;
        } catch (WebhookVerificationException e) {
            return false;
        }
    }

    private static String hmacHex(byte[] key, byte[] data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        StringBuilder hex = new StringBuilder();
        for (byte b : mac.doFinal(data)) {
            hex.append(String.format("%02x", b));
        }
        return hex.toString();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static byte[] tampered(byte[] body) {
        byte[] copy = body.clone();
        copy[copy.length - 2] ^= 1;
        return copy;
    }

    private static Map<String, String> only(Map<String, String> headers, String... names) {
        Map<String, String> out = new HashMap<>();
        for (String n : names) {
            out.put(n, headers.get(n));
        }
        return out;
    }
}
