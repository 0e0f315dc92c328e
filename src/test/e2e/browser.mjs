// The one way the browser tests start Chromium: Debian's (or CHROMIUM_PATH), headless, without the services that
// would reach the network or slow a start on a CI machine.
import { chromium } from 'playwright-core';

export const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function launchChromium() {
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}
