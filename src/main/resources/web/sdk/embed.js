/*!
 * AssessmentEmbed browser SDK, version 0.1.0. No dependencies; load it as a classic script:
 *
 *   <script src="https://ASSESSMENT-SERVICE/sdk/v1/embed.js"></script>
 *
 * API
 * ---
 *   window.AssessmentEmbed.version       "0.1.0"
 *   window.AssessmentEmbed.mount(options) -> { iframe, unmount() }
 *
 * options
 *   element         Element or CSS selector: where the runner iframe is placed (required).
 *   sessionToken    The session's token (vst_...), from your server's POST /api/v1/sessions (required).
 *   publishableKey  Your publishable key (service_pk_...); this page's origin must be on its allowlist (required).
 *   baseUrl         Origin of the assessment service. Default: the origin this script was loaded from.
 *   onEvent(event)  Called for every event, event = {type, ...fields}.
 *   onReady, onStarted, onProgress, onCompleted, onError, onExpired
 *                   Optional callbacks, called with the same event object for their type.
 *   redirect        true (default): on a "completed" event with status "completed" and a redirectUrl,
 *                   navigate this window there (after ~1.5 s, so the thank-you message is seen).
 *                   false: never navigate; handle onCompleted yourself.
 *
 * Events ({type, ...})
 *   ready      {sessionId, status, assessmentType, questionCount}   runner loaded (questionCount null when
 *                                                                     the session is already completed/expired)
 *   started    {sessionId}                 the candidate sees the questions
 *   progress   {answered, total}           after each answer
 *   completed  {sessionId, status, redirectUrl}  after submission; status "completed", or "failed" when
 *                                               scoring failed (the candidate is offered "Try again")
 *   error      {code, message}             e.g. origin_not_allowed / invalid_publishable_key (key check at
 *                                          mount, nothing mounted), invalid_session_token, network_error
 *   expired    {sessionId}                 the session has expired
 *   pong       {}                          answer to a {type:"ping"} posted to the iframe
 *
 * Each event is also dispatched on the element as a bubbling DOM CustomEvent "assessment:<type>" whose
 * detail is the event object, e.g. element.addEventListener("assessment:completed", e => e.detail).
 *
 * How mount() works
 *   1. Checks the publishable key from this page's origin:
 *      GET {baseUrl}/api/v1/assessments/types with Authorization: Bearer <publishableKey>. Any error
 *      (e.g. 403 origin_not_allowed) becomes an "error" event and nothing is mounted.
 *   2. Appends an iframe (title "Assessment") loading
 *      {baseUrl}/assess?pk=<publishableKey>#token=<sessionToken>&parentOrigin=<this page's origin>.
 *      The session token stays in the fragment (never sent to servers); the publishable key in the query makes
 *      the service allow exactly that key's allowed origins to frame the runner (CSP frame-ancestors), so the
 *      browser itself refuses to show the runner in pages outside the allowlist.
 *   3. Accepts only messages from that iframe and the service origin (data.source "assessment-runner").
 *   unmount() removes the iframe and the listeners (also cancels a pending key check).
 */
(function (global) {
  'use strict';

  var VERSION = '0.1.0';
  if (global.AssessmentEmbed && global.AssessmentEmbed.version === VERSION) return;

  // document.currentScript is only set while this script runs: capture the default base URL now.
  var scriptBase = (function () {
    try {
      var s = document.currentScript;
      if (s && s.src) return new URL(s.src, global.location.href).origin;
    } catch (e) { /* ignore */ }
    return global.location.origin;
  })();

  var CALLBACKS = {
    ready: 'onReady',
    started: 'onStarted',
    progress: 'onProgress',
    completed: 'onCompleted',
    error: 'onError',
    expired: 'onExpired',
  };

  // Deny powerful features to the runner frame.
  var IFRAME_ALLOW = [
    'accelerometer', 'autoplay', 'camera', 'display-capture', 'encrypted-media', 'fullscreen',
    'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'midi', 'payment', 'usb',
  ].map(function (f) { return f + " 'none'"; }).join('; ');

  var REDIRECT_DELAY_MS = 1500;

  function safeHttpUrl(value) {
    if (typeof value !== 'string' || !value) return null;
    try {
      var u = new URL(value);
      return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
    } catch (e) {
      return null;
    }
  }

  function callSafely(fn, arg) {
    if (typeof fn !== 'function') return;
    try {
      fn(arg);
    } catch (err) {
      // A failing host callback must not break the SDK; surface it asynchronously.
      setTimeout(function () { throw err; }, 0);
    }
  }

  function mount(options) {
    options = options || {};

    var element = typeof options.element === 'string' ? document.querySelector(options.element) : options.element;
    if (!element || element.nodeType !== 1) {
      throw new TypeError('AssessmentEmbed.mount: options.element must be an Element or a selector matching one');
    }
    if (!options.sessionToken || typeof options.sessionToken !== 'string') {
      throw new TypeError('AssessmentEmbed.mount: options.sessionToken is required');
    }

    var base;
    try {
      base = new URL(options.baseUrl || scriptBase, global.location.href);
    } catch (e) {
      throw new TypeError('AssessmentEmbed.mount: options.baseUrl is not a valid URL');
    }
    var baseUrl = base.href.replace(/[?#].*$/, '').replace(/\/+$/, '');
    var runnerOrigin = base.origin;
    var autoRedirect = options.redirect !== false;

    var unmounted = false;
    var mounted = false;
    var redirectTimer = null;
    var controller = typeof AbortController === 'function' ? new AbortController() : null;

    var iframe = document.createElement('iframe');
    iframe.title = 'Assessment';
    iframe.setAttribute('allow', IFRAME_ALLOW);
    iframe.setAttribute('width', '100%');
    iframe.style.display = 'block';
    iframe.style.width = '100%';
    iframe.style.minHeight = '600px';
    iframe.style.border = '0';

    function dispatch(event) {
      if (unmounted) return;
      callSafely(options.onEvent, event);
      var cbName = CALLBACKS[event.type];
      if (cbName) callSafely(options[cbName], event);
      try {
        element.dispatchEvent(new CustomEvent('assessment:' + event.type, { detail: event, bubbles: true }));
      } catch (e) { /* ignore */ }

      if (event.type === 'completed' && autoRedirect && event.status === 'completed') {
        var target = safeHttpUrl(event.redirectUrl);
        if (target && !redirectTimer) {
          redirectTimer = setTimeout(function () {
            if (!unmounted) global.location.assign(target);
          }, REDIRECT_DELAY_MS);
        }
      }
    }

    function onMessage(ev) {
      if (unmounted || !mounted) return;
      if (ev.origin !== runnerOrigin || ev.source !== iframe.contentWindow) return;
      var data = ev.data;
      if (!data || typeof data !== 'object' || data.source !== 'assessment-runner' || typeof data.type !== 'string') return;
      var event = { type: data.type };
      for (var k in data) {
        if (Object.prototype.hasOwnProperty.call(data, k) && k !== 'source') event[k] = data[k];
      }
      dispatch(event);
    }

    function fail(code, message) {
      dispatch({ type: 'error', code: code, message: message });
    }

    function attach() {
      if (unmounted) return;
      global.addEventListener('message', onMessage);
      mounted = true;
      iframe.src = baseUrl + '/assess?pk=' + encodeURIComponent(options.publishableKey)
        + '#token=' + encodeURIComponent(options.sessionToken)
        + '&parentOrigin=' + encodeURIComponent(global.location.origin);
      element.appendChild(iframe);
    }

    function checkKey() {
      if (!options.publishableKey || typeof options.publishableKey !== 'string') {
        fail('missing_publishable_key', 'AssessmentEmbed.mount: options.publishableKey is required.');
        return;
      }
      fetch(baseUrl + '/api/v1/assessments/types', {
        method: 'GET',
        headers: { Authorization: 'Bearer ' + options.publishableKey, Accept: 'application/json' },
        credentials: 'omit',
        cache: 'no-store',
        signal: controller ? controller.signal : undefined,
      }).then(function (res) {
        if (res.ok) {
          attach();
          return null;
        }
        return res.text().then(function (text) {
          var body = null;
          try { body = text ? JSON.parse(text) : null; } catch (e) { body = null; }
          var err = body && body.error;
          fail((err && err.code) || 'http_' + res.status,
            (err && err.message) || 'The publishable key check failed (HTTP ' + res.status + ').');
        });
      }, function (e) {
        if (unmounted) return;
        fail('network_error', 'Could not reach the assessment service at ' + runnerOrigin
          + ' (network error or CORS refused): ' + (e && e.message ? e.message : String(e)));
      }).catch(function (e) {
        fail('network_error', 'The publishable key check failed: ' + (e && e.message ? e.message : String(e)));
      });
    }

    // Start asynchronously so the caller gets the handle before any event fires.
    Promise.resolve().then(checkKey);

    return {
      iframe: iframe,
      unmount: function unmount() {
        if (unmounted) return;
        unmounted = true;
        if (controller) {
          try { controller.abort(); } catch (e) { /* ignore */ }
        }
        if (redirectTimer) clearTimeout(redirectTimer);
        global.removeEventListener('message', onMessage);
        if (iframe.parentNode) iframe.parentNode.removeChild(iframe);
      },
    };
  }

  global.AssessmentEmbed = { version: VERSION, mount: mount };
})(window);
