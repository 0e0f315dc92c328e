// When and how long to wait before retrying (the same rules as the Java SDK's RetryPolicy).

export interface RetryOptions {
    /** Retries after the first attempt (0 disables retrying). Default 3. */
    maxRetries: number;
    /** Backoff before the first retry, doubled for each next one. Default 500 ms. */
    initialDelayMs: number;
    /** Largest backoff. Default 8 s. */
    maxDelayMs: number;
    /** Longest `Retry-After` waited for; a longer one is thrown as RateLimitError at once. Default 60 s. */
    maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxRetries: 3, initialDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 60_000 };

/**
 * Whether an answer may be retried: a 429 always (nothing was done); 5xx (but 501), `idempotency_in_progress` and
 * connection errors (status 0) only for idempotent calls (GET, DELETE, PATCH, and create/submit, which always carry
 * an `Idempotency-Key`).
 */
export function retryable(status: number, code: string | null, idempotent: boolean): boolean {
    if (status === 429) return true;
    if (!idempotent) return false;
    return status === 0 || (status >= 500 && status !== 501) || code === 'idempotency_in_progress';
}

/** The wait before retry number `retry` (1 for the first) in ms, or null when Retry-After asks for too long. */
export function retryDelay(options: RetryOptions, retry: number, retryAfter: string | null, random: () => number = Math.random): number | null {
    const asked = parseRetryAfter(retryAfter);
    if (asked !== null) {
        return asked > options.maxRetryAfterMs ? null : asked;
    }
    const capped = Math.min(options.initialDelayMs * 2 ** Math.min(retry - 1, 20), options.maxDelayMs);
    // "equal jitter": between half and all of the backoff, so many clients do not retry in step
    return Math.round(capped / 2 + random() * (capped / 2));
}

/** `Retry-After` as delta-seconds or an HTTP date, in ms; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
    if (value === null || value.trim() === '') return null;
    const v = value.trim();
    if (/^[0-9]{1,9}$/.test(v)) return Number(v) * 1000;
    const at = Date.parse(v);
    return Number.isNaN(at) ? null : Math.max(0, at - now);
}
