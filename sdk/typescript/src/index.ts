// @assessments/sdk: the server SDK of the assessment-session API (Node.js 18+).
export { AssessmentsClient, Sessions, WebhookEndpoints, Events, VERSION, type ClientOptions } from './client.js';
export {
    AssessmentsError, AuthenticationError, PermissionError, LicenseError, InvalidRequestError, NotFoundError,
    ConflictError, RateLimitError, ApiServerError, ApiConnectionError, type ErrorFields,
} from './errors.js';
export { Page } from './paging.js';
export { DEFAULT_RETRY, type RetryOptions } from './retry.js';
export { WebhookVerifier, WebhookVerificationError, type WebhookVerificationReason, type HeadersLike, type WebhookVerifierOptions } from './webhooks.js';
export type * from './types.js';
