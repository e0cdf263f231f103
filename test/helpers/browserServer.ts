// Vitest's global setup: starts the run's one headless Chromium (test/helpers/browser.ts) before the
// test files and closes it after them all. A machine without /usr/bin/chromium gets none: the
// browser tests are skipped there (or fail under CI=true, saying why).
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser.ts';
import { REQUIREMENTS } from './requirements.ts';

export default async function startBrowserServer(project: TestProject): Promise<() => Promise<void>> {
  const { chromium } = REQUIREMENTS;
  if (!chromium.present()) {
    project.provide('browserServer', { missing: `${chromium.name} (${chromium.install})` });
    return async () => {};
  }
  const server = await launchBrowserServer();
  project.provide('browserServer', { wsEndpoint: server.wsEndpoint() });
  return () => server.close();
}
