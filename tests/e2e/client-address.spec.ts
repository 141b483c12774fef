import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { backendCalls, latestSignInLink, uniqueAddress, type BackendCall } from './support/backend.ts';
import { idTokenEmail, uniqueSsoAddress } from './support/single-sign-on.ts';
import { keptOnlyItsDevice, requestLink } from './support/sign-in.ts';
import { APP_PORTS, DOMAIN, HTTPS_PORT, LOGIN_ORIGIN, organisationOrigin } from './support/environment.ts';

/**
 * Who the client is (docs/decisions.md, Who the client is): the address nginx saw, never an X-Forwarded-For
 * entry the browser wrote itself. Each browser here writes one; the backend must see only what
 * nginx appended (the browser reaches nginx on 127.0.0.1), on every call made for the person.
 */

/** What a client writes to pose as someone else; no other spec uses this address. */
const FORGED = '203.0.113.66';
/** The address nginx saw: Chromium reaches it through `--host-resolver-rules` on loopback. */
const SEEN_BY_NGINX = '127.0.0.1';
/** The seeded office network of globex (dev/backend/seed.ts). */
const GLOBEX_OFFICE = '203.0.113.7';

async function forgingBrowser(browser: Browser, forwardedFor = FORGED) {
  return browser.newContext({ ignoreHTTPSErrors: true, extraHTTPHeaders: { 'X-Forwarded-For': forwardedFor } });
}

/** Every call the backend has seen that carried the forged address, in any form. */
async function callsCarryingForgery(request: APIRequestContext): Promise<BackendCall[]> {
  return (await backendCalls(request)).filter((call) => call.forwardedFor?.includes(FORGED));
}

/** A fresh address of Anna's asks for a sign-in link in `page`, which reaches the mail-sent view. */
async function requestSignInLink(page: Page): Promise<string> {
  const email = uniqueAddress('anna@acme.test');
  await requestLink(page, email);
  return email;
}

test('a sign-in link request forwards the address nginx saw, never the one the browser wrote', async ({ browser, request }) => {
  const context = await forgingBrowser(browser);
  const page = await context.newPage();
  const email = await requestSignInLink(page);
  await context.close();

  const verifyUser = (await backendCalls(request)).filter(
    (call) => call.path.endsWith('/verifyUser') && call.path.includes(encodeURIComponent(email)),
  );
  // The positive control: the same reader sees the address that is there.
  expect.soft(verifyUser.map((call) => call.forwardedFor)).toEqual([SEEN_BY_NGINX]);
  expect(await callsCarryingForgery(request)).toEqual([]);
});

test('a client-written X-Forwarded-For cannot claim an office network through nginx', async ({ browser, request }) => {
  const context = await forgingBrowser(browser, GLOBEX_OFFICE);
  const page = await context.newPage();
  const visited: string[] = [];
  page.on('request', (sent) => {
    if (sent.isNavigationRequest()) visited.push(sent.url());
  });
  // Were the network recognised, the browser would be redirected to globex's host: where it went is the finding.
  await page.goto('/login/en').catch(() => undefined);
  expect(visited).toEqual([`${LOGIN_ORIGIN}/login/en`]);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await context.close();

  // The positive control: the same network, written by nginx itself (one entry, straight to the
  // app as nginx forwards it), is recognised.
  const fromNginx = await request.get(`http://127.0.0.1:${APP_PORTS[0]}/login/en`, {
    headers: { host: `web.${DOMAIN}:${HTTPS_PORT}`, 'x-forwarded-for': GLOBEX_OFFICE, 'x-forwarded-proto': 'https' },
    maxRedirects: 0,
  });
  expect(fromNginx.status()).toBe(303);
  expect(fromNginx.headers().location).toBe(`${organisationOrigin('globex')}/`);
});

test('opening the link: isValidLink and isValidId carry the address nginx saw', async ({ browser, request }) => {
  const context = await forgingBrowser(browser);
  const page = await context.newPage();
  const email = await requestSignInLink(page);
  const link = await latestSignInLink(request, email);
  await page.goto(link);
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
  await context.close();

  const uuid = new URL(link).searchParams.get('uuid') ?? '';
  const calls = await backendCalls(request);
  const isValidLink = calls.filter((call) => call.path.endsWith('/isValidLink') && call.query.uuid === uuid);
  const isValidId = calls.filter((call) => call.path.endsWith(`/${uuid}/isValidId/`));
  expect.soft(isValidLink.map((call) => call.forwardedFor)).toEqual([SEEN_BY_NGINX]);
  expect(isValidId.length).toBeGreaterThan(0);
  expect.soft(new Set(isValidId.map((call) => call.forwardedFor))).toEqual(new Set([SEEN_BY_NGINX]));
  expect(await callsCarryingForgery(request)).toEqual([]);
});

test('the single sign-on return: ssoLogin carries the address nginx saw', async ({ browser, request }) => {
  const context = await forgingBrowser(browser);
  const page = await context.newPage();
  // An address the backend does not know: the call is made, and answered with ORG_NOT_FOUND.
  const account = uniqueSsoAddress('sso-probe');
  await page.goto(`/login/start-google?${new URLSearchParams({ lang: 'en', login_hint: account })}`);
  await expect(page).toHaveURL(/\/login\/en\?error=/);
  await context.close();

  const ssoLogin = (await backendCalls(request)).filter((call) => call.path.endsWith('/ssoLogin') && idTokenEmail(call.body?.token) === account);
  expect.soft(ssoLogin.map((call) => call.forwardedFor)).toEqual([SEEN_BY_NGINX]);
  expect(await callsCarryingForgery(request)).toEqual([]);
});

test('the arrival (proxy.ts) forwards the address nginx saw: a device this browser earned is signed in by isValidDeviceId', async ({ browser, request }) => {
  const context = await forgingBrowser(browser);
  const page = await context.newPage();
  const device = await keptOnlyItsDevice(page, 'bert@globex.test', 'globex');
  await page.goto('/login/en');
  await expect(page).toHaveURL(`${organisationOrigin('globex')}/`);
  await context.close();

  const deviceChecks = (await backendCalls(request)).filter((call) => call.path.endsWith('/isValidDeviceId') && call.deviceId === device);
  expect(deviceChecks.length).toBeGreaterThan(0);
  expect.soft(new Set(deviceChecks.map((call) => call.forwardedFor))).toEqual(new Set([SEEN_BY_NGINX]));
  expect(await callsCarryingForgery(request)).toEqual([]);
});

test('the product API behind the same nginx gets the address nginx saw, not the entries a client wrote', async ({ request }) => {
  const probe = crypto.randomUUID();
  // Posing as globex's office: were the entry passed on, the backend would answer with globex.
  const posing = await request.get(`https://127.0.0.1:${HTTPS_PORT}/api/v1/flw/orgs/me?probe=${probe}`, {
    headers: { host: `web.${DOMAIN}:${HTTPS_PORT}`, 'x-forwarded-for': GLOBEX_OFFICE },
  });
  expect(posing.status()).toBe(200);
  expect(await posing.json()).toEqual([]);
  const call = (await backendCalls(request)).filter((entry) => entry.query.probe === probe);
  // Positive control: the call did arrive, with one entry, nginx's.
  expect(call.map((entry) => entry.forwardedFor)).toEqual([SEEN_BY_NGINX]);
});
