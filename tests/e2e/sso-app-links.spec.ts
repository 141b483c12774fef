import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DOMAIN, HTTPS_PORT } from './support/environment.ts';
import { startPath } from './support/single-sign-on.ts';

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

/** Starts a sign-in for the app; a browser sent straight to the app's scheme aborts the navigation, which is what the tests look for. */
async function signInForApp(page: Page, redirectUri: string, account = 'sso-one@acme.test', lang = 'en'): Promise<void> {
  await page.goto(startPath('microsoft', { lang, login_hint: account, redirect_uri: redirectUri, ...challenge() })).catch(() => undefined);
}

for (const device of ['desktop', 'phone'] as const) {
  test(`${device}: a custom-scheme redirect_uri is opened only by a click on the page that names the account`, async ({ browser }) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true, ...(device === 'phone' ? { userAgent: PHONE_USER_AGENT } : {}) });
    const openings = appOpenings(context);
    const page = await context.newPage();
    await signInForApp(page, CUSTOM_SCHEME_REDIRECT);
    await page.waitForTimeout(NOTHING_AUTOMATIC_WITHIN_MS);
    expect(openings).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open the Desk Booking app as sso-one@acme.test?');

    // The positive control: the same watcher sees the app opened, with a code, once the person clicks.
    await page.getByRole('link', { name: 'Open the app' }).click();
    await expect.poll(() => openings).toEqual([expect.stringMatching(/^deskbooking:\/\/sso\/done\?code=[^&]+$/)]);
    await context.close();
  });
}
