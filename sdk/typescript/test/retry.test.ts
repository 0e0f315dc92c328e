import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRetryAfter, retryable, retryDelay, type RetryOptions } from '../src/retry.js';

const policy: RetryOptions = { maxRetries: 5, initialDelayMs: 400, maxDelayMs: 3000, maxRetryAfterMs: 30_000 };

test('backoff doubles with jitter up to the cap', () => {
    const full = [400, 800, 1600, 3000, 3000];
    full.forEach((ceiling, i) => {
        assert.equal(retryDelay(policy, i + 1, null, () => 0), ceiling / 2);
        assert.equal(retryDelay(policy, i + 1, null, () => 1), ceiling);
        const d = retryDelay(policy, i + 1, null) ?? -1;
        assert.ok(d >= ceiling / 2 && d <= ceiling, `retry ${i + 1}: ${d}`);
    });
});

test('Retry-After wins over backoff until it is too long', () => {
    assert.equal(retryDelay(policy, 1, '7'), 7000);
    assert.equal(retryDelay(policy, 3, '0'), 0);
    assert.equal(retryDelay(policy, 1, '31'), null);
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now), 10_000);
    assert.equal(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon'), null);
    assert.equal(retryDelay(policy, 1, 'soon', () => 1), 400, 'unreadable Retry-After falls back to backoff');
});

test('what is retried', () => {
    assert.ok(retryable(429, 'rate_limit_exceeded', false));
    assert.ok(retryable(503, 'service_unavailable', true));
    assert.ok(retryable(0, null, true));
    assert.ok(retryable(409, 'idempotency_in_progress', true));
    assert.ok(!retryable(500, 'internal_error', false));
    assert.ok(!retryable(0, null, false));
    assert.ok(!retryable(501, 'not_implemented', true));
    assert.ok(!retryable(400, 'validation_error', true));
    assert.ok(!retryable(409, 'idempotency_conflict', true));
});
