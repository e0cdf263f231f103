// The example console (examples/console) in a real browser: its public client registered with the
// emulator's API token (POST /oauth2/v1/clients), carol signs in with PKCE and sees the password
// policies with their rules and the buttons to change them (one of which works), alice (a read-only
// admin) sees the same policies without any button.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the example is plain JavaScript, without type declarations
import { startConsoleServer } from '../../examples/console/server.mjs';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { BROWSER_TIMEOUT, browserTestsRun, useBrowser } from '../helpers/browser.ts';
import { startTestGateway, startTestUpstream, type TestUpstream } from '../helpers/gateway.ts';
import { POLICY_BODIES, RULE_BODIES } from '../helpers/policyBodies.ts';
import { signInOnEmulatorPage } from '../helpers/signIn.ts';

describe.runIf(browserTestsRun("The console's browser tests"))('the example console in headless Chromium', () => {
  const browser = useBrowser();
  let upstream: TestUpstream;
  let gateway: RunningGateway;
  let consoleApp: { url: string; close(): Promise<void> };
  const config: Record<string, string> = {};
  let context: BrowserContext;

  beforeAll(async () => {
    upstream = await startTestUpstream();
    // Besides the default policy (a system policy), one that can be deactivated and deleted, with a rule.
    const policy = await upstream.emulator.call('POST', '/api/v1/policies', {
      type: 'PASSWORD',
      name: 'Contractors',
      ...POLICY_BODIES.PASSWORD,
    });
    const rule = await upstream.emulator.call('POST', `/api/v1/policies/${policy.body.id}/rules`, {
      type: 'PASSWORD',
      name: 'Contractors reset',
      ...RULE_BODIES.PASSWORD,
    });
    expect([policy.status, rule.status]).toEqual([200, 200]);
    consoleApp = await startConsoleServer({ config });
    gateway = await startTestGateway(upstream.client, { corsOrigins: [consoleApp.url] });
    // The real way: an admin registers the console's public client with an API token.
    const registered = await upstream.emulator.call('POST', '/oauth2/v1/clients', {
      client_name: 'Policy console',
      redirect_uris: [`${consoleApp.url}/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'openid profile okta.policies.read okta.policies.manage',
    });
    expect(registered.status).toBe(201);
    Object.assign(config, {
      graphqlEndpoint: `${gateway.url}/graphql`,
      issuer: upstream.emulator.url,
      clientId: registered.body.client_id,
    });
    context = await browser().newContext();
  }, BROWSER_TIMEOUT);

  afterAll(async () => {
    await context?.close();
    await consoleApp?.close();
    await gateway?.close(0);
    await upstream?.close();
  });

  /** A fresh page signed in as `login`, showing the password policies. */
  async function signedIn(login: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(consoleApp.url);
    await page.locator('#sign-in').click();
    await page.waitForURL(`${upstream.emulator.url}/oauth2/v1/authorize**`);
    await signInOnEmulatorPage(page, login, 'dev-password');
    await page.locator('#who', { hasText: `Signed in as ${login}` }).waitFor();
    await page.locator('#policies[data-loaded="PASSWORD"]').waitFor();
    return page;
  }

  /** The policies and rules shown: names with the buttons next to each. */
  const shown = (page: Page) =>
    page.locator('#policies > li').evaluateAll((items) =>
      items.map((item) => ({
        name: item.querySelector('.policy-head .name')?.textContent,
        buttons: [...item.querySelectorAll('.policy-head button')].map((b) => b.textContent),
        rules: [...item.querySelectorAll('.rule')].map((rule) => ({
          name: rule.querySelector('.name')?.textContent,
          buttons: [...rule.querySelectorAll('button')].map((b) => b.textContent),
        })),
      })),
    );

  it(
    'carol (super admin) sees the policies with their rules and the buttons to change them',
    async () => {
      const page = await signedIn('carol@example.com');
      const policies = await shown(page);
      const listed = await upstream.emulator.call('GET', '/api/v1/policies?type=PASSWORD');
      expect(policies.map((p) => p.name)).toEqual(listed.body.map((p: any) => p.name));
      // Every policy can be renamed; the one that is not a system policy can be deactivated and deleted.
      expect(policies.every((p) => p.buttons.includes('Rename'))).toBe(true);
      const custom = policies.find((p) => p.name === 'Contractors');
      expect(custom?.buttons).toEqual(['Rename', 'Deactivate', 'Delete']);
      expect(custom?.rules).toEqual([{ name: 'Contractors reset', buttons: ['Delete rule'] }]);

      // A button works: Deactivate, and the list shows the policy inactive with Activate instead.
      const item = page.locator('#policies > li', {
        has: page.locator('.policy-head .name', { hasText: custom!.name! }),
      });
      const changed = page.waitForResponse((r) => (r.request().postData() ?? '').includes('ConsoleDeactivatePolicy'));
      await item.getByRole('button', { name: 'Deactivate' }).click();
      expect((await (await changed).json()).data.deactivatePolicy.policy.status).toBe('INACTIVE');
      await item.getByRole('button', { name: 'Activate' }).waitFor();
      await page.close();
    },
    BROWSER_TIMEOUT,
  );

  it(
    'alice (read-only admin) sees the same policies and rules without any button',
    async () => {
      const page = await signedIn('alice@example.com');
      const policies = await shown(page);
      const listed = await upstream.emulator.call('GET', '/api/v1/policies?type=PASSWORD');
      expect(policies.map((p) => p.name)).toEqual(listed.body.map((p: any) => p.name));
      expect(policies.flatMap((p) => p.rules).length).toBeGreaterThan(0);
      expect(policies.flatMap((p) => [...p.buttons, ...p.rules.flatMap((r) => r.buttons)])).toEqual([]);
      await page.close();
    },
    BROWSER_TIMEOUT,
  );
});
