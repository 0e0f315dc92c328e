import React from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import {
  AssessmentEmbed,
  _resetAssessmentEmbedSdkLoader,
  loadAssessmentEmbedSdk,
} from '../src/index.js';

const BASE = 'https://assess.example.com';

/** A stub of window.AssessmentEmbed that records each mount and its handle. */
function installStubSdk() {
  const mounts = [];
  const sdk = {
    version: '0.1.0',
    mount: vi.fn((options) => {
      const iframe = document.createElement('iframe');
      const record = { options, iframe, unmount: vi.fn() };
      mounts.push(record);
      return { iframe, unmount: record.unmount };
    }),
  };
  window.AssessmentEmbed = sdk;
  return { sdk, mounts };
}

function sdkScripts() {
  return Array.from(document.querySelectorAll('script[data-assessment-embed-sdk]'));
}

beforeEach(() => {
  _resetAssessmentEmbedSdkLoader();
  delete window.AssessmentEmbed;
  sdkScripts().forEach((s) => s.remove());
});

afterEach(() => {
  cleanup();
  delete window.AssessmentEmbed;
  sdkScripts().forEach((s) => s.remove());
});

describe('AssessmentEmbed', () => {
  it('mounts the SDK into its div with the props', async () => {
    const { sdk, mounts } = installStubSdk();
    const { container } = render(
      <AssessmentEmbed
        baseUrl={BASE}
        sessionToken="vst_1"
        publishableKey="pk_test_1"
        redirect={false}
        className="embed"
        style={{ minHeight: 600 }}
        data-testid="embed"
      />
    );
    await waitFor(() => expect(sdk.mount).toHaveBeenCalledTimes(1));
    const div = container.firstChild;
    expect(div.tagName).toBe('DIV');
    expect(div.className).toBe('embed');
    expect(div.style.minHeight).toBe('600px');
    expect(div.getAttribute('data-testid')).toBe('embed');
    const { options } = mounts[0];
    expect(options.element).toBe(div);
    expect(options.sessionToken).toBe('vst_1');
    expect(options.publishableKey).toBe('pk_test_1');
    expect(options.baseUrl).toBe(BASE);
    expect(options.redirect).toBe(false);
    for (const name of ['onEvent', 'onReady', 'onStarted', 'onProgress', 'onCompleted', 'onError', 'onExpired']) {
      expect(typeof options[name]).toBe('function');
    }
    // the global was present: no script is injected
    expect(sdkScripts()).toHaveLength(0);
  });

  it('passes SDK events to the callbacks', async () => {
    const { sdk, mounts } = installStubSdk();
    const cbs = {
      onEvent: vi.fn(),
      onReady: vi.fn(),
      onStarted: vi.fn(),
      onProgress: vi.fn(),
      onCompleted: vi.fn(),
      onError: vi.fn(),
      onExpired: vi.fn(),
    };
    render(<AssessmentEmbed baseUrl={BASE} sessionToken="vst_1" publishableKey="pk_1" {...cbs} />);
    await waitFor(() => expect(sdk.mount).toHaveBeenCalledTimes(1));
    const o = mounts[0].options;
    const events = {
      onReady: { type: 'ready', sessionId: 's1', status: 'in_progress', assessmentType: 'DISC', questionCount: 15 },
      onStarted: { type: 'started', sessionId: 's1' },
      onProgress: { type: 'progress', answered: 3, total: 15 },
      onCompleted: { type: 'completed', sessionId: 's1', status: 'completed', redirectUrl: null },
      onError: { type: 'error', code: 'origin_not_allowed', message: 'nope' },
      onExpired: { type: 'expired', sessionId: 's1' },
    };
    for (const [name, event] of Object.entries(events)) {
      o.onEvent(event); // the SDK calls onEvent and the matching callback
      o[name](event);
      expect(cbs[name]).toHaveBeenCalledWith(event);
    }
    expect(cbs.onEvent).toHaveBeenCalledTimes(6);
    expect(cbs.onEvent.mock.calls.map((c) => c[0].type)).toEqual([
      'ready', 'started', 'progress', 'completed', 'error', 'expired',
    ]);
  });

  it('unmounts the SDK embed when the component unmounts', async () => {
    const { sdk, mounts } = installStubSdk();
    const { unmount } = render(<AssessmentEmbed baseUrl={BASE} sessionToken="vst_1" publishableKey="pk_1" />);
    await waitFor(() => expect(sdk.mount).toHaveBeenCalledTimes(1));
    expect(mounts[0].unmount).not.toHaveBeenCalled();
    unmount();
    expect(mounts[0].unmount).toHaveBeenCalledTimes(1);
  });

  it('remounts when the session token changes but not when callbacks change', async () => {
    const { sdk, mounts } = installStubSdk();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(
      <AssessmentEmbed baseUrl={BASE} sessionToken="vst_1" publishableKey="pk_1" onProgress={first} />
    );
    await waitFor(() => expect(sdk.mount).toHaveBeenCalledTimes(1));

    // new callback identity: no remount, and the SDK's handler now reaches the new callback
    rerender(<AssessmentEmbed baseUrl={BASE} sessionToken="vst_1" publishableKey="pk_1" onProgress={second} />);
    await act(async () => {});
    expect(sdk.mount).toHaveBeenCalledTimes(1);
    expect(mounts[0].unmount).not.toHaveBeenCalled();
    mounts[0].options.onProgress({ type: 'progress', answered: 1, total: 15 });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);

    // new token: the old embed is unmounted and a new one mounted with the new token
    rerender(<AssessmentEmbed baseUrl={BASE} sessionToken="vst_2" publishableKey="pk_1" onProgress={second} />);
    await waitFor(() => expect(sdk.mount).toHaveBeenCalledTimes(2));
    expect(mounts[0].unmount).toHaveBeenCalledTimes(1);
    expect(mounts[1].options.sessionToken).toBe('vst_2');
    expect(mounts[1].unmount).not.toHaveBeenCalled();

    // new publishable key: remount too
    rerender(<AssessmentEmbed baseUrl={BASE} sessionToken="vst_2" publishableKey="pk_2" onProgress={second} />);
    await waitFor(() => expect(sdk.mount).toHaveBeenCalledTimes(3));
    expect(mounts[1].unmount).toHaveBeenCalledTimes(1);
    expect(mounts[2].options.publishableKey).toBe('pk_2');
  });

  it('loads {baseUrl}/sdk/v1/embed.js when the global is absent, then mounts', async () => {
    const onError = vi.fn();
    const { container } = render(
      <AssessmentEmbed baseUrl={BASE + '/'} sessionToken="vst_1" publishableKey="pk_1" onError={onError} />
    );
    await waitFor(() => expect(sdkScripts()).toHaveLength(1));
    const script = sdkScripts()[0];
    expect(script.getAttribute('src')).toBe(`${BASE}/sdk/v1/embed.js`);

    // a second embed on the same page shares the same load (one script tag)
    const other = document.createElement('div');
    document.body.appendChild(other);
    const second = render(<AssessmentEmbed baseUrl={BASE} sessionToken="vst_9" publishableKey="pk_1" />, {
      container: other,
    });
    await act(async () => {});
    expect(sdkScripts()).toHaveLength(1);

    // simulate the script running and loading
    const { sdk } = installStubSdk();
    await act(async () => {
      script.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(sdk.mount).toHaveBeenCalledTimes(2));
    const tokens = sdk.mount.mock.calls.map((c) => c[0].sessionToken).sort();
    expect(tokens).toEqual(['vst_1', 'vst_9']);
    expect(sdk.mount.mock.calls.find((c) => c[0].sessionToken === 'vst_1')[0].element).toBe(container.firstChild);
    expect(onError).not.toHaveBeenCalled();
    second.unmount();
    other.remove();
  });

  it('calls onError with sdk_load_failed when the script fails to load', async () => {
    const onError = vi.fn();
    render(<AssessmentEmbed baseUrl={BASE} sessionToken="vst_1" publishableKey="pk_1" onError={onError} />);
    await waitFor(() => expect(sdkScripts()).toHaveLength(1));
    const script = sdkScripts()[0];
    expect(script.src).toBe(`${BASE}/sdk/v1/embed.js`);
    await act(async () => {
      script.dispatchEvent(new Event('error'));
    });
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    const [err] = onError.mock.calls[0];
    expect(err.code).toBe('sdk_load_failed');
    expect(err.message).toContain(`${BASE}/sdk/v1/embed.js`);
    // the failed load is forgotten so a later mount can retry
    expect(sdkScripts()).toHaveLength(0);
  });

  it('calls onError with sdk_load_failed when the script loads but defines no global', async () => {
    const onError = vi.fn();
    render(<AssessmentEmbed baseUrl={BASE} sessionToken="vst_1" publishableKey="pk_1" onError={onError} />);
    await waitFor(() => expect(sdkScripts()).toHaveLength(1));
    await act(async () => {
      sdkScripts()[0].dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0][0].code).toBe('sdk_load_failed');
  });

  it('does not mount when unmounted before the script loaded', async () => {
    const { unmount } = render(<AssessmentEmbed baseUrl={BASE} sessionToken="vst_1" publishableKey="pk_1" />);
    await waitFor(() => expect(sdkScripts()).toHaveLength(1));
    const script = sdkScripts()[0];
    unmount();
    const { sdk } = installStubSdk();
    await act(async () => {
      script.dispatchEvent(new Event('load'));
    });
    expect(sdk.mount).not.toHaveBeenCalled();
  });

  it('works under StrictMode (mount, cleanup, mount) leaving one live embed', async () => {
    const { sdk, mounts } = installStubSdk();
    const { unmount } = render(
      <React.StrictMode>
        <AssessmentEmbed baseUrl={BASE} sessionToken="vst_1" publishableKey="pk_1" />
      </React.StrictMode>
    );
    await waitFor(() => expect(sdk.mount).toHaveBeenCalled());
    await act(async () => {});
    const live = mounts.filter((m) => m.unmount.mock.calls.length === 0);
    expect(live).toHaveLength(1);
    unmount();
    expect(mounts.every((m) => m.unmount.mock.calls.length === 1)).toBe(true);
  });
});

describe('loadAssessmentEmbedSdk', () => {
  it('reuses window.AssessmentEmbed when present', async () => {
    const { sdk } = installStubSdk();
    await expect(loadAssessmentEmbedSdk(BASE)).resolves.toBe(sdk);
    expect(sdkScripts()).toHaveLength(0);
  });
});
