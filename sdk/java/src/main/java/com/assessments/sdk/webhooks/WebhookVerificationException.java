package com.assessments.sdk.webhooks;

/** A webhook delivery failed verification: answer it 400 and do not act on it. {@link #getReason()} says why. */
public class WebhookVerificationException extends Exception {

    /** Why a delivery was refused. */
    public enum Reason {
        /** No signature this verifier can check (neither the timestamped one nor the Standard Webhooks headers). */
        MISSING_SIGNATURE,
        /** A signature header is present but unreadable (a timestamp that is not a number, say). */
        MALFORMED_HEADER,
        /** A signature matched, but its signed timestamp is outside the tolerance: a replay or a skewed clock. */
        TIMESTAMP_OUTSIDE_TOLERANCE,
        /** No signature matches this secret and body: wrong secret, or a body changed (re-serialized JSON included). */
        SIGNATURE_MISMATCH
    }

    private final Reason reason;

    public WebhookVerificationException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason getReason() {
        return reason;
    }
}
