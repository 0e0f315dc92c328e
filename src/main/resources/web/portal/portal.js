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
      el('tbody', {}, rows.map((cells) => el('tr', {}, cells.map((c, i) => el('td', { 'data-label': headers[i] }, c)))))));
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
      const org = await api('GET', '/organization');
      return [el('h1', { text: org.name }), el('p', { class: 'muted', text: 'Live licenses (test sessions use none).' }),
        table(['Assessment', 'Capacity', 'Used', 'Available'],
          org.licenses.map((l) => [l.assessmentType, String(l.capacity), String(l.used), String(l.available)]))];
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
      const env = el('select', {}, el('option', { value: 'test', text: 'test' }), el('option', { value: 'live', text: 'live' }));
      const url = el('input', { type: 'url', required: true, placeholder: 'https://hooks.example.com/assessments', 'data-testid': 'hook-url' });
      const events = el('select', { multiple: true, size: 6, 'data-testid': 'hook-events' },
        ['session.created', 'session.started', 'session.completed', 'session.failed', 'session.expired', 'report.generated']
          .map((e) => el('option', { value: e, text: e, selected: e === 'session.completed' })));
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
      out.push(table(['URL', 'Env', 'Status', 'Events', ''], list.data.map((w) => [w.url, w.environment, w.status, w.events.join(', '),
        el('span', { class: 'row' },
          el('button', { type: 'button', 'data-testid': 'deliveries-' + w.id, onclick: guard(() => deliveries(w, '')), text: 'Deliveries' }),
          el('button', { type: 'button', 'data-testid': 'dead-' + w.id, onclick: guard(() => deliveries(w, 'dead')), text: 'Dead letters' }))])));
      out.push(el('div', { id: 'deliveries' }));
      return out;
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
      const log = await api('GET', '/audit-log?limit=100');
      return [el('h1', { text: 'Audit log' }), table(['When', 'Who', 'Action', 'Target'],
        log.data.map((a) => [a.createdAt.replace('T', ' ').slice(0, 19), a.userEmail || 'operator', a.action, a.target || '']))];
    },
  };

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
