// Keyboard only, through whole assessments, in a real headless Chromium:
//   node keyboard.e2e.mjs <baseUrl> <discToken> <abilityToken> <demoCheck: "demo"|"">
// For each session (a DISC and an ability assessment): from the page's start, only Tab, Shift+Tab, Space, arrow keys
// and Enter. At every step the focused element must show a visible focus indicator (:focus-visible with an outline of
// 2 px or more, or a box shadow, and inside the viewport), and Tab must go through the controls in their visual
// order (answers, Previous, Next / Submit). Choosing an answer must be announced in the polite live region
// (#sr-status, role=status) while the focus stays on the answer. The end state's heading takes the focus.
// With "demo": the embedded runner, loading and rendering its first question, must not take the focus from the host.
// Prints one JSON line {sessions: [{name, questions, focusChecks, announcements}], demoFocusKept} last.
import { launchChromium } from './browser.mjs';

const [baseUrl, discToken, abilityToken, demo] = process.argv.slice(2);
if (!baseUrl || !discToken || !abilityToken) {
  console.error('usage: node keyboard.e2e.mjs <baseUrl> <discToken> <abilityToken> [demo]');
  process.exit(2);
}
const T = 15000;
const browser = await launchChromium();
const diagnostics = [];
const fail = (m) => { throw new Error(m); };

/** What has the focus, and whether it is visibly marked. */
function focusState(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body || a === document.documentElement) return { none: true };
    const cs = getComputedStyle(a);
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
    const shadow = cs.boxShadow && cs.boxShadow !== 'none';
    const r = a.getBoundingClientRect();
    const inView = r.bottom > 0 && r.right > 0 && r.top < window.innerHeight && r.left < window.innerWidth && r.width > 0 && r.height > 0;
    return {
      id: a.id || null, testid: a.getAttribute('data-testid'), tag: a.tagName, type: a.type || null,
      checked: a.checked === true, visibleFocus: a.matches(':focus-visible') && (outline || shadow) && inView,
      style: cs.outlineStyle + ' ' + cs.outlineWidth + ' ' + cs.outlineColor, top: Math.round(r.top), left: Math.round(r.left),
    };
  });
}

let focusChecks = 0;
async function expectFocus(page, what, test) {
  const f = await focusState(page);
  focusChecks++;
  if (f.none) fail(`${what}: nothing has the focus`);
  if (!f.visibleFocus) fail(`${what}: the focus on ${f.tag}#${f.id || f.testid} is not visible (${f.style})`);
  if (test && !test(f)) fail(`${what}: unexpected focus ${JSON.stringify(f)}`);
  return f;
}

async function takeWholeAssessment(token, name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => diagnostics.push(`[${name} page error] ${e.message}`));
  await page.goto(baseUrl + '/assess#token=' + encodeURIComponent(token), { waitUntil: 'load' });
  await page.getByTestId('question').waitFor({ timeout: T });
  const total = Number((await page.getByTestId('progress').textContent()).match(/of (\d+)/)[1]);
  const checksBefore = focusChecks;
  let announcements = 0;
  for (let i = 0; i < total; i++) {
    await page.getByTestId('progress').filter({ hasText: new RegExp('^Question ' + (i + 1) + ' of ') }).waitFor({ timeout: T });
    if (i > 0) {
      // Next moved the focus to the new question's heading, visibly, so a screen reader reads it
      await expectFocus(page, `${name} q${i + 1} heading`, (f) => f.id === 'question-text');
    }
    // Tab: into the answers (the first one, none chosen yet)
    await page.keyboard.press('Tab');
    const first = await expectFocus(page, `${name} q${i + 1} answers`, (f) => f.type === 'radio' && !f.checked);
    const count = await page.locator('#options input[type=radio]').count();
    const target = i % count;
    if (target === 0) await page.keyboard.press('Space');
    for (let k = 0; k < target; k++) await page.keyboard.press('ArrowDown');
    const chosen = await expectFocus(page, `${name} q${i + 1} chosen`, (f) => f.type === 'radio' && f.checked);
    if (chosen.testid !== 'option-' + await page.locator('#options input[type=radio]').nth(target).getAttribute('value')) {
      fail(`${name} q${i + 1}: answer ${target + 1} was not the one chosen (${chosen.testid})`);
    }
    // announced politely, and the focus stayed on the answer
    const label = (await page.locator('#options label').nth(target).locator('.label-text').textContent()).trim();
    await page.locator('#sr-status').filter({ hasText: 'Selected: ' + label + '. ' + (i + 1) + ' of ' + total + ' answered.' })
      .waitFor({ timeout: T });
    announcements++;
    const after = await focusState(page);
    if (after.testid !== chosen.testid) fail(`${name} q${i + 1}: the announcement moved the focus to ${JSON.stringify(after)}`);
    // Tab order follows the visual order: the answers, Previous (when there is one), then Next or Submit
    const order = [first];
    if (i > 0) {
      await page.keyboard.press('Tab');
      order.push(await expectFocus(page, `${name} q${i + 1} previous`, (f) => f.testid === 'previous'));
    }
    await page.keyboard.press('Tab');
    const last = i === total - 1;
    order.push(await expectFocus(page, `${name} q${i + 1} ${last ? 'submit' : 'next'}`, (f) => f.testid === (last ? 'submit' : 'next')));
    for (let k = 1; k < order.length; k++) {
      const [a, b] = [order[k - 1], order[k]];
      if (b.top < a.top - 4 || (Math.abs(b.top - a.top) <= 4 && b.left < a.left)) {
        fail(`${name} q${i + 1}: Tab went back up the page from ${a.testid} to ${b.testid}`);
      }
    }
    if (i > 0 && i % 5 === 0) {
      // Shift+Tab goes back the same way
      await page.keyboard.press('Shift+Tab');
      await expectFocus(page, `${name} q${i + 1} back to previous`, (f) => f.testid === 'previous');
      await page.keyboard.press('Tab');
      await expectFocus(page, `${name} q${i + 1} forward again`, (f) => f.testid === (last ? 'submit' : 'next'));
    }
    await page.keyboard.press('Enter');
  }
  await page.locator('[data-testid="state"][data-state="completed"]').waitFor({ timeout: T });
  await expectFocus(page, `${name} completed`, (f) => f.id === 'state-title');
  await context.close();
  return { name, questions: total, focusChecks: focusChecks - checksBefore, announcements };
}

try {
  const sessions = [await takeWholeAssessment(discToken, 'disc'), await takeWholeAssessment(abilityToken, 'ability')];
  let demoFocusKept = null;
  if (demo === 'demo') {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(baseUrl + '/demo', { waitUntil: 'load' });
    await page.getByTestId('start').focus();
    await page.keyboard.press('Enter');
    await page.frameLocator('iframe').getByTestId('question').waitFor({ timeout: T });
    await page.getByTestId('events').locator('li[data-type="started"]').first().waitFor({ timeout: T });
    await page.waitForTimeout(300);
    const focused = await page.evaluate(() => document.activeElement && (document.activeElement.id || document.activeElement.tagName));
    if (focused !== 'start') fail('the embedded runner took the focus from the host page: ' + focused);
    demoFocusKept = true;
    await context.close();
  }
  console.log(JSON.stringify({ sessions, demoFocusKept }));
} catch (e) {
  console.error('keyboard e2e failed: ' + (e && e.stack || e));
  console.error(diagnostics.join('\n'));
  process.exitCode = 1;
} finally {
  await browser.close();
}
