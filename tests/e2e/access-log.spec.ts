import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { providers } from '../../lib/vocabulary/providers.ts';
import { latestSignInLink, uniqueAddress } from './support/backend.ts';
import { DEDICATED_HTTP_PORTS, DEDICATED_HTTPS_PORTS, startDeployment } from './support/dedicated-deployment.ts';
import { DOMAIN, HTTP_PORT, HTTPS_PORT, LOGIN_ORIGIN, NGINX_ACCESS_LOG, organisationOrigin, testPort } from './support/environment.ts';

/**
 * The queries of e-mailed links and of the providers' returns are credentials (link signatures,
 * booking and invite tokens, OAuth codes and state), and a sign-in start's names the person
 * (login_hint): nginx's access log must never hold them,
 * neither in the request line nor in the Referer of the requests their pages make. It writes no
 * query of any /login/ path, so that a route added later (a third provider's return) cannot leak
 * one either; paths outside /login/ keep theirs. The real links are opened in Chromium through
 * the suite's nginx, and the log is read afterwards.
 * nginx's error log writes the request line of a failed upstream request, whatever the format.
 */

/** What nginx appended to its access log since `from` (the log outlives runs: earlier lines are not ours). */
function accessLogSince(from: number): string {
  const size = statSync(NGINX_ACCESS_LOG).size;
  const buffer = Buffer.alloc(size - from);
  const descriptor = openSync(NGINX_ACCESS_LOG, 'r');
  try {
    readSync(descriptor, buffer, 0, buffer.length, from);
  } finally {
    closeSync(descriptor);
  }
  return buffer.toString('utf8');
}

type LoggedRequest = { method: string; target: string; status: number; referer: string };

/** The combined format's request line, status and referer, as the site's format keeps them. */
const loggedRequest = /"([A-Z]+) (\S+) [^"]*" (\d{3}) \S+ "([^"]*)"/;

/** The lines of one browser context, known by the user agent only it sends. */
function requestsOf(log: string, probe: string): LoggedRequest[] {
  return log
    .split('\n')
    .filter((line) => line.includes(probe))
    .flatMap((line) => {
      const match = loggedRequest.exec(line);
      return match ? [{ method: match[1]!, target: match[2]!, status: Number(match[3]), referer: match[4]! }] : [];
    });
}

async function probeContext(browser: Browser, probe: string) {
  return browser.newContext({ ignoreHTTPSErrors: true, userAgent: `${devices['Desktop Chrome'].userAgent} ${probe}` });
}

function uniqueValue(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** The query of each request the page sent to `pathname` (the providers' returns are redirects, never shown). */
function queriesSentTo(page: Page, pathname: string): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === pathname) seen.push(url.searchParams);
  });
  return seen;
}

test('no credential of a link or a provider return reaches the access log, nor any other query under /login/, while queries elsewhere do', async ({ browser, request }) => {
  test.slow();
  const logStart = statSync(NGINX_ACCESS_LOG).size;
  const probe = uniqueValue('access-log-probe/');
  const context = await probeContext(browser, probe);
  const page = await context.newPage();
  const secrets: Record<string, string> = {};

  // An e-mailed sign-in link, opened in the browser that asked for it.
  const email = uniqueAddress('anna@acme.test');
  await page.goto('/login/en');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const link = new URL(await latestSignInLink(request, email));
  await page.goto(link.href);
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
  secrets['link signature'] = link.searchParams.get('signature') ?? '';
  secrets['link uuid'] = link.searchParams.get('uuid') ?? '';
  // The address's own part (the log keeps a query percent-encoded, so `+` and `@` would not match).
  secrets['link address'] = email.slice(email.indexOf('+') + 1, email.indexOf('@'));

  // A booking link (the seeded token is fixed; a reference of this run's own rides along).
  const bookingReference = uniqueValue('booking');
  await page.goto(`/login/bookings-extend?userAction=retain&token=extend-ok&reference=${bookingReference}`);
  await expect(page.getByText('Booking extended. Your desk stays yours.')).toBeVisible();
  secrets['booking token'] = 'token=extend-ok';
  secrets['booking reference'] = bookingReference;

  // An invite link, and one with a path below invite-user, as the route accepts.
  const invitedName = uniqueValue('invited');
  const invited = `${invitedName}@acme.test`;
  await page.goto(`/login/en/invite-user/acme?email=${encodeURIComponent(invited)}&inviteToken=invite-ok`);
  await expect(page.getByRole('heading', { name: 'Join your team' })).toBeVisible();
  await page.goto(`/login/invite-user?email=${encodeURIComponent(invited)}&language=en&inviteToken=invite-ok`);
  await page.getByLabel('Your name').fill('Ida Probe');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  secrets['invite token'] = 'inviteToken=invite-ok';
  secrets['invited address'] = invitedName;

  // Every provider's return, with the code and state the local identity provider issued.
  for (const { id: provider, routeSegment } of providers) {
    const returns = queriesSentTo(page, `/login/${routeSegment}`);
    await page.goto(`/login/start-${routeSegment}?lang=en&login_hint=sso-one@acme.test`);
    await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
    const [returned] = returns;
    expect(returned?.get('code'), `${provider} returned with a code`).toBeTruthy();
    secrets[`${provider} code`] = returned?.get('code') ?? '';
    secrets[`${provider} state`] = returned?.get('state') ?? '';
  }

  // An ordinary page of this app, whose query is no credential and is left out all the same.
  const ordinaryReference = uniqueValue('ordinary');
  await page.goto(`/login/en?from=web&reference=${ordinaryReference}`);
  secrets['login page query'] = ordinaryReference;
  // A page of the main web app on the same host, whose query the log keeps.
  const outside = `/desks?from=web&reference=${uniqueValue('outside')}`;
  await page.goto(outside);
  await context.close();

  for (const [name, value] of Object.entries(secrets)) expect(value, name).not.toBe('');
  let log = '';
  let requests: LoggedRequest[] = [];
  // Positive control: the same reader sees this context's requests of each of those paths, and a query where one belongs.
  await expect
    .poll(() => {
      log = accessLogSince(logStart);
      requests = requestsOf(log, probe);
      return requests.map((entry) => entry.target);
    }, { message: 'the access log holds the probe\'s requests' })
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/login\/validatelink(\?|$)/),
        expect.stringMatching(/^\/login\/en\/validatelink(\?|$)/),
        expect.stringMatching(/^\/login\/bookings-extend(\?|$)/),
        expect.stringMatching(/^\/login\/en\/invite-user\/acme(\?|$)/),
        expect.stringMatching(/^\/login\/invite-user(\?|$)/),
        expect.stringMatching(/^\/login\/google(\?|$)/),
        expect.stringMatching(/^\/login\/microsoft(\?|$)/),
        expect.stringMatching(/^\/login\/start-google(\?|$)/),
        expect.stringMatching(/^\/login\/start-microsoft(\?|$)/),
        '/login/en',
        outside,
      ]),
    );
  // The starts' login_hint is an address (a seeded one here, so the whole query is looked for).
  expect(requests.filter((entry) => entry.target.startsWith('/login/start-')).map((entry) => entry.target)).toEqual(['/login/start-google', '/login/start-microsoft']);
  expect(requests.filter((entry) => entry.target.startsWith('/login') && entry.target.includes('?')), 'a /login/ request logged with a query').toEqual([]);
  // The link page's own requests (its scripts, its confirmation) are logged with the page as Referer.
  expect(requests.some((entry) => entry.referer.startsWith(`${LOGIN_ORIGIN}/login/en/validatelink`))).toBe(true);

  for (const [name, value] of Object.entries(secrets)) {
    expect.soft(log.includes(value), `${name} (${value}) in the access log`).toBe(false);
  }
});

/** A GET with the path exactly as written: browsers and URL parsers would resolve the tricks first. */
function rawGet(options: { port: number; secure: boolean; path: string; userAgent: string }): Promise<number> {
  const send = options.secure ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.path,
        servername: `web.${DOMAIN}`,
        rejectUnauthorized: false,
        headers: { host: `web.${DOMAIN}:${options.port}`, 'user-agent': options.userAgent },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

test('spellings of a credential route that nginx or Next resolve, and the plain-http redirect, keep the query out too, and a path outside /login/ keeps it', async () => {
  const logStart = statSync(NGINX_ACCESS_LOG).size;
  const probe = uniqueValue('access-log-probe/');
  const secret = uniqueValue('secret');
  // Each is what Next serves, or redirects on with the query kept, as a credential route.
  const spellings = [
    `/login/%76alidatelink?signature=${secret}`,
    `//login//en/validatelink?signature=${secret}`,
    `/login/de/../validatelink?signature=${secret}`,
    `/login/en\\validatelink?signature=${secret}`,
    `/login/en%5Cvalidatelink?signature=${secret}`,
    `/login/EN/ValidateLink?signature=${secret}`,
    `/login/en/validatelink/?signature=${secret}`,
    `/login/validatelink/x?signature=${secret}`,
    `/login/bookings-extend/?token=${secret}`,
    `/login/invite-user/acme/x?inviteToken=${secret}`,
    `/login/google/?code=${secret}&state=${secret}`,
    `/login/Microsoft?code=${secret}&state=${secret}`,
    `/login/start-google?lang=en&login_hint=${secret}%40acme.test`,
    `/login/Start-Microsoft/?login_hint=${secret}&redirect_uri=deskbooking%3A%2F%2Fsso`,
  ];
  const ordinary = `/login/en?from=web&reference=${secret}`;
  const outside = `/desks?from=web&reference=${uniqueValue('outside')}`;
  for (const path of [...spellings, ordinary, outside]) {
    const status = await rawGet({ port: HTTPS_PORT, secure: true, path, userAgent: probe });
    expect(status, path).toBeLessThan(500);
  }
  const plainHttp = [`/login/validatelink?signature=${secret}`, `/login/google?code=${secret}`, ordinary, outside];
  for (const path of plainHttp) {
    expect(await rawGet({ port: HTTP_PORT, secure: false, path, userAgent: probe }), `http ${path}`).toBe(301);
  }

  // Positive control: one line per request, the ordinary /login/ one without its query and the
  // one outside /login/ with it, over https and http alike.
  let log = '';
  await expect
    .poll(() => {
      log = accessLogSince(logStart);
      return requestsOf(log, probe).length;
    })
    .toBe(spellings.length + 2 + plainHttp.length);
  expect(requestsOf(log, probe).filter((entry) => entry.target === '/login/en')).toHaveLength(2);
  expect(requestsOf(log, probe).filter((entry) => entry.target === outside)).toHaveLength(2);
  expect(requestsOf(log, secret), 'requests logged with a credential').toEqual([]);
});

test('no query of any /login/ path reaches the access log, not even of a route no rule names: a third provider\'s return, a page yet to be written', async () => {
  const logStart = statSync(NGINX_ACCESS_LOG).size;
  const probe = uniqueValue('access-log-probe/');
  const secret = uniqueValue('secret');
  // What a new OpenID Connect provider's return and a new page would carry; no rule of the site names either path.
  const unnamed: [path: string, query: string][] = [
    ['/login/okta', `?code=${secret}code&state=${secret}state`],
    ['/login/en/some-new-page', `?token=${secret}token&email=${secret}%40acme.test`],
    ['/login/api/some-new-endpoint', `?token=${secret}token`],
  ];
  for (const [path, query] of unnamed) {
    expect(await rawGet({ port: HTTPS_PORT, secure: true, path: `${path}${query}`, userAgent: probe }), path).toBeLessThan(500);
  }
  const [providerReturn, providerQuery] = unnamed[0]!;
  expect(await rawGet({ port: HTTP_PORT, secure: false, path: `${providerReturn}${providerQuery}`, userAgent: probe }), `http ${providerReturn}`).toBe(301);
  // Outside /login/ (the main web app here) the query is the main web app's to keep, and is written as before.
  const outside = `/desks?reference=${uniqueValue('outside')}`;
  expect(await rawGet({ port: HTTPS_PORT, secure: true, path: outside, userAgent: probe }), outside).toBeLessThan(500);

  // Positive control: one line per request, each with its path, and the same reader finds a query's value where one is written.
  let log = '';
  await expect
    .poll(() => {
      log = accessLogSince(logStart);
      return requestsOf(log, probe).length;
    }, { message: 'the access log holds the probe\'s requests' })
    .toBe(unnamed.length + 2);
  expect(requestsOf(log, probe).map((entry) => entry.target.replace(/\?.*/, ''))).toEqual([...unnamed.map(([path]) => path), providerReturn, '/desks']);
  expect(requestsOf(log, probe).filter((entry) => entry.target === outside)).toHaveLength(1);
  expect(requestsOf(log, secret), 'requests logged with a code, a state, a token or an address').toEqual([]);
  expect(log.includes(secret), 'a value of those queries anywhere in the log').toBe(false);
});

test('with every instance down, the error log names ordinary requests but no credential route\'s query', async ({ playwright }) => {
  const port = DEDICATED_HTTPS_PORTS.appDown;
  const deployment = await startDeployment('app-down', { httpsPort: port, httpPort: DEDICATED_HTTP_PORTS.appDown, appPorts: [testPort(4511)], appDown: true });
  const request = await playwright.request.newContext({ ignoreHTTPSErrors: true, extraHTTPHeaders: { host: `web.${DOMAIN}:${port}` } });
  try {
    const secret = uniqueValue('secret');
    const credentialRoutes = [
      `/login/validatelink?uuid=${secret}&signature=${secret}`,
      `/login/en/validatelink?signature=${secret}`,
      `/login/bookings-extend?userAction=retain&token=${secret}`,
      `/login/nl/bookings-extend?userAction=cancel&token=${secret}`,
      `/login/invite-user?inviteToken=${secret}`,
      `/login/de/invite-user/acme?inviteToken=${secret}`,
      `/login/google?code=${secret}&state=${secret}`,
      `/login/microsoft?code=${secret}&state=${secret}`,
      `/login/start-google?lang=en&login_hint=${secret}%40acme.test`,
      `/login/start-microsoft?login_hint=${secret}`,
      // A provider's return and start that no rule names: every route of one segment is covered.
      `/login/okta?code=${secret}&state=${secret}`,
      `/login/start-okta?login_hint=${secret}`,
      `/login/some-new-route?token=${secret}`,
    ];
    const ordinary = `/login/en?from=web&reference=${uniqueValue('ordinary')}`;
    for (const path of [...credentialRoutes, ordinary]) {
      const response = await request.get(`https://127.0.0.1:${port}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(502);
    }
    // Positive control: the same reader finds the ordinary request, query and all.
    await expect.poll(() => deployment.nginxErrors()).toContain(`"GET ${ordinary} HTTP/1.1"`);
    expect(deployment.nginxErrors().split('\n').filter((line) => line.includes(secret))).toEqual([]);
  } finally {
    await request.dispose();
    await deployment.stop();
  }
});
