// Zoom, reflow, text spacing and reduced motion, in a real headless Chromium:
//   node reflow.e2e.mjs <baseUrl> <fixtures.json> <screenshotDir>
// (fixtures.json as for a11y.e2e.mjs.) Every page is shown
//   - at 200% zoom of a 1280 x 900 window (a 640 x 450 CSS-pixel viewport at device scale 2), WCAG 1.4.4, and
//   - at 320 CSS pixels wide (1280 px at 400%), WCAG 1.4.10 reflow,
// and must not scroll horizontally: the document is no wider than the viewport, and no element other than a
// scrollable data table or chart container reaches past the right edge. At 320 px the page is shown again with the
// WCAG 1.4.12 text spacing (line height 1.5, paragraphs 2 em apart, letters 0.12 em, words 0.16 em): the same must
// hold, and no text may be cut off by a box that hides its overflow. Screenshots of each. Then with
// prefers-reduced-motion: reduce the runner's transitions are off (and on without it, the control).
// Prints one JSON line {pages, checks, screenshots, reducedMotion} last; exits non-zero on failure.
import { launchChromium } from './browser.mjs';
import { mkdirSync, readFileSync } from 'node:fs';

const [baseUrl, fixturesFile, shots = 'target/screenshots'] = process.argv.slice(2);
if (!baseUrl || !fixturesFile) {
  console.error('usage: node reflow.e2e.mjs <baseUrl> <fixtures.json> [screenshotDir]');
  process.exit(2);
}
const fx = JSON.parse(readFileSync(fixturesFile, 'utf8'));
mkdirSync(shots, { recursive: true });
const T = 15000;
const SIZES = [
  { name: 'zoom200', viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 },
  { name: 'reflow320', viewport: { width: 320, height: 256 }, deviceScaleFactor: 1 },
];
const TEXT_SPACING = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }'
  + ' p { margin-bottom: 2em !important; }';

const browser = await launchChromium();
const diagnostics = [];
const fail = (m) => { throw new Error(m); };
const problems = [];
let checks = 0;
let screenshots = 0;

/** Horizontal overflow of the document and of elements past the right edge; clipped text. */
function overflow(page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out = [];
    if (document.documentElement.scrollWidth > vw + 1) out.push('document ' + document.documentElement.scrollWidth + ' px wide in ' + vw);
    const scrollsItself = (el) => {
      for (let e = el.parentElement; e; e = e.parentElement) {
        const cs = getComputedStyle(e);
        if ((cs.overflowX === 'auto' || cs.overflowX === 'scroll') && e !== document.documentElement && e !== document.body) return true;
      }
      return false;
    };
    const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '');
    for (const el of document.body.querySelectorAll('*')) {
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.visibility === 'hidden' || el.closest('.visually-hidden, [hidden]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > vw + 1 && !scrollsItself(el)) out.push(name(el) + ' reaches ' + Math.round(r.right) + ' px of ' + vw);
      // text cut off: a box that hides its overflow and whose own text does not fit (skip the visually-hidden pattern)
      if ((cs.overflowX === 'hidden' || cs.overflowY === 'hidden' || cs.overflow === 'clip') && el.textContent.trim()
        && r.width > 2 && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
        out.push(name(el) + ' clips its text (' + el.scrollWidth + 'x' + el.scrollHeight + ' in ' + el.clientWidth + 'x' + el.clientHeight + ')');
      }
    }
    if (out.length === 1 && out[0].startsWith('document ')) {
      // name the widest boxes, scroll containers' content included, to say what widens the page
      const wide = Array.from(document.body.querySelectorAll('*')).filter((el) => !el.closest('svg')
        && (el.getBoundingClientRect().right > vw + 1 || el.scrollWidth > el.clientWidth + 1))
        .map((el) => name(el) + ' to ' + Math.round(el.getBoundingClientRect().right) + ' (' + el.clientWidth + '/' + el.scrollWidth + ')').slice(0, 8);
      out.push('(past the edge: ' + wide.join(', ') + ')');
    }
    return out.slice(0, 10);
  });
}

async function checkPage(context, name, open) {
  const page = await context.newPage();
  page.on('pageerror', (e) => diagnostics.push(`[${name} page error] ${e.message}`));
  await open(page);
  for (const size of SIZES) {
    await page.setViewportSize(size.viewport);
    await page.waitForTimeout(100);
    const found = await overflow(page);
    checks++;
    if (found.length) problems.push(`${name} @${size.name}: ${found.join('; ')}`);
    await page.screenshot({ path: `${shots}/reflow-${name}-${size.name}.png`, fullPage: true });
    screenshots++;
  }
  // 320 px with the text spacing of WCAG 1.4.12
  // a constructed style sheet: the pages' CSP (style-src 'self') refuses a <style> element, rightly
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, TEXT_SPACING);
  await page.waitForTimeout(100);
  const spaced = await overflow(page);
  checks++;
  if (spaced.length) problems.push(`${name} @reflow320+text-spacing: ${spaced.join('; ')}`);
  await page.screenshot({ path: `${shots}/reflow-${name}-text-spacing.png`, fullPage: true });
  screenshots++;
  await page.close();
}

const runner = (token, after) => async (page) => {
  await page.goto(baseUrl + '/assess#token=' + encodeURIComponent(token), { waitUntil: 'load' });
  if (after) await after(page);
};
const question = async (page) => page.getByTestId('question').waitFor({ timeout: T });
const endState = (kind) => async (page) => page.locator(`[data-testid="state"][data-state="${kind}"]`).waitFor({ timeout: T });

try {
  // deviceScaleFactor is a context's: one context per size would re-open every page; the 200% check uses scale 2
  // through the screenshot only, so one context at scale 2 serves both sizes
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 });
  const pages = [];
  const check = async (name, open) => { pages.push(name); await checkPage(context, name, open); };

  await check('runner-disc', runner(fx.tokens.disc, question));
  await check('runner-tfd_plus', runner(fx.tokens.tfd_plus, question));
  await check('runner-aapa', runner(fx.tokens.aapa, async (page) => {
    await question(page);
    await page.locator('#options input[type=radio]').first().check();
    await page.getByTestId('next').click();
    await page.getByTestId('progress').filter({ hasText: /^Question 2 / }).waitFor({ timeout: T });
    await page.getByTestId('next').click(); // no answer: the form error
    await page.locator('#form-error:not([hidden])').waitFor({ timeout: T });
  }));
  await check('runner-failed', runner(fx.failedToken, endState('failed')));
  await check('runner-expired', runner(fx.expiredToken, endState('expired')));
  await check('runner-invalid', runner('vst_not_a_real_token', endState('invalid')));
  await check('demo-embedded', async (page) => {
    await page.goto(baseUrl + '/demo', { waitUntil: 'load' });
    await page.getByTestId('start').click();
    await page.frameLocator('iframe').getByTestId('question').waitFor({ timeout: T });
    await page.getByTestId('events').locator('li[data-type="started"]').first().waitFor({ timeout: T });
  });
  await check('statement', async (page) => page.goto(baseUrl + '/docs/accessibility', { waitUntil: 'load' }));
  await check('portal-sign-in', async (page) => {
    await page.goto(baseUrl + '/portal', { waitUntil: 'load' });
    await page.getByTestId('email').waitFor({ timeout: T });
  });
  // the portal signed in: every tab
  {
    const page = await context.newPage();
    await page.goto(baseUrl + '/portal', { waitUntil: 'load' });
    await page.getByTestId('email').fill(fx.portalEmail);
    await page.getByTestId('password').fill(fx.portalPassword);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('role').filter({ hasText: 'owner' }).waitFor({ timeout: T });
    const tabs = await page.locator('#tabs button').evaluateAll((bs) => bs.map((b) => b.dataset.view));
    await page.close();
    for (const view of tabs) {
      await check('portal-' + view, async (p) => {
        await p.goto(baseUrl + '/portal', { waitUntil: 'load' });
        await p.getByTestId('role').filter({ hasText: 'owner' }).waitFor({ timeout: T });
        await p.locator(`#tabs button[data-view="${view}"]`).click();
        await p.locator(`#tabs button[data-view="${view}"][aria-current="page"]`).waitFor({ timeout: T });
        await p.waitForLoadState('networkidle');
      });
    }
  }
  await context.close();
  if (problems.length) fail(problems.length + ' page size(s) scroll sideways or cut text:\n' + problems.join('\n'));

  // prefers-reduced-motion: no transitions; without the preference they are there (so the check can fail)
  const reducedMotion = {};
  for (const motion of ['reduce', 'no-preference']) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: motion });
    const page = await ctx.newPage();
    await runner(motion === 'reduce' ? fx.tokens.fra : fx.tokens.tfd, question)(page);
    reducedMotion[motion] = await page.evaluate(() => ({
      progress: getComputedStyle(document.getElementById('progress-fill')).transitionDuration,
      option: getComputedStyle(document.querySelector('.option')).transitionDuration,
      button: getComputedStyle(document.getElementById('next')).transitionDuration,
      animations: document.getAnimations().length,
    }));
    await ctx.close();
  }
  const off = (d) => d.split(',').every((x) => parseFloat(x) === 0);
  const r = reducedMotion.reduce;
  if (!off(r.progress) || !off(r.option) || !off(r.button) || r.animations) fail('motion despite prefers-reduced-motion: ' + JSON.stringify(r));
  if (off(reducedMotion['no-preference'].progress)) fail('the control has no transition: ' + JSON.stringify(reducedMotion));
  console.log(JSON.stringify({ pages, checks, screenshots, reducedMotion }));
} catch (e) {
  console.error('reflow e2e failed: ' + (e && e.stack || e));
  console.error(diagnostics.join('\n'));
  process.exitCode = 1;
} finally {
  await browser.close();
}
