// Debian's headless Chromium driven by playwright-core, for the tests that open pages in a real
// browser (test/browser/). One Chromium serves the whole run: the global setup
// (test/helpers/browserServer.ts) starts it and hands its address to the test files, which connect
// to it, so that the browser files run side by side in any worker without a start each. Without
// /usr/bin/chromium those tests are skipped with a message, except under CI=true where they fail
// (test/helpers/requirements.ts).
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM, REQUIREMENTS, testsNeeding } from './requirements.ts';

/** Starting Chromium and parsing GraphiQL's 5 MB script take seconds on a busy machine. */
export const BROWSER_TIMEOUT = 60_000;

/** Where the run's Chromium listens, or why there is none. */
export type BrowserServerInfo = { wsEndpoint: string } | { missing: string };

declare module 'vitest' {
  export interface ProvidedContext {
    browserServer: BrowserServerInfo;
  }
}

/** Whether the browser tests of `what` run here; says why not when they do not. */
export const browserTestsRun = (what: string) => testsNeeding(REQUIREMENTS.chromium, what);

/** Starts the headless Chromium the test files connect to (the global setup's). */
export function launchBrowserServer() {
  return chromium.launchServer({
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
}

/**
 * The run's headless Chromium for the tests of the enclosing describe, connected to once: each suite
 * opens a browser context of its own (`browser().newContext()`), whose storage and cache no other
 * shares. Closing the connection leaves the browser to the other files.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const server = inject('browserServer');
    if ('missing' in server) throw new Error(`no headless Chromium for the browser tests: ${server.missing}`);
    browser = await chromium.connect(server.wsEndpoint);
  }, BROWSER_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}
