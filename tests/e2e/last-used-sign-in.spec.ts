import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { languageRegistry } from '../../lib/vocabulary/languages.ts';
import { latestSignInLink, uniqueAddress } from './support/backend.ts';
import { DOMAIN, LOGIN_ORIGIN, organisationOrigin } from './support/environment.ts';
import { confirmElsewhere, continueWithCode, signInByEmail } from './support/sign-in.ts';

/**
 * The sign-in method this browser used last is offered first and marked "(last used)" (issue 15,
 * item 12). Only the method is remembered, never who signed in.
 */

const LAST_USED_COOKIE = '__Host-lastSignInMethod';

const methods = {
  email: (page: Page) => page.getByRole('main').getByRole('textbox'),
  google: (page: Page) => page.getByRole('main').getByRole('link', { name: /Google/ }),
  microsoft: (page: Page) => page.getByRole('main').getByRole('link', { name: /Microsoft/ }),
};
type Method = keyof typeof methods;

/** The methods as they stand on the page, top to bottom; the document's order must be the same. */
async function methodOrder(page: Page): Promise<Method[]> {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  const tops = await Promise.all(
    (Object.keys(methods) as Method[]).map(async (method) => ({ method, top: (await methods[method](page).boundingBox())?.y ?? NaN })),
  );
  const onScreen = tops.sort((a, b) => a.top - b.top).map(({ method }) => method);
  const inDocument = await page
    .getByRole('main')
    .locator('input[type="email"], a[href*="/start-"]')
    .evaluateAll((nodes) => nodes.map((node) => (node.tagName === 'INPUT' ? 'email' : node.getAttribute('href')!.includes('google') ? 'google' : 'microsoft')));
  expect(inDocument, 'reading order').toEqual(onScreen);
  return onScreen;
}

/** The login page as a person sees it after signing out of the organisation's web app. */
async function openLoginAfterSigningOut(page: Page): Promise<void> {
  await page.goto('/login/en?from=web');
}

async function lastUsedCookie(context: BrowserContext) {
  return (await context.cookies(`${LOGIN_ORIGIN}/login/`)).find((cookie) => cookie.name === LAST_USED_COOKIE);
}

test('a browser that never signed in sees e-mail first and no "(last used)"', async ({ page }) => {
  await page.goto('/login/en');
  expect(await methodOrder(page)).toEqual(['email', 'google', 'microsoft']);
  await expect(page.getByText('(last used)')).toHaveCount(0);
});

test('after an e-mail sign-in the login page offers e-mail first, marked "(last used)"; no cookie but currentUser holds the address', async ({ page, context }) => {
  const email = await signInByEmail(page, 'anna@acme.test', 'acme');

  await openLoginAfterSigningOut(page);
  expect(await methodOrder(page)).toEqual(['email', 'google', 'microsoft']);
  await expect(page.getByRole('textbox', { name: 'Work e-mail (last used)', exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('(last used)')).toHaveCount(1);

  expect(await lastUsedCookie(context)).toMatchObject({ value: 'email', domain: `web.${DOMAIN}`, path: '/', httpOnly: true, secure: true, sameSite: 'Lax' });
  const cookies = await context.cookies();
  const holdingAddress = cookies.filter((cookie) => decodeURIComponent(cookie.value).toLowerCase().includes(email.toLowerCase()));
  // The specification's currentUser, for the organisation's web app: the reader does see an address.
  expect(holdingAddress.map((cookie) => cookie.name)).toEqual(['currentUser']);
});

test('a browser signed in with the code from a phone that opened its link remembers e-mail too', async ({ page, browser }) => {
  const email = uniqueAddress('bert@globex.test');
  await page.goto('/login/en');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const phone = await browser.newContext({ ignoreHTTPSErrors: true });
  const phonePage = await phone.newPage();
  const code = await confirmElsewhere(phonePage, await latestSignInLink(phonePage.request, email));
  await phone.close();
  await continueWithCode(page, code);
  await expect(page).toHaveURL(`${organisationOrigin('globex')}/`);

  await openLoginAfterSigningOut(page);
  await expect(page.getByRole('textbox', { name: 'Work e-mail (last used)', exact: true })).toBeVisible();
});

for (const { provider, label, other } of [
  { provider: 'google', label: 'Sign in with Google', other: 'microsoft' },
  { provider: 'microsoft', label: 'Sign in with Microsoft', other: 'google' },
] as const) {
  test(`after signing in with ${provider} the login page offers ${provider} first, marked "(last used)"`, async ({ page, context }) => {
    await page.goto('/login/en');
    await page.getByRole('link', { name: label }).click();
    await page.getByRole('button', { name: /sso-one@acme\.test/ }).click();
    await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);

    await openLoginAfterSigningOut(page);
    expect(await methodOrder(page)).toEqual([provider, other, 'email']);
    await expect(page.getByRole('link', { name: `${label} (last used)`, exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText('(last used)')).toHaveCount(1);
    expect((await lastUsedCookie(context))?.value).toBe(provider);
    const cookies = await context.cookies();
    expect(cookies.filter((cookie) => decodeURIComponent(cookie.value).includes('@')).map((cookie) => cookie.name)).toEqual([]);
  });
}

test('a planted value that names no method changes nothing; a planted method can only reorder', async ({ page, context }) => {
  const planted = ['anna@acme.test', 'Google', 'google ', 'google,microsoft', 'constructor', '<b>email</b>'];
  for (const value of planted) {
    await context.clearCookies();
    await context.addCookies([
      { name: LAST_USED_COOKIE, value: encodeURIComponent(value), url: LOGIN_ORIGIN, secure: true, httpOnly: true, sameSite: 'Lax' },
      // A sibling host of the parent domain cannot write the __Host- name; a look-alike is not ours.
      { name: 'lastSignInMethod', value: 'microsoft', domain: `.${DOMAIN}`, path: '/', secure: true, sameSite: 'Lax' },
    ]);
    await page.goto('/login/en');
    expect(await methodOrder(page), value).toEqual(['email', 'google', 'microsoft']);
    await expect(page.getByText('(last used)'), value).toHaveCount(0);
  }

  // The same reader takes a value that names a method: it reorders, and that is all it can do.
  await context.clearCookies();
  await context.addCookies([{ name: LAST_USED_COOKIE, value: 'microsoft', url: LOGIN_ORIGIN, secure: true, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto('/login/en');
  expect(await methodOrder(page)).toEqual(['microsoft', 'google', 'email']);
});

/**
 * Issue 26, item 10: the line under the heading names the methods in the order they stand, in
 * every language: its own `login.intro`, or `login.providersFirstIntro` with the providers listed
 * the language's way ("Google or Microsoft", "Google oder Microsoft").
 */
function introductions(language: string): Record<Method, string> {
  const { login } = JSON.parse(readFileSync(`messages/${language}.json`, 'utf8')) as { login: { intro: string; providersFirstIntro: string } };
  const providersFirst = (providers: string[]) =>
    login.providersFirstIntro.replace('{providers}', new Intl.ListFormat(language, { type: 'disjunction' }).format(providers));
  return { email: login.intro, google: providersFirst(['Google', 'Microsoft']), microsoft: providersFirst(['Microsoft', 'Google']) };
}

test('the introductions, read from the messages, are the words a person reads', () => {
  expect(introductions('en').microsoft).toBe(
    'Sign in with Microsoft or Google, or enter your work e-mail address and we will send you a sign-in link.',
  );
  expect(introductions('de').google).toBe(
    'Melden Sie sich mit Google oder Microsoft an, oder geben Sie Ihre geschäftliche E-Mail-Adresse ein und wir senden Ihnen einen Anmeldelink.',
  );
});

for (const { code: language } of languageRegistry) {
  test(`${language}: the introduction follows the order of the methods`, async ({ page, context }) => {
    const heading = page.getByRole('heading', { level: 1 });
    const introduction = page.getByRole('main').locator('h1 + p');
    await page.goto(`/login/${language}`);
    await expect(heading).toBeVisible();
    await expect(introduction).toHaveText(introductions(language).email);

    for (const method of ['google', 'microsoft'] as const) {
      await context.addCookies([{ name: LAST_USED_COOKIE, value: method, url: LOGIN_ORIGIN, secure: true, httpOnly: true, sameSite: 'Lax' }]);
      await page.goto(`/login/${language}`);
      await expect(introduction, method).toHaveText(introductions(language)[method]);
    }
  });
}
