// End-to-end test of the developer portal in a real headless Chromium:
//   node portal.e2e.mjs <baseUrl> <ownerEmail> <password> <deadEndpointId> <memberEmail> <screenshotDir>
// The owner signs in, issues an API key pair, registers a webhook endpoint, opens the dead letters of an endpoint
// (arranged by the Java side) and resends one, invites a member (who opens the link in another browser context,
// accepts and is signed in), creates a TFD config and publishes it, and signs out; keyboard for the sign-in, screenshots
// at desktop and phone widths. Prints one JSON line {"keyPrefix", "memberSignedIn", "tfdConfigId"}; exits non-zero on failure.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const [baseUrl, ownerEmail, password, deadEndpointId, memberEmail, shots = 'target/screenshots'] = process.argv.slice(2);
if (!baseUrl || !ownerEmail || !password || !deadEndpointId || !memberEmail) {
  console.error('usage: node portal.e2e.mjs <baseUrl> <ownerEmail> <password> <deadEndpointId> <memberEmail> [screenshotDir]');
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
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
  await both(page, 'overview');

  // API keys: issue a pair; the secrets are shown once
  await page.getByRole('button', { name: 'API keys' }).click();
  await page.getByTestId('issue-key').click();
  const secret = (await page.getByTestId('secret').first().textContent({ timeout: T })).trim();
  secret.startsWith('service_sk_test_') || fail('no secret key shown: ' + secret);
  await both(page, 'keys');

  // Webhooks: register an endpoint, then the dead letters of the arranged one, resend
  await page.getByRole('button', { name: 'Webhooks' }).click();
  await page.getByTestId('hook-url').fill('https://127.0.0.1:9/portal-e2e');
  await page.getByTestId('create-hook').click();
  (await page.getByTestId('secret').first().textContent({ timeout: T })).startsWith('whsec_') || fail('no signing secret shown');
  await page.getByTestId('dead-' + deadEndpointId).click();
  const resend = page.locator('[data-testid^="resend-"]').first();
  await resend.waitFor({ timeout: T });
  await both(page, 'dead-letters');
  await resend.click();
  await page.getByTestId('status').filter({ hasText: /Resent/ }).waitFor({ timeout: T });

  // Team: invite a member, who accepts the link in another browser and is signed in
  await page.getByRole('button', { name: 'Team' }).click();
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
  await page.getByRole('button', { name: 'TFD configs' }).click();
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
  console.log(JSON.stringify({ keyPrefix: secret.slice(0, 16), memberSignedIn, tfdConfigId }));
} catch (e) {
  console.error('portal e2e failed: ' + (e && e.stack || e));
  console.error(diagnostics.join('\n'));
  process.exitCode = 1;
} finally {
  await browser.close();
}
