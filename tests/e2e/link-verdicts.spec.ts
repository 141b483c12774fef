import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { backendCalls, latestSignInLink, uniqueAddress } from './support/backend.ts';
import { organisationOrigin } from './support/environment.ts';
import { confirmElsewhere, continueWithCode, requestLink } from './support/sign-in.ts';

/**
 * Where the app can know that a link will not work, it says so at once instead of first asking
 * "Sign in with this link?" (issue 26, item 9): the link's own timestamp is past its 15 minutes,
 * or this browser's own wait already ended in a sign-in with it. Neither ever makes a link valid:
 * that stays the backend's word, asked only after a click.
 */

// Each test drives two browsers through a sign-in and the link in three languages.
test.describe.configure({ timeout: 90_000 });

const verdicts = {
  en: { expired: 'This link has expired', used: 'This link was used already', ask: 'Sign in with this link?', notValid: 'This link is not valid' },
  de: { expired: 'Dieser Link ist abgelaufen', used: 'Dieser Link wurde bereits verwendet', ask: 'Mit diesem Link anmelden?', notValid: 'Dieser Link ist ungültig' },
  nl: { expired: 'Deze link is verlopen', used: 'Deze link is al gebruikt', ask: 'Inloggen met deze link?', notValid: 'Deze link is niet geldig' },
} as const;
const languages = Object.keys(verdicts) as (keyof typeof verdicts)[];

/** The mailed link in a language's path, with some of its query changed. */
function linkIn(link: string, language: string, changes: Record<string, string> = {}): string {
  const url = new URL(link);
  url.pathname = `/login/${language}/validatelink`;
  for (const [key, value] of Object.entries(changes)) url.searchParams.set(key, value);
  return url.toString();
}

async function linkChecksOf(request: APIRequestContext, uuid: string): Promise<number> {
  return (await backendCalls(request)).filter((call) => call.path.endsWith('/isValidLink') && call.query.uuid === uuid).length;
}

async function freshLink(page: Page, seeded = 'anna@acme.test'): Promise<{ email: string; link: string; uuid: string }> {
  const email = uniqueAddress(seeded);
  await requestLink(page, email);
  const link = await latestSignInLink(page.request, email);
  return { email, link, uuid: new URL(link).searchParams.get('uuid') ?? '' };
}

test('a link whose own timestamp is past its 15 minutes says it has expired at once, in each language, and asks the backend nothing', async ({ page, browser }) => {
  const { link, uuid } = await freshLink(page);
  const other = await browser.newContext({ ignoreHTTPSErrors: true });
  const otherPage = await other.newPage();
  const twentyMinutesAgo = String(Date.now() - 20 * 60 * 1000);
  for (const language of languages) {
    await otherPage.goto(linkIn(link, language, { timestamp: twentyMinutesAgo }));
    await expect(otherPage.getByRole('heading', { level: 1 }), language).toHaveText(verdicts[language].expired);
    await expect(otherPage.getByRole('button')).toHaveCount(0);
    // The address bar no longer holds the link's signature.
    expect(new URL(otherPage.url()).search).toBe('');
  }
  // The control: the same link with its own timestamp is still asked about in the same browser.
  await otherPage.goto(linkIn(link, 'en'));
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText(verdicts.en.ask);
  expect(await linkChecksOf(page.request, uuid)).toBe(0);
  await other.close();

  // In the browser that asked, the expired timestamp is no reason to check the link either.
  await page.goto(linkIn(link, 'en', { timestamp: twentyMinutesAgo }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(verdicts.en.expired);
  expect(await linkChecksOf(page.request, uuid)).toBe(0);
});

test('a timestamp made younger makes no link valid: the backend still decides, after the click', async ({ page, browser }) => {
  const { link, uuid } = await freshLink(page);
  const other = await browser.newContext({ ignoreHTTPSErrors: true });
  const otherPage = await other.newPage();
  await otherPage.goto(linkIn(link, 'en', { timestamp: String(Date.now() + 60_000) }));
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText(verdicts.en.ask);
  expect(await linkChecksOf(page.request, uuid)).toBe(0);
  await otherPage.getByRole('button', { name: 'Yes, sign me in' }).click();
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText(verdicts.en.notValid);
  expect(await linkChecksOf(page.request, uuid)).toBe(1);
  await other.close();
});

test('the browser that asked, reopening its own used link, is told at once that it was used, in each language; another browser is still asked', async ({ page, browser }) => {
  const { link, uuid } = await freshLink(page);
  await page.goto(link);
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
  const checks = await linkChecksOf(page.request, uuid);
  expect(checks).toBe(1);

  for (const language of languages) {
    await page.goto(linkIn(link, language));
    await expect(page.getByRole('heading', { level: 1 }), language).toHaveText(verdicts[language].used);
    await expect(page.getByRole('button')).toHaveCount(0);
  }
  expect(await linkChecksOf(page.request, uuid)).toBe(checks);

  // The control: a browser that did not wait for this link cannot know, and asks first.
  const other = await browser.newContext({ ignoreHTTPSErrors: true });
  const otherPage = await other.newPage();
  await otherPage.goto(linkIn(link, 'en'));
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText(verdicts.en.ask);
  await other.close();
});

test('a browser that signed in with the code from another browser knows its link was used too', async ({ page, browser }) => {
  const { link } = await freshLink(page, 'bert@globex.test');
  const phone = await browser.newContext({ ignoreHTTPSErrors: true });
  const code = await confirmElsewhere(await phone.newPage(), link);
  await phone.close();
  await continueWithCode(page, code);
  await expect(page).toHaveURL(`${organisationOrigin('globex')}/`);

  await page.goto(linkIn(link, 'en'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(verdicts.en.used);
});
