// Known-answer vectors: the Standard Webhooks specification's published example; the X-Service ones computed with
// openssl for the same secret, timestamp and body (see sdk/java's WebhookVerifierTest for the commands).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { WebhookVerifier, WebhookVerificationError } from '../src/index.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TS = 1614265330;
const BODY = Buffer.from('{"test": 2432232314}', 'utf8');
const STANDARD = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const TIMESTAMPED = 't=1614265330,v1=2e37df5d4a028c51a7f3133d64ae1e300d2c2c900f1b1d49d4369ad2530f8964';
const BODY_ONLY = 'sha256=80ec8a89ce3cd22133a1066caecb4d04fea7467657c8514d717ec42c38a5c94c';
const STANDARD_HEADERS = { 'webhook-id': ID, 'webhook-timestamp': String(TS), 'webhook-signature': STANDARD };

const at = (seconds: number, secret = SECRET) => new WebhookVerifier(secret, { now: () => seconds * 1000 });
const reason = (f: () => void) => {
    try {
        f();
    } catch (e) {
        assert.ok(e instanceof WebhookVerificationError);
        return e.reason;
    }
    return assert.fail('expected a WebhookVerificationError');
};
const tampered = () => {
    const copy = Buffer.from(BODY);
    copy[copy.length - 2] = (copy[copy.length - 2] ?? 0) ^ 1;
    return copy;
};

test('the Standard Webhooks published example verifies', () => {
    at(TS).verify(BODY, STANDARD_HEADERS);
    at(TS).verify(BODY.toString('utf8'), new Headers(STANDARD_HEADERS));
});

test('the timestamped and body-only known answers verify', () => {
    at(TS).verify(BODY, { 'x-service-signature-timestamped': TIMESTAMPED });
    at(TS).verifyBodySignature(BODY, BODY_ONLY);
    at(TS).verifyBodySignature(BODY, `sha256=${'00'.repeat(32)},${BODY_ONLY}`);
    assert.equal(reason(() => at(TS).verifyBodySignature(tampered(), BODY_ONLY)), 'signature_mismatch');
    assert.equal(reason(() => at(TS).verifyBodySignature(BODY, undefined)), 'missing_signature');
});

test('a tampered body or another secret is a mismatch', () => {
    assert.equal(reason(() => at(TS).verify(tampered(), STANDARD_HEADERS)), 'signature_mismatch');
    const other = at(TS, `whsec_${'A'.repeat(43)}=`);
    assert.equal(other.isValid(BODY, STANDARD_HEADERS), false);
    assert.equal(other.isValid(BODY, { 'X-Service-Signature-Timestamped': TIMESTAMPED }), false);
});

test('the five-minute window holds in both directions', () => {
    const both = { ...STANDARD_HEADERS, 'X-Service-Signature-Timestamped': TIMESTAMPED };
    for (const skew of [-300, -299, 0, 299, 300]) assert.ok(at(TS + skew).isValid(BODY, both), `skew ${skew}`);
    for (const skew of [-301, 301, 3600]) {
        assert.equal(reason(() => at(TS + skew).verify(BODY, both)), 'timestamp_outside_tolerance', `skew ${skew}`);
        assert.equal(at(TS + skew).isValid(BODY, STANDARD_HEADERS), false);
        assert.equal(at(TS + skew).isValid(BODY, { 'x-service-signature-timestamped': TIMESTAMPED }), false);
    }
    assert.ok(new WebhookVerifier(SECRET, { now: () => (TS + 600) * 1000, toleranceSeconds: 600 }).isValid(BODY, both));
});

test('the Standard signature covers the id and the timestamp', () => {
    assert.equal(reason(() => at(TS).verify(BODY, { ...STANDARD_HEADERS, 'webhook-id': 'msg_other' })), 'signature_mismatch');
    assert.equal(reason(() => at(TS + 3600).verify(BODY, { ...STANDARD_HEADERS, 'webhook-timestamp': String(TS + 3600) })), 'signature_mismatch');
});

test('the body-only signature alone is not enough, and nothing is missing_signature', () => {
    assert.equal(reason(() => at(TS).verify(BODY, { 'x-service-signature': BODY_ONLY, 'x-service-timestamp': String(TS) })), 'missing_signature');
    assert.equal(reason(() => at(TS).verify(BODY, {})), 'missing_signature');
});

test('header names ignore case; Node header arrays and rotation lists are read', () => {
    assert.ok(at(TS).isValid(BODY, { 'WEBHOOK-ID': ID, 'Webhook-Timestamp': String(TS), 'webhook-SIGNATURE': STANDARD }));
    assert.ok(at(TS).isValid(BODY, { 'webhook-id': ID, 'webhook-timestamp': String(TS), 'webhook-signature': ['v1,AAAA', STANDARD] }));
    assert.ok(at(TS).isValid(BODY, { ...STANDARD_HEADERS, 'webhook-signature': `v1,${'A'.repeat(43)}= ${STANDARD}` }));
    assert.ok(at(TS).isValid(BODY, { 'x-service-signature-timestamped': TIMESTAMPED.replace('t=1614265330,', `t=1614265330,v1=${'ab'.repeat(32)},`) }));
});

test('malformed headers are refused with a reason, not a crash', () => {
    assert.equal(reason(() => at(TS).verify(BODY, { 'x-service-signature-timestamped': 't=soon,v1=00' })), 'malformed_header');
    assert.equal(reason(() => at(TS).verify(BODY, { 'x-service-signature-timestamped': 't=1,t=2,v1=00' })), 'malformed_header');
    assert.equal(reason(() => at(TS).verify(BODY, { 'webhook-id': ID, 'webhook-signature': STANDARD })), 'malformed_header');
    assert.equal(reason(() => at(TS).verify(BODY, { ...STANDARD_HEADERS, 'webhook-signature': 'v1,!!! v2,abc' })), 'signature_mismatch');
    assert.equal(reason(() => at(TS).verify(BODY, { 'x-service-signature-timestamped': 't=1614265330,v1=zz' })), 'signature_mismatch');
    assert.throws(() => new WebhookVerifier(''), TypeError);
});

test('constructEvent returns the verified body as an Event', () => {
    const body = '{"id":"evt_1","event":"session.created","createdAt":"2025-06-03T14:21:07Z","data":{"sessionId":"ses_1"}}';
    const key = Buffer.from(SECRET.slice(6), 'base64');
    const signature = `v1,${createHmac('sha256', key).update(`evt_1.${TS}.${body}`).digest('base64')}`;
    const event = at(TS).constructEvent(body, { 'webhook-id': 'evt_1', 'webhook-timestamp': String(TS), 'webhook-signature': signature });
    assert.equal(event.id, 'evt_1');
    assert.equal(event.event, 'session.created');
    assert.equal(event.data.sessionId, 'ses_1');
    assert.throws(() => at(TS).constructEvent(body, STANDARD_HEADERS), WebhookVerificationError);
});
