// End-to-end test of the developer portal in a real headless Chromium:
//   node portal.e2e.mjs <baseUrl> <ownerEmail> <password> <deadEndpointId> <memberEmail> <screenshotDir> <hookUrl>
// The owner signs in, reads the overview's chart with the keyboard and switches it to test sessions, issues an API key
// pair, registers a webhook endpoint at <hookUrl> and sends it a test event, opens the dead letters of an endpoint
// (arranged by the Java side: two dead deliveries) and resends one there and the other from the organization's
// dead-letter queue, downloads the admin report as CSV, filters the audit log, invites a member (who opens the link in
// another browser context, accepts and is signed in), creates a TFD config and publishes it, and signs out; keyboard
// for the sign-in and the chart, screenshots at desktop and phone widths. Prints one JSON line {"keyPrefix",
// "memberSignedIn", "tfdConfigId", "hookSecret", "csvHeader"}; exits non-zero on failure.
import { launchChromium } from './browser.mjs';
import { mkdirSync, readFileSync } from 'node:fs';

const [baseUrl, ownerEmail, password, deadEndpointId, memberEmail, shots = 'target/screenshots', hookUrl = 'https://127.0.0.1:9/portal-e2e'] = process.argv.slice(2);
if (!baseUrl || !ownerEmail || !password || !deadEndpointId || !memberEmail) {
  console.error('usage: node portal.e2e.mjs <baseUrl> <ownerEmail> <password> <deadEndpointId> <memberEmail> [screenshotDir] [hookUrl]');
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
const browser = await launchChromium();
const T = 15000;
const diagnostics = [];
const fail = (m) => { throw new Error(m); };
function watch(page, name) {
  page.on('console', (m) => diagnostics.push(`[${name} console ${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => diagnostics.push(`[${name} page error] ${e.message}`));
  page.on('response', (r) => { if (r.status() >= 400) diagnostics.push(`[${name} HTTP ${r.status()}] ${r.request().method()} ${r.url()}`); });
  return page;
}
async function both(page, name) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/portal-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/portal-${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = watch(await context.newPage(), 'owner');
  await page.goto(baseUrl + '/portal', { waitUntil: 'load' });

  // sign in with the keyboard only
  await page.getByTestId('email').waitFor({ timeout: T });
  await page.getByTestId('email').focus();
  await page.keyboard.type(ownerEmail);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await both(page, 'sign-in');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1 }).filter({ hasText: /Portal e2e/ }).waitFor({ timeout: T });
  (await page.getByTestId('role').textContent()) === 'owner' || fail('not signed in as owner');
  // the overview's chart: one tab stop, arrow keys read the days out; then the test sessions instead of live
  await page.getByTestId('chart').waitFor({ timeout: T });
  await page.getByTestId('chart').focus();
  await page.keyboard.press('End');
  const today = new Date().toISOString().slice(0, 10);
  (await page.getByTestId('chart-readout').textContent()).includes(': 0 sessions') || fail('live sessions in the readout of a new org');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  /^\d{4}-\d{2}-\d{2}: /.test(await page.getByTestId('chart-readout').textContent()) || fail('no day read out');
  await both(page, 'overview');
  await page.getByTestId('overview-test').click();
  await page.getByTestId('overview-env').filter({ hasText: /^Test sessions/ }).waitFor({ timeout: T });
  await page.getByTestId('chart').focus();
  await page.keyboard.press('End');
  const readout = await page.getByTestId('chart-readout').textContent();
  // the sessions were created moments ago: today, or yesterday when the run crossed midnight (UTC) since
  const yesterday = new Date(Date.parse(today + 'T00:00:00Z') - 86400000).toISOString().slice(0, 10);
  [today, yesterday].some((day) => readout.startsWith(day + ': 2 sessions'))
    || fail('the test sessions of today are not read out: ' + readout);
  await page.locator('[data-testid="overview-table"] summary').click();
  await page.locator('[data-testid="overview-table"] td').filter({ hasText: /^2$/ }).first().waitFor({ timeout: T });
  await both(page, 'overview-test');

  // API keys: issue a pair; the secrets are shown once
  await page.getByRole('button', { name: 'API keys', exact: true }).click();
  await page.getByTestId('issue-key').click();
  const secret = (await page.getByTestId('secret').first().textContent({ timeout: T })).trim();
  secret.startsWith('service_sk_test_') || fail('no secret key shown: ' + secret);
  await both(page, 'keys');

  // Webhooks: register an endpoint and send it a test event; then the dead letters of the arranged one, resend one
  await page.getByRole('button', { name: 'Webhooks', exact: true }).click();
  await page.getByTestId('hook-url').fill(hookUrl);
  await page.getByTestId('create-hook').click();
  const hookSecret = (await page.getByTestId('secret').first().textContent({ timeout: T })).trim();
  hookSecret.startsWith('whsec_') || fail('no signing secret shown');
  await page.getByRole('row').filter({ hasText: hookUrl }).getByRole('button', { name: 'Send test event' }).click();
  await page.getByTestId('status').filter({ hasText: /Test event queued/ }).waitFor({ timeout: T });
  await page.getByRole('cell', { name: 'webhook.test' }).first().waitFor({ timeout: T });
  await both(page, 'webhooks');
  await page.getByTestId('dead-' + deadEndpointId).click();
  const resend = page.locator('[data-testid^="resend-"]').first();
  await resend.waitFor({ timeout: T });
  await both(page, 'dead-letters');
  await resend.click();
  await page.getByTestId('status').filter({ hasText: /Resent/ }).waitFor({ timeout: T });

  // the organization's dead-letter queue: the other dead delivery, resent from there
  await page.getByRole('button', { name: 'Dead-letter queue' }).click();
  await page.getByTestId('dlq-total').filter({ hasText: /^1 dead delivery$/ }).waitFor({ timeout: T });
  await both(page, 'dead-letter-queue');
  await page.locator('[data-testid^="dlq-resend-"]').first().click();
  await page.getByTestId('dlq-total').filter({ hasText: /^0 dead deliveries$/ }).waitFor({ timeout: T });
  await page.getByTestId('status').filter({ hasText: /Resent/ }).waitFor({ timeout: T });

  // Reports: production figures; the CSV downloads
  await page.getByRole('button', { name: 'Reports' }).click();
  await page.getByTestId('report-empty').waitFor({ timeout: T }); // only test sessions so far: nothing to report
  await both(page, 'reports');
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: T }), page.getByTestId('report-csv').click()]);
  const csvHeader = readFileSync(await download.path(), 'utf8').split('\r\n')[0];
  /^report-month-.*\.csv$/.test(download.suggestedFilename()) || fail('unexpected CSV name ' + download.suggestedFilename());

  // Audit log: the owner narrows it to key actions
  await page.getByRole('button', { name: 'Audit log' }).click();
  await page.getByTestId('audit-action').fill('key.*');
  await page.getByTestId('audit-filter').click();
  await page.getByTestId('audit-total').filter({ hasText: /^1 entry$/ }).waitFor({ timeout: T });
  await page.getByRole('cell', { name: 'key.issued' }).waitFor({ timeout: T });
  await both(page, 'audit');

  // Team: invite a member, who accepts the link in another browser and is signed in
  await page.getByRole('button', { name: 'Team', exact: true }).click();
  await page.getByTestId('invite-email').fill(memberEmail);
  await page.getByTestId('invite-role').selectOption('developer');
  await page.getByTestId('invite').click();
  const link = (await page.getByTestId('secret').first().textContent({ timeout: T })).trim();
  link.includes('/portal#invitation=pit_') || fail('no invitation link shown: ' + link);
  await both(page, 'team');
  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const member = watch(await memberContext.newPage(), 'member');
  // the link names the public base URL (PUBLIC_BASE_URL); the test instance listens elsewhere
  await member.goto(baseUrl + link.slice(link.indexOf('/portal')), { waitUntil: 'load' });
  await member.getByTestId('name').fill('Mia Member');
  await member.getByTestId('password').fill('a member passphrase of length');
  await member.screenshot({ path: `${shots}/portal-accept-phone.png`, fullPage: true });
  await member.getByTestId('accept').click();
  await member.getByTestId('role').filter({ hasText: 'developer' }).waitFor({ timeout: T });
  const memberSignedIn = true;
  await memberContext.close();

  // TFD configs: create from the catalogue, review, publish
  await page.getByRole('button', { name: 'TFD configs', exact: true }).click();
  await page.getByTestId('occupation').selectOption('15-1252.00');
  await page.getByTestId('create-tfd').click();
  const reviewing = page.locator('[data-testid$="-reviewing"]').first();
  await reviewing.waitFor({ timeout: T });
  const tfdConfigId = (await reviewing.getAttribute('data-testid')).replace(/^move-/, '').replace(/-reviewing$/, '');
  await reviewing.click();
  await page.getByTestId('move-' + tfdConfigId + '-published').click();
  await page.getByTestId('tfd-status-' + tfdConfigId).filter({ hasText: 'published' }).waitFor({ timeout: T });
  await both(page, 'tfd');

  // sign out: back to the sign-in form
  await page.getByTestId('sign-out').click();
  await page.getByTestId('sign-in').waitFor({ timeout: T });
  await context.close();
  console.log(JSON.stringify({ keyPrefix: secret.slice(0, 16), memberSignedIn, tfdConfigId, hookSecret, csvHeader }));
} catch (e) {
  console.error('portal e2e failed: ' + (e && e.stack || e));
  console.error(diagnostics.join('\n'));
  process.exitCode = 1;
} finally {
  await browser.close();
}
