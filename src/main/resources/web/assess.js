/*
 * Candidate assessment runner (served at /assess, this file at /assess/assess.js).
 * Plain ES2020, no dependencies. The session token arrives in the URL fragment (never in the query):
 *   /assess?session=ses_...#token=vst_...                       the server-made assessmentUrl
 *   /assess?pk=service_pk_...#token=vst_...&parentOrigin=...     the embed SDK
 * The query only decides which sites may frame the page (the server's CSP frame-ancestors: the session's
 * organization's allowed origins, or the publishable key's). So that this CSP is the one of the token's session,
 * the runner refuses to run when ?session= names another session than the token's.
 * parentOrigin is set by the embed SDK; when the page is framed and parentOrigin is given, the runner
 * posts {source:"assessment-runner", type, ...} messages to window.parent with targetOrigin = parentOrigin.
 */
'use strict';

(() => {
  const API = window.location.origin;
  const MAX_RESPONSE_MS = 3600000;
  const SAVE_DEBOUNCE_MS = 500;
  const REDIRECT_DELAY_MS = 1500;
  const REQUEST_TIMEOUT_MS = 20000;
  const SUBMIT_TIMEOUT_MS = 45000;
  const STORAGE_KEY = 'assessment-runner.session';

  // Interface texts in the session's language (assess-i18n.js): the browser's language until the session is loaded.
  const TEXTS = window.AssessmentRunnerTexts || { en: {} };
  const languageOf = (tag) => {
    const primary = String(tag || '').toLowerCase().split('-')[0];
    return Object.prototype.hasOwnProperty.call(TEXTS, primary) ? primary : 'en';
  };
  let lang = languageOf(navigator.language);
  function T(key, ...args) {
    const own = (TEXTS[lang] || {})[key];
    const text = own !== undefined ? own : (TEXTS.en || {})[key];
    if (text === undefined) return key;
    return typeof text === 'function' ? text(...args) : text;
  }
  function applyLanguage(tag) {
    lang = languageOf(tag);
    document.documentElement.lang = tag || lang;
    const set = (id, key) => { const node = document.getElementById(id); if (node) node.textContent = T(key); };
    set('prev', 'previous');
    set('next', 'next');
    set('submit', 'submit');
    set('state-link', 'continueLink');
    set('state-action', 'tryAgain');
    const hint = document.querySelector('.hint');
    if (hint) hint.textContent = T('hint');
    const bar = document.getElementById('progress-bar');
    if (bar) bar.setAttribute('aria-label', T('progressLabel'));
  }
  applyLanguage(lang);

  // ------------------------------------------------------------------ token and parent origin

  function normaliseOrigin(value) {
    if (!value) return null;
    try {
      const u = new URL(value);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
      return u.origin;
    } catch (e) {
      return null;
    }
  }

  const expectedSessionId = new URLSearchParams(window.location.search).get('session');
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  let token = fragment.get('token') || '';
  let parentOrigin = normaliseOrigin(fragment.get('parentOrigin'));

  // Remove the token from the visible URL (and from history).
  if (window.location.hash) {
    try {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    } catch (e) { /* ignore */ }
  }

  // Keep the token for this tab only, so a reload resumes the session.
  try {
    if (token) {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ token, parentOrigin }));
    } else {
      const saved = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) || 'null');
      if (saved && typeof saved.token === 'string') {
        token = saved.token;
        parentOrigin = normaliseOrigin(saved.parentOrigin);
      }
    }
  } catch (e) { /* storage unavailable (e.g. blocked in a third-party frame) */ }

  let inIframe;
  try { inIframe = window.self !== window.top; } catch (e) { inIframe = true; }
  const embedded = window.parent !== window && !!parentOrigin;

  function post(type, data) {
    if (!embedded) return;
    try {
      window.parent.postMessage(Object.assign({}, data || {}, { source: 'assessment-runner', type }), parentOrigin);
    } catch (e) { /* ignore */ }
  }

  window.addEventListener('message', (event) => {
    if (!embedded || event.origin !== parentOrigin || event.source !== window.parent) return;
    const data = event.data;
    if (data && typeof data === 'object' && data.type === 'ping') post('pong', {});
  });

  // ------------------------------------------------------------------ DOM

  const $ = (id) => document.getElementById(id);
  const el = {
    title: $('title'),
    greeting: $('greeting'),
    srStatus: $('sr-status'),
    srAlert: $('sr-alert'),
    loading: $('loading'),
    loadingText: $('loading-text'),
    quiz: $('quiz'),
    instructions: $('instructions'),
    progressText: $('progress-text'),
    progressBar: $('progress-bar'),
    progressFill: $('progress-fill'),
    answeredText: $('answered-text'),
    form: $('question-form'),
    fieldset: $('fieldset'),
    section: $('section'),
    question: $('question-text'),
    options: $('options'),
    formError: $('form-error'),
    prev: $('prev'),
    next: $('next'),
    submit: $('submit'),
    saveStatus: $('save-status'),
    state: $('state'),
    stateTitle: $('state-title'),
    stateMessage: $('state-message'),
    stateExtra: $('state-extra'),
    stateLinkWrap: $('state-link-wrap'),
    stateLink: $('state-link'),
    stateAction: $('state-action'),
    expiryWarning: $('expiry-warning'),
  };

  let view = 'loading';

  function showView(name) {
    view = name;
    el.loading.hidden = name !== 'loading';
    el.quiz.hidden = name !== 'quiz';
    el.state.hidden = name !== 'state';
    el.loading.setAttribute('aria-busy', name === 'loading' ? 'true' : 'false');
  }

  function announce(text) {
    el.srStatus.textContent = '';
    window.setTimeout(() => { el.srStatus.textContent = text; }, 50);
  }

  function announceError(text) {
    el.srAlert.textContent = '';
    window.setTimeout(() => { el.srAlert.textContent = text; }, 50);
  }

  function showLoading(text) {
    el.loadingText.textContent = text;
    showView('loading');
    announce(text);
  }

  // ------------------------------------------------------------------ API

  class NetworkError extends Error {}

  async function api(method, path, { body, headers, timeout } = {}) {
    const controller = typeof AbortController === 'function' ? new AbortController() : null;
    const timer = controller ? window.setTimeout(() => controller.abort(), timeout || REQUEST_TIMEOUT_MS) : null;
    const init = {
      method,
      headers: Object.assign({ Accept: 'application/json', Authorization: 'Bearer ' + token }, headers || {}),
      cache: 'no-store',
      credentials: 'omit',
      signal: controller ? controller.signal : undefined,
    };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let res;
    let text = '';
    try {
      res = await fetch(API + path, init);
      text = await res.text();
    } catch (e) {
      throw new NetworkError(e && e.message ? e.message : 'network error');
    } finally {
      if (timer) window.clearTimeout(timer);
    }
    let data = null;
    if (text) {
      try { data = JSON.parse(text); } catch (e) { data = null; }
    }
    return { ok: res.ok, status: res.status, data };
  }

  function errorOf(r) {
    const e = r && r.data && r.data.error;
    return {
      code: (e && typeof e.code === 'string' && e.code) || 'http_' + (r ? r.status : 0),
      message: (e && typeof e.message === 'string' && e.message) || T('requestFailed', r ? r.status : 0),
      details: (e && e.details) || null,
    };
  }

  function newIdempotencyKey() {
    if (window.crypto && typeof window.crypto.randomUUID === 'function') return window.crypto.randomUUID();
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }

  function isPast(iso) {
    const t = Date.parse(iso || '');
    return Number.isFinite(t) && t <= Date.now();
  }

  function safeHttpUrl(value) {
    if (typeof value !== 'string' || !value) return null;
    try {
      const u = new URL(value, window.location.href);
      return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
    } catch (e) {
      return null;
    }
  }

  // ------------------------------------------------------------------ session state

  let session = null;
  let questions = [];
  const answers = new Map(); // questionId -> {response, responseTimeMs}
  let index = 0;
  let shownAt = 0;
  let startedSent = false;
  let finished = false;
  let submitting = false;
  let submitKey = null;
  let inProgressRetries = 0;
  let expiryTimer = null;

  let saveTimer = null;
  let saving = false;
  let saveQueued = false;
  let unsaved = false;

  function sessionId() {
    return session ? session.sessionId : null;
  }

  function answeredCount() {
    return questions.reduce((n, q) => n + (answers.has(q.id) ? 1 : 0), 0);
  }

  function answerList() {
    const list = [];
    for (const q of questions) {
      const a = answers.get(q.id);
      if (!a) continue;
      const item = { questionId: q.id };
      if (q.dimension != null) item.dimension = q.dimension;
      item.response = a.response;
      if (Number.isInteger(a.responseTimeMs)) item.responseTimeMs = a.responseTimeMs;
      list.push(item);
    }
    return list;
  }

  function choicesFor(q) {
    const fmt = (q && q.responseFormat) || {};
    if (fmt.kind === 'multiple_choice' && Array.isArray(fmt.options)) {
      return fmt.options.map((o) => ({ value: Number(o.value), label: String(o.label != null ? o.label : o.value) }));
    }
    const min = Number.isInteger(fmt.min) ? fmt.min : 1;
    const max = Number.isInteger(fmt.max) ? fmt.max : 5;
    const labels = Array.isArray(fmt.labels) ? fmt.labels : [];
    const list = [];
    for (let v = min; v <= max; v++) list.push({ value: v, label: labels[v - min] != null ? String(labels[v - min]) : String(v) });
    return list;
  }

  function prefill(progress) {
    answers.clear();
    const saved = progress && Array.isArray(progress.answers) ? progress.answers : [];
    const byId = new Map(questions.map((q) => [q.id, q]));
    for (const a of saved) {
      const q = a && byId.get(a.questionId);
      if (!q || !Number.isInteger(a.response)) continue;
      if (!choicesFor(q).some((c) => c.value === a.response)) continue;
      answers.set(q.id, {
        response: a.response,
        responseTimeMs: Number.isInteger(a.responseTimeMs) ? a.responseTimeMs : null,
      });
    }
  }

  function scheduleExpiry() {
    if (expiryTimer) window.clearTimeout(expiryTimer);
    const ms = Date.parse((session && session.expiresAt) || '') - Date.now();
    if (Number.isFinite(ms) && ms > 0 && ms < 2147483000) {
      expiryTimer = window.setTimeout(() => {
        if (!finished && !submitting) toExpired();
      }, ms + 1000);
    }
  }

  // ------------------------------------------------------------------ the link's lifetime (WCAG 2.2.1)
  // The link expires at expiresAt and the candidate cannot extend it: say so in time, on screen and to screen
  // readers, 10 minutes before (politely) and 2 minutes before (as an alert).
  const EXPIRY_WARNING_MS = [10 * 60000, 2 * 60000];
  let expiryWarningTimers = [];

  function clearExpiryWarnings() {
    expiryWarningTimers.forEach((t) => window.clearTimeout(t));
    expiryWarningTimers = [];
  }

  function warnBeforeExpiry() {
    clearExpiryWarnings();
    const at = Date.parse((session && session.expiresAt) || '');
    const left = at - Date.now();
    if (!Number.isFinite(left) || left <= 0) return;
    const [early, late] = EXPIRY_WARNING_MS;
    // already inside a warning window: after the first question has been announced
    if (left <= early) expiryWarningTimers.push(window.setTimeout(() => showExpiryWarning(at, left <= late), 1000));
    for (const before of EXPIRY_WARNING_MS) {
      if (left > before && left - before < 2147483000) {
        expiryWarningTimers.push(window.setTimeout(() => showExpiryWarning(at, before === late), left - before));
      }
    }
  }

  function showExpiryWarning(at, urgent) {
    if (finished || view !== 'quiz') return;
    const minutes = Math.max(1, Math.ceil((at - Date.now()) / 60000));
    const time = new Date(at).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
    const text = T('expiryWarning', time, minutes);
    el.expiryWarning.textContent = text;
    el.expiryWarning.hidden = false;
    if (urgent) announceError(text);
    else announce(text);
  }

  // ------------------------------------------------------------------ loading

  async function loadSession() {
    showLoading(T('loading'));
    if (!token) return toInvalid();
    let r;
    try {
      r = await api('GET', '/api/v1/embed/session');
    } catch (e) {
      return toNetworkError(loadSession, T('loadFailed'));
    }
    if (r.status === 401) return toInvalid();
    if (r.status === 410) return toExpired();
    if (!r.ok || !r.data) return toHttpError(r, loadSession);
    // The page's frame-ancestors were chosen for ?session=: a token of another session must not run under them.
    if (expectedSessionId !== null && r.data.sessionId !== expectedSessionId) return toInvalid();
    session = r.data;
    applyLanguage(session.locale);

    // the name comes from the server (the catalogue's, in the session's language): one name on every surface
    const name = session.assessmentName || T('assessment');
    el.title.textContent = name;
    document.title = name;
    if (session.candidateName) {
      el.greeting.textContent = T('welcome', session.candidateName);
      el.greeting.hidden = false;
    }

    const ready = (count) => post('ready', {
      sessionId: session.sessionId,
      status: session.status,
      assessmentType: session.assessmentType,
      questionCount: count,
    });

    if (session.status === 'completed') {
      ready(null);
      return toCompleted({ sessionId: session.sessionId, status: 'completed', redirectUrl: null }, { alreadyDone: true });
    }
    if (session.status === 'expired' || isPast(session.expiresAt)) {
      ready(null);
      return toExpired();
    }

    try {
      r = await api('GET', '/api/v1/assessments/questions/' + encodeURIComponent(session.assessmentType));
    } catch (e) {
      return toNetworkError(loadSession, T('questionsFailed'));
    }
    if (r.status === 401) return toInvalid();
    // finished in the meantime (or this device's clock is behind): a finished session's token gets no questions
    if (r.status === 410) {
      ready(null);
      return toExpired();
    }
    if (r.status === 409 && errorOf(r).code === 'session_already_completed') {
      ready(null);
      return toCompleted({ sessionId: session.sessionId, status: 'completed', redirectUrl: null }, { alreadyDone: true });
    }
    if (!r.ok || !r.data) return toHttpError(r, loadSession);
    const bank = r.data;
    questions = Array.isArray(bank.questions) ? bank.questions : [];
    if (!questions.length) {
      return toError({ code: 'empty_question_bank', message: T('noQuestions') }, null);
    }
    if (typeof bank.language === 'string' && /^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(bank.language)) {
      document.documentElement.lang = bank.language;
    }
    if (bank.instructions) {
      el.instructions.textContent = bank.instructions;
      el.instructions.hidden = false;
    }
    prefill(session.progress);
    ready(questions.length);
    scheduleExpiry();

    if (session.status === 'failed' && answeredCount() === questions.length) {
      return toFailed({ sessionId: session.sessionId, status: 'failed', redirectUrl: null }, { fromLoad: true });
    }
    startQuiz();
  }

  function startQuiz() {
    finished = false;
    const firstOpen = questions.findIndex((q) => !answers.has(q.id));
    index = firstOpen === -1 ? questions.length - 1 : firstOpen;
    showView('quiz');
    // Do not move focus on first display: when framed, that would steal focus from the host page.
    render(false);
    if (answers.size > 0) {
      setSaveStatus(T('restored'));
    }
    if (!startedSent) {
      startedSent = true;
      post('started', { sessionId: sessionId() });
    }
    warnBeforeExpiry();
  }

  // ------------------------------------------------------------------ rendering

  function updateProgress() {
    const total = questions.length;
    const answered = answeredCount();
    el.progressText.textContent = T('questionOf', index + 1, total);
    el.progressBar.setAttribute('aria-valuemax', String(total));
    el.progressBar.setAttribute('aria-valuenow', String(answered));
    el.progressBar.setAttribute('aria-valuetext', T('answeredOf', answered, total));
    el.progressFill.style.width = (total ? (answered / total) * 100 : 0) + '%';
    el.answeredText.textContent = T('answeredOf', answered, total);
  }

  function optionInputs() {
    return Array.from(el.options.querySelectorAll('input[type="radio"]'));
  }

  function markSelected() {
    for (const input of optionInputs()) {
      const label = input.closest('label');
      if (!label) continue;
      label.classList.toggle('is-selected', input.checked);
      const check = label.querySelector('.check');
      if (check) check.textContent = input.checked ? T('selected') : '';
    }
  }

  function render(moveFocus) {
    const q = questions[index];
    const total = questions.length;
    const current = answers.get(q.id);

    updateProgress();
    el.section.textContent = q.section ? String(q.sectionTitle || q.section) : '';
    el.section.hidden = !q.section;
    el.question.textContent = q.text;

    const choices = choicesFor(q);
    const nodes = choices.map((c, i) => {
      const id = 'q' + index + '-opt-' + c.value;
      const label = document.createElement('label');
      label.className = 'option';
      label.htmlFor = id;

      const input = document.createElement('input');
      input.type = 'radio';
      input.name = 'answer';
      input.id = id;
      input.value = String(c.value);
      input.setAttribute('data-testid', 'option-' + c.value);
      if (current && current.response === c.value) input.checked = true;

      const key = document.createElement('span');
      key.className = 'key';
      key.setAttribute('aria-hidden', 'true');
      key.textContent = i < 9 ? String(i + 1) : '';

      const text = document.createElement('span');
      text.className = 'label-text';
      text.textContent = c.label;

      const check = document.createElement('span');
      check.className = 'check';
      check.setAttribute('aria-hidden', 'true');

      label.append(input, key, text, check);
      return label;
    });
    el.options.replaceChildren(...nodes);
    markSelected();

    const last = index === total - 1;
    el.prev.disabled = index === 0;
    el.next.hidden = last;
    el.submit.hidden = !last;
    el.submit.disabled = false;
    clearFormError();

    shownAt = performance.now();
    announce(T('questionOf', index + 1, total));
    if (moveFocus) el.question.focus();
  }

  function showFormError(text) {
    el.formError.textContent = text;
    el.formError.hidden = false;
    el.fieldset.setAttribute('aria-invalid', 'true');
    announceError(text);
  }

  function clearFormError() {
    el.formError.textContent = '';
    el.formError.hidden = true;
    el.fieldset.removeAttribute('aria-invalid');
  }

  function setSaveStatus(text) {
    el.saveStatus.textContent = text;
  }

  // ------------------------------------------------------------------ answering and navigation

  function selectAnswer(value) {
    if (view !== 'quiz' || submitting) return;
    const q = questions[index];
    const elapsed = Math.round(performance.now() - shownAt);
    answers.set(q.id, { response: value, responseTimeMs: Math.min(MAX_RESPONSE_MS, Math.max(0, elapsed)) });
    markSelected();
    clearFormError();
    updateProgress();
    announceChoice(q, value);
    post('progress', { answered: answeredCount(), total: questions.length });
    scheduleSave();
  }

  // Screen readers hear the choice through the polite live region; focus stays where the candidate put it.
  function announceChoice(q, value) {
    const choice = choicesFor(q).find((c) => c.value === value);
    if (choice) announce(T('choiceAnnounced', choice.label, answeredCount(), questions.length));
  }

  function goNext() {
    if (view !== 'quiz' || submitting) return;
    const q = questions[index];
    if (!answers.has(q.id)) {
      showFormError(T('chooseAnswer'));
      return;
    }
    if (index < questions.length - 1) {
      index++;
      render(true);
      return;
    }
    const open = questions.findIndex((x) => !answers.has(x.id));
    if (open !== -1) {
      index = open;
      render(true);
      showFormError(T('answerQuestion', open + 1));
      return;
    }
    el.submit.focus();
    announce(T('allAnswered'));
  }

  function goPrevious() {
    if (view !== 'quiz' || submitting || index === 0) return;
    index--;
    render(true);
  }

  el.form.addEventListener('submit', (e) => e.preventDefault());
  el.options.addEventListener('change', (e) => {
    const t = e.target;
    if (t && t.name === 'answer' && t.checked) selectAnswer(Number(t.value));
  });
  el.next.addEventListener('click', goNext);
  el.prev.addEventListener('click', goPrevious);
  el.submit.addEventListener('click', () => { submitAnswers(); });

  document.addEventListener('keydown', (e) => {
    if (view !== 'quiz' || submitting || e.defaultPrevented || e.isComposing) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target && e.target.tagName;
    if (/^[1-9]$/.test(e.key)) {
      const inputs = optionInputs();
      const input = inputs[Number(e.key) - 1];
      if (!input) return;
      e.preventDefault();
      input.checked = true;
      input.focus();
      selectAnswer(Number(input.value));
      return;
    }
    if (e.key === 'ArrowRight' || (e.key === 'Enter' && tag !== 'BUTTON' && tag !== 'A')) {
      e.preventDefault();
      goNext();
      return;
    }
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      goPrevious();
    }
  });

  // ------------------------------------------------------------------ saving progress

  function scheduleSave() {
    unsaved = true;
    if (saveTimer) window.clearTimeout(saveTimer);
    saveTimer = window.setTimeout(saveNow, SAVE_DEBOUNCE_MS);
  }

  async function saveNow() {
    saveTimer = null;
    if (finished || submitting) return;
    if (saving) {
      saveQueued = true;
      return;
    }
    saving = true;
    unsaved = false;
    setSaveStatus(T('saving'));
    try {
      const r = await api('PUT', '/api/v1/embed/progress', { body: { answers: answerList() } });
      if (finished || submitting) return;
      if (r.ok) {
        setSaveStatus(T('saved'));
      } else if (r.status === 401) {
        toInvalid();
      } else if (r.status === 410) {
        toExpired();
      } else if (r.status === 409) {
        toCompleted({ sessionId: sessionId(), status: 'completed', redirectUrl: null }, { alreadyDone: true });
      } else {
        unsaved = true;
        setSaveStatus(T('notSavedYet'));
      }
    } catch (e) {
      unsaved = true;
      if (!finished && !submitting) {
        setSaveStatus(T('connectionNotSaved'));
      }
    } finally {
      saving = false;
      if (saveQueued) {
        saveQueued = false;
        scheduleSave();
      }
    }
  }

  // Best effort: save pending answers when the page is hidden or closed.
  function flushOnLeave() {
    if (finished || submitting || !session || !(saveTimer || unsaved)) return;
    if (saveTimer) {
      window.clearTimeout(saveTimer);
      saveTimer = null;
    }
    try {
      fetch(API + '/api/v1/embed/progress', {
        method: 'PUT',
        keepalive: true,
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: 'Bearer ' + token },
        body: JSON.stringify({ answers: answerList() }),
      }).then((r) => { if (r.ok) unsaved = false; }, () => {});
    } catch (e) { /* ignore */ }
  }
  window.addEventListener('pagehide', flushOnLeave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushOnLeave();
  });

  // ------------------------------------------------------------------ submitting

  async function submitAnswers() {
    if (submitting || finished || !session) return;
    const open = questions.findIndex((q) => !answers.has(q.id));
    if (open !== -1) {
      showView('quiz');
      index = open;
      render(true);
      showFormError(T('answerQuestion', open + 1));
      return;
    }
    if (isPast(session.expiresAt)) return toExpired();

    if (saveTimer) {
      window.clearTimeout(saveTimer);
      saveTimer = null;
    }
    submitting = true;
    if (!submitKey) submitKey = newIdempotencyKey();
    showLoading(T('submitting'));

    let r;
    try {
      r = await api('POST', '/api/v1/embed/submit', {
        body: { responses: answerList() },
        headers: { 'Idempotency-Key': submitKey },
        timeout: SUBMIT_TIMEOUT_MS,
      });
    } catch (e) {
      submitting = false;
      // Keep submitKey: the retry is the same attempt.
      return toNetworkError(submitAnswers, T('sendFailed'));
    }
    submitting = false;

    if (r.ok && r.data) {
      submitKey = null;
      inProgressRetries = 0;
      if (r.data.status === 'completed') return toCompleted(r.data);
      if (r.data.status === 'failed') return toFailed(r.data);
      return toError({ code: 'unexpected_status', message: T('unexpectedStatus', r.data.status) }, null);
    }

    const err = errorOf(r);
    if (r.status === 401) return toInvalid();
    if (r.status === 410) return toExpired();
    if (r.status === 409) {
      if (err.code === 'session_already_completed') {
        submitKey = null;
        return toCompleted({ sessionId: sessionId(), status: 'completed', redirectUrl: null }, { alreadyDone: true });
      }
      if (err.code === 'idempotency_in_progress' && inProgressRetries < 5) {
        inProgressRetries++;
        await new Promise((resolve) => window.setTimeout(resolve, 1500));
        return submitAnswers();
      }
      submitKey = null;
    }
    inProgressRetries = 0;
    if (r.status === 400 || r.status === 422) {
      submitKey = null;
      const issues = err.details && Array.isArray(err.details.errors)
        ? err.details.errors.slice(0, 3).map((x) => (x.field ? x.field + ': ' : '') + (x.issue || '')).join('; ')
        : '';
      showView('quiz');
      render(false);
      showFormError(T('notSubmitted', err.message) + (issues ? ' (' + issues + ')' : ''));
      el.submit.focus();
      post('error', { code: err.code, message: err.message });
      return;
    }
    return toHttpError(r, submitAnswers);
  }

  // ------------------------------------------------------------------ end states

  function clearTimers() {
    if (saveTimer) window.clearTimeout(saveTimer);
    saveTimer = null;
    if (expiryTimer) window.clearTimeout(expiryTimer);
    expiryTimer = null;
    clearExpiryWarnings();
  }

  let retryAction = null;

  function showState(kind, { title, message, extra, link, action }) {
    el.state.setAttribute('data-state', kind);
    el.stateTitle.textContent = title;
    el.stateMessage.textContent = message;
    el.stateExtra.textContent = extra || '';
    el.stateExtra.hidden = !extra;
    if (link) {
      el.stateLink.href = link.href;
      el.stateLink.textContent = link.text;
      el.stateLinkWrap.hidden = false;
    } else {
      el.stateLinkWrap.hidden = true;
      el.stateLink.removeAttribute('href');
    }
    retryAction = action ? action.run : null;
    el.stateAction.textContent = action ? action.label : '';
    el.stateAction.hidden = !action;
    el.stateAction.disabled = false;
    setSaveStatus('');
    showView('state');
    if (kind === 'completed') announce(title + '. ' + message);
    else announceError(title + '. ' + message);
    if (document.hasFocus()) el.stateTitle.focus();
  }

  el.stateAction.addEventListener('click', () => {
    const run = retryAction;
    if (!run) return;
    el.stateAction.disabled = true;
    run();
  });

  function toCompleted(result, { alreadyDone } = {}) {
    finished = true;
    clearTimers();
    const redirect = safeHttpUrl(result && result.redirectUrl);
    const willRedirect = !!redirect && !inIframe;
    showState('completed', {
      title: T('completedTitle'),
      message: alreadyDone
        ? T('alreadyDone')
        : willRedirect
          ? T('redirecting')
          : T('canClose'),
      link: willRedirect ? { href: redirect, text: T('continueNow') } : null,
    });
    post('completed', {
      sessionId: (result && result.sessionId) || sessionId(),
      status: 'completed',
      redirectUrl: (result && result.redirectUrl) || null,
    });
    if (willRedirect) window.setTimeout(() => window.location.assign(redirect), REDIRECT_DELAY_MS);
  }

  function toFailed(result, { fromLoad } = {}) {
    finished = false;
    showState('failed', {
      title: T('failedTitle'),
      message: T('failedMessage'),
      extra: T('failedExtra'),
      action: { label: T('tryAgain'), run: () => { submitKey = null; submitAnswers(); } },
    });
    if (!fromLoad) {
      post('completed', {
        sessionId: (result && result.sessionId) || sessionId(),
        status: 'failed',
        redirectUrl: (result && result.redirectUrl) || null,
      });
    }
  }

  function toExpired() {
    finished = true;
    clearTimers();
    showState('expired', {
      title: T('expiredTitle'),
      message: T('expiredMessage'),
      extra: T('expiredExtra'),
    });
    post('expired', { sessionId: sessionId() });
  }

  function toInvalid() {
    finished = true;
    clearTimers();
    const message = T('invalidTitle');
    showState('invalid', {
      title: message,
      message: T('invalidMessage'),
      extra: T('invalidExtra'),
    });
    post('error', { code: 'invalid_session_token', message });
  }

  function toError(err, retry, title) {
    showState('error', {
      title: title || T('errorTitle'),
      message: err.message,
      extra: err.code ? T('errorCode', err.code) : '',
      action: retry ? { label: T('retry'), run: retry } : null,
    });
    post('error', { code: err.code, message: err.message });
  }

  function toNetworkError(retry, what) {
    toError({
      code: 'network_error',
      message: T('checkConnection', what),
    }, retry, T('connectionTitle'));
  }

  function toHttpError(r, retry) {
    const err = errorOf(r);
    if (r.status === 429) err.message = T('tooMany');
    else if (r.status >= 500) err.message = T('serviceProblem');
    toError(err, retry);
  }

  // ------------------------------------------------------------------ start

  loadSession();
})();
