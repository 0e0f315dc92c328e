// A short scenario with the typescript-fetch client generated from openapi.yaml, compiled with tsc --strict
// together with the generated sources (tsconfig.json). Usage: node scenario.js <base URL> <test secret key>.
// Prints one JSON line with what it saw; GeneratedTypeScriptClientTest checks it.
import {
    AssessmentType,
    Configuration,
    DiscResult,
    EventType,
    EventsApi,
    SessionsApi,
    SubmissionItem,
} from '../../../target/generated-clients/typescript';

const DISC_ITEMS = ['disc_01', 'disc_02', 'disc_03', 'disc_04', 'disc_05', 'disc_06', 'disc_07', 'disc_16',
    'disc_09', 'disc_10', 'disc_11', 'disc_12', 'disc_13', 'disc_14', 'disc_15'];

async function main(baseUrl: string, key: string): Promise<void> {
    const configuration = new Configuration({ basePath: baseUrl, accessToken: key });
    const sessions = new SessionsApi(configuration);

    const created = await sessions.createSession({
        createSessionRequest: {
            assessmentType: AssessmentType.Disc,
            candidate: { externalId: 'ts-client', email: 'ada@example.com' },
        },
        idempotencyKey: `ts-${Date.now()}`,
    });
    const fresh = await sessions.getSession({ id: created.id });

    const responses: SubmissionItem[] = DISC_ITEMS.map((questionId, i) => ({ questionId, response: 1 + (i * 3) % 5 }));
    await sessions.submitSession({ id: created.id, submitRequest: { responses } });

    const scored = await sessions.getSession({ id: created.id });
    const results = scored.results;
    if (results === null || results.kind !== 'disc') {
        throw new Error(`expected a DISC result, got ${JSON.stringify(results)}`);
    }
    // narrowed by the discriminator to the generated DiscResult; the D/I/S/C members are typed
    const disc: DiscResult = results;
    const scores: number[] = [disc.normalizedScores.d, disc.normalizedScores.i, disc.normalizedScores.s, disc.normalizedScores.c];

    const events = await new EventsApi(configuration).listEvents({ sessionId: created.id, limit: 100 });
    const completed = events.data.find(e => e.event === EventType.SessionCompleted);

    console.log(JSON.stringify({
        sessionId: created.id,
        createdStatus: created.status,
        freshResults: fresh.results,
        status: scored.status,
        kind: disc.kind,
        primaryType: disc.primaryType,
        likertD: disc.likertScores.d,
        normalizedScores: scores,
        mock: disc.mock,
        events: events.data.map(e => e.event),
        completedEventKind: completed?.data.results?.kind ?? null,
    }));
}

const [baseUrl, key] = process.argv.slice(2);
main(baseUrl, key).catch(async (e: unknown) => {
    const response = (e as { response?: Response }).response;
    console.error(e, response ? await response.text() : '');
    process.exitCode = 1;
});
