// Signing a person in through the emulator's sign-in page in a real browser, and the OAuth clients
// the browser tests register.
import type { Page } from 'playwright-core';

/** The built-in public client `graphiql`, with the redirect URIs of the gateway under test. */
export function graphiqlClient(redirectUris: string[]) {
  return {
    client_id: 'graphiql',
    client_name: 'GraphiQL',
    redirect_uris: redirectUris,
    grant_types: ['authorization_code' as const, 'refresh_token' as const],
    response_types: ['code' as const],
    token_endpoint_auth_method: 'none' as const,
    scope:
      'openid profile offline_access okta.policies.read okta.policies.manage okta.userTypes.read okta.userTypes.manage',
  };
}

/** Fills the emulator's sign-in form (on the page now) and submits it. */
export async function signInOnEmulatorPage(page: Page, login: string, password: string): Promise<void> {
  await page.locator('input[name="username"], input[name="login"]').fill(login);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form [type="submit"]').click();
}
