package com.assessments.sdk.webhooks;

import com.assessments.sdk.webhooks.WebhookVerificationException.Reason;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Known-answer vectors: the Standard Webhooks one is the specification's published example; the two X-Service ones
 * were computed with openssl for the same secret, timestamp and body
 * ({@code printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$SECRET"}, and with the {@code "<ts>."} prefix).
 */
class WebhookVerifierTest {

    static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    static final long TS = 1614265330L;
    static final byte[] BODY = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
    static final String STANDARD = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
    static final String TIMESTAMPED = "t=1614265330,v1=2e37df5d4a028c51a7f3133d64ae1e300d2c2c900f1b1d49d4369ad2530f8964";
    static final String BODY_ONLY = "sha256=80ec8a89ce3cd22133a1066caecb4d04fea7467657c8514d717ec42c38a5c94c";

    static final Map<String, String> STANDARD_HEADERS = Map.of("webhook-id", ID, "webhook-timestamp", Long.toString(TS),
            "webhook-signature", STANDARD);

    static WebhookVerifier at(long epochSecond) {
        return new WebhookVerifier(SECRET).withClock(Clock.fixed(Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC));
    }

    @Test
    void standardWebhooksPublishedExampleVerifies() {
        assertDoesNotThrow(() -> at(TS).verify(BODY, STANDARD_HEADERS));
    }

    @Test
    void timestampedKnownAnswerVerifies() {
        assertDoesNotThrow(() -> at(TS).verify(BODY, Map.of("X-Service-Signature-Timestamped", TIMESTAMPED)));
    }

    @Test
    void bodySignatureKnownAnswerVerifiesAndRotationListsWork() throws Exception {
        at(TS).verifyBodySignature(BODY, BODY_ONLY);
        at(TS).verifyBodySignature(BODY, "sha256=" + "00".repeat(32) + "," + BODY_ONLY);
        var e = assertThrows(WebhookVerificationException.class, () -> at(TS).verifyBodySignature(tampered(), BODY_ONLY));
        assertEquals(Reason.SIGNATURE_MISMATCH, e.getReason());
        assertEquals(Reason.MISSING_SIGNATURE, assertThrows(WebhookVerificationException.class,
                () -> at(TS).verifyBodySignature(BODY, null)).getReason());
    }

    @Test
    void aTamperedBodyOrAnotherSecretIsAMismatch() {
        var e = assertThrows(WebhookVerificationException.class, () -> at(TS).verify(tampered(), STANDARD_HEADERS));
        assertEquals(Reason.SIGNATURE_MISMATCH, e.getReason());
        assertTrue(e.getMessage().contains("raw body"), e.getMessage());
        WebhookVerifier other = new WebhookVerifier("whsec_" + "A".repeat(43) + "=")
                .withClock(Clock.fixed(Instant.ofEpochSecond(TS), ZoneOffset.UTC));
        assertFalse(other.isValid(BODY, Map.of("X-Service-Signature-Timestamped", TIMESTAMPED)));
        assertFalse(other.isValid(BODY, STANDARD_HEADERS));
    }

    @Test
    void theFiveMinuteWindowHoldsInBothDirections() {
        assertEquals(Duration.ofMinutes(5), WebhookVerifier.DEFAULT_TOLERANCE);
        Map<String, String> both = new HashMap<>(STANDARD_HEADERS);
        both.put("X-Service-Signature-Timestamped", TIMESTAMPED);
        for (long skew : new long[] {-300, -299, 0, 299, 300}) {
            assertTrue(at(TS + skew).isValid(BODY, both), "skew " + skew);
        }
        for (long skew : new long[] {-301, 301, 3600}) {
            var e = assertThrows(WebhookVerificationException.class, () -> at(TS + skew).verify(BODY, both));
            assertEquals(Reason.TIMESTAMP_OUTSIDE_TOLERANCE, e.getReason(), "skew " + skew);
            assertFalse(at(TS + skew).isValid(BODY, Map.of("X-Service-Signature-Timestamped", TIMESTAMPED)));
            assertFalse(at(TS + skew).isValid(BODY, STANDARD_HEADERS));
        }
        assertTrue(at(TS + 600).withTolerance(Duration.ofMinutes(10)).isValid(BODY, both));
    }

    @Test
    void theStandardSignatureCoversTheIdAndTheTimestamp() {
        Map<String, String> otherId = new HashMap<>(STANDARD_HEADERS);
        otherId.put("webhook-id", "msg_other");
        assertEquals(Reason.SIGNATURE_MISMATCH, reason(at(TS), otherId));
        Map<String, String> refreshed = new HashMap<>(STANDARD_HEADERS);
        refreshed.put("webhook-timestamp", Long.toString(TS + 3600));
        assertEquals(Reason.SIGNATURE_MISMATCH, reason(at(TS + 3600), refreshed));
    }

    @Test
    void theBodyOnlySignatureAloneIsNotEnough() {
        assertEquals(Reason.MISSING_SIGNATURE, reason(at(TS), Map.of("X-Service-Signature", BODY_ONLY,
                "X-Service-Timestamp", Long.toString(TS))));
        assertEquals(Reason.MISSING_SIGNATURE, reason(at(TS), Map.of()));
    }

    @Test
    void headerNamesIgnoreCaseAndListValuesAreRead() {
        assertTrue(at(TS).isValid(BODY, Map.of("WEBHOOK-ID", ID, "Webhook-Timestamp", Long.toString(TS),
                "webhook-SIGNATURE", STANDARD)));
        // com.sun.net.httpserver and java.net.http give lists; a rotation may send two signature lines
        assertTrue(at(TS).isValid(BODY, Map.of("Webhook-id", List.of(ID), "Webhook-timestamp", List.of(Long.toString(TS)),
                "Webhook-signature", List.of("v1,AAAA", STANDARD))));
        assertTrue(at(TS).isValid(BODY, Map.of("x-service-signature-timestamped", List.of(TIMESTAMPED))));
    }

    @Test
    void rotationListsVerifyWithEitherSecret() {
        String rotated = "v1," + "A".repeat(43) + "= " + STANDARD;
        assertTrue(at(TS).isValid(BODY, Map.of("webhook-id", ID, "webhook-timestamp", Long.toString(TS), "webhook-signature", rotated)));
        String rotatedHex = TIMESTAMPED.replace("t=1614265330,", "t=1614265330,v1=" + "ab".repeat(32) + ",");
        assertTrue(at(TS).isValid(BODY, Map.of("X-Service-Signature-Timestamped", rotatedHex)));
    }

    @Test
    void malformedHeadersAreRefusedWithAReasonNotAnException() {
        assertEquals(Reason.MALFORMED_HEADER, reason(at(TS), Map.of("X-Service-Signature-Timestamped", "t=soon,v1=00")));
        assertEquals(Reason.MALFORMED_HEADER, reason(at(TS), Map.of("X-Service-Signature-Timestamped", "t=1,t=2,v1=00")));
        assertEquals(Reason.MALFORMED_HEADER, reason(at(TS), Map.of("webhook-id", ID, "webhook-signature", STANDARD)));
        assertEquals(Reason.SIGNATURE_MISMATCH, reason(at(TS), Map.of("webhook-id", ID, "webhook-timestamp",
                Long.toString(TS), "webhook-signature", "v1,!!! v2,abc")));
        assertEquals(Reason.SIGNATURE_MISMATCH, reason(at(TS), Map.of("X-Service-Signature-Timestamped", "t=1614265330,v1=zz")));
    }

    @Test
    void anEmptySecretIsRefusedAtOnce() {
        assertThrows(IllegalArgumentException.class, () -> new WebhookVerifier(""));
        assertThrows(IllegalArgumentException.class, () -> new WebhookVerifier(null));
    }

    @Test
    void constructEventReadsTheVerifiedBody() throws Exception {
        byte[] body = "{\"id\":\"evt_1\",\"event\":\"session.created\",\"createdAt\":\"2025-06-03T14:21:07Z\",\"data\":{\"sessionId\":\"ses_1\"}}"
                .getBytes(StandardCharsets.UTF_8);
        String signature = "v1," + java.util.Base64.getEncoder().encodeToString(standardMac("evt_1", TS, body));
        var event = at(TS).constructEvent(body, Map.of("webhook-id", "evt_1", "webhook-timestamp", Long.toString(TS),
                "webhook-signature", signature));
        assertEquals("evt_1", event.getId());
        assertEquals("session.created", event.getEvent().getValue());
        assertEquals("ses_1", event.getData().getSessionId());
        assertThrows(WebhookVerificationException.class, () -> at(TS).constructEvent(body, STANDARD_HEADERS));
    }

    // ---- helpers, independent of the code under test ----

    private static Reason reason(WebhookVerifier verifier, Map<String, ?> headers) {
        return assertThrows(WebhookVerificationException.class, () -> verifier.verify(BODY, headers)).getReason();
    }

    private static byte[] tampered() {
        byte[] copy = BODY.clone();
        copy[copy.length - 2] ^= 1;
        return copy;
    }

    private static byte[] standardMac(String id, long ts, byte[] body) throws Exception {
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(java.util.Base64.getDecoder().decode(SECRET.substring(6)), "HmacSHA256"));
        mac.update((id + "." + ts + ".").getBytes(StandardCharsets.UTF_8));
        return mac.doFinal(body);
    }
}
