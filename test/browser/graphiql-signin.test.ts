// GraphiQL's "Sign in" in a real browser, against the emulator's authorization server: the page
// finds the server by its discovery document, a wrong password is refused on the server's sign-in
// page, carol signs in (PKCE S256, code exchanged by the page), Run then sends her access token as
// Bearer (the gateway passes it upstream), no token is written to the browser's storage, and Sign
// out revokes the token and goes back to the Headers tab's API token.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphiqlClient } from '../../packages/emulator/src/index.ts';
import { callbackUrls } from '../../src/gateway/plugins/graphiqlSignIn.ts';
import { createGateway } from '../../src/gateway/server.ts';
import { BROWSER_TIMEOUT, browserTestsRun, useBrowser } from '../helpers/browser.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { startTestUpstream, type TestUpstream, gatewaySchema } from '../helpers/gateway.ts';
import { silentLogger } from '../helpers/logs.ts';
import { signInOnEmulatorPage } from '../helpers/signIn.ts';

const SCOPE = 'openid profile okta.policies.read okta.policies.manage okta.userTypes.read okta.userTypes.manage';

describe.runIf(browserTestsRun("GraphiQL Sign in's browser tests"))('GraphiQL Sign in in headless Chromium', () => {
  const browser = useBrowser();
  let server: Server;
  let url: string;
  let upstream: TestUpstream;
  let context: BrowserContext;
  let page: Page;
  /** The Authorization of every caller the gateway spoke upstream for, in order. */
  const upstreamCallers: string[] = [];

  beforeAll(async () => {
    // The gateway's port first: the emulator starts with GraphiQL's callback on it registered.
    let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
    server = createServer((req, res) => handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    url = `http://127.0.0.1:${port}`;
    upstream = await startTestUpstream({
      oauthClients: [graphiqlClient(callbackUrls('127.0.0.1', port, '/graphql'))],
    });
    const forCaller = upstream.client.forCaller.bind(upstream.client);
    upstream.client.forCaller = (authorization, options) => {
      upstreamCallers.push(authorization);
      return forCaller(authorization, options);
    };
    handle = createGateway({
      schema: gatewaySchema(),
      upstream: upstream.client,
      emulatorToken: TOKEN,
      graphiqlSignIn: { clientId: 'graphiql', scope: SCOPE },
      logger: silentLogger(),
    });
    context = await browser().newContext();
    page = await context.newPage();
  }, BROWSER_TIMEOUT);

  afterAll(async () => {
    await context?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await upstream?.close();
  });

  const bar = () => page.locator('#graphiql-sign-in');
  /** Runs the operation in the editor; the request GraphiQL sent and the answer it got. */
  async function run(): Promise<{ authorization: string | undefined; answer: any }> {
    const sent = page.waitForResponse(
      (r) => r.request().method() === 'POST' && (r.request().postData() ?? '').includes('policies('),
    );
    await page.locator('.graphiql-execute-button').click();
    const response = await sent;
    return { authorization: response.request().headers().authorization, answer: await response.json() };
  }

  it(
    'refuses a wrong password, signs carol in, sends her token as Bearer, and Sign out goes back to the API token',
    async () => {
      const schemaFetched = page.waitForResponse((r) => (r.request().postData() ?? '').includes('__schema'));
      await page.goto(`${url}/graphql`);
      await schemaFetched;
      // GraphiQL keeps its editors in localStorage (debounced): once the operation is stored, the page
      // may go to sign in and come back to it.
      await page.waitForFunction(() => Object.values(localStorage).some((v) => v.includes('policies(')));
      await bar().getByRole('button', { name: 'Sign in' }).click();

      // The emulator's own sign-in page: a wrong password stays there with a message.
      await page.waitForURL(`${upstream.emulator.url}/oauth2/v1/authorize**`);
      await signInOnEmulatorPage(page, 'carol@example.com', 'wrong-password');
      const refusal = await page.getByRole('alert').textContent();
      expect(refusal).toMatch(/password/i);
      expect(page.url().startsWith(`${upstream.emulator.url}/oauth2/`)).toBe(true);

      const exchanged = page.waitForResponse((r) => r.url().endsWith('/oauth2/v1/token'));
      await signInOnEmulatorPage(page, 'carol@example.com', 'dev-password');
      expect((await exchanged).status()).toBe(200);
      await bar().getByText('Signed in as carol@example.com').waitFor();
      // Back at GraphiQL's own address with the operation, the code gone from it.
      expect(page.url()).toMatch(new RegExp(`^${url}/graphql\\?query=[^&]*policies[^&]*$`));
      await page.locator('.graphiql-execute-button').waitFor();

      const signedIn = await run();
      expect(signedIn.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      expect(signedIn.answer.errors).toBeUndefined();
      expect(signedIn.answer.data.policies.nodes.length).toBeGreaterThan(0);
      expect(upstreamCallers.at(-1)).toBe(signedIn.authorization);
      const accessToken = signedIn.authorization!.slice('Bearer '.length);

      // The token lives in the page's memory only; the PKCE verifier and state are gone too.
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
      expect(stored).not.toContain(accessToken);
      expect(stored).not.toContain('graphiql.signIn.pending');

      const revoked = page.waitForResponse((r) => r.url().endsWith('/oauth2/v1/revoke'));
      await bar().getByRole('button', { name: 'Sign out' }).click();
      expect((await revoked).status()).toBe(200);
      await bar().getByRole('button', { name: 'Sign in' }).waitFor();
      const signedOut = await run();
      expect(signedOut.authorization).toBe(`SSWS ${TOKEN}`);
      expect(signedOut.answer.data.policies.nodes.length).toBeGreaterThan(0);
      // Revoked: the emulator no longer takes the token.
      const reused = await fetch(`${upstream.emulator.url}/api/v1/policies?type=PASSWORD`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(reused.status).toBe(401);
    },
    BROWSER_TIMEOUT,
  );

  it(
    'fits its window with the Sign in bar: no page scrollbar, the sidebar whole (1280x800 and 900 px high)',
    async () => {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(viewport);
        // The page the test before left signed out is measured as it is resized, as a developer's
        // window would be: a load parses GraphiQL's 5 MB script again. Run alone, it loads once.
        const shown =
          page.url().startsWith(`${url}/graphql`) && (await bar().getByRole('button', { name: 'Sign in' }).isVisible());
        if (!shown) await page.goto(`${url}/graphql`);
        await page.locator('.graphiql-execute-button').waitFor();
        await bar().getByRole('button', { name: 'Sign in' }).waitFor();
        // Laid out again at the new size before it is measured.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const fit = await page.evaluate(() => {
          const buttons = [...document.querySelectorAll('.graphiql-sidebar button')];
          return {
            scrollHeight: document.documentElement.scrollHeight,
            scrollWidth: document.documentElement.scrollWidth,
            lowestSidebarButton: Math.max(...buttons.map((b) => b.getBoundingClientRect().bottom)),
            buttons: buttons.length,
          };
        });
        expect(fit.scrollHeight, `page height in ${viewport.height} px`).toBeLessThanOrEqual(viewport.height);
        expect(fit.scrollWidth, `page width in ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
        expect(fit.buttons).toBeGreaterThan(0);
        expect(fit.lowestSidebarButton).toBeLessThanOrEqual(viewport.height);
      }
    },
    BROWSER_TIMEOUT,
  );
});
