import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { latestSignInLink, uniqueAddress } from './backend.ts';
import { BACKEND_ORIGIN, LOGIN_ORIGIN, organisationOrigin } from './environment.ts';

/**
 * Asks for a sign-in link on the login page in `language`, and waits for the screen it leads to:
 * the mail-sent view, or sign-up for a new colleague. The answer carries this browser's sign-in
 * state: only then is it the browser that asked.
 */
export async function requestLink(page: Page, email: string, language = 'en', leadsTo: 'mail-sent' | 'signup' = 'mail-sent') {
  await page.goto(`/login/${language}`);
  await page.getByRole('textbox').fill(email);
  await page.getByRole('button', { name: /sign-in link|Anmeldelink|inloglink/i }).click();
  await expect(page).toHaveURL(new RegExp(`/login/${language}/${leadsTo}$`));
}

/** A seeded user signs in by e-mail through the real topology and lands on the organisation; the address used. */
export async function signInByEmail(page: Page, seeded: string, subDomain: string): Promise<string> {
  const email = uniqueAddress(seeded);
  await requestLink(page, email);
  await page.goto(await latestSignInLink(page.request, email));
  await expect(page).toHaveURL(`${organisationOrigin(subDomain)}/`);
  return email;
}

/**
 * A browser that signed in earlier and kept only its device: signs `seeded` in by e-mail, then
 * drops the stored sign-in, the organisation hint and the access token, so that its next
 * arrival can go by nothing but the device id it earned. That device id.
 */
export async function keptOnlyItsDevice(page: Page, seeded: string, subDomain: string): Promise<string> {
  await signInByEmail(page, seeded, subDomain);
  const context = page.context();
  const deviceId = (await context.cookies(LOGIN_ORIGIN)).find((cookie) => cookie.name === 'loginUUID')?.value ?? '';
  expect(deviceId, 'a loginUUID after signing in').not.toBe('');
  for (const name of ['__Host-lastLogin', 'flwSubDomain', `${subDomain}AccessToken`]) await context.clearCookies({ name });
  return deviceId;
}

/** A genuine stored sign-in: the `__Host-lastLogin` cookie Anna's browser keeps after signing in. */
export async function storedLastLogin(browser: Browser): Promise<string> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  await signInByEmail(await context.newPage(), 'anna@acme.test', 'acme');
  const lastLogin = (await context.cookies(LOGIN_ORIGIN)).find((cookie) => cookie.name === '__Host-lastLogin')?.value ?? '';
  await context.close();
  expect(lastLogin, 'a lastLogin cookie after signing in').not.toBe('');
  return lastLogin;
}

/**
 * Opens `link` in a browser that did not ask for it, says "Yes, sign me in", and reads the code
 * that page then shows for the browser that asked.
 */
export async function confirmElsewhere(page: Page, link: string): Promise<string> {
  await page.goto(link);
  await page.getByRole('button', { name: 'Yes, sign me in' }).click();
  const code = page.getByTestId('link-code');
  await expect(code).toHaveText(/^\d{6}$/);
  return (await code.textContent()) ?? '';
}

/** The waiting browser, once it asks for it, continues with the code from the other browser. */
export async function continueWithCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Code of six digits' }).fill(code);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** The login form's fields as a browser without script would post them, for `email`. */
export async function loginFormFields(browser: Browser, email: string): Promise<Record<string, string>> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login/en');
  await page.getByLabel('Work e-mail').fill(email);
  const fields = await page.locator('form').first().evaluate((form) => [...new FormData(form as HTMLFormElement)].map(([name, value]) => [name, String(value)]));
  await context.close();
  return Object.fromEntries(fields);
}

/** Whether the development backend mailed `email` a link. */
export async function mailed(request: APIRequestContext, email: string): Promise<boolean> {
  return (await request.get(`${BACKEND_ORIGIN}/mailbox/latest?to=${encodeURIComponent(email)}`)).ok();
}

/** Waits until React has hydrated the view's first button: its islands answer from then on. */
export async function viewHydrated(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('main button') ?? {}).some((key) => key.startsWith('__reactFiber'))), { message: 'the islands hydrated' })
    .toBe(true);
}
