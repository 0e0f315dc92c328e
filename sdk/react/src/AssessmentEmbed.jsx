import React, { useEffect, useRef } from 'react';

/**
 * React wrapper around the Assessment browser embed SDK ({baseUrl}/sdk/v1/embed.js,
 * exposing window.AssessmentEmbed = { version, mount(options) }).
 */

export const SDK_PATH = '/sdk/v1/embed.js';

const CALLBACKS = ['onEvent', 'onReady', 'onStarted', 'onProgress', 'onCompleted', 'onError', 'onExpired'];

/** The one shared load per page (null until first needed, reset after a failure so a later mount can retry). */
let sdkPromise = null;

function getGlobalSdk() {
  return typeof window !== 'undefined' && window.AssessmentEmbed && typeof window.AssessmentEmbed.mount === 'function'
    ? window.AssessmentEmbed
    : null;
}

/** The SDK script URL for a service base URL ("" = same origin). */
export function sdkScriptUrl(baseUrl) {
  return String(baseUrl || '').replace(/\/+$/, '') + SDK_PATH;
}

/**
 * Loads {baseUrl}/sdk/v1/embed.js once per page and resolves with window.AssessmentEmbed.
 * Resolves at once when window.AssessmentEmbed is already present.
 */
export function loadAssessmentEmbedSdk(baseUrl) {
  const existing = getGlobalSdk();
  if (existing) return Promise.resolve(existing);
  if (sdkPromise) return sdkPromise;
  if (typeof document === 'undefined') {
    return Promise.reject(new Error('The assessment embed SDK can only be loaded in a browser'));
  }
  const src = sdkScriptUrl(baseUrl);
  const promise = new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.setAttribute('data-assessment-embed-sdk', '');
    script.onload = () => {
      const sdk = getGlobalSdk();
      if (sdk) resolve(sdk);
      else reject(new Error(`${src} loaded but did not define window.AssessmentEmbed`));
    };
    script.onerror = () => {
      if (script.parentNode) script.parentNode.removeChild(script);
      reject(new Error(`Failed to load the assessment embed SDK from ${src}`));
    };
    (document.head || document.body || document.documentElement).appendChild(script);
  });
  sdkPromise = promise;
  promise.catch(() => {
    if (sdkPromise === promise) sdkPromise = null;
  });
  return promise;
}

/** Forgets the shared SDK load (for tests). */
export function _resetAssessmentEmbedSdkLoader() {
  sdkPromise = null;
}

export function AssessmentEmbed(props) {
  const {
    baseUrl,
    sessionToken,
    publishableKey,
    redirect,
    className,
    style,
    onEvent,
    onReady,
    onStarted,
    onProgress,
    onCompleted,
    onError,
    onExpired,
    ...rest
  } = props;

  const elementRef = useRef(null);
  // Latest callbacks and redirect, read at call time so changing them never remounts.
  const latest = useRef(null);
  latest.current = { onEvent, onReady, onStarted, onProgress, onCompleted, onError, onExpired, redirect };

  useEffect(() => {
    const element = elementRef.current;
    let cancelled = false;
    let handle = null;

    const reportError = (code, err) => {
      const cb = latest.current.onError;
      if (typeof cb === 'function') cb({ code, message: (err && err.message) || String(err) });
    };

    loadAssessmentEmbedSdk(baseUrl).then(
      (sdk) => {
        if (cancelled) return;
        const options = { element, sessionToken, publishableKey };
        if (baseUrl !== undefined && baseUrl !== null && baseUrl !== '') options.baseUrl = baseUrl;
        if (latest.current.redirect !== undefined) options.redirect = latest.current.redirect;
        for (const name of CALLBACKS) {
          options[name] = (...args) => {
            const cb = latest.current[name];
            if (typeof cb === 'function') return cb(...args);
            return undefined;
          };
        }
        try {
          handle = sdk.mount(options);
        } catch (err) {
          reportError('sdk_mount_failed', err);
        }
      },
      (err) => {
        if (cancelled) return;
        reportError('sdk_load_failed', err);
      }
    );

    return () => {
      cancelled = true;
      if (handle && typeof handle.unmount === 'function') {
        try {
          handle.unmount();
        } catch (_) {
          // ignore: the SDK's own cleanup failing must not break React's unmount
        }
      }
      handle = null;
    };
  }, [sessionToken, publishableKey, baseUrl]);

  return <div {...rest} ref={elementRef} className={className} style={style} />;
}

export default AssessmentEmbed;
