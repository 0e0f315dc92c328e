// The client against a real local HTTP server: retries, Retry-After, idempotency keys, typed errors, paging.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
    ApiConnectionError, ApiServerError, AssessmentsClient, AssessmentsError, AuthenticationError, ConflictError,
    InvalidRequestError, LicenseError, NotFoundError, PermissionError, RateLimitError,
} from '../src/index.js';

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: string }
type Answer = { status: number; body: string; headers?: Record<string, string> } | 'drop';

let server: Server | undefined;
const seen: Seen[] = [];
const slept: number[] = [];

afterEach(async () => {
    seen.length = 0;
    slept.length = 0;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
});

async function serve(answer: (req: Seen, index: number) => Answer): Promise<AssessmentsClient> {
    server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
            const s: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
            seen.push(s);
            const a = answer(s, seen.length - 1);
            if (a === 'drop') {
                req.socket.destroy();
                return;
            }
            res.writeHead(a.status, { 'Content-Type': 'application/json', 'X-Request-Id': `req_${seen.length}`, ...a.headers });
            res.end(a.body);
        });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return client(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`);
}

function client(baseUrl: string): AssessmentsClient {
    return new AssessmentsClient({
        apiKey: 'service_sk_test_abc', baseUrl,
        retry: { maxRetries: 2, initialDelayMs: 10, maxDelayMs: 40, maxRetryAfterMs: 5000 },
        sleep: async (ms) => {
            slept.push(ms);
            await new Promise((r) => setTimeout(r, ms));
        },
    });
}

const error = (status: number, code: string, headers?: Record<string, string>): Answer => ({
    status, headers,
    body: JSON.stringify({ error: { code, message: `scripted ${code}`, doc_url: `http://x/docs/errors#${code}`, details: { hint: 'h' } } }),
});
const ok = (body: unknown, status = 200): Answer => ({ status, body: JSON.stringify(body) });
const DETAIL = { id: 'ses_1', status: 'completed', results: null };
const DISC = { assessmentType: 'disc', candidate: { externalId: 'u1' } } as const;

test('sends the key and a user agent', async () => {
    const c = await serve(() => ok(DETAIL));
    assert.equal((await c.sessions.retrieve('ses_1')).status, 'completed');
    assert.equal(`${seen[0]?.method} ${seen[0]?.url}`, 'GET /api/v1/sessions/ses_1');
    assert.equal(seen[0]?.headers.authorization, 'Bearer service_sk_test_abc');
    assert.equal(seen[0]?.headers['user-agent'], 'assessments-node/0.1.0');
});

test('a 429 is retried after its Retry-After, even for a call that is not idempotent', async () => {
    const c = await serve((_, i) => (i === 0 ? error(429, 'rate_limit_exceeded', { 'Retry-After': '1' }) : ok({ id: 'we_1', secret: 'whsec_x' }, 201)));
    const started = Date.now();
    assert.equal((await c.webhookEndpoints.create({ url: 'https://example.com/h', events: ['session.completed'] })).id, 'we_1');
    assert.ok(Date.now() - started >= 1000);
    assert.deepEqual(slept, [1000]);
    assert.equal(seen.length, 2);
});

test('a Retry-After longer than the limit is not waited for', async () => {
    const c = await serve(() => error(429, 'rate_limit_exceeded', { 'Retry-After': '120' }));
    const e = await c.sessions.retrieve('ses_1').catch((x: unknown) => x);
    assert.ok(e instanceof RateLimitError);
    assert.equal(e.retryAfterMs, 120_000);
    assert.equal(seen.length, 1);
});

test('server errors of idempotent calls are retried with backoff, then thrown with status, code, request id, details', async () => {
    const c = await serve(() => error(500, 'internal_error'));
    const e = await c.sessions.retrieve('ses_1').catch((x: unknown) => x);
    assert.ok(e instanceof ApiServerError);
    assert.equal(seen.length, 3);
    assert.equal(slept.length, 2);
    slept.forEach((ms) => assert.ok(ms >= 5 && ms <= 40, `backoff ${ms}`));
    assert.equal(e.status, 500);
    assert.equal(e.code, 'internal_error');
    assert.equal(e.requestId, 'req_3');
    assert.deepEqual(e.details, { hint: 'h' });
});

test('create keeps one generated Idempotency-Key across its retries; a given one is sent as is', async () => {
    const c = await serve((_, i) => (i < 2 ? error(503, 'service_unavailable', { 'Retry-After': '0' }) : ok({ id: 'ses_1' }, 201)));
    assert.equal((await c.sessions.create(DISC)).id, 'ses_1');
    const key = seen[0]?.headers['idempotency-key'];
    assert.match(String(key), /^[0-9a-f-]{36}$/);
    seen.forEach((s) => assert.equal(s.headers['idempotency-key'], key));
    await c.sessions.submit('ses_1', { responses: [{ questionId: 'disc_01', response: 3 }] }, { idempotencyKey: 'mine-1' });
    assert.equal(seen[3]?.headers['idempotency-key'], 'mine-1');
    assert.match(seen[3]?.body ?? '', /"questionId":"disc_01"/);
});

test('a server error on a call that is not idempotent is not retried', async () => {
    const c = await serve(() => error(500, 'internal_error'));
    await assert.rejects(c.webhookEndpoints.create({ url: 'https://example.com/h', events: ['session.completed'] }), ApiServerError);
    assert.equal(seen.length, 1);
});

test('connection errors are retried, then thrown as ApiConnectionError', async () => {
    const c = await serve((_, i) => (i === 0 ? 'drop' : ok(DETAIL)));
    assert.equal((await c.sessions.retrieve('ses_1')).id, 'ses_1');
    assert.equal(seen.length, 2);
    const port = (server!.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const e = await client(`http://127.0.0.1:${port}`).sessions.retrieve('ses_1').catch((x: unknown) => x);
    assert.ok(e instanceof ApiConnectionError);
    assert.equal(e.status, 0);
});

test('errors are typed by code, then by status', async () => {
    const cases: [number, string, new (...a: never[]) => AssessmentsError][] = [
        [401, 'invalid_api_key', AuthenticationError], [403, 'insufficient_permissions', PermissionError],
        [403, 'assessment_not_enabled', PermissionError], [402, 'no_available_licenses', LicenseError],
        [400, 'validation_error', InvalidRequestError], [400, 'session_not_completed', InvalidRequestError],
        [404, 'session_not_found', NotFoundError], [409, 'session_already_completed', ConflictError],
        [409, 'idempotency_conflict', ConflictError], [410, 'session_expired', ConflictError],
        [501, 'not_implemented', ApiServerError],
        [404, 'brand_new_thing_not_found', NotFoundError], [403, 'brand_new_refusal', PermissionError],
        [422, 'brand_new_problem', InvalidRequestError],
    ];
    for (const [status, code, type] of cases) {
        const c = await serve(() => error(status, code));
        const e = await c.sessions.retrieve('ses_1').catch((x: unknown) => x);
        assert.ok(e instanceof type, `${code} -> ${String(e)}`);
        assert.equal(e.status, status);
        assert.equal(e.code, code);
        assert.equal(e.requestId, 'req_1');
        assert.match(e.message, new RegExp(`${code} \\(${status}\\): scripted`));
        await new Promise<void>((resolve) => server!.close(() => resolve()));
        server = undefined;
        seen.length = 0;
    }
    const c = await serve(() => ({ status: 418, body: '<html>teapot</html>' }));
    const e = await c.sessions.retrieve('ses_1').catch((x: unknown) => x);
    assert.ok(e instanceof InvalidRequestError);
    assert.equal(e.code, null);
    assert.equal(e.requestId, 'req_1');
});

test('auto-paging walks every page once, in order, lazily', async () => {
    const total = 45;
    const c = await serve((s) => {
        const q = new URL(s.url, 'http://x').searchParams;
        const offset = Number(q.get('offset') ?? 0);
        const limit = Number(q.get('limit') ?? 10);
        const data = [];
        for (let n = offset; n < Math.min(offset + limit, total); n++) data.push({ id: `ses_${n}` });
        return ok({ data, total, limit, offset });
    });
    const first = await c.sessions.list({ limit: 20, status: 'completed' });
    assert.equal(first.data.length, 20);
    assert.ok(first.hasMore());
    assert.equal(seen.length, 1);
    const ids: string[] = [];
    for await (const s of first) ids.push(s.id);
    assert.deepEqual(ids, Array.from({ length: total }, (_, n) => `ses_${n}`));
    assert.deepEqual(seen.map((s) => new URL(s.url, 'http://x').searchParams.get('offset')), ['0', '20', '40']);
    seen.forEach((s) => assert.match(s.url, /status=completed/));
    const last = await (await first.nextPage()).nextPage();
    assert.equal(last.hasMore(), false);
    await assert.rejects(last.nextPage(), RangeError);
    assert.equal((await first.toArray(30)).length, 30);
});

test('an empty list has no more pages', async () => {
    const c = await serve(() => ok({ data: [], total: 0, limit: 20, offset: 0 }));
    const page = await c.events.list();
    assert.equal(page.hasMore(), false);
    assert.deepEqual(await page.toArray(), []);
    assert.equal(seen.length, 1);
});

test('a publishable or missing key is refused at construction', () => {
    assert.throws(() => new AssessmentsClient({ apiKey: '' }), TypeError);
    assert.throws(() => new AssessmentsClient({ apiKey: 'service_pk_test_x' }), TypeError);
    assert.throws(() => new AssessmentsClient({ apiKey: 'k', baseUrl: 'ftp://x' }), TypeError);
});
