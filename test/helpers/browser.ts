// Debian's headless Chromium driven by playwright-core, for the tests that open pages in a real
// browser (test/browser/browsers.test.ts). Without /usr/bin/chromium those tests are skipped with a
// message, except under CI=true where they fail.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';
/** Starting Chromium and parsing GraphiQL's 5 MB script take seconds on a busy machine. */
export const BROWSER_TIMEOUT = 60_000;

/** Whether the browser tests of `what` run here; says why not when they do not. */
export function browserTestsRun(what: string): boolean {
  const runs = existsSync(CHROMIUM) || process.env.CI === 'true';
  if (!runs) {
    console.warn(`${what} skipped: ${CHROMIUM} not found (apt-get install chromium). With CI=true it fails instead.`);
  }
  return runs;
}

/**
 * One headless Chromium for the tests of the enclosing describe, started once: each suite opens a
 * browser context of its own (`browser().newContext()`), whose storage and cache no other shares.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  }, BROWSER_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}
