// Accessibility scans (axe-core, WCAG 2.2 AA rule tags) of every page a person sees, in a real headless Chromium:
//   node a11y.e2e.mjs <baseUrl> <fixtures.json> <screenshotDir>
// fixtures.json (written by AccessibilityE2ETest): {"tokens": {<assessmentType>: <sessionToken>, ...},
//   "discToken", "expiredToken", "failedToken", "portalEmail", "portalPassword"}
// The runner in each state (loading, start = first question with the instructions, question = a later one with an
// answer chosen, form error, review = every question answered and the submit button on screen, completed, failed,
// expired, invalid link, connection error, a link about to expire) for every assessment type (Likert and multiple-choice ability items), the
// demo page (before and with the embedded runner), the accessibility statement, and the portal (sign-in, invitation, password reset, every tab),
// each at a desktop (1280 px) and a phone (390 px) width. No rule is disabled: any violation fails the run.
// Prints one JSON line {scans, violations, rules, passes, incomplete, pages: [...]} last; exits non-zero on failure.
import { launchChromium } from './browser.mjs';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const [baseUrl, fixturesFile, shots = 'target/screenshots'] = process.argv.slice(2);
if (!baseUrl || !fixturesFile) {
  console.error('usage: node a11y.e2e.mjs <baseUrl> <fixtures.json> [screenshotDir]');
  process.exit(2);
}
const fx = JSON.parse(readFileSync(fixturesFile, 'utf8'));
mkdirSync(shots, { recursive: true });
const axeVersion = createRequire(import.meta.url)('axe-core/package.json').version;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [{ name: 'desktop', width: 1280, height: 900 }, { name: 'phone', width: 390, height: 844 }];
const T = 15000;

const browser = await launchChromium();
const diagnostics = [];
const fail = (m) => { throw new Error(m); };
function watch(page, name) {
  page.on('pageerror', (e) => diagnostics.push(`[${name} page error] ${e.message}`));
  page.on('response', (r) => { if (r.status() >= 400) diagnostics.push(`[${name} HTTP ${r.status()}] ${r.request().method()} ${r.url()}`); });
  return page;
}

const pages = [];
const rulesRun = new Set();
let violations = 0;
let passes = 0;
let incomplete = 0;
const details = [];

async function scan(page, name) {
  const r = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  for (const group of [r.violations, r.passes, r.incomplete, r.inapplicable]) for (const rule of group) rulesRun.add(rule.id);
  const nodes = r.violations.reduce((n, v) => n + v.nodes.length, 0);
  violations += r.violations.length;
  passes += r.passes.length;
  incomplete += r.incomplete.length;
  const review = r.incomplete.map((i) => i.id + ' ' + i.nodes.slice(0, 3).map((n) => n.target.join(' ') + ': '
    + (n.any.concat(n.all, n.none).map((c) => c.message).join('; '))).join(' | '));
  pages.push({ name, violations: r.violations.length, nodes, passes: r.passes.length, incomplete: r.incomplete.length,
    ...(review.length ? { review } : {}) });
  for (const v of r.violations) {
    details.push(`${name}: ${v.id} (${v.impact}; ${v.tags.filter((t) => TAGS.includes(t)).join(',')}) ${v.help}\n`
      + v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}: ${n.failureSummary.replace(/\n/g, ' | ')}`).join('\n'));
  }
}

/** Scans the page as it is at both widths (the state is kept; only the viewport changes); one screenshot per width. */
async function scanBoth(page, name) {
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.waitForTimeout(50);
    await scan(page, `${name} @${w.name}`);
    await page.screenshot({ path: `${shots}/a11y-${name}-${w.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
}

async function openRunner(context, token, name) {
  const page = watch(await context.newPage(), name);
  await page.goto(baseUrl + '/assess#token=' + encodeURIComponent(token), { waitUntil: 'load' });
  return page;
}
const state = (page, kind) => page.locator(`[data-testid="state"][data-state="${kind}"]`).waitFor({ timeout: T });

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });

  // ---- the runner: loading (the session request held back until the scan is done) ----
  {
    const page = watch(await context.newPage(), 'loading');
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route('**/api/v1/embed/session', async (route) => { await held; await route.continue(); });
    await page.goto(baseUrl + '/assess#token=' + encodeURIComponent(fx.tokens.lpm), { waitUntil: 'load' });
    await page.locator('#loading:not([hidden])').waitFor({ timeout: T });
    await scanBoth(page, 'runner-loading');
    release();
    await page.getByTestId('question').waitFor({ timeout: T });
    await page.close();
  }

  // ---- every assessment type: start (first question, instructions) and a later question with an answer chosen ----
  for (const [type, token] of Object.entries(fx.tokens)) {
    const page = await openRunner(context, token, type);
    await page.getByTestId('question').waitFor({ timeout: T });
    await scanBoth(page, `runner-${type}-start`);
    await page.locator('#options input[type=radio]').first().check();
    await page.getByTestId('next').click();
    await page.getByTestId('progress').filter({ hasText: /^Question 2 / }).waitFor({ timeout: T });
    await page.locator('#options input[type=radio]').nth(1).check();
    await scanBoth(page, `runner-${type}-question`);
    await page.close();
  }

  // ---- DISC through to the end: form error, review, completed ----
  {
    const page = await openRunner(context, fx.discToken, 'disc-full');
    await page.getByTestId('question').waitFor({ timeout: T });
    await page.getByTestId('next').click();
    await page.locator('#form-error:not([hidden])').waitFor({ timeout: T });
    await scanBoth(page, 'runner-form-error');
    const total = Number((await page.getByTestId('progress').textContent()).match(/of (\d+)/)[1]);
    for (let i = 0; i < total; i++) {
      await page.locator('#options input[type=radio]').nth(i % 5).check();
      if (i < total - 1) {
        await page.getByTestId('next').click();
        await page.getByTestId('progress').filter({ hasText: new RegExp('^Question ' + (i + 2) + ' ') }).waitFor({ timeout: T });
      }
    }
    await page.getByTestId('submit').waitFor({ timeout: T });
    (await page.locator('#answered-text').textContent()).startsWith(total + ' of ') || fail('not every DISC question answered');
    await scanBoth(page, 'runner-review');
    await page.getByTestId('submit').click();
    await state(page, 'completed');
    await scanBoth(page, 'runner-completed');
    await page.close();
  }

  // ---- the other end states ----
  for (const [kind, token] of [['failed', fx.failedToken], ['expired', fx.expiredToken], ['invalid', 'vst_not_a_real_token']]) {
    const page = await openRunner(context, token, kind);
    await state(page, kind);
    await scanBoth(page, 'runner-' + kind);
    await page.close();
  }
  {
    const page = watch(await context.newPage(), 'network-error');
    await page.route('**/api/v1/embed/session', (route) => route.abort('internetdisconnected'));
    await page.goto(baseUrl + '/assess#token=' + encodeURIComponent(fx.tokens.disc), { waitUntil: 'load' });
    await state(page, 'error');
    await scanBoth(page, 'runner-connection-error');
    await page.close();
  }

  // ---- a link about to expire: the warning is shown and announced, the focus is not moved ----
  {
    const page = await openRunner(context, fx.shortToken, 'expiry-warning');
    await page.getByTestId('question').waitFor({ timeout: T });
    // the session was made with the fixtures, five minutes to live; on a slow machine the scans before this page take
    // long enough for "about 4 minutes" (session 23's CI), so any minute count under the 10-minute warning is right
    await page.getByTestId('expiry-warning').filter({ hasText: /^This link expires at .+, in about [1-5] minutes?\./ }).waitFor({ timeout: T });
    await page.locator('#sr-status').filter({ hasText: /^This link expires at / }).waitFor({ timeout: T });
    if (await page.evaluate(() => document.activeElement !== document.body)) fail('the expiry warning moved the focus');
    await scanBoth(page, 'runner-expiry-warning');
    await page.close();
  }

  // ---- the demo page, before and with the embedded runner ----
  {
    const page = watch(await context.newPage(), 'demo');
    await page.goto(baseUrl + '/demo', { waitUntil: 'load' });
    await scanBoth(page, 'demo');
    await page.getByTestId('start').click();
    await page.frameLocator('iframe').getByTestId('question').waitFor({ timeout: T });
    await page.getByTestId('events').locator('li[data-type="started"]').first().waitFor({ timeout: T });
    await scanBoth(page, 'demo-embedded');
    await page.close();
  }

  // ---- the accessibility statement ----
  {
    const page = watch(await context.newPage(), 'statement');
    await page.goto(baseUrl + '/docs/accessibility', { waitUntil: 'load' });
    await scanBoth(page, 'statement');
    await page.close();
  }

  // ---- the portal: signed out, invitation, reset, then every tab of an owner ----
  {
    const portal = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = watch(await portal.newPage(), 'portal');
    for (const [name, hash] of [['portal-invitation', '#invitation=pit_example'], ['portal-reset', '#reset=prt_example']]) {
      await page.goto(baseUrl + '/portal' + hash, { waitUntil: 'load' });
      await page.locator('#view form').waitFor({ timeout: T });
      await scanBoth(page, name);
    }
    await page.goto(baseUrl + '/portal', { waitUntil: 'load' });
    await page.getByTestId('email').waitFor({ timeout: T });
    await scanBoth(page, 'portal-sign-in');
    await page.getByTestId('email').fill(fx.portalEmail);
    await page.getByTestId('password').fill(fx.portalPassword);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('role').filter({ hasText: 'owner' }).waitFor({ timeout: T });
    await page.getByTestId('chart').waitFor({ timeout: T });
    const tabs = await page.locator('#tabs button').evaluateAll((bs) => bs.map((b) => b.dataset.view));
    for (const view of tabs) {
      await page.locator(`#tabs button[data-view="${view}"]`).click();
      await page.locator(`#tabs button[data-view="${view}"][aria-current="page"]`).waitFor({ timeout: T });
      await page.waitForLoadState('networkidle');
      await scanBoth(page, 'portal-' + view);
    }
    await portal.close();
  }

  if (violations) fail(violations + ' axe violation(s):\n' + details.join('\n'));

  // ---- control: the same scan does see violations (low-contrast text, an image without text, an unlabelled field) ----
  let control;
  {
    const page = watch(await context.newPage(), 'control');
    await page.goto(baseUrl + '/demo', { waitUntil: 'load' });
    await page.evaluate(() => {
      const div = document.createElement('div');
      div.innerHTML = '<p style="color:#b0b0b0;background:#fff">faint text</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw='
        + '"><input type="text">';
      document.querySelector('main').append(div);
    });
    const r = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    control = r.violations.map((v) => v.id).sort();
    for (const id of ['color-contrast', 'image-alt', 'label']) {
      if (!control.includes(id)) fail('the control scan did not report ' + id + ': ' + control.join(', '));
    }
    await page.close();
  }
  console.log(JSON.stringify({ axeVersion, tags: TAGS, scans: pages.length, violations, rules: rulesRun.size, passes, incomplete,
    control, pages }));
} catch (e) {
  console.error('a11y e2e failed: ' + (e && e.stack || e));
  console.error(diagnostics.join('\n'));
  process.exitCode = 1;
} finally {
  await browser.close();
}
