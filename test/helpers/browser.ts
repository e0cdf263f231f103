// Debian's headless Chromium driven by playwright-core, for the tests that open pages in a real
// browser. Without /usr/bin/chromium such a test file is skipped with a message, except under
// CI=true where it fails.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

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

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A headless Chromium with a profile of its own, removed on close. */
export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'browser-test-'));
  const context = await chromium.launchPersistentContext(profile, {
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
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
