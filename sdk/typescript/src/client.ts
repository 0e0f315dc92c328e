// The client object: one configured instance, typed methods per operation, retries, idempotency keys, typed errors.
import { randomUUID } from 'node:crypto';
import { ApiConnectionError, errorFromResponse } from './errors.js';
import { Page } from './paging.js';
import { DEFAULT_RETRY, parseRetryAfter, retryable, retryDelay, type RetryOptions } from './retry.js';
import type * as T from './types.js';

export const VERSION = '0.1.0';

export interface ClientOptions {
    /** The secret key, `service_sk_test_...` or `service_sk_live_...`. Keep it on the server. */
    apiKey: string;
    /** The service's base URL without `/api/v1`. Default `http://localhost:8080`. */
    baseUrl?: string;
    retry?: Partial<RetryOptions>;
    /** Time limit of one attempt in ms. Default 60 s. */
    timeoutMs?: number;
    /** A fetch implementation (default: the global one of Node 18+). */
    fetch?: typeof fetch;
    /** Waits between attempts (a seam for tests). */
    sleep?: (ms: number) => Promise<void>;
}

interface Call {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    path: string;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
    /** Whether repeating the call is harmless (see retryable). */
    idempotent: boolean;
    idempotencyKey?: string;
}

interface ListBody<I> {
    data: I[];
    total: number;
    limit: number;
    offset: number;
}

export class AssessmentsClient {
    readonly sessions: Sessions;
    readonly webhookEndpoints: WebhookEndpoints;
    readonly events: Events;
    private readonly apiKey: string;
    private readonly baseUrl: string;
    private readonly retry: RetryOptions;
    private readonly timeoutMs: number;
    private readonly fetchImpl: typeof fetch;
    private readonly sleep: (ms: number) => Promise<void>;

    constructor(options: ClientOptions) {
        if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') {
            throw new TypeError('an API key is required (service_sk_test_... or service_sk_live_...)');
        }
        if (options.apiKey.startsWith('service_pk_')) {
            throw new TypeError('a publishable key belongs in the browser; the server SDK needs a secret key (service_sk_...)');
        }
        const base = new URL(options.baseUrl ?? 'http://localhost:8080');
        if (base.protocol !== 'http:' && base.protocol !== 'https:') {
            throw new TypeError(`the base URL must be http or https: ${options.baseUrl}`);
        }
        this.apiKey = options.apiKey;
        this.baseUrl = base.toString().replace(/\/+$/, '');
        this.retry = { ...DEFAULT_RETRY, ...options.retry };
        this.timeoutMs = options.timeoutMs ?? 60_000;
        this.fetchImpl = options.fetch ?? fetch;
        this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
        const call = <R>(c: Call, as: 'json' | 'bytes' = 'json') => this.request<R>(c, as);
        this.sessions = new Sessions(call);
        this.webhookEndpoints = new WebhookEndpoints(call);
        this.events = new Events(call);
    }

    /** The assessment types enabled for the organization. */
    assessmentTypes(): Promise<T.AssessmentTypeList> {
        return this.request({ method: 'GET', path: '/assessments/types', idempotent: true });
    }

    /** The questions of a type (no answer keys). */
    questionBank(type: T.AssessmentType): Promise<T.QuestionBank> {
        return this.request({ method: 'GET', path: `/assessments/questions/${encodeURIComponent(type)}`, idempotent: true });
    }

    /** Public platform health. */
    status(): Promise<T.StatusResponse> {
        return this.request({ method: 'GET', path: '/status', idempotent: true });
    }

    /** The organization, environment and key behind the configured key. */
    organization(): Promise<T.OrgContext> {
        return this.request({ method: 'GET', path: '/org/me', idempotent: true });
    }

    tfdConfigs(): Promise<T.TfdConfigList> {
        return this.request({ method: 'GET', path: '/tfd/configs', idempotent: true });
    }

    /** Rotates an API key (not retried after a 5xx: the route takes no Idempotency-Key). */
    rotateApiKey(keyId: string, body: T.RotateKeyRequest = {}): Promise<T.RotatedKey> {
        return this.request({ method: 'POST', path: `/keys/${encodeURIComponent(keyId)}/rotate`, body, idempotent: false });
    }

    createCoachMessage(body: T.CoachMessageRequest): Promise<T.CoachMessage> {
        return this.request({ method: 'POST', path: '/coach/messages', body, idempotent: false });
    }

    private async request<R>(call: Call, as: 'json' | 'bytes' = 'json'): Promise<R> {
        const url = new URL(`${this.baseUrl}/api/v1${call.path}`);
        for (const [name, value] of Object.entries(call.query ?? {})) {
            if (value !== undefined) url.searchParams.set(name, String(value));
        }
        const headers: Record<string, string> = {
            Authorization: `Bearer ${this.apiKey}`,
            Accept: as === 'bytes' ? 'application/pdf, application/json' : 'application/json',
            'User-Agent': `assessments-node/${VERSION}`,
        };
        if (call.body !== undefined) headers['Content-Type'] = 'application/json';
        if (call.idempotencyKey !== undefined) headers['Idempotency-Key'] = call.idempotencyKey;
        const body = call.body === undefined ? undefined : JSON.stringify(call.body);

        for (let retry = 1; ; retry++) {
            let response: Response;
            try {
                response = await this.fetchImpl(url, { method: call.method, headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
            } catch (cause) {
                const error = new ApiConnectionError(`connection failed: ${String(cause)}`, cause);
                const wait = retry <= this.retry.maxRetries && retryable(0, null, call.idempotent) ? retryDelay(this.retry, retry, null) : null;
                if (wait === null) throw error;
                await this.sleep(wait);
                continue;
            }
            if (response.ok) {
                if (as === 'bytes') return new Uint8Array(await response.arrayBuffer()) as R;
                return (await response.json()) as R;
            }
            const retryAfter = response.headers.get('retry-after');
            const error = errorFromResponse(response.status, response.headers, await response.text(), parseRetryAfter(retryAfter));
            const wait = retry <= this.retry.maxRetries && retryable(error.status, error.code, call.idempotent)
                ? retryDelay(this.retry, retry, retryAfter) : null;
            if (wait === null) throw error;
            await this.sleep(wait);
        }
    }
}

type Caller = <R>(call: Call, as?: 'json' | 'bytes') => Promise<R>;

function pager<I, P extends object>(call: Caller, path: string, params: P, offset: number): Promise<Page<I>> {
    return call<ListBody<I>>({ method: 'GET', path, query: { ...params, offset } as Call['query'], idempotent: true })
        .then((list) => new Page<I>(list.data, list.total, list.limit, list.offset, (next) => pager<I, P>(call, path, params, next)));
}

/** Assessment sessions: create, retrieve, list, submit, delete, and the PDF report. */
export class Sessions {
    constructor(private readonly call: Caller) {}

    /** Creates a session; without `idempotencyKey` a random one is sent (and reused by this call's retries). */
    create(body: T.CreateSessionRequest, options: { idempotencyKey?: string } = {}): Promise<T.Session> {
        return this.call({ method: 'POST', path: '/sessions', body, idempotent: true, idempotencyKey: options.idempotencyKey ?? randomUUID() });
    }

    /** The session with its results (`results` is null until scored). */
    retrieve(id: string): Promise<T.SessionDetail> {
        return this.call({ method: 'GET', path: `/sessions/${encodeURIComponent(id)}`, idempotent: true });
    }

    /** The first page of the sessions matching the filters, newest first; `for await` walks every page. */
    list(params: T.SessionListParams = {}): Promise<Page<T.SessionSummary>> {
        return pager(this.call, '/sessions', params, 0);
    }

    /** Submits the candidate's responses; answers the scored (or failed) session. */
    submit(id: string, body: T.SubmitRequest, options: { idempotencyKey?: string } = {}): Promise<T.SessionDetail> {
        return this.call({
            method: 'POST', path: `/sessions/${encodeURIComponent(id)}/submit`, body, idempotent: true,
            idempotencyKey: options.idempotencyKey ?? randomUUID(),
        });
    }

    /** Soft-deletes the session; later reads answer 404. */
    async delete(id: string): Promise<void> {
        await this.call<unknown>({ method: 'DELETE', path: `/sessions/${encodeURIComponent(id)}`, idempotent: true }, 'bytes');
    }

    /** The PDF report's bytes (`session_not_completed` before completion). */
    reportPdf(id: string): Promise<Uint8Array> {
        return this.call({ method: 'GET', path: `/sessions/${encodeURIComponent(id)}/report.pdf`, idempotent: true }, 'bytes');
    }
}

/** Webhook endpoints and their delivery log. Create, rotate, resend and recover are not retried after a 5xx. */
export class WebhookEndpoints {
    constructor(private readonly call: Caller) {}

    /** Registers an endpoint; the answer carries its signing `secret`, shown only here. */
    create(body: T.WebhookEndpointCreateRequest): Promise<T.WebhookEndpointWithSecret> {
        return this.call({ method: 'POST', path: '/webhooks', body, idempotent: false });
    }

    retrieve(id: string): Promise<T.WebhookEndpoint> {
        return this.call({ method: 'GET', path: `/webhooks/${encodeURIComponent(id)}`, idempotent: true });
    }

    list(params: T.WebhookEndpointListParams = {}): Promise<Page<T.WebhookEndpoint>> {
        return pager(this.call, '/webhooks', params, 0);
    }

    /** PATCH semantics: absent members stay unchanged. */
    update(id: string, body: T.WebhookEndpointUpdateRequest): Promise<T.WebhookEndpoint> {
        return this.call({ method: 'PATCH', path: `/webhooks/${encodeURIComponent(id)}`, body, idempotent: true });
    }

    delete(id: string): Promise<T.DeletedObject> {
        return this.call({ method: 'DELETE', path: `/webhooks/${encodeURIComponent(id)}`, idempotent: true });
    }

    rotateSecret(id: string, body: T.RotateWebhookSecretRequest = {}): Promise<T.WebhookEndpointWithSecret> {
        return this.call({ method: 'POST', path: `/webhooks/${encodeURIComponent(id)}/rotate-secret`, body, idempotent: false });
    }

    listDeliveries(id: string, params: T.WebhookDeliveryListParams = {}): Promise<Page<T.WebhookDelivery>> {
        return pager(this.call, `/webhooks/${encodeURIComponent(id)}/deliveries`, params, 0);
    }

    resendDelivery(id: string, deliveryId: string): Promise<T.WebhookDelivery> {
        return this.call({
            method: 'POST', path: `/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, idempotent: false,
        });
    }

    recover(id: string, body: T.RecoverRequest): Promise<T.RecoverResult> {
        return this.call({ method: 'POST', path: `/webhooks/${encodeURIComponent(id)}/recover`, body, idempotent: false });
    }
}

/** Events (the objects webhooks deliver), for polling. */
export class Events {
    constructor(private readonly call: Caller) {}

    retrieve(id: string): Promise<T.Event> {
        return this.call({ method: 'GET', path: `/events/${encodeURIComponent(id)}`, idempotent: true });
    }

    list(params: T.EventListParams = {}): Promise<Page<T.Event>> {
        return pager(this.call, '/events', params, 0);
    }
}
