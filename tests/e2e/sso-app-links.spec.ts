import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import de from '../../messages/de.json' with { type: 'json' };
import nl from '../../messages/nl.json' with { type: 'json' };
import { DOMAIN, HTTPS_PORT } from './support/environment.ts';
import { errorText, ssoLoginEmails, startPath } from './support/single-sign-on.ts';

/**
 * Issue 34: a sign-in reaches an app only through a link the app owns. Any app on a phone can
 * claim a custom scheme, and one that starts the sign-in with its own PKCE challenge redeems the
 * code with its own verifier; so a custom-scheme redirect_uri is never opened by itself (RFC 8252
 * section 8.6): a page names the app and the account and waits for a click. A claimed https
 * address (Universal Links, App Links) still receives the sign-in without a click.
 */

const SCHEME = 'deskbooking:';
const CUSTOM_SCHEME_REDIRECT = 'deskbooking://sso/done';
const CLAIMED_REDIRECT = `https://cc.${DOMAIN}:${HTTPS_PORT}/sso/callback`;
/** Long enough for the old 2 s deep-link timer to have fired, and then some. */
const NOTHING_AUTOMATIC_WITHIN_MS = 3_000;
const PHONE_USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function challenge(): Record<string, string> {
  const verifier = randomBytes(32).toString('base64url');
  return { code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' };
}

/** Every address of the app's custom scheme the browser tries to go to: a server redirect, a script or a click. */
function appOpenings(context: BrowserContext): string[] {
  const openings: string[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith(SCHEME)) openings.push(request.url());
  });
  return openings;
}

async function newDevice(browser: Browser, device: 'desktop' | 'phone'): Promise<BrowserContext> {
  return browser.newContext({ ignoreHTTPSErrors: true, ...(device === 'phone' ? { userAgent: PHONE_USER_AGENT } : {}) });
}

/** Starts a sign-in for the app; a browser sent straight to the app's scheme aborts the navigation, which the tests look for. */
async function signInForApp(page: Page, redirectUri: string, query: Record<string, string> = {}): Promise<void> {
  await page.goto(startPath('microsoft', { login_hint: 'sso-one@acme.test', redirect_uri: redirectUri, ...challenge(), ...query })).catch(() => undefined);
}

for (const device of ['desktop', 'phone'] as const) {
  test(`${device}: a custom-scheme redirect_uri is opened only by a click on the page that names the account`, async ({ browser }) => {
    const context = await newDevice(browser, device);
    const openings = appOpenings(context);
    const page = await context.newPage();
    await signInForApp(page, CUSTOM_SCHEME_REDIRECT);
    await page.waitForTimeout(NOTHING_AUTOMATIC_WITHIN_MS);
    expect(openings).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open the Desk Booking app as sso-one@acme.test?');

    // The positive control: the same watcher sees the app opened, with a code, once the person clicks.
    await page.getByRole('button', { name: 'Open the app' }).click();
    await expect.poll(() => openings).toEqual([expect.stringMatching(/^deskbooking:\/\/sso\/done\?code=[^&]+$/)]);
    await context.close();
  });
}

test('desktop: a claimed https redirect_uri receives the code without a click', async ({ page }) => {
  await signInForApp(page, CLAIMED_REDIRECT);
  await expect(page).toHaveURL(new RegExp(`^${CLAIMED_REDIRECT.replaceAll('.', '\\.')}\\?code=[^&]+$`));
});

test('phone: a claimed https redirect_uri opens after the page that says so, without a click', async ({ browser }) => {
  const context = await newDevice(browser, 'phone');
  const page = await context.newPage();
  await signInForApp(page, CLAIMED_REDIRECT);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Opening the app…');
  await expect(page).toHaveURL(new RegExp(`^${CLAIMED_REDIRECT.replaceAll('.', '\\.')}\\?code=[^&]+$`), { timeout: 10_000 });
  await context.close();
});

test('the page that asks is never stored, framed or named in a referrer; Cancel forgets the sign-in', async ({ page }) => {
  const opened = page.waitForResponse((response) => response.url().endsWith('/open-app'));
  await signInForApp(page, CUSTOM_SCHEME_REDIRECT);
  const headers = (await opened).headers();
  expect(headers['cache-control']).toContain('no-store');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page).toHaveTitle(/^Open the Desk Booking app\?/);

  const openPage = page.url();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login\/en\?error=user-close$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(errorText('en', 'userClose'));
  // Nothing is left to hand to an app: the page itself now sends the browser to the login page.
  await page.goto(openPage);
  await expect(page).toHaveURL(/\/login\/en$/);
});

const dictionaries = { en, de, nl } as const;

for (const language of ['en', 'de', 'nl'] as const) {
  test(`the page that asks, in ${language}`, async ({ page }) => {
    const text = dictionaries[language].sso;
    await signInForApp(page, CUSTOM_SCHEME_REDIRECT, { lang: language });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.openAppAs.replace('<account></account>', 'sso-one@acme.test'));
    await expect(page.getByRole('main')).toContainText(text.openAppAskBody);
    await expect(page.getByRole('button', { name: text.openApp })).toBeVisible();
    await expect(page.getByRole('button', { name: text.cancelOpenApp })).toBeVisible();
  });
}

test('the account shown is the address of the ID token, as text', async ({ page }) => {
  // Characters an address may hold that mean something to HTML or to a message's placeholders.
  const account = `sso-one+a&b'{c}-${Date.now().toString(36)}@acme.test`;
  await signInForApp(page, CUSTOM_SCHEME_REDIRECT, { login_hint: account });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Open the Desk Booking app as ${account}?`);
});

test('after the organisation picker, and for the control centre, a custom scheme still asks first', async ({ page }) => {
  const openings = appOpenings(page.context());
  await signInForApp(page, CUSTOM_SCHEME_REDIRECT, { login_hint: 'sso-many@acme.test' });
  await page.getByRole('button', { name: 'Globex', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open the Desk Booking app as sso-many@acme.test?');

  await signInForApp(page, CUSTOM_SCHEME_REDIRECT, { token_type: 'jwt' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open the Desk Booking app as sso-one@acme.test?');
  expect(openings).toEqual([]);
});

/** The control centre's cookie that every web app of the domain reads (lib/platform/cookies.ts). */
async function sharedJwtCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'sharedJWT')?.value;
}

test('issue 41: the control centre\'s shared cookie is written only when the person opens the app; Cancel leaves nothing behind', async ({ page }) => {
  const openings = appOpenings(page.context());
  await signInForApp(page, CUSTOM_SCHEME_REDIRECT, { token_type: 'jwt' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open the Desk Booking app as sso-one@acme.test?');
  expect(await sharedJwtCookie(page.context())).toBeUndefined();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login\/en\?error=user-close$/);
  expect(await sharedJwtCookie(page.context())).toBeUndefined();
  expect(openings).toEqual([]);

  // The control: the same sign-in, opened, hands the app its code and leaves the shared cookie.
  await signInForApp(page, CUSTOM_SCHEME_REDIRECT, { token_type: 'jwt' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open the Desk Booking app as sso-one@acme.test?');
  expect(await sharedJwtCookie(page.context())).toBeUndefined();
  await page.getByRole('button', { name: 'Open the app' }).click();
  await expect.poll(() => openings).toEqual([expect.stringMatching(/^deskbooking:\/\/sso\/done\?code=[^&]+$/)]);
  await expect.poll(() => sharedJwtCookie(page.context())).toEqual(expect.any(String));
});

test('without script, "Open the app" opens the app as well, once', async ({ browser }) => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled: false });
  const openings = appOpenings(context);
  const page = await context.newPage();
  await signInForApp(page, CUSTOM_SCHEME_REDIRECT);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open the Desk Booking app as sso-one@acme.test?');
  // Without script the page cannot see whether the app opened: it says beforehand what to do.
  await expect(page.getByRole('main')).toContainText('If nothing opens, reload this page.', { useInnerText: true });
  const openPage = page.url();
  await page.getByRole('button', { name: 'Open the app' }).click({ noWaitAfter: true });
  await expect.poll(() => openings).toEqual([expect.stringMatching(/^deskbooking:\/\/sso\/done\?code=[^&]+$/)]);
  // Issue 49: the reload it advises says what happened and what to do, and opens nothing again.
  await page.goto(openPage);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your sign-in was handed to the app');
  await expect(page.getByRole('link', { name: 'Start again' })).toBeVisible();
  expect(openings).toHaveLength(1);
  await context.close();
});

test('issue 41: the page that asks holds no code, however often it is reloaded; "Open the app" opens the app once, and then nothing is left to open', async ({ page, request }) => {
  const openings = appOpenings(page.context());
  const account = `sso-one+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@acme.test`;
  const pages: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/open-app') && response.request().method() === 'GET') void response.text().then((html) => pages.push(html), () => undefined);
  });
  await signInForApp(page, CUSTOM_SCHEME_REDIRECT, { login_hint: account });
  const openPage = page.url();
  await page.reload();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Open the Desk Booking app as ${account}?`);
  await expect.poll(() => pages.length).toBe(3);
  // The page's own words are there to be read (the control); no code is, in any of the three.
  for (const html of pages) {
    expect(html).toContain('Open the Desk Booking app as');
    expect(html).not.toMatch(/deskbooking:|[?&;]code=/);
  }
  expect(openings).toEqual([]);

  await page.getByRole('button', { name: 'Open the app' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Opening the app…');
  await expect.poll(() => openings).toHaveLength(1);
  expect(openings[0]).toMatch(/^deskbooking:\/\/sso\/done\?code=[^&]+$/);
  // Issue 49: no app took it, the page stayed in view, and says so; it offers no second code.
  await expect(page.getByRole('main').getByRole('status')).toHaveText('The app did not open');
  await expect(page.getByRole('button', { name: 'Open the app' })).toHaveCount(0);

  // Spent: the page once more, or reloaded, says what happened, with no new code for anyone.
  await page.goto(openPage);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your sign-in was handed to the app');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your sign-in was handed to the app');
  await page.waitForTimeout(NOTHING_AUTOMATIC_WITHIN_MS);
  expect(openings).toHaveLength(1);
  // The backend issued this account's token once: the one code above is all there is.
  expect((await ssoLoginEmails(request)).filter((email) => email === account)).toHaveLength(1);
});
