// The developer portal's UI: plain DOM, no framework. Every request goes to /api/portal/* with the session cookie
// (same origin); state-changing ones carry the session's CSRF token, organization-scoped ones X-Organization-Id.
// Text from the server is only ever set as textContent.
'use strict';
(() => {
  const ROLES = ['owner', 'admin', 'developer', 'viewer'];
  const state = { me: null, org: null, view: 'overview' };
  const $ = (id) => document.getElementById(id);
  const at = (role) => state.org && ROLES.indexOf(state.org.role) <= ROLES.indexOf(role);

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else if (k === 'text') node.textContent = v;
      else node.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c.nodeType ? c : String(c));
    return node;
  }

  function say(text, bad) {
    const s = $('status');
    s.textContent = text || '';
    s.className = bad ? 'error' : 'ok';
  }

  async function api(method, path, body) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET' && state.me) headers['X-CSRF-Token'] = state.me.csrfToken;
    if (state.org) headers['X-Organization-Id'] = state.org.id;
    const r = await fetch('/api/portal' + path, { method, headers, credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body) });
    const json = r.status === 204 || r.status === 202 && !r.headers.get('content-type') ? null : await r.json().catch(() => null);
    if (!r.ok) {
      const e = new Error(json && json.error ? json.error.message : 'HTTP ' + r.status);
      e.status = r.status;
      e.code = json && json.error ? json.error.code : null;
      throw e;
    }
    return json;
  }

  const guard = (fn) => async (event) => {
    if (event) event.preventDefault();
    try { await fn(event); } catch (e) {
      say(e.message, true);
      if (e.code === 'invalid_portal_session') { state.me = null; render(); }
    }
  };

  function field(label, input) {
    const id = 'f-' + Math.random().toString(36).slice(2);
    input.id = id;
    return [el('label', { for: id, text: label }), input];
  }

  function table(headers, rows) {
    return el('div', { class: 'table' }, el('table', {},
      el('thead', {}, el('tr', {}, headers.map((h) => el('th', { scope: 'col', text: h })))),
      el('tbody', {}, rows.length ? rows.map((cells) => el('tr', {}, cells.map((c, i) => el('td', { 'data-label': headers[i] }, c))))
        // an empty table still says so in a cell under its headers (screen readers announce the headers over it)
        : el('tr', {}, el('td', { colspan: String(headers.length), 'data-label': '', class: 'muted', text: 'None yet.' })))));
  }

  // ------------------------------------------------------------------------------------------ signed out

  function signInView() {
    const email = el('input', { type: 'email', autocomplete: 'username', required: true, 'data-testid': 'email' });
    const password = el('input', { type: 'password', autocomplete: 'current-password', required: true, 'data-testid': 'password' });
    const resetEmail = el('input', { type: 'email', autocomplete: 'username', required: true });
    return [
      el('form', { class: 'card', 'aria-labelledby': 'h-signin', onsubmit: guard(async () => {
        state.me = await api('POST', '/sign-in', { email: email.value, password: password.value });
        say('Signed in.');
        await start();
      }) }, el('h1', { id: 'h-signin', text: 'Sign in' }), field('Email', email), field('Password', password),
      el('div', { class: 'row' }, el('button', { class: 'primary', type: 'submit', 'data-testid': 'sign-in', text: 'Sign in' }))),
      el('form', { class: 'card', onsubmit: guard(async () => {
        await api('POST', '/password-reset', { email: resetEmail.value });
        say('If that address has an account, a reset link is on its way.');
      }) }, el('h2', { text: 'Forgot your password?' }), field('Email', resetEmail),
      el('div', { class: 'row' }, el('button', { type: 'submit', text: 'Email me a link' }))),
    ];
  }

  function invitationView(token) {
    const name = el('input', { type: 'text', autocomplete: 'name', 'data-testid': 'name' });
    const password = el('input', { type: 'password', autocomplete: 'new-password', required: true, 'data-testid': 'password' });
    return el('form', { class: 'card', onsubmit: guard(async () => {
      state.me = await api('POST', '/invitations/accept', { token, name: name.value || undefined, password: password.value });
      history.replaceState(null, '', '/portal');
      say('Welcome! You are signed in.');
      await start();
    }) }, el('h1', { text: 'Accept your invitation' }),
    el('p', { class: 'muted', text: 'New here? Give your name and a password of at least 12 characters. Have an account? Give its password.' }),
    field('Your name', name), field('Password', password),
    el('div', { class: 'row' }, el('button', { class: 'primary', type: 'submit', 'data-testid': 'accept', text: 'Accept and sign in' })));
  }

  function resetView(token) {
    const password = el('input', { type: 'password', autocomplete: 'new-password', required: true, minlength: 12 });
    return el('form', { class: 'card', onsubmit: guard(async () => {
      await api('POST', '/password-reset/confirm', { token, password: password.value });
      history.replaceState(null, '', '/portal');
      say('Your password is changed. Sign in with it.');
      render();
    }) }, el('h1', { text: 'Choose a new password' }), field('New password (12 characters or more)', password),
    el('div', { class: 'row' }, el('button', { class: 'primary', type: 'submit', text: 'Set password' })));
  }

  // ------------------------------------------------------------------------------------------ views

  const views = {
    async overview() {
      const env = state.overviewEnv || 'live';
      const days = state.overviewDays || 30;
      const [org, ov] = await Promise.all([api('GET', '/organization'),
        api('GET', '/overview?environment=' + env + '&days=' + days)]);
      const type = state.overviewType || '';
      const testSwitch = el('input', { type: 'checkbox', role: 'switch', 'data-testid': 'overview-test', checked: env === 'test',
        onchange: guard(async (e) => { state.overviewEnv = e.target.checked ? 'test' : 'live'; await show('overview'); }) });
      const range = el('select', { 'data-testid': 'overview-days', onchange: guard(async (e) => { state.overviewDays = Number(e.target.value); await show('overview'); }) },
        [7, 30, 90, 365].map((n) => el('option', { value: String(n), text: 'Last ' + n + ' days', selected: n === days })));
      const types = el('select', { 'data-testid': 'overview-type', onchange: guard(async (e) => { state.overviewType = e.target.value; await show('overview'); }) },
        el('option', { value: '', text: 'All types' }), org.assessmentTypes.map((t) => el('option', { value: t, text: t, selected: t === type })));
      const rows = ov.sessions.filter((c) => !type || c.assessmentType === type);
      return [el('h1', { text: org.name }),
        el('h2', { text: 'Licenses' }), el('p', { class: 'muted', text: 'Live licenses (test sessions use none).' }),
        table(['Assessment', 'Capacity', 'Used', 'Available'],
          ov.licenses.map((l) => [l.assessmentType, String(l.capacity), String(l.used), String(l.available)])),
        el('h2', { text: 'Sessions over time' }),
        el('div', { class: 'row' }, el('label', { class: 'inline' }, testSwitch, ' Test sessions (live when off)'),
          el('label', { class: 'inline' }, 'Range ', range), el('label', { class: 'inline' }, 'Type ', types)),
        el('p', { class: 'muted', 'data-testid': 'overview-env', text: (env === 'live' ? 'Live' : 'Test') + ' sessions created per day, by current status'
          + (type ? ' (' + type + ')' : '') + '. Arrow keys move between days.' }),
        chart(ov, rows),
        el('details', { 'data-testid': 'overview-table' }, el('summary', { text: 'The same as a table' }),
          rows.length === 0 ? el('p', { class: 'muted', text: 'No sessions in this range.' })
            : table(['Day', 'Type', 'Status', 'Sessions'], rows.map((c) => [c.date, c.assessmentType, c.status, String(c.count)])))];
    },

    async keys() {
      const list = await api('GET', '/keys?limit=100');
      const env = el('select', { 'data-testid': 'key-env' }, el('option', { value: 'test', text: 'test' }), el('option', { value: 'live', text: 'live' }));
      const origins = el('input', { type: 'text', placeholder: 'https://app.example.com, http://localhost:3000' });
      const out = [el('h1', { text: 'API keys' })];
      if (at('developer')) {
        out.push(el('form', { class: 'card', onsubmit: guard(async () => {
          const allowedOrigins = origins.value.split(',').map((s) => s.trim()).filter(Boolean);
          const pair = await api('POST', '/keys', { environment: env.value, allowedOrigins });
          await show('keys');
          $('view').prepend(secretBox('New key pair: copy the secrets now, they are shown only once.',
            [['Secret key', pair.secretKey.secret], ['Publishable key', pair.publishableKey.secret]]));
        }) }, el('h2', { text: 'Issue a key pair' }), field('Environment', env), field('Allowed browser origins (publishable key)', origins),
        el('div', { class: 'row' }, el('button', { class: 'primary', type: 'submit', 'data-testid': 'issue-key', text: 'Issue pair' }))));
      }
      out.push(table(['Key', 'Kind', 'Env', 'Status', 'Created', ''], list.data.map((k) => [
        el('code', { text: k.prefix + '…' + k.last4 }), k.kind, k.environment, k.status, k.createdAt.slice(0, 10),
        at('developer') && k.status !== 'revoked' ? el('span', { class: 'row' },
          el('button', { type: 'button', onclick: guard(async () => {
            const r = await api('POST', '/keys/' + encodeURIComponent(k.id) + '/rotate', { gracePeriodSeconds: 86400 });
            await show('keys');
            $('view').prepend(secretBox('Rotated: the old key works for 24 hours more. New secret (shown once):', [['New key', r.key.secret]]));
          }), text: 'Rotate' }),
          el('button', { type: 'button', class: 'danger', onclick: guard(async () => {
            if (!confirm('Revoke this key now? Requests with it will fail at once.')) return;
            await api('POST', '/keys/' + encodeURIComponent(k.id) + '/revoke');
            await show('keys');
            say('Key revoked.');
          }), text: 'Revoke' })) : ''])));
      return out;
    },

    async webhooks() {
      const list = await api('GET', '/webhooks?limit=100');
      state.hooks = Object.fromEntries(list.data.map((w) => [w.id, w]));
      const env = el('select', {}, el('option', { value: 'test', text: 'test' }), el('option', { value: 'live', text: 'live' }));
      const url = el('input', { type: 'url', required: true, placeholder: 'https://hooks.example.com/assessments', 'data-testid': 'hook-url' });
      const events = eventPicker(['session.completed'], 'hook-events');
      const out = [el('h1', { text: 'Webhooks' })];
      if (at('developer')) {
        out.push(el('form', { class: 'card', onsubmit: guard(async () => {
          const chosen = [...events.selectedOptions].map((o) => o.value);
          const created = await api('POST', '/webhooks', { environment: env.value, url: url.value, events: chosen });
          await show('webhooks');
          $('view').prepend(secretBox('Endpoint registered. Its signing secret (shown once):', [['Signing secret', created.secret]]));
        }) }, el('h2', { text: 'Register an endpoint' }), field('Environment', env), field('URL', url), field('Events', events),
        el('div', { class: 'row' }, el('button', { class: 'primary', type: 'submit', 'data-testid': 'create-hook', text: 'Register' }))));
      }
      out.push(table(['URL', 'Env', 'Status', 'Events', ''], list.data.map((w) => [w.url, w.environment,
        el('span', { 'data-testid': 'hook-status-' + w.id, text: w.status + (w.disabledReason ? ' (' + w.disabledReason + ')' : '') }),
        w.events.join(', '),
        el('span', { class: 'row' },
          el('button', { type: 'button', 'data-testid': 'deliveries-' + w.id, onclick: guard(() => deliveries(w, '')), text: 'Deliveries' }),
          el('button', { type: 'button', 'data-testid': 'dead-' + w.id, onclick: guard(() => deliveries(w, 'dead')), text: 'Dead letters' }),
          at('developer') ? [
            el('button', { type: 'button', 'data-testid': 'test-' + w.id, disabled: w.status !== 'enabled', title: w.status !== 'enabled'
              ? 'Enable the endpoint first' : null, onclick: guard(async () => {
              const d = await api('POST', '/webhooks/' + encodeURIComponent(w.id) + '/test');
              say('Test event queued to ' + w.url + ' (delivery ' + d.id + ').');
              await deliveries(w, '');
            }), text: 'Send test event' }),
            el('button', { type: 'button', 'data-testid': 'edit-' + w.id, onclick: guard(() => editHook(w)), text: 'Edit' }),
            el('button', { type: 'button', 'data-testid': 'rotate-' + w.id, onclick: guard(() => rotateHook(w)), text: 'Rotate secret' }),
            el('button', { type: 'button', 'data-testid': 'recover-' + w.id, onclick: guard(() => recoverForm(w)), text: 'Recover' }),
            el('button', { type: 'button', class: 'danger', 'data-testid': 'delete-' + w.id, onclick: guard(async () => {
              if (!confirm('Delete the endpoint ' + w.url + '? Deliveries not yet made to it are cancelled.')) return;
              await api('DELETE', '/webhooks/' + encodeURIComponent(w.id));
              await show('webhooks');
              say('Endpoint deleted.');
            }), text: 'Delete' })] : null)])));
      out.push(el('div', { id: 'deliveries' }));
      return out;
    },

    async deadletters() {
      const env = state.dlqEnv || '';
      const [page, hooks] = await Promise.all([api('GET', '/dead-letters?limit=100' + (env ? '&environment=' + env : '')),
        api('GET', '/webhooks?limit=100')]);
      const urls = Object.fromEntries(hooks.data.map((w) => [w.id, w.url + ' (' + w.environment + ')']));
      const envSelect = el('select', { 'data-testid': 'dlq-env', onchange: guard(async (e) => { state.dlqEnv = e.target.value; await show('deadletters'); }) },
        [['', 'both environments'], ['live', 'live'], ['test', 'test']].map(([v, t]) => el('option', { value: v, text: t, selected: v === env })));
      const out = [el('h1', { text: 'Dead-letter queue' }),
        el('p', { class: 'muted', text: 'Deliveries that failed every retry, on all endpoints, newest first. A resend or a recover takes one out.' }),
        el('div', { class: 'row' }, el('label', { class: 'inline' }, 'Show ', envSelect)),
        el('p', { 'data-testid': 'dlq-total', text: page.total + ' dead deliver' + (page.total === 1 ? 'y' : 'ies') }),
        page.data.length === 0 ? el('p', { class: 'muted', text: 'Nothing here.' }) :
          table(['Endpoint', 'Event', 'Attempts', 'Last answer', 'Created', ''], page.data.map((d) => [urls[d.endpointId] || d.endpointId + ' (deleted)',
            d.eventType, String(d.attempts), d.lastResponseStatus ? String(d.lastResponseStatus) : (d.lastError || ''),
            d.createdAt.slice(0, 16).replace('T', ' '),
            at('developer') && urls[d.endpointId] ? el('button', { type: 'button', 'data-testid': 'dlq-resend-' + d.id, onclick: guard(async () => {
              const copy = await api('POST', '/webhooks/' + encodeURIComponent(d.endpointId) + '/deliveries/' + encodeURIComponent(d.id) + '/resend');
              await show('deadletters');
              say('Resent: a new delivery is ' + copy.status + '.');
            }), text: 'Resend' }) : '']))];
      if (at('developer')) {
        const since = el('input', { type: 'datetime-local', required: true, value: localInput(Date.now() - 86400000), 'data-testid': 'dlq-since' });
        out.push(el('form', { class: 'card', onsubmit: guard(async () => {
          const r = await api('POST', '/dead-letters/recover' + (env ? '?environment=' + env : ''), { since: new Date(since.value).toISOString() });
          await show('deadletters');
          say(r.recovered + ' deliver' + (r.recovered === 1 ? 'y' : 'ies') + ' queued again.');
        }) }, el('h2', { text: 'Recover everything since' }),
        el('p', { class: 'muted', text: 'Queues again every failed or dead delivery made since then (' + (env || 'both environments') + '), once.' }),
        field('Since (your time)', since),
        el('div', { class: 'row' }, el('button', { class: 'primary', type: 'submit', 'data-testid': 'dlq-recover', text: 'Recover' }))));
      }
      return out;
    },

    async reports() {
      const period = el('select', { 'data-testid': 'report-period' }, ['month', 'week', 'day'].map((x) => el('option', { value: x, text: x, selected: x === (state.reportPeriod || 'month') })));
      const from = el('input', { type: 'date', value: state.reportFrom || '' });
      const to = el('input', { type: 'date', value: state.reportTo || '' });
      const q = () => {
        const p = new URLSearchParams({ period: state.reportPeriod || 'month' });
        if (state.reportFrom) p.set('from', state.reportFrom + 'T00:00:00Z');
        if (state.reportTo) p.set('to', nextDay(state.reportTo) + 'T00:00:00Z');
        return p.toString();
      };
      const r = await api('GET', '/reports?' + q());
      return [el('h1', { text: 'Reports' }),
        el('p', { class: 'muted', text: 'Production figures only: test sessions are left out. Periods are UTC; weeks start on Monday.' }),
        el('form', { class: 'card', onsubmit: guard(async () => {
          state.reportPeriod = period.value; state.reportFrom = from.value; state.reportTo = to.value;
          await show('reports');
        }) }, field('Period', period), field('From (first day; default: a year ago)', from), field('To (last day; default: today)', to),
        el('div', { class: 'row' }, el('button', { type: 'submit', text: 'Show' }),
          el('button', { type: 'button', 'data-testid': 'report-csv', onclick: guard(async () => {
            const res = await fetch('/api/portal/reports/export.csv?' + q(), { headers: { 'X-Organization-Id': state.org.id }, credentials: 'same-origin' });
            if (!res.ok) throw new Error('The CSV could not be downloaded (HTTP ' + res.status + ').');
            const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') || '');
            const a = el('a', { href: URL.createObjectURL(await res.blob()), download: name ? name[1] : 'report.csv' });
            document.body.append(a); a.click(); a.remove();
            say('CSV downloaded.');
          }), text: 'Download CSV' }))),
        el('p', { class: 'muted', text: r.from.slice(0, 10) + ' to ' + r.to.slice(0, 10) + ' (exclusive), per ' + r.period }),
        r.rows.length === 0 ? el('p', { class: 'muted', 'data-testid': 'report-empty', text: 'Nothing completed or consumed in this range.' })
          : table(['Period', 'Assessment', 'Completed', 'Licenses consumed'], r.rows.map((x) => [x.periodStart, x.assessmentType,
            String(x.completed), String(x.licensesConsumed)]))];
    },

    async tfd() {
      const [configs, occupations] = await Promise.all([api('GET', '/tfd-configs'), api('GET', '/occupations')]);
      const occupation = el('select', { 'data-testid': 'occupation' }, occupations.data.map((o) => el('option', { value: o.id, text: o.name + ' (' + o.id + ')' })));
      const next = { generating: ['reviewing'], reviewing: ['published', 'generating'], published: ['archived'], archived: ['published'] };
      const out = [el('h1', { text: 'TFD configs' })];
      if (at('developer')) {
        out.push(el('form', { class: 'card', onsubmit: guard(async () => {
          await api('POST', '/tfd-configs', { occupationId: occupation.value });
          await show('tfd');
          say('Config created; it is generating.');
        }) }, el('h2', { text: 'New config from the catalogue' }), field('Occupation', occupation),
        el('div', { class: 'row' }, el('button', { class: 'primary', type: 'submit', 'data-testid': 'create-tfd', text: 'Create' }))));
      }
      out.push(table(['Occupation', 'Id', 'Status', ''], configs.data.map((c) => [c.occupationName, el('code', { text: c.id }),
        el('span', { 'data-testid': 'tfd-status-' + c.id, text: c.status }),
        at('developer') ? el('span', { class: 'row' }, next[c.status].map((s) => el('button', { type: 'button',
          'data-testid': 'move-' + c.id + '-' + s, onclick: guard(async () => {
            await api('POST', '/tfd-configs/' + encodeURIComponent(c.id) + '/status', { status: s });
            await show('tfd');
            say('Config is ' + s + '.');
          }), text: s === 'published' ? 'Publish' : 'Move to ' + s }))) : ''])));
      return out;
    },

    async team() {
      const members = await api('GET', '/team/members');
      const out = [el('h1', { text: 'Team' }), table(['Email', 'Name', 'Role'], members.data.map((m) => [m.email, m.name, m.role]))];
      if (at('admin')) {
        const email = el('input', { type: 'email', required: true, 'data-testid': 'invite-email' });
        const role = el('select', { 'data-testid': 'invite-role' }, ROLES.filter((r) => r !== 'owner' || at('owner'))
          .map((r) => el('option', { value: r, text: r, selected: r === 'developer' })));
        out.push(el('form', { class: 'card', onsubmit: guard(async () => {
          const inv = await api('POST', '/team/invitations', { email: email.value, role: role.value });
          await show('team');
          $('view').prepend(secretBox('Invitation emailed. You can also send this single-use link yourself:', [['Link', inv.acceptUrl]]));
        }) }, el('h2', { text: 'Invite someone' }), field('Email', email), field('Role', role),
        el('div', { class: 'row' }, el('button', { class: 'primary', type: 'submit', 'data-testid': 'invite', text: 'Invite' }))));
        const invitations = await api('GET', '/team/invitations');
        out.push(el('h2', { text: 'Invitations' }), table(['Email', 'Role', 'Status', 'Expires', ''], invitations.data.map((i) => [
          i.email, i.role, i.status, i.expiresAt.slice(0, 10), i.status === 'pending' ? el('button', { type: 'button', class: 'danger',
            onclick: guard(async () => { await api('POST', '/team/invitations/' + encodeURIComponent(i.id) + '/revoke'); await show('team'); }),
            text: 'Withdraw' }) : ''])));
      }
      return out;
    },

    async sessions() {
      const env = el('select', { 'data-testid': 'session-env' }, ['live', 'test'].map((e) => el('option', { value: e, text: e, selected: e === state.sessionEnv })));
      const status = el('select', {}, ['', 'created', 'in_progress', 'completed', 'failed', 'expired']
        .map((x) => el('option', { value: x, text: x || 'any', selected: x === (state.sessionStatus || '') })));
      const candidate = el('input', { type: 'search', value: state.sessionCandidate || '' });
      const q = new URLSearchParams({ environment: state.sessionEnv || 'live', limit: '50' });
      if (state.sessionStatus) q.set('status', state.sessionStatus);
      if (state.sessionCandidate) q.set('candidate_id', state.sessionCandidate);
      const page = await api('GET', '/sessions?' + q);
      return [el('h1', { text: 'Sessions' }),
        el('form', { class: 'card', onsubmit: guard(async () => {
          state.sessionEnv = env.value; state.sessionStatus = status.value; state.sessionCandidate = candidate.value.trim();
          await show('sessions');
        }) }, el('h2', { text: 'Search' }), field('Environment', env), field('Status', status), field('Candidate id', candidate),
        el('div', { class: 'row' }, el('button', { type: 'submit', text: 'Search' }))),
        el('p', { class: 'muted', text: page.total + ' session(s)' }),
        table(['Session', 'Type', 'Candidate', 'Status', 'Created', ''], page.data.map((x) => [el('code', { text: x.id }), x.assessmentType,
          x.candidate ? x.candidate.externalId || '' : '', x.status, x.createdAt.slice(0, 16).replace('T', ' '),
          el('button', { type: 'button', onclick: guard(() => sessionDetail(x.id)), text: 'Open' })])),
        el('div', { id: 'session-detail' })];
    },

    async audit() {
      const f = state.auditFilter || {};
      const p = new URLSearchParams({ limit: '100' });
      if (f.actor) p.set('actor', f.actor);
      if (f.action) p.set('action', f.action);
      if (f.from) p.set('created_after', f.from + 'T00:00:00Z');
      if (f.to) p.set('created_before', nextDay(f.to) + 'T00:00:00Z');
      const log = await api('GET', '/audit-log?' + p);
      const actor = el('input', { type: 'text', value: f.actor || '', placeholder: 'email or usr_…', 'data-testid': 'audit-actor' });
      const action = el('input', { type: 'text', value: f.action || '', placeholder: 'webhook.* or key.issued', list: 'audit-actions', 'data-testid': 'audit-action' });
      const from = el('input', { type: 'date', value: f.from || '' });
      const to = el('input', { type: 'date', value: f.to || '' });
      return [el('h1', { text: 'Audit log' }),
        el('form', { class: 'card', onsubmit: guard(async () => {
          state.auditFilter = { actor: actor.value.trim(), action: action.value.trim(), from: from.value, to: to.value };
          await show('audit');
        }) }, el('h2', { text: 'Filter' }), field('Who', actor), field('Action', action),
        el('datalist', { id: 'audit-actions' }, ['key.*', 'webhook.*', 'invitation.*', 'member.*', 'tfd_config.*', 'session.*', 'sign_in', 'sign_out']
          .map((x) => el('option', { value: x }))),
        field('From (day)', from), field('To (day, included)', to),
        el('div', { class: 'row' }, el('button', { type: 'submit', 'data-testid': 'audit-filter', text: 'Apply' }),
          el('button', { type: 'button', onclick: guard(async () => { state.auditFilter = {}; await show('audit'); }), text: 'Clear' }))),
        el('p', { class: 'muted', 'data-testid': 'audit-total', text: log.total + ' entr' + (log.total === 1 ? 'y' : 'ies') }),
        table(['When', 'Who', 'Action', 'Target'],
          log.data.map((x) => [x.createdAt.replace('T', ' ').slice(0, 19), x.userEmail || 'operator', x.action, x.target || '']))];
    },
  };

  // Sessions per day as stacked bars in plain SVG, drawn here (no library, no CDN). Keyboard: the chart is one tab
  // stop; the arrow keys, Home and End move between days, and the focused day is read out in text next to it.
  const STATUSES = ['created', 'in_progress', 'completed', 'failed', 'expired'];
  const COLORS = { created: '#8b9bb0', in_progress: '#0b5cad', completed: '#1d6f42', failed: '#a4161a', expired: '#a8660c' };
  const SVG = 'http://www.w3.org/2000/svg';
  function svg(tag, attrs = {}, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    for (const c of children) node.append(c);
    return node;
  }

  function chart(ov, rows) {
    const start = Date.parse(ov.from + 'T00:00:00Z');
    const days = Array.from({ length: ov.days }, (_, i) => new Date(start + i * 86400000).toISOString().slice(0, 10));
    const byDay = Object.fromEntries(days.map((d) => [d, Object.fromEntries(STATUSES.map((x) => [x, 0]))]));
    for (const c of rows) if (byDay[c.date]) byDay[c.date][c.status] += c.count;
    const total = (d) => STATUSES.reduce((n, x) => n + byDay[d][x], 0);
    const max = Math.max(1, ...days.map(total));
    // a fixed drawing width, scaled to the page without distortion: bars get narrower as the range grows
    const W = 720, height = 140, top = 20, H = height + top + 22, step = W / days.length, bar = Math.max(1, step * 0.8);
    const label = (d) => d + ': ' + total(d) + ' session' + (total(d) === 1 ? '' : 's')
      + STATUSES.filter((x) => byDay[d][x]).map((x) => ', ' + x.replace('_', ' ') + ' ' + byDay[d][x]).join('');
    const readout = el('p', { class: 'readout', 'aria-live': 'polite', 'data-testid': 'chart-readout', text: 'Total in range: '
      + days.reduce((n, d) => n + total(d), 0) + ' sessions; busiest day ' + max + '.' });
    const bars = days.map((d, i) => {
      let y = top + height;
      const g = svg('g', { class: 'bar', 'data-day': d, role: 'img', 'aria-label': label(d) });
      g.append(svg('rect', { x: i * step, y: top, width: Math.max(step, 1), height, class: 'hit' }));
      for (const x of STATUSES) {
        const h = byDay[d][x] / max * height;
        if (h > 0) { y -= h; g.append(svg('rect', { x: i * step + (step - bar) / 2, y, width: bar, height: h, fill: COLORS[x] })); }
      }
      g.append(svg('title', {}, label(d)));
      return g;
    });
    const root = svg('svg', { viewBox: '0 0 ' + W + ' ' + H,
      role: 'group', tabindex: '0', 'aria-label': 'Sessions per day from ' + days[0] + ' to ' + days[days.length - 1]
        + '. Use the arrow keys to read each day.', 'data-testid': 'chart', class: 'chart' },
    svg('line', { x1: 0, x2: W, y1: top + height, y2: top + height, class: 'axis' }),
    svg('text', { x: 0, y: 15, class: 'tick' }, 'max ' + max),
    svg('text', { x: 0, y: H - 3, class: 'tick' }, days[0]),
    svg('text', { x: W, y: H - 3, class: 'tick', 'text-anchor': 'end' }, days[days.length - 1]), ...bars);
    let cur = days.length - 1;
    const focus = (i) => {
      cur = Math.max(0, Math.min(days.length - 1, i));
      bars.forEach((b, j) => b.classList.toggle('current', j === cur));
      readout.textContent = label(days[cur]);
    };
    root.addEventListener('keydown', (e) => {
      const moves = { ArrowLeft: cur - 1, ArrowRight: cur + 1, ArrowDown: cur - 1, ArrowUp: cur + 1, Home: 0, End: days.length - 1,
        PageUp: cur - 7, PageDown: cur + 7 };
      if (e.key in moves) { e.preventDefault(); focus(moves[e.key]); }
    });
    root.addEventListener('focus', () => focus(cur));
    bars.forEach((b, i) => b.addEventListener('click', () => { root.focus(); focus(i); }));
    const swatch = (x) => { const sw = el('span', { class: 'swatch' }); sw.style.background = COLORS[x]; return sw; }; // CSSOM: the CSP allows no style attribute
    const legend = el('ul', { class: 'legend' }, STATUSES.map((x) => el('li', {}, swatch(x), x.replace('_', ' '))));
    return el('figure', { class: 'card' }, el('div', { class: 'chart-wrap' }, root), legend, readout);
  }


  const EVENT_TYPES = ['session.created', 'session.started', 'session.completed', 'session.failed', 'session.expired', 'report.generated'];
  function eventPicker(selected, testid) {
    return el('select', { multiple: true, size: 6, 'data-testid': testid },
      EVENT_TYPES.map((e) => el('option', { value: e, text: e, selected: selected.includes(e) })));
  }
  const pad = (n) => String(n).padStart(2, '0');
  function localInput(ms) {
    const d = new Date(ms);
    return d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) + 'T' + pad(d.getHours()) + ':' + pad(d.getMinutes());
  }
  function nextDay(day) {
    return new Date(Date.parse(day + 'T00:00:00Z') + 86400000).toISOString().slice(0, 10);
  }

  function panel(...children) {
    const box = $('deliveries');
    box.replaceChildren(el('section', { class: 'card' }, ...children));
    const h = box.querySelector('h2');
    if (h) { h.setAttribute('tabindex', '-1'); h.focus(); }
  }

  function editHook(w) {
    const url = el('input', { type: 'url', required: true, value: w.url, 'data-testid': 'edit-url' });
    const events = eventPicker(w.events, 'edit-events');
    const description = el('input', { type: 'text', value: w.description || '', maxlength: 500 });
    const status = el('select', { 'data-testid': 'edit-status' }, ['enabled', 'disabled'].map((x) => el('option', { value: x, text: x, selected: x === w.status })));
    panel(el('h2', { text: 'Edit ' + w.url }), el('form', { onsubmit: guard(async () => {
      await api('PATCH', '/webhooks/' + encodeURIComponent(w.id), { url: url.value, events: [...events.selectedOptions].map((o) => o.value),
        description: description.value, status: status.value });
      await show('webhooks');
      say('Endpoint saved.');
    }) }, field('URL', url), field('Events', events), field('Description', description), field('Status', status),
    el('div', { class: 'row' }, el('button', { class: 'primary', type: 'submit', 'data-testid': 'edit-save', text: 'Save' }))));
  }

  function rotateHook(w) {
    const overlap = el('select', {}, [[86400, '24 hours'], [3600, '1 hour'], [0, 'none: the old secret stops now']]
      .map(([v, t]) => el('option', { value: String(v), text: t })));
    panel(el('h2', { text: 'Rotate the signing secret of ' + w.url }), el('form', { onsubmit: guard(async () => {
      const r = await api('POST', '/webhooks/' + encodeURIComponent(w.id) + '/rotate-secret', { overlapSeconds: Number(overlap.value) });
      await show('webhooks');
      $('view').prepend(secretBox('New signing secret (shown once). The old one also signs until '
        + (r.secretOverlapEndsAt ? r.secretOverlapEndsAt.replace('T', ' ').slice(0, 16) + ' UTC' : 'now') + '.', [['Signing secret', r.secret]]));
    }) }, field('Keep the old secret signing for', overlap),
    el('div', { class: 'row' }, el('button', { class: 'primary', type: 'submit', 'data-testid': 'rotate-confirm', text: 'Rotate' }))));
  }

  function recoverForm(w) {
    const since = el('input', { type: 'datetime-local', required: true, value: localInput(Date.now() - 86400000) });
    panel(el('h2', { text: 'Recover failed deliveries of ' + w.url }), el('form', { onsubmit: guard(async () => {
      const r = await api('POST', '/webhooks/' + encodeURIComponent(w.id) + '/recover', { since: new Date(since.value).toISOString() });
      say(r.recovered + ' deliver' + (r.recovered === 1 ? 'y' : 'ies') + ' queued again.');
      await deliveries(w, '');
    }) }, field('Since (your time)', since),
    el('div', { class: 'row' }, el('button', { class: 'primary', type: 'submit', 'data-testid': 'recover-confirm', text: 'Recover' }))));
  }

  async function sessionDetail(id) {
    const envq = '?environment=' + (state.sessionEnv || 'live');
    const s = await api('GET', '/sessions/' + encodeURIComponent(id) + envq);
    const box = $('session-detail');
    const actions = el('div', { class: 'row' });
    if (s.status === 'completed') {
      actions.append(el('button', { type: 'button', onclick: guard(async () => {
        const r = await fetch('/api/portal/sessions/' + encodeURIComponent(id) + '/report.pdf' + envq,
          { headers: { 'X-Organization-Id': state.org.id }, credentials: 'same-origin' });
        if (!r.ok) throw new Error('The report could not be downloaded (HTTP ' + r.status + ').');
        const a = el('a', { href: URL.createObjectURL(await r.blob()), download: 'report-' + id + '.pdf' });
        document.body.append(a); a.click(); a.remove();
      }), text: 'Download PDF' }));
    }
    if (at('admin')) {
      actions.append(el('button', { type: 'button', class: 'danger', onclick: guard(async () => {
        if (!confirm('Delete this session? The candidate\'s data, answers, results and report are erased for good.')) return;
        await api('DELETE', '/sessions/' + encodeURIComponent(id) + envq);
        say('Session deleted.');
        await show('sessions');
      }), text: 'Delete' }));
    }
    box.replaceChildren(el('section', { class: 'card' }, el('h2', { tabindex: '-1', text: 'Session ' + s.id }),
      el('p', {}, s.assessmentType + ' · ' + s.status + (s.completedAt ? ' · completed ' + s.completedAt.slice(0, 16).replace('T', ' ') : '')),
      el('pre', { class: 'secret', text: s.results ? JSON.stringify(s.results, null, 2) : 'No results yet.' }), actions));
    box.querySelector('h2').focus();
  }

  async function deliveries(hook, status) {
    const page = await api('GET', '/webhooks/' + encodeURIComponent(hook.id) + '/deliveries?limit=50' + (status ? '&status=' + status : ''));
    const box = $('deliveries');
    box.replaceChildren(el('h2', { tabindex: '-1', text: (status === 'dead' ? 'Dead letters of ' : 'Deliveries of ') + hook.url }),
      page.data.length === 0 ? el('p', { class: 'muted', text: 'Nothing here.' }) :
        table(['Event', 'Status', 'Attempts', 'Last answer', ''], page.data.map((d) => [d.eventType, el('span', { 'data-testid': 'delivery-status', text: d.status }),
          String(d.attempts), d.lastResponseStatus ? String(d.lastResponseStatus) : (d.lastError || ''),
          at('developer') && (d.status === 'dead' || d.status === 'failed') ? el('button', { type: 'button', 'data-testid': 'resend-' + d.id,
            onclick: guard(async () => {
              const copy = await api('POST', '/webhooks/' + encodeURIComponent(hook.id) + '/deliveries/' + encodeURIComponent(d.id) + '/resend');
              say('Resent: a new delivery is ' + copy.status + '.');
              await deliveries(hook, '');
            }), text: 'Resend' }) : ''])));
    box.querySelector('h2').focus();
  }

  function secretBox(title, items) {
    return el('section', { class: 'card', role: 'alert' }, el('h2', { text: title }),
      items.map(([label, value]) => el('p', {}, el('strong', { text: label + ': ' }), el('span', { class: 'secret', 'data-testid': 'secret', text: value }))));
  }

  async function show(view) {
    state.view = view;
    document.querySelectorAll('#tabs button').forEach((b) => {
      b.hidden = b.dataset.minRole && !at(b.dataset.minRole);
      if (b.dataset.view === view) b.setAttribute('aria-current', 'page'); else b.removeAttribute('aria-current');
    });
    $('view').replaceChildren(...[await views[view]()].flat());
  }

  async function start() {
    const ms = state.me.memberships;
    const wanted = localStorage.getItem('portal.org');
    const m = ms.find((x) => x.organizationId === wanted) || ms[0];
    state.org = { id: m.organizationId, name: m.organizationName, role: m.role };
    const sw = $('org-switch');
    sw.replaceChildren(...ms.map((x) => el('option', { value: x.organizationId, text: x.organizationName, selected: x.organizationId === state.org.id })));
    $('role').textContent = state.org.role;
    $('whoami').hidden = false;
    $('tabs').hidden = false;
    await show(state.view);
  }

  function render() {
    $('whoami').hidden = !state.me;
    $('tabs').hidden = !state.me;
    const hash = new URLSearchParams(location.hash.slice(1));
    if (hash.get('invitation')) return $('view').replaceChildren(invitationView(hash.get('invitation')));
    if (hash.get('reset')) return $('view').replaceChildren(resetView(hash.get('reset')));
    if (!state.me) return $('view').replaceChildren(...signInView());
    return start();
  }

  document.addEventListener('DOMContentLoaded', guard(async () => {
    $('tabs').addEventListener('click', guard((e) => e.target.dataset.view && show(e.target.dataset.view)));
    $('org-switch').addEventListener('change', guard(async (e) => {
      localStorage.setItem('portal.org', e.target.value);
      await start();
    }));
    $('sign-out').addEventListener('click', guard(async () => {
      await api('POST', '/sign-out');
      state.me = null;
      state.org = null;
      say('Signed out.');
      render();
    }));
    try { state.me = await api('GET', '/me'); } catch (e) { state.me = null; }
    await render();
  }));
})();
