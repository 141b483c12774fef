import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { BACKEND_ORIGIN, DOMAIN, HTTPS_PORT } from './support/environment.ts';
import { startPath } from './support/single-sign-on.ts';

/**
 * An app that starts a single sign-on with a PKCE challenge (RFC 7636) receives a one-time code
 * at its redirect_uri, never the token: on a phone any app can claim the same custom scheme and
 * read that address. The code is worth something only with the app's own verifier, and only once.
 */

const CALLBACK = `https://cc.${DOMAIN}:${HTTPS_PORT}/sso/callback`;
/** Outside the browser, nginx is reached by address, naming the host it serves. */
const TOKEN_ROUTE = `https://127.0.0.1:${HTTPS_PORT}/login/api/sso/token`;
const WEB_HOST = `web.${DOMAIN}:${HTTPS_PORT}`;

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function redeem(request: APIRequestContext, code: string, verifier: string) {
  const response = await request.post(TOKEN_ROUTE, { headers: { host: WEB_HOST }, form: { code, code_verifier: verifier } });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown>, cacheControl: response.headers()['cache-control'] };
}

/** Whether the organisation's API accepts a token, as the app that redeemed it would use it. */
async function tokenAccepted(request: APIRequestContext, token: unknown): Promise<boolean> {
  return (await request.get(`${BACKEND_ORIGIN}/api/v1/flw/users/me`, { headers: { authorization: `Bearer ${String(token)}` } })).ok();
}

test('an app with a challenge receives a one-time code; another app that read it gets nothing, the app itself the token once', async ({ page, request }) => {
  const { verifier, challenge } = pkce();
  await page.goto(startPath('google', { login_hint: 'sso-one@acme.test', redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: 'S256' }));
  await expect(page).toHaveURL(new RegExp(`^${CALLBACK.replaceAll('.', '\\.')}\\?code=[^&]+$`));
  const code = new URL(page.url()).searchParams.get('code') ?? '';

  // The app that claimed the same scheme has the code, not the verifier.
  const intercepted = await redeem(request, code, pkce().verifier);
  expect(intercepted).toEqual({ status: 400, body: { error: 'invalid_grant' }, cacheControl: 'no-store' });

  const redeemed = await redeem(request, code, verifier);
  expect(redeemed.status).toBe(200);
  expect(redeemed.body).toEqual({ token: expect.any(String), subDomain: 'acme' });
  expect(redeemed.cacheControl).toBe('no-store');
  expect(await tokenAccepted(request, redeemed.body.token)).toBe(true);

  // Once: the same code with the right verifier again is refused.
  expect((await redeem(request, code, verifier)).status).toBe(400);
  // Without a challenge the same start is refused before the provider: SSO_REQUIRE_CODE_CHALLENGE is
  // true unless set otherwise (where it is false, the app receives the token: sso-legacy-token.spec.ts).
  await page.goto(startPath('google', { login_hint: 'sso-one@acme.test', redirect_uri: CALLBACK }));
  await expect(page).toHaveURL(/\/login\/en\?error=code-challenge-required$/);
});

test('on a phone the app is opened with a code, not a token, by the button of the page that asks first', async ({ browser, request }) => {
  const phone = await browser.newContext({
    ignoreHTTPSErrors: true,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const page = await phone.newPage();
  const { verifier, challenge } = pkce();
  await page.goto(startPath('microsoft', { login_hint: 'sso-one@acme.test', redirect_uri: 'deskbooking://sso/done', code_challenge: challenge, code_challenge_method: 'S256' }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open the Desk Booking app as sso-one@acme.test?');
  const opened = page.waitForRequest((sent) => sent.url().startsWith('deskbooking:'));
  await page.getByRole('button', { name: 'Open the app' }).click();
  const href = (await opened).url();
  expect(href).toMatch(/^deskbooking:\/\/sso\/done\?code=[^&]+$/);
  const redeemed = await redeem(request, new URL(href).searchParams.get('code') ?? '', verifier);
  expect(redeemed.body).toEqual({ token: expect.any(String), subDomain: 'acme' });
  await phone.close();
});

test('a challenge the app could not have made safely ends on the login page before the provider', async ({ page }) => {
  const { challenge } = pkce();
  // Each with its own cause (sso-refusals.spec.ts shows the words and the log).
  const refused: [Record<string, string>, string][] = [
    [{ code_challenge: challenge, code_challenge_method: 'plain' }, 'code-challenge-method-not-s256'],
    [{ code_challenge: challenge }, 'code-challenge-method-not-s256'],
    [{ code_challenge: 'too-short', code_challenge_method: 'S256' }, 'code-challenge-malformed'],
  ];
  for (const [query, error] of refused) {
    await page.goto(startPath('google', { login_hint: 'sso-one@acme.test', redirect_uri: CALLBACK, ...query }));
    await expect(page).toHaveURL(`/login/en?error=${error}`);
  }
});
