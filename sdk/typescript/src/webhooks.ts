// Verifies webhook deliveries: the timestamped X-Service signature or the Standard Webhooks headers, 5-minute window.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Event } from './types.js';

export type WebhookVerificationReason =
    /** No X-Service-Signature-Timestamped and no webhook-id/webhook-timestamp/webhook-signature headers. */
    | 'missing_signature'
    /** A signature header is present but unreadable. */
    | 'malformed_header'
    /** A signature matched, but its signed timestamp is outside the tolerance: a replay or a skewed clock. */
    | 'timestamp_outside_tolerance'
    /** No signature matches this secret and body (wrong secret, or a changed body: re-serialized JSON included). */
    | 'signature_mismatch';

/** A delivery failed verification: answer it 400 and do not act on it. */
export class WebhookVerificationError extends Error {
    constructor(readonly reason: WebhookVerificationReason, message: string) {
        super(message);
        this.name = 'WebhookVerificationError';
    }
}

/** Headers as Node's `req.headers` gives them, a fetch `Headers`, or a plain record. */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export interface WebhookVerifierOptions {
    /** Accepted distance between the signed timestamp and this receiver's clock, either direction. Default 300. */
    toleranceSeconds?: number;
    /** The receiver's clock in ms (tests). Default Date.now. */
    now?: () => number;
}

interface Outcome {
    accepted: boolean;
    failure: WebhookVerificationReason | null;
    message: string;
}

const ABSENT: Outcome = { accepted: false, failure: null, message: '' };
const SECONDS = /^[0-9]{1,18}$/;

/**
 * Verifies deliveries with an endpoint's signing secret (`whsec_...`). Pass the raw body bytes as received
 * (`express.raw()`, or the collected request stream): re-serialized JSON does not verify. Signatures are compared
 * in constant time; a header may list several (secret rotation) and one match is enough.
 */
export class WebhookVerifier {
    static readonly DEFAULT_TOLERANCE_SECONDS = 300;
    private readonly tolerance: number;
    private readonly now: () => number;

    constructor(private readonly secret: string, options: WebhookVerifierOptions = {}) {
        if (typeof secret !== 'string' || secret === '') {
            throw new TypeError("the webhook secret is empty: pass the endpoint's whsec_... secret");
        }
        this.tolerance = options.toleranceSeconds ?? WebhookVerifier.DEFAULT_TOLERANCE_SECONDS;
        this.now = options.now ?? Date.now;
    }

    /** Throws WebhookVerificationError (with `reason`) unless a fresh timestamped signature matches. */
    verify(rawBody: Uint8Array | string, headers: HeadersLike): void {
        const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
        const now = Math.floor(this.now() / 1000);
        const outcomes = [
            this.timestamped(header(headers, 'x-service-signature-timestamped'), body, now),
            this.standard(header(headers, 'webhook-id'), header(headers, 'webhook-timestamp'), header(headers, 'webhook-signature'), body, now),
        ];
        if (outcomes.some((o) => o.accepted)) return;
        // the most telling failure: a matching but stale signature, then a mismatch, then an unreadable header
        for (const reason of ['timestamp_outside_tolerance', 'signature_mismatch', 'malformed_header'] as const) {
            const o = outcomes.find((x) => x.failure === reason);
            if (o !== undefined) throw new WebhookVerificationError(reason, o.message);
        }
        throw new WebhookVerificationError('missing_signature', 'no X-Service-Signature-Timestamped and no '
            + 'webhook-id/webhook-timestamp/webhook-signature headers: is this a delivery of the assessment service?');
    }

    isValid(rawBody: Uint8Array | string, headers: HeadersLike): boolean {
        try {
            this.verify(rawBody, headers);
            return true;
        } catch (e) {
            if (e instanceof WebhookVerificationError) return false;
            throw e;
        }
    }

    /** Verifies the delivery, then parses its body as the Event it carries. */
    constructEvent(rawBody: Uint8Array | string, headers: HeadersLike): Event {
        this.verify(rawBody, headers);
        return JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8')) as Event;
    }

    /** Checks the body-only `X-Service-Signature` (`sha256=<hex>`). No replay protection: prefer verify(). */
    verifyBodySignature(rawBody: Uint8Array | string, xServiceSignature: string | null | undefined): void {
        if (xServiceSignature == null || xServiceSignature.trim() === '') {
            throw new WebhookVerificationError('missing_signature', 'no X-Service-Signature header');
        }
        const expected = hmac(Buffer.from(this.secret, 'utf8'), Buffer.from(rawBody));
        const candidates = xServiceSignature.split(',').map((p) => p.trim()).filter((p) => p.startsWith('sha256=')).map((p) => p.slice(7));
        if (!anyMatches(expected, candidates.map(fromHex))) {
            throw new WebhookVerificationError('signature_mismatch', 'X-Service-Signature does not match this secret and body');
        }
    }

    private timestamped(value: string | null, body: Buffer, now: number): Outcome {
        if (value === null) return ABSENT;
        let ts: string | null = null;
        const candidates: string[] = [];
        for (const part of value.split(',').map((p) => p.trim())) {
            if (part.startsWith('t=')) {
                if (ts !== null) return fail('malformed_header', 'X-Service-Signature-Timestamped has two timestamps');
                ts = part.slice(2);
            } else if (part.startsWith('v1=')) {
                candidates.push(part.slice(3)); // other schemes (a future v2=) are ignored
            }
        }
        if (ts === null || !SECONDS.test(ts) || candidates.length === 0) {
            return fail('malformed_header', 'X-Service-Signature-Timestamped is not t=<seconds>,v1=<hex>');
        }
        const expected = hmac(Buffer.from(this.secret, 'utf8'), Buffer.from(`${ts}.`, 'utf8'), body);
        return this.judge('X-Service-Signature-Timestamped', anyMatches(expected, candidates.map(fromHex)), Number(ts), now);
    }

    private standard(id: string | null, ts: string | null, value: string | null, body: Buffer, now: number): Outcome {
        if (id === null && ts === null && value === null) return ABSENT;
        if (id === null || ts === null || value === null || !SECONDS.test(ts.trim())) {
            return fail('malformed_header', 'incomplete Standard Webhooks headers: webhook-id, webhook-timestamp (seconds) and webhook-signature are all needed');
        }
        const encoded = this.secret.startsWith('whsec_') ? this.secret.slice(6) : this.secret;
        const key = Buffer.from(encoded, 'base64');
        if (key.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
            return fail('signature_mismatch', 'the secret is not whsec_<base64>, so it cannot verify webhook-signature');
        }
        const expected = hmac(key, Buffer.from(`${id}.${ts.trim()}.`, 'utf8'), body);
        const candidates = value.trim().split(/\s+/).filter((e) => e.startsWith('v1,')).map((e) => Buffer.from(e.slice(3), 'base64'));
        return this.judge('webhook-signature', anyMatches(expected, candidates), Number(ts.trim()), now);
    }

    private judge(name: string, match: boolean, signedAt: number, now: number): Outcome {
        if (!match) {
            return fail('signature_mismatch', `${name} does not match this secret and body (verify the raw body bytes, not re-serialized JSON)`);
        }
        const skew = now - signedAt;
        if (Math.abs(skew) > this.tolerance) {
            return fail('timestamp_outside_tolerance',
                `${name} was signed ${Math.abs(skew)} s ${skew > 0 ? 'ago' : 'in the future'}, outside the ${this.tolerance} s window`);
        }
        return { accepted: true, failure: null, message: '' };
    }
}

function fail(failure: WebhookVerificationReason, message: string): Outcome {
    return { accepted: false, failure, message };
}

function hmac(key: Buffer, ...parts: Buffer[]): Buffer {
    const mac = createHmac('sha256', key);
    for (const part of parts) mac.update(part);
    return mac.digest();
}

function fromHex(hex: string): Buffer {
    return /^(?:[0-9a-fA-F]{2})+$/.test(hex) ? Buffer.from(hex, 'hex') : Buffer.alloc(0);
}

/** Constant-time comparison against every candidate (no early exit on the first match). */
function anyMatches(expected: Buffer, candidates: Buffer[]): boolean {
    let match = false;
    for (const given of candidates) {
        match = (given.length === expected.length && timingSafeEqual(given, expected)) || match;
    }
    return match;
}

/** The header's value ignoring the name's case; several webhook-signature values are joined with spaces. */
function header(headers: HeadersLike, name: string): string | null {
    if (typeof (headers as Headers).get === 'function' && typeof (headers as Headers).has === 'function') {
        return (headers as Headers).get(name);
    }
    for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
        if (key.toLowerCase() !== name || value === undefined) continue;
        if (Array.isArray(value)) return value.length === 0 ? null : name === 'webhook-signature' ? value.join(' ') : value[0] ?? null;
        return value;
    }
    return null;
}
