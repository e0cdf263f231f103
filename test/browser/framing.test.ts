// A page of another origin cannot frame GraphiQL (clickjacking): in Chromium, a page served from
// another port frames the gateway's /graphql and /, and the frames hold no page of the gateway's
// (Chromium shows its error page in their place), while its frame of a third origin that allows
// framing loads.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { BROWSER_TIMEOUT, browserTestsRun, useBrowser } from '../helpers/browser.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, startTestUpstream, type TestUpstream } from '../helpers/gateway.ts';

describe.runIf(browserTestsRun('the framing browser test'))('GraphiQL framed by another origin, in Chromium', () => {
  const browser = useBrowser();
  let upstream: TestUpstream;
  let gateway: RunningGateway;
  let other: Server;
  let otherUrl: string;
  let context: BrowserContext;

  beforeAll(async () => {
    upstream = await startTestUpstream();
    gateway = await startTestGateway(upstream.client, { emulatorToken: TOKEN });
    // Another origin (another port): a page that frames the gateway's pages and one of its own.
    other = createServer((req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (req.url === '/own') return res.end('<!doctype html><p id="own">a page that may be framed</p>');
      res.end(`<!doctype html>
<iframe id="graphiql" src="${gateway.url}/graphql"></iframe>
<iframe id="home" src="${gateway.url}/"></iframe>
<iframe id="own" src="http://127.0.0.1:${(other.address() as AddressInfo).port}/own"></iframe>`);
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://localhost:${(other.address() as AddressInfo).port}`;
    context = await browser().newContext();
  }, BROWSER_TIMEOUT);

  afterAll(async () => {
    await context?.close();
    other?.closeAllConnections();
    await new Promise((resolve) => other?.close(resolve));
    await gateway?.close(0);
    await upstream?.close();
  });

  it(
    'the frames of GraphiQL and the home page stay empty; a frame of a page that allows it loads',
    async () => {
      const page = await context.newPage();
      const refusals: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('frame-ancestors')) refusals.push(message.text());
      });
      const gatewayRequests: string[] = [];
      page.on('response', (response) => {
        if (response.url().startsWith(gateway.url)) gatewayRequests.push(response.url());
      });
      await page.goto(`${otherUrl}/`, { waitUntil: 'load' });
      const own = page.frames().find((frame) => frame.url().endsWith('/own'));
      expect(await own?.locator('#own').textContent()).toBe('a page that may be framed');
      // The gateway was asked for both pages, and Chromium refused to show them.
      expect(gatewayRequests).toEqual(expect.arrayContaining([`${gateway.url}/graphql`, `${gateway.url}/`]));
      const framed = page.frames().filter((frame) => frame !== page.mainFrame() && !frame.url().endsWith('/own'));
      expect(framed).toHaveLength(2);
      for (const frame of framed) {
        expect(frame.url()).toBe('chrome-error://chromewebdata/');
        const content = await frame.content();
        for (const text of ['renderYogaGraphiQL', 'Policy GraphQL gateway', TOKEN]) expect(content).not.toContain(text);
      }
      expect(refusals.length).toBeGreaterThanOrEqual(2);
      await page.close();
    },
    BROWSER_TIMEOUT,
  );
});
