import { expect, type Browser, type Page } from '@playwright/test';
import { latestSignInLink, uniqueAddress } from './backend.ts';
import { organisationOrigin } from './environment.ts';

/** A seeded user signs in by e-mail through the real topology and lands on the organisation; the address used. */
export async function signInByEmail(page: Page, seeded: string, subDomain: string): Promise<string> {
  const email = uniqueAddress(seeded);
  await page.goto('/login/en');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(await latestSignInLink(page.request, email));
  await expect(page).toHaveURL(`${organisationOrigin(subDomain)}/`);
  return email;
}

/** A genuine stored sign-in: the `lastLogin` cookie Anna's browser keeps after signing in. */
export async function storedLastLogin(browser: Browser): Promise<string> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  await signInByEmail(await context.newPage(), 'anna@acme.test', 'acme');
  const lastLogin = (await context.cookies(organisationOrigin('acme'))).find((cookie) => cookie.name === 'lastLogin')?.value ?? '';
  await context.close();
  expect(lastLogin, 'a lastLogin cookie after signing in').not.toBe('');
  return lastLogin;
}
