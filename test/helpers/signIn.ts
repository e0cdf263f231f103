// Signing a person in through the emulator's sign-in page in a real browser.
import type { Page } from 'playwright-core';

/** Fills the emulator's sign-in form (on the page now) and submits it. */
export async function signInOnEmulatorPage(page: Page, login: string, password: string): Promise<void> {
  await page.locator('input[name="username"], input[name="login"]').fill(login);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form [type="submit"]').click();
}
