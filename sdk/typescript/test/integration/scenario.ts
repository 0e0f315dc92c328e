// The SDK against a running service, as a customer's server uses it. Usage: node scenario.js <base URL> <test secret key>.
// Starts a local webhook receiver, then: webhook endpoint, create, get, list with paging, submit (test mode), results,
// PDF bytes, typed errors, and the session.completed delivery verified with WebhookVerifier. Prints one JSON line
// with what it saw; the service's TypeScriptSdkScenarioTest checks it.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AssessmentsClient, InvalidRequestError, NotFoundError, WebhookVerifier, WebhookVerificationError, type DiscResult } from '../../src/index.js';


interface Delivery { headers: IncomingHttpHeaders; body: Buffer }

async function main(baseUrl: string, key: string): Promise<void> {
    const deliveries: Delivery[] = [];
    const receiver = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
            deliveries.push({ headers: req.headers, body: Buffer.concat(chunks) });
            res.writeHead(204).end();
        });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
        const client = new AssessmentsClient({ apiKey: key, baseUrl });
        const port = (receiver.address() as AddressInfo).port;
        const endpoint = await client.webhookEndpoints.create({ url: `http://127.0.0.1:${port}/hooks`, events: ['session.completed'] });

        const candidate = (externalId: string) => ({ assessmentType: 'disc' as const, candidate: { externalId, name: 'Ada Lovelace' } });
        const first = await client.sessions.create(candidate('sdk-ts-1'), { idempotencyKey: 'sdk-ts-key-1' });
        const replayed = await client.sessions.create(candidate('sdk-ts-1'), { idempotencyKey: 'sdk-ts-key-1' });
        const second = await client.sessions.create(candidate('sdk-ts-2'));
        const third = await client.sessions.create(candidate('sdk-ts-3'));
        const fresh = await client.sessions.retrieve(first.id);

        const page = await client.sessions.list({ limit: 2 });
        const walked: string[] = [];
        for await (const s of page) walked.push(s.id);
        // the service's order (newest first, ties on the second broken by id) as one page of 100 gives it
        const onePage = (await client.sessions.list({ limit: 100 })).data.map((s) => s.id);

        const early = await client.sessions.reportPdf(first.id).catch((e: unknown) => e);
        // the question ids from the bank itself (they change with its version)
        const bank = await client.questionBank('disc');
        const submitted = await client.sessions.submit(first.id, {
            responses: bank.questions.map((q, i) => ({ questionId: q.id, response: 1 + ((i * 3) % 5) })),
        });
        const scored = await client.sessions.retrieve(first.id);
        if (scored.results === null || scored.results.kind !== 'disc') throw new Error(`expected DISC results, got ${JSON.stringify(scored.results)}`);
        const disc: DiscResult = scored.results; // narrowed on `kind` by the generated types
        const pdf = await client.sessions.reportPdf(first.id);

        const deadline = Date.now() + 15_000;
        while (deliveries.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        const delivery = deliveries[0];
        if (delivery === undefined) throw new Error('no webhook delivery within 15 s');
        const event = new WebhookVerifier(endpoint.secret).constructEvent(delivery.body, delivery.headers);
        let tamperedReason: string | null = null;
        try {
            new WebhookVerifier(endpoint.secret).verify(Buffer.concat([delivery.body, Buffer.from(' ')]), delivery.headers);
        } catch (e) {
            tamperedReason = e instanceof WebhookVerificationError ? e.reason : String(e);
        }
        const events = await client.events.list({ session_id: first.id });

        await client.sessions.delete(second.id);
        const gone = await client.sessions.retrieve(second.id).catch((e: unknown) => e);

        console.log(JSON.stringify({
            webhookSecretPrefix: endpoint.secret.slice(0, 6),
            createdStatus: first.status,
            replayedSameId: replayed.id === first.id,
            freshResults: fresh.results,
            total: page.total,
            firstPageSize: page.data.length,
            walked,
            onePage,
            created: [first.id, second.id, third.id],
            earlyError: early instanceof InvalidRequestError ? { code: early.code, status: early.status, requestId: early.requestId } : String(early),
            submittedStatus: submitted.status,
            kind: disc.kind,
            mock: disc.mock,
            normalizedD: disc.normalizedScores.D,
            pdfMagic: Buffer.from(pdf.subarray(0, 5)).toString('latin1'),
            pdfBytes: pdf.length,
            deliveredEvent: event.event,
            deliveredSessionId: event.data.sessionId,
            deliveredKind: event.data.results?.kind ?? null,
            sessionId: first.id,
            tamperedReason,
            eventTypes: events.data.map((e) => e.event),
            goneError: gone instanceof NotFoundError ? { code: gone.code, status: gone.status } : String(gone),
        }));
    } finally {
        receiver.close();
    }
}

const [baseUrl, key] = process.argv.slice(2);
if (baseUrl === undefined || key === undefined) {
    console.error('usage: node scenario.js <base URL> <test secret key>');
    process.exit(2);
}
main(baseUrl, key).catch((e: unknown) => {
    console.error(e);
    process.exit(1);
});
