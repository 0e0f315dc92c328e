import * as React from 'react';

export type AssessmentEventType = 'ready' | 'started' | 'progress' | 'completed' | 'error' | 'expired';

export interface AssessmentReadyEvent {
  type: 'ready';
  sessionId: string;
  status: string;
  assessmentType: string;
  questionCount: number;
}
export interface AssessmentStartedEvent {
  type: 'started';
  sessionId: string;
}
export interface AssessmentProgressEvent {
  type: 'progress';
  answered: number;
  total: number;
}
export interface AssessmentCompletedEvent {
  type: 'completed';
  sessionId: string;
  status: 'completed' | 'failed' | string;
  redirectUrl: string | null;
}
export interface AssessmentErrorEvent {
  type?: 'error';
  /** e.g. "origin_not_allowed", "invalid_session_token", or "sdk_load_failed" / "sdk_mount_failed" from this wrapper. */
  code: string;
  message: string;
}
export interface AssessmentExpiredEvent {
  type: 'expired';
  sessionId: string;
}
export type AssessmentEvent =
  | AssessmentReadyEvent
  | AssessmentStartedEvent
  | AssessmentProgressEvent
  | AssessmentCompletedEvent
  | AssessmentErrorEvent
  | AssessmentExpiredEvent;

export interface AssessmentEmbedProps {
  /** Origin of the assessment service, e.g. "https://assess.example.com". The SDK is loaded from {baseUrl}/sdk/v1/embed.js. */
  baseUrl?: string;
  /** The session token (vst_...) created server side for this candidate. */
  sessionToken: string;
  /** The organization's publishable key; the page's origin must be allowed for it. */
  publishableKey: string;
  onEvent?: (event: AssessmentEvent) => void;
  onReady?: (event: AssessmentReadyEvent) => void;
  onStarted?: (event: AssessmentStartedEvent) => void;
  onProgress?: (event: AssessmentProgressEvent) => void;
  onCompleted?: (event: AssessmentCompletedEvent) => void;
  onError?: (event: AssessmentErrorEvent) => void;
  onExpired?: (event: AssessmentExpiredEvent) => void;
  /** Navigate to the redirectUrl on completion (SDK default: true). Read when the embed mounts. */
  redirect?: boolean;
  className?: string;
  style?: React.CSSProperties;
  id?: string;
  [dataAttribute: `data-${string}`]: string | undefined;
}

export interface AssessmentEmbedSdk {
  version: string;
  mount(options: Record<string, unknown>): { iframe: HTMLIFrameElement; unmount(): void };
}

export declare const SDK_PATH: '/sdk/v1/embed.js';
export declare function AssessmentEmbed(props: AssessmentEmbedProps): React.ReactElement;
export declare function loadAssessmentEmbedSdk(baseUrl?: string): Promise<AssessmentEmbedSdk>;
export declare function sdkScriptUrl(baseUrl?: string): string;
export default AssessmentEmbed;
