// GraphiQL shows an answer in parts as its parts arrive: with the service answering slowly, the
// result pane shows a page of policies while their deferred rules are still on their way, then the
// rules once their part comes.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { BROWSER_TIMEOUT, browserTestsRun, useBrowser } from '../helpers/browser.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, startTestUpstream, type TestUpstream } from '../helpers/gateway.ts';

/** Long enough between the two parts for the page to be looked at in between on a loaded machine. */
const LATENCY_MS = 1_000;

describe.runIf(browserTestsRun("GraphiQL's @defer test"))('GraphiQL with @defer in headless Chromium', () => {
  const browser = useBrowser();
  let upstream: TestUpstream;
  let gateway: RunningGateway;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    upstream = await startTestUpstream();
    gateway = await startTestGateway(upstream.client, { emulatorToken: TOKEN });
    context = await browser().newContext();
    page = await context.newPage();
  }, BROWSER_TIMEOUT);

  afterAll(async () => {
    await context?.close();
    await gateway?.close();
    await upstream?.close();
  });

  it(
    'shows the first part, then the deferred rules when they arrive',
    async () => {
      const schemaFetched = page.waitForResponse(
        (r) => r.request().method() === 'POST' && (r.request().postData() ?? '').includes('__schema'),
      );
      await page.goto(`${gateway.url}/graphql`);
      await schemaFetched;
      await page.locator('.graphiql-execute-button').waitFor();
      await page.locator('.graphiql-query-editor .graphiql-editor:not(.hidden) .view-lines').first().click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(
        '{ policies(type: PASSWORD) { nodes { name ... @defer { rules { name priority } } } } }',
      );
      await upstream.emulator.setFaults({ latencyMs: LATENCY_MS });
      try {
        const started = Date.now();
        await page.locator('.graphiql-execute-button').click();
        const pane = page.locator('.graphiql-response');
        await pane.locator('.view-lines', { hasText: 'Default Policy' }).waitFor({ timeout: BROWSER_TIMEOUT });
        const firstShownAt = Date.now() - started;
        // The rows are shown while the rules are not there yet.
        expect((await pane.textContent()) ?? '').not.toContain('"rules"');
        await pane.locator('.view-lines', { hasText: '"rules"' }).waitFor({ timeout: BROWSER_TIMEOUT });
        const rulesShownAt = Date.now() - started;
        expect(rulesShownAt - firstShownAt).toBeGreaterThan(LATENCY_MS / 2);
        const text = ((await pane.textContent()) ?? '').replace(/\u00a0/g, ' ');
        expect(text).toContain('"priority"');
        expect(text).not.toContain('"errors"');
      } finally {
        await upstream.emulator.setFaults({ latencyMs: 0 });
      }
    },
    BROWSER_TIMEOUT,
  );
});
