// GraphiQL in a real browser (Debian's headless Chromium driven by playwright-core): a first load
// within 3 MB, Run answering with data in the result pane, a reload that downloads only the page, a
// token typed in for a real org that is sent but never written to the browser's storage, and a syntax
// error shown as the gateway answers it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../src/gateway/server.ts';
import { BROWSER_TIMEOUT, browserTestsRun, useBrowser } from '../helpers/browser.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { startTestUpstream, type TestUpstream, gatewaySchema } from '../helpers/gateway.ts';
import { silentLogger } from '../helpers/logs.ts';

const FIRST_LOAD_BUDGET = 3_000_000; // bytes on the wire, headers included
const NEEDED_ASSETS = ['graphiql.js', 'graphiql.css', 'editor.worker.js', 'json.worker.js', 'graphql.worker.js'];

/** One request the gateway answered: method, path and the bytes it wrote for it (headers and body). */
interface Served {
  method: string;
  path: string;
  bytes: number;
}

describe.runIf(browserTestsRun("GraphiQL's browser tests"))('GraphiQL in headless Chromium', () => {
  const browser = useBrowser();
  let upstream: TestUpstream;
  let server: Server;
  let url: string;
  let orgServer: Server;
  let orgUrl: string;
  let context: BrowserContext;
  let page: Page;
  const served: Served[] = [];
  let onServed = () => {};
  /** Resolves once every asset GraphiQL needs (script, styles, its three editor workers) has been served. */
  const assetsServed = () =>
    new Promise<void>((resolve) => {
      const check = () => {
        // /graphiql/<name>.<hash>.<ext> → <name>.<ext>
        const names = served.map((s) => s.path.replace(/^\/graphiql\/([a-z.]+)\.[0-9a-f]+\.(\w+)$/, '$1.$2'));
        if (NEEDED_ASSETS.every((n) => names.includes(n))) resolve();
      };
      onServed = check;
      check();
    });

  beforeAll(async () => {
    upstream = await startTestUpstream();
    const yoga = createGateway({
      schema: gatewaySchema(),
      upstream: upstream.client,
      emulatorToken: TOKEN,
      logger: silentLogger(),
    });
    // The gateway's own handler, with a record of what each response cost on the wire.
    server = createServer((req, res) => {
      const before = req.socket.bytesWritten;
      res.on('finish', () => {
        served.push({ method: req.method!, path: req.url!, bytes: req.socket.bytesWritten - before });
        onServed();
      });
      yoga(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // As over a real org (UPSTREAM_URL): no token is shown, the developer types one in.
    orgServer = createServer(
      createGateway({ schema: gatewaySchema(), upstream: upstream.client, logger: silentLogger() }),
    );
    await new Promise<void>((resolve) => orgServer.listen(0, '127.0.0.1', resolve));
    orgUrl = `http://127.0.0.1:${(orgServer.address() as AddressInfo).port}`;

    context = await browser().newContext();
    page = await context.newPage();
  }, BROWSER_TIMEOUT);

  afterAll(async () => {
    await context?.close();
    for (const s of [server, orgServer]) {
      s?.closeAllConnections();
      await new Promise((resolve) => s?.close(resolve));
    }
    await upstream?.close();
  });

  /** Loads the page (or reloads it) and waits for GraphiQL to be ready: its schema fetched, Run shown. */
  async function open(load: () => Promise<unknown>): Promise<void> {
    const schemaFetched = page.waitForResponse(
      (r) => r.request().method() === 'POST' && (r.request().postData() ?? '').includes('__schema'),
    );
    await load();
    await schemaFetched;
    await page.locator('.graphiql-execute-button').waitFor();
  }

  /** Loads GraphiQL from `base` unless the page shows it already (each page load parses its 5 MB script). */
  async function openUnlessShown(base: string): Promise<void> {
    const shown =
      page.url().startsWith(`${base}/graphql`) && (await page.locator('.graphiql-execute-button').isVisible());
    if (!shown) await open(() => page.goto(`${base}/graphql`));
  }

  const editor = (area: string) => page.locator(`${area} .graphiql-editor:not(.hidden) .view-lines`).first();
  /** Replaces the text of one of GraphiQL's editors, as a developer would type it. */
  async function replaceText(area: string, text: string): Promise<void> {
    await editor(area).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(text); // typed at once: no auto-closed brackets
  }

  it(
    'loads within 3 MB and answers the first Run with data',
    async () => {
      await open(() => page.goto(`${url}/graphql`));

      const run = page.waitForResponse(
        (r) => r.request().method() === 'POST' && (r.request().postData() ?? '').includes('policies('),
      );
      await page.locator('.graphiql-execute-button').click();
      const answer = await (await run).json();
      expect(answer.errors).toBeUndefined();
      expect(answer.data.policies.nodes.length).toBeGreaterThan(0);

      // What the developer sees: the result pane shows data, not an error.
      const pane = page.locator('.graphiql-response');
      await pane.locator('.view-lines', { hasText: '"data"' }).waitFor();
      const text = (await pane.textContent()) ?? '';
      expect(text).toContain('"policies"');
      expect(text).not.toContain('"errors"');

      await assetsServed();
      const total = served.reduce((sum, s) => sum + s.bytes, 0);
      expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    },
    BROWSER_TIMEOUT,
  );

  it(
    'on a reload downloads the page only: the assets come from the browser cache',
    async () => {
      served.length = 0;
      await open(() => page.reload());

      const downloads = served.filter((s) => !(s.method === 'POST' && s.path === '/graphql'));
      expect(downloads.map((s) => `${s.method} ${s.path.split('?')[0]}`)).toEqual(['GET /graphql']);
      expect(downloads[0].bytes).toBeLessThan(4_000);
    },
    BROWSER_TIMEOUT,
  );

  it(
    'shows a syntax error as the gateway answers it: GRAPHQL_PARSE_FAILED with its location, no stack trace',
    async () => {
      await openUnlessShown(url);
      const typed = '{ policies(type: PASSWORD) { nodes { id } } } }';
      // What the gateway answers to it, asked directly.
      const answer = await (
        await fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
          body: JSON.stringify({ query: typed }),
        })
      ).json();
      expect(answer.errors).toEqual([
        {
          message: 'Syntax Error: Unexpected "}".',
          locations: [{ line: 1, column: 47 }],
          extensions: { code: 'GRAPHQL_PARSE_FAILED' },
        },
      ]);

      await replaceText('.graphiql-query-editor', typed);
      await page.locator('.graphiql-execute-button').click();
      // The result pane shows that answer, and nothing of the browser's own (no stack trace).
      const lines = page.locator('.graphiql-response .view-lines', { hasText: '"errors"' });
      await lines.waitFor();
      // The editor draws spaces as no-break spaces and each line in an element of its own.
      const shown = ((await lines.textContent()) ?? '').replace(/\u00a0/g, ' ');
      expect(JSON.parse(shown)).toEqual(answer);
    },
    BROWSER_TIMEOUT,
  );
  it(
    'over a real org, a token typed into the Headers tab is sent but never stored in the browser',
    async () => {
      await open(() => page.goto(`${orgUrl}/graphql`));
      await replaceText('.graphiql-editor-tool', '{"Authorization": "SSWS typed-secret-123"}');
      // The query is always stored: once the marker is in storage, the state after the edit of the
      // headers has been written.
      await replaceText('.graphiql-query-editor', '# stored-marker\n{ policies(type: PASSWORD) { nodes { id } } }');
      const run = page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes('policies('));
      await page.locator('.graphiql-execute-button').click();
      expect((await run).headers().authorization).toBe('SSWS typed-secret-123');
      await page.waitForFunction(() => Object.values(localStorage).some((v) => v.includes('stored-marker')));
      const stored = await page.evaluate(() => JSON.stringify(localStorage));
      expect(stored).not.toContain('typed-secret-123');
    },
    BROWSER_TIMEOUT,
  );
});
