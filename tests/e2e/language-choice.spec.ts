import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import de from '../../messages/de.json' with { type: 'json' };
import nl from '../../messages/nl.json' with { type: 'json' };
import { backendCalls, invitedAddress, latestSignInLink, uniqueAddress } from './support/backend.ts';
import { DOMAIN, LOGIN_ORIGIN } from './support/environment.ts';
import { startPath } from './support/single-sign-on.ts';

/**
 * Issue 49: the language links keep the view and what it holds, without repeating a step that
 * changes something; the choice is a cookie of this app's path, which the bare /login follows
 * before Accept-Language, and which a sibling host can use to choose a language and for nothing
 * else. tests/e2e/engines/language-choice.spec.ts walks the wait and the link in every engine.
 */

const LANGUAGE_COOKIE = '__Secure-language';

function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function bookingActions(request: APIRequestContext, booking: string): Promise<number> {
  return (await backendCalls(request)).filter((call) => call.path.endsWith('/reservations/userAction') && call.query.booking === booking).length;
}

function languageLink(page: Page, name: 'English' | 'Deutsch' | 'Nederlands') {
  return page.getByRole('navigation').getByRole('link', { name, exact: true });
}

test('booking links: the language link keeps the question before its click, and never extends a booking twice', async ({ page, request }) => {
  const heading = page.getByRole('heading', { level: 1 });
  const cancelled = unique();
  await page.goto(`en/bookings-extend?userAction=cancel&token=cancel-ok&booking=${cancelled}`);
  await expect(heading).toHaveText(en.bookings.cancelHeading);
  await languageLink(page, 'Deutsch').click();
  await expect(page).toHaveURL(new RegExp(`/login/de/bookings-extend\\?userAction=cancel&token=cancel-ok&booking=${cancelled}`));
  await expect(heading).toHaveText(de.bookings.cancelHeading);
  expect(await bookingActions(request, cancelled), 'nothing cancelled by choosing a language').toBe(0);
  // The positive control: the same count sees the one action the confirming click performs.
  await page.getByRole('button', { name: de.bookings.confirmCancel }).click();
  await expect(heading).toHaveText(de.bookings.cancelledHeading);
  expect(await bookingActions(request, cancelled)).toBe(1);

  const extended = unique();
  await page.goto(`en/bookings-extend?userAction=retain&token=extend-ok&booking=${extended}`);
  await expect(page.getByRole('status')).toHaveText(en.bookings.extended);
  await languageLink(page, 'Deutsch').click();
  await expect(page).toHaveURL(new RegExp(`/login/de/bookings-extend\\?userAction=retain&token=extend-ok&booking=${extended}`));
  // The view in German offers the extension instead of performing it again: one click, one more.
  await page.getByRole('button', { name: de.bookings.extend }).click();
  await expect(page.getByRole('status')).toHaveText(de.bookings.extended);
  expect(await bookingActions(request, extended), 'the load extended once, the click once: none on choosing a language').toBe(2);
});

test('without JavaScript, an invitation keeps its link through the language link and is joined once, in the language chosen', async ({ browser, request }) => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled: false, locale: 'en-GB' });
  const page = await context.newPage();
  const email = invitedAddress();
  const addUsers = async () => (await backendCalls(request)).filter((call) => call.path.endsWith('/addUser') && call.body?.email === email).length;
  await page.goto(`${LOGIN_ORIGIN}/login/invite-user?email=${encodeURIComponent(email)}&language=en&inviteToken=invite-ok`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.invite.heading);
  await languageLink(page, 'Deutsch').click();
  await expect(page).toHaveURL(/\/login\/de\/invite-user\?email=.*&inviteToken=invite-ok/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.invite.heading);
  expect(await addUsers(), 'nobody added by choosing a language').toBe(0);
  await page.getByLabel(de.invite.nameLabel).fill('Zoë');
  await page.getByRole('button', { name: de.invite.submit }).click();
  await expect(page).toHaveURL(/\/login\/de\/mail-sent$/);
  expect(await addUsers()).toBe(1);

  // The wait without JavaScript keeps too.
  await languageLink(page, 'Nederlands').click();
  await expect(page).toHaveURL(/\/login\/nl\/mail-sent$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.mailSent.heading);
  await context.close();
});

/** Every address of the app's custom scheme the browser tries to go to. */
function appOpenings(context: BrowserContext): string[] {
  const openings: string[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith('deskbooking:')) openings.push(request.url());
  });
  return openings;
}

test('the page that asks to open the app keeps its sign-in through the language link, and opens the app once', async ({ page }) => {
  const openings = appOpenings(page.context());
  const verifier = randomBytes(32).toString('base64url');
  const query = { login_hint: 'sso-one@acme.test', redirect_uri: 'deskbooking://sso/done', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' };
  await page.goto(startPath('microsoft', query));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(en.sso.openAppAs.replace('<account></account>', 'sso-one@acme.test'));
  await languageLink(page, 'Deutsch').click();
  await expect(page).toHaveURL(/\/login\/de\/microsoft\/open-app$/);
  await expect(heading).toHaveText(de.sso.openAppAs.replace('<account></account>', 'sso-one@acme.test'));
  expect(openings, 'no app opened by choosing a language').toEqual([]);
  await page.getByRole('button', { name: de.sso.openApp }).click();
  await expect.poll(() => openings).toEqual([expect.stringMatching(/^deskbooking:\/\/sso\/done\?code=[^&]+$/)]);
});

test('the choice is a cookie of the login path, and the bare /login follows it before Accept-Language', async ({ page }) => {
  const chosen = page.waitForResponse((response) => response.status() === 303);
  await page.goto('en');
  await languageLink(page, 'Deutsch').click();
  await expect(page).toHaveURL(/\/login\/de$/);
  const cookie = (await (await chosen).headerValue('set-cookie')) ?? '';
  const attributes = cookie.split(/;\s*/).map((attribute) => attribute.toLowerCase());
  expect(attributes).toEqual(expect.arrayContaining([`${LANGUAGE_COOKIE.toLowerCase()}=de`, 'httponly', 'path=/login', 'samesite=lax', 'secure']));
  expect(attributes.some((attribute) => attribute.startsWith('domain=')), 'host-only: no Domain').toBe(false);

  // The browser's own language is English (the context's locale): the bare /login follows the choice.
  const login = await page.goto(`${LOGIN_ORIGIN}/login`);
  await expect(page).toHaveURL(/\/login\/de$/);
  const bare = (await login!.request().redirectedFrom()!.response())!;
  expect(bare.status()).toBe(307);
  // The redirect depends on the cookie as on the browser's language: no cache may keep it for another browser.
  expect(bare.headers().vary).toMatch(/Accept-Language/);
  expect(bare.headers().vary).toMatch(/Cookie/);
  expect(bare.headers()['cache-control']).toBe('private, no-cache');
  // The login page itself stays the prerendered one, answered as before.
  expect(login!.headers().etag).toBeTruthy();
  expect(login!.headers()['cache-control']).toBe('private, no-cache');
});

test('cookie tossing: a language cookie a sibling host sets can choose a language and nothing else, and never breaks a page', async ({ browser }) => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, locale: 'en-GB' });
  const page = await context.newPage();
  const tossed = (value: string) => ({ name: LANGUAGE_COOKIE, value, domain: `.${DOMAIN}`, path: '/login', secure: true, sameSite: 'Lax' as const });
  const heading = page.getByRole('heading', { level: 1 });

  // Alone, from the parent domain: it chooses Dutch, which is all a language cookie can do.
  await context.addCookies([tossed('nl')]);
  await page.goto(`${LOGIN_ORIGIN}/login`);
  await expect(page).toHaveURL(/\/login\/nl$/);
  await expect(heading).toHaveText(nl.login.heading);

  // A value that is no language of ours is ignored: the browser's own language.
  await context.clearCookies();
  await context.addCookies([tossed('"><script>alert(1)</script>')]);
  await page.goto(`${LOGIN_ORIGIN}/login/validatelink?uuid=${unique()}`);
  await expect(page).toHaveURL(/\/login\/en\//);
  await page.goto(`${LOGIN_ORIGIN}/login`);
  await expect(page).toHaveURL(/\/login\/en$/);
  await expect(heading).toHaveText(en.login.heading);

  // Beside the app's own: neither is believed, the page is the browser's language, and the planted one is expired.
  await context.clearCookies();
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'de', domain: `web.${DOMAIN}`, path: '/login', secure: true, httpOnly: true, sameSite: 'Lax' }, tossed('nl')]);
  await page.goto(`${LOGIN_ORIGIN}/login`);
  await expect(page).toHaveURL(/\/login\/en$/);
  await expect(heading).toHaveText(en.login.heading);
  const left = (await context.cookies()).filter((cookie) => cookie.name === LANGUAGE_COOKIE);
  expect(left.map((cookie) => `${cookie.domain} ${cookie.value}`)).toEqual([`web.${DOMAIN} de`]);
  // With the planted copy gone, the app's own choice holds again.
  await page.goto(`${LOGIN_ORIGIN}/login`);
  await expect(page).toHaveURL(/\/login\/de$/);
  await context.close();
});

test('a link asked for in German opens in German in an English browser; this browser\'s own choice comes first', async ({ browser }) => {
  const email = uniqueAddress('anna@acme.test');
  const asking = await browser.newContext({ ignoreHTTPSErrors: true, locale: 'en-GB' });
  const askingPage = await asking.newPage();
  await askingPage.goto(`${LOGIN_ORIGIN}/login/de`);
  await askingPage.getByLabel(de.login.emailLabel).fill(email);
  await askingPage.getByRole('button', { name: de.login.submit }).click();
  await expect(askingPage).toHaveURL(/\/login\/de\/mail-sent$/);
  const link = await latestSignInLink(askingPage.request, email);
  await asking.close();

  const other = await browser.newContext({ ignoreHTTPSErrors: true, locale: 'en-GB' });
  await other.addCookies([{ name: LANGUAGE_COOKIE, value: 'nl', domain: `web.${DOMAIN}`, path: '/login', secure: true, httpOnly: true, sameSite: 'Lax' }]);
  const page = await other.newPage();
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\/nl\/validatelink\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.validateLink.askHeading);
  await other.clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\/de\/validatelink\?/);
  await other.close();
});
