// End-to-end test of the candidate experience in a real headless Chromium:
//   node runner.e2e.mjs <baseUrl> <expiredSessionToken> <screenshotDir>
// 1. the demo host page creates a test DISC session and embeds the runner with the SDK;
// 2. the 15 questions are answered with the keyboard only and submitted; the host page must receive
//    ready, started, progress and completed events;
// 3. a second session is half answered, the runner page reloaded, and it must resume where it was;
// 4. an expired session's link must show the expired state;
// 5. a token opened under another session's URL (?session=) must show the invalid-link state;
// 6. the browser itself must refuse to show the runner in a page outside the publishable key's allowlist
//    (CSP frame-ancestors), while a page on the allowlist may frame it.
// Prints one JSON line {"completedSessionId", "resumedSessionId"} on success; exits non-zero on failure.
import { launchChromium } from './browser.mjs';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';

const [baseUrl, expiredToken, shots = 'target/screenshots'] = process.argv.slice(2);
if (!baseUrl || !expiredToken) {
  console.error('usage: node runner.e2e.mjs <baseUrl> <expiredSessionToken> [screenshotDir]');
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
const browser = await launchChromium();
const fail = (message) => { throw new Error(message); };
const diagnostics = [];
function watch(page, name) {
  page.on('console', (m) => diagnostics.push(`[${name} console ${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => diagnostics.push(`[${name} page error] ${e.message}`));
  page.on('requestfailed', (r) => diagnostics.push(`[${name} request failed] ${r.method()} ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) diagnostics.push(`[${name} HTTP ${r.status()}] ${r.request().method()} ${r.url()}`); });
  return page;
}
const TIMEOUT = 15000;

async function answerWithKeyboard(frame, page, count) {
  for (let i = 0; i < count; i++) {
    const question = frame.getByTestId('question');
    await question.waitFor({ timeout: TIMEOUT });
    const before = await frame.getByTestId('progress').textContent();
    const digit = String(((i * 3) % 5) + 1);
    await page.keyboard.press(digit);
    await frame.getByTestId('option-' + digit).isChecked({ timeout: TIMEOUT }) || fail('digit ' + digit + ' did not select');
    if (i < count - 1) {
      await page.keyboard.press('Enter');
      await frame.getByTestId('progress').filter({ hasNotText: before }).waitFor({ timeout: TIMEOUT });
    }
  }
}

try {
  // ---- 1 + 2: demo host page, embedded runner, keyboard only, completed event ----
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = watch(await context.newPage(), 'embed');
  await page.goto(baseUrl + '/demo', { waitUntil: 'load' });
  await page.getByRole('button', { name: /start/i }).click();
  const events = page.getByTestId('events');
  await events.locator('li[data-type="ready"]').first().waitFor({ timeout: TIMEOUT });
  await events.locator('li[data-type="started"]').first().waitFor({ timeout: TIMEOUT });
  const sessionId = (await page.getByTestId('session-id').textContent()).trim();
  const frame = page.frameLocator('iframe');
  await frame.getByTestId('question').waitFor({ timeout: TIMEOUT });
  await page.screenshot({ path: shots + '/runner-desktop.png', fullPage: true });
  // keyboard focus into the runner, then keys only
  await frame.getByTestId('question').click();
  await answerWithKeyboard(frame, page, 15);
  await frame.getByTestId('submit').focus();
  await page.keyboard.press('Enter');
  await events.locator('li[data-type="completed"]').first().waitFor({ timeout: TIMEOUT });
  await frame.locator('[data-testid="state"][data-state="completed"]').waitFor({ timeout: TIMEOUT });
  await page.screenshot({ path: shots + '/runner-completed-desktop.png', fullPage: true });
  const progressEvents = await events.locator('li[data-type="progress"]').count();
  if (progressEvents < 1) fail('no progress events reached the host page');
  const startedEvents = await events.locator('li[data-type="started"]').count();
  if (startedEvents !== 1) fail('expected one started event, got ' + startedEvents);

  // ---- 3: resume after reload, on a phone-sized screen ----
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const p2 = watch(await phone.newPage(), 'resume');
  await p2.goto(baseUrl + '/demo', { waitUntil: 'load' });
  const created = await p2.evaluate(async () => (await fetch('/demo/session', { method: 'POST' })).json());
  // the service's public base URL is not this test server's port: open the same path, query and fragment here
  const made = new URL(created.assessmentUrl);
  if (made.searchParams.get('session') !== created.sessionId) fail('assessmentUrl does not name its session: ' + made.pathname + made.search);
  const runnerUrl = baseUrl + made.pathname + made.search + made.hash;
  await p2.goto(runnerUrl, { waitUntil: 'load' });
  const runner = p2.mainFrame();
  await runner.getByTestId('question').waitFor({ timeout: TIMEOUT });
  await p2.screenshot({ path: shots + '/runner-phone.png', fullPage: true });
  for (let i = 0; i < 5; i++) {
    await runner.getByTestId('option-4').check({ force: true });
    await runner.getByTestId('next').click();
  }
  await p2.waitForTimeout(1500); // progress is saved ~0.5 s after the last answer
  await p2.reload({ waitUntil: 'load' });
  await runner.getByTestId('question').waitFor({ timeout: TIMEOUT });
  const progress = (await runner.getByTestId('progress').textContent()) || '';
  if (!/\b6\b/.test(progress)) fail('did not resume at question 6: "' + progress + '"');
  await runner.getByTestId('previous').click();
  if (!(await runner.getByTestId('option-4').isChecked())) fail('the saved answer of question 5 was not restored');

  // ---- 4: an expired link ----
  const p3 = watch(await phone.newPage(), 'expired');
  await p3.goto(baseUrl + '/assess#token=' + encodeURIComponent(expiredToken), { waitUntil: 'load' });
  await p3.locator('[data-testid="state"][data-state="expired"]').waitFor({ timeout: TIMEOUT });
  await p3.screenshot({ path: shots + '/runner-expired-phone.png', fullPage: true });

  // ---- 5: a token under another session's URL ----
  const p4 = watch(await phone.newPage(), 'mismatch');
  await p4.goto(baseUrl + '/assess?session=' + encodeURIComponent(sessionId) + '#token=' + encodeURIComponent(created.sessionToken),
    { waitUntil: 'load' });
  await p4.locator('[data-testid="state"][data-state="invalid"]').waitFor({ timeout: TIMEOUT });

  // ---- 6: a host page on another origin (a local server on 127.0.0.1) frames the runner through the SDK's URL ----
  const host = createServer((req, res) => {
    const runner = new URL(req.url, 'http://host').searchParams.get('runner') || '';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><title>host</title></head><body><iframe id="runner" title="Assessment"'
      + ' style="width:100%;height:600px" src="' + runner.replace(/[&"<>]/g, (c) => '&#' + c.charCodeAt(0) + ';') + '"></iframe></body></html>');
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostOrigin = 'http://127.0.0.1:' + host.address().port;
  try {
    // the demo issues a publishable key allowing the requesting origin
    const onHost = await (await fetch(baseUrl + '/demo/session', { method: 'POST', headers: { Origin: hostOrigin } })).json();
    const hostUrl = (pk, token) => hostOrigin + '/host?runner=' + encodeURIComponent(
      baseUrl + '/assess?pk=' + encodeURIComponent(pk) + '#token=' + encodeURIComponent(token));
    const framing = await browser.newContext({ viewport: { width: 1280, height: 900 } });

    // its own key allows it
    const allowed = watch(await framing.newPage(), 'allowed-host');
    await allowed.goto(hostUrl(onHost.publishableKey, onHost.sessionToken), { waitUntil: 'load' });
    await allowed.frameLocator('#runner').getByTestId('question').waitFor({ timeout: TIMEOUT });

    // a key that allows only the test server's origin: the browser refuses to show the runner
    const refused = watch(await framing.newPage(), 'refused-host');
    const refusals = [];
    refused.on('console', (m) => { if (/frame-ancestors/.test(m.text())) refusals.push(m.text()); });
    await refused.goto(hostUrl(created.publishableKey, onHost.sessionToken), { waitUntil: 'load' });
    for (let i = 0; i < 50 && !refusals.length; i++) await refused.waitForTimeout(100);
    if (!refusals.length) fail('no frame-ancestors refusal was reported for ' + hostOrigin);
    if (await refused.frameLocator('#runner').getByTestId('question').count() !== 0) fail('the runner ran in a page off the allowlist');
  } finally {
    host.close();
  }

  console.log(JSON.stringify({ completedSessionId: sessionId, resumedSessionId: created.sessionId }));
  await browser.close();
} catch (e) {
  console.error('E2E FAILED: ' + (e && e.stack || e));
  console.error(diagnostics.join('\n'));
  await browser.close();
  process.exit(1);
}
