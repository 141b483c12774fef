import { request as httpsRequest } from 'node:https';
import { expect, test, type BrowserContext } from '@playwright/test';
import { backendCalls } from './support/backend.ts';
import { keptOnlyItsDevice, signInByEmail } from './support/sign-in.ts';
import { APP_PORTS, DOMAIN, HTTPS_PORT, LOGIN_ORIGIN, organisationOrigin } from './support/environment.ts';

async function cookieNames(context: BrowserContext) {
  return (await context.cookies(LOGIN_ORIGIN)).map((cookie) => cookie.name);
}

test('a returning user lands on the organisation in a single round trip: no page, no script', async ({ page }) => {
  await signInByEmail(page, 'anna@acme.test', 'acme');

  const loginRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(LOGIN_ORIGIN)) loginRequests.push(request.url());
  });
  await page.goto('/login');
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
  expect(loginRequests).toEqual([`${LOGIN_ORIGIN}/login`]);
});

test('?from=web logs out and forgets the browser: lastLogin, the device id and its binding; the next visit asks no device', async ({ page, context, request }) => {
  await signInByEmail(page, 'bert@globex.test', 'globex');
  const signedIn = ['__Host-lastLogin', 'loginUUID', '__Host-deviceBinding', 'flwSubDomain'];
  expect(await cookieNames(context)).toEqual(expect.arrayContaining(signedIn));
  const deviceId = (await context.cookies(LOGIN_ORIGIN)).find((cookie) => cookie.name === 'loginUUID')!.value;

  await page.goto('/login/en?from=web');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const left = await cookieNames(context);
  expect(signedIn.filter((name) => left.includes(name))).toEqual(['flwSubDomain']);

  // A shared computer: the next person's visit goes to the remembered organisation's own login, signed in by nothing.
  const before = (await backendCalls(request)).length;
  await page.goto('/login/en');
  await expect(page).toHaveURL(`${organisationOrigin('globex')}/`);
  const calls = (await backendCalls(request)).slice(before);
  expect(calls.filter((call) => call.deviceId === deviceId)).toEqual([]);
  expect(await cookieNames(context)).not.toContain('__Host-lastLogin');
});

test('no auto-login while an error is shown', async ({ page }) => {
  await signInByEmail(page, 'anna@acme.test', 'acme');
  await page.goto('/login/en?error=user-close');
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Sign-in was cancelled.');
  await expect(page).toHaveURL(/\/login\/en\?error=user-close$/);
});

test('the login refuses to be framed, so nothing signs in inside a frame', async ({ page }) => {
  await signInByEmail(page, 'anna@acme.test', 'acme');
  await page.goto(`${organisationOrigin('acme')}/`);
  const refused = page.waitForEvent('console', (message) => message.text().includes("frame-ancestors 'none'"));
  await page.setContent(`<iframe title="login" src="${LOGIN_ORIGIN}/login/en" width="400" height="600"></iframe>`);
  await refused;
  await expect(page.frameLocator('iframe[title="login"]').getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(frame?.url()).not.toMatch(/^https:/);
});

test('a device this browser signed in with is signed in again by its device id, with lastLogin gone, and the organisation cookies set', async ({ page, context, request }) => {
  const deviceId = await keptOnlyItsDevice(page, 'bert@globex.test', 'globex');
  const before = (await backendCalls(request)).length;
  await page.goto('/login');
  await expect(page).toHaveURL(`${organisationOrigin('globex')}/`);
  const deviceChecks = (await backendCalls(request)).slice(before).filter((call) => call.path.endsWith('/isValidDeviceId'));
  expect(deviceChecks.map((call) => call.deviceId)).toContain(deviceId);
  expect(await cookieNames(context)).toEqual(expect.arrayContaining(['__Host-lastLogin', 'flwSubDomain', 'globexAccessToken']));
});

test('a remembered sub-domain leads to that organisation', async ({ page, context }) => {
  await context.addCookies([{ name: 'flwSubDomain', value: 'initech', domain: `.${DOMAIN}`, path: '/', secure: true, sameSite: 'Lax' }]);
  await page.goto('/login/de');
  await expect(page).toHaveURL(`${organisationOrigin('initech')}/`);
});

test('a sub-domain cookie that is not a DNS label is ignored', async ({ page, context }) => {
  await context.addCookies([{ name: 'flwSubDomain', value: 'evil.com', domain: `.${DOMAIN}`, path: '/', secure: true, sameSite: 'Lax' }]);
  await page.goto('/login/en');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('an office network is recognised by its address and sent to its organisation host', async ({ request }) => {
  // As nginx would forward it: the first X-Forwarded-For entry is the client's address.
  const response = await request.get(`http://127.0.0.1:${APP_PORTS[0]}/login/en`, {
    headers: { host: `web.${DOMAIN}:${HTTPS_PORT}`, 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe(`${organisationOrigin('globex')}/`);

  const elsewhere = await request.get(`http://127.0.0.1:${APP_PORTS[0]}/login/en`, {
    headers: { host: `web.${DOMAIN}:${HTTPS_PORT}`, 'x-forwarded-for': '192.0.2.99', 'x-forwarded-proto': 'https' },
    maxRedirects: 0,
  });
  expect(elsewhere.status()).toBe(200);

  // Only the host's label of the registered URL is used: its path would lead off the domain.
  const crafted = await request.get(`http://127.0.0.1:${APP_PORTS[0]}/login/en`, {
    headers: { host: `web.${DOMAIN}:${HTTPS_PORT}`, 'x-forwarded-for': '198.51.100.66', 'x-forwarded-proto': 'https' },
    maxRedirects: 0,
  });
  expect(crafted.status()).toBe(303);
  expect(crafted.headers().location).toBe(`${organisationOrigin('acme')}/`);
});

/** An office network of the development backend on the loopback (dev/backend/seed.ts): nginx sees it as the client. */
const OFFICE_BEHIND_NGINX = '127.0.0.203';

/** One GET from `from` through the suite's nginx, to the host and port `url` names; its status and Location. */
function getFrom(from: string, url: string): Promise<{ status: number; location?: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      { host: '127.0.0.1', port: Number(port || 443), localAddress: from, path: pathname, servername: hostname, rejectUnauthorized: false, agent: false, headers: { host: new URL(url).host } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

test('the organisation of the network nginx sees lands on the port the browser came in on, as every hand-off does', async () => {
  const arrival = await getFrom(OFFICE_BEHIND_NGINX, `${LOGIN_ORIGIN}/login/en`);
  expect(arrival.status).toBe(303);
  expect(arrival.location).toBe(`${organisationOrigin('globex')}/`);
  // Something answers there: the organisation's web app behind the same nginx, not a closed port.
  expect((await getFrom(OFFICE_BEHIND_NGINX, arrival.location!)).status).toBe(200);
});

test('a token in local storage leads to the host root', async ({ page }) => {
  // Set on a page of the same origin without the island, so no earlier page can act on it first.
  await page.goto('/login/api/health');
  await page.evaluate(() => window.localStorage.setItem('token', 'web-app-token'));
  await page.goto('/login/en', { waitUntil: 'commit' });
  await expect(page).toHaveURL(`${LOGIN_ORIGIN}/`);
});

test('with a token in local storage, a signed-out visit or one with an error still shows the prerendered form: the browser decides as the proxy does', async ({ page }) => {
  await page.goto('/login/api/health');
  await page.evaluate(() => window.localStorage.setItem('token', 'web-app-token'));
  for (const query of ['?from=web', '?from=picker', '?error=user-close']) {
    await page.goto(`/login/en${query}`);
    // Hydrated, so the island has had its say: React marks the field it took over.
    await expect.poll(() => page.locator('#email').evaluate((field) => Object.keys(field).some((key) => key.startsWith('__reactFiber')))).toBe(true);
    await expect(page).toHaveURL(`${LOGIN_ORIGIN}/login/en${query}`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }
  // The control: the same browser without them goes on to the host's root.
  await page.goto('/login/en', { waitUntil: 'commit' });
  await expect(page).toHaveURL(`${LOGIN_ORIGIN}/`);
});
