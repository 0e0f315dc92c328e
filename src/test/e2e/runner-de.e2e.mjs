// The runner in German, in a real headless Chromium:
//   node runner-de.e2e.mjs <assessmentUrl> <screenshotDir>
// The session was created with locale "de". The page must speak German from the first question to the end:
// the document language, the assessment's name (the catalogue's German name), the progress texts, the buttons,
// the keyboard hint, the questions and answer labels of the German bank; no English interface text may remain.
// All 15 DISC questions are answered with the keyboard and submitted; the completed state is in German too.
// Prints one JSON line {"title", "firstQuestion", "completedTitle"} on success; exits non-zero on failure.
import { launchChromium } from './browser.mjs';
import { mkdirSync } from 'node:fs';

const [assessmentUrl, shots = 'target/screenshots'] = process.argv.slice(2);
if (!assessmentUrl) {
  console.error('usage: node runner-de.e2e.mjs <assessmentUrl> [screenshotDir]');
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
const browser = await launchChromium();
const fail = (message) => { throw new Error(message); };
const diagnostics = [];
const TIMEOUT = 15000;
// interface texts of the English runner that must not appear on the German page
const ENGLISH = [/\bQuestion \d/, /\banswered\b/, /\bPrevious\b/, /\bSubmit answers\b/, /\bKeyboard\b/, /\bSelected\b/,
  /\bThank you\b/, /\bLoading\b/];

try {
  // an English browser: the session's locale wins over the browser's language
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  page.on('console', (m) => diagnostics.push(`[console ${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => diagnostics.push(`[page error] ${e.message}`));
  await page.goto(assessmentUrl, { waitUntil: 'load' });
  await page.getByTestId('question').waitFor({ timeout: TIMEOUT });

  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang !== 'de') fail('html lang is ' + lang);
  const title = (await page.locator('#title').textContent()).trim();
  if (title !== 'Arbeitsstil-Profil (DISC)') fail('title is ' + title);
  const firstQuestion = (await page.getByTestId('question').textContent()).trim();
  if (!firstQuestion.startsWith('Ich treffe Entscheidungen schnell')) fail('first question is ' + firstQuestion);
  const progress = (await page.getByTestId('progress').textContent()).trim();
  if (progress !== 'Frage 1 von 15') fail('progress is ' + progress);
  if ((await page.getByTestId('next').textContent()).trim() !== 'Weiter') fail('next button is not German');
  if ((await page.getByTestId('previous').textContent()).trim() !== 'Zurück') fail('previous button is not German');
  const options = await page.locator('#options').innerText();
  if (!options.includes('Trifft voll und ganz zu')) fail('answer labels are not German: ' + options);
  const body = await page.locator('body').innerText();
  for (const english of ENGLISH) {
    if (english.test(body)) fail('English interface text on the German page: ' + english + '\n' + body);
  }
  if (!body.includes('0 von 15 beantwortet')) fail('answered count is not German: ' + body);
  await page.screenshot({ path: shots + '/runner-de-desktop.png', fullPage: true });

  await page.getByTestId('question').click();
  for (let i = 0; i < 15; i++) {
    const before = await page.getByTestId('progress').textContent();
    const digit = String((i % 5) + 1);
    await page.keyboard.press(digit);
    if (i < 14) {
      await page.keyboard.press('Enter');
      await page.getByTestId('progress').filter({ hasNotText: before }).waitFor({ timeout: TIMEOUT });
    }
  }
  const last = await page.locator('body').innerText();
  if (!last.includes('15 von 15 beantwortet')) fail('not all answered: ' + last);
  if ((await page.getByTestId('submit').textContent()).trim() !== 'Antworten absenden') fail('submit button is not German');
  await page.getByTestId('submit').click();
  await page.locator('[data-testid="state"][data-state="completed"]').waitFor({ timeout: TIMEOUT });
  const completedTitle = (await page.locator('#state-title').textContent()).trim();
  if (completedTitle !== 'Vielen Dank, Ihre Antworten wurden übermittelt') fail('completed title is ' + completedTitle);
  const done = await page.locator('body').innerText();
  for (const english of ENGLISH) {
    if (english.test(done)) fail('English interface text on the completed page: ' + english + '\n' + done);
  }
  await page.screenshot({ path: shots + '/runner-de-completed.png', fullPage: true });
  console.log(JSON.stringify({ title, firstQuestion, completedTitle }));
  await browser.close();
} catch (e) {
  console.error(e && e.stack ? e.stack : String(e));
  console.error(diagnostics.join('\n'));
  await browser.close();
  process.exit(1);
}
