// Names for the types generated from openapi.yaml (src/generated/schema.ts, by openapi-typescript at build time).
import type { components, operations } from './generated/schema.js';

type S = components['schemas'];

export type { components, operations };
export type AssessmentType = S['AssessmentType'];
export type AssessmentTypeList = S['AssessmentTypeList'];
export type AssessmentResult = S['AssessmentResult'];
export type CoachMessage = S['CoachMessage'];
export type CoachMessageRequest = S['CoachMessageRequest'];
export type CreateSessionRequest = S['CreateSessionRequest'];
export type DeletedObject = S['DeletedObject'];
export type DiscResult = S['DiscResult'];
export type Event = S['Event'];
export type EventType = S['EventType'];
export type OrgContext = S['OrgContext'];
export type QuestionBank = S['QuestionBank'];
export type RecoverRequest = S['RecoverRequest'];
export type RecoverResult = S['RecoverResult'];
export type RotateKeyRequest = S['RotateKeyRequest'];
export type RotatedKey = S['RotatedKey'];
export type RotateWebhookSecretRequest = S['RotateWebhookSecretRequest'];
export type Session = S['Session'];
export type SessionDetail = S['SessionDetail'];
export type SessionStatus = S['SessionStatus'];
export type SessionSummary = S['SessionSummary'];
export type StatusResponse = S['StatusResponse'];
export type SubmitRequest = S['SubmitRequest'];
export type TfdConfigList = S['TfdConfigList'];
export type WebhookDelivery = S['WebhookDelivery'];
export type WebhookDeliveryStatus = S['WebhookDeliveryStatus'];
export type WebhookEndpoint = S['WebhookEndpoint'];
export type WebhookEndpointCreateRequest = S['WebhookEndpointCreateRequest'];
export type WebhookEndpointUpdateRequest = S['WebhookEndpointUpdateRequest'];
export type WebhookEndpointWithSecret = S['WebhookEndpointWithSecret'];

/** A list operation's query parameters, less `offset` (the pager owns it). */
type ListQuery<Op extends keyof operations> = Omit<NonNullable<operations[Op]['parameters']['query']>, 'offset'>;
export type SessionListParams = ListQuery<'listSessions'>;
export type EventListParams = ListQuery<'listEvents'>;
export type WebhookEndpointListParams = ListQuery<'listWebhookEndpoints'>;
export type WebhookDeliveryListParams = ListQuery<'listWebhookDeliveries'>;
