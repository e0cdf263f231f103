// Vitest's global setup: starts the run's one headless Chromium (test/helpers/browser.ts) before the
// test files and closes it after them all. A machine without /usr/bin/chromium gets none: the
// browser tests are skipped there (or fail under CI=true, saying why).
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, launchBrowserServer } from './browser.ts';

export default async function startBrowserServer(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM)) {
    project.provide('browserServer', { missing: `${CHROMIUM} not found (apt-get install chromium)` });
    return async () => {};
  }
  const server = await launchBrowserServer();
  project.provide('browserServer', { wsEndpoint: server.wsEndpoint() });
  return () => server.close();
}
