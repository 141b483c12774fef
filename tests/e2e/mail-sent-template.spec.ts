import { hkdfSync } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { latestSignInLink, uniqueAddress } from './support/backend.ts';
import { DOMAIN, HTTPS_PORT, LOGIN_ORIGIN, organisationOrigin, SESSION_SECRET } from './support/environment.ts';
import { requestLink, viewHydrated } from './support/sign-in.ts';

/**
 * The mail-sent view filled from its template (docs/decisions.md, Screens from templates) carries
 * each address exactly as the view rendered per request shows it, however hostile, and works as
 * that view does: hydrated under its policy of hashes, its poll and "send again" running.
 */

// Through nginx, as a browser reaches it (this process resolves no name of the suite's domain).
const NGINX = `https://127.0.0.1:${HTTPS_PORT}`;
const LOGIN_HOST = `web.${DOMAIN}:${HTTPS_PORT}`;
const MAIL_SENT = `${NGINX}/login/en/mail-sent`;

// The wait's cookie, sealed as lib/platform/sealed.ts seals it, so that an address no form would
// take (markup, a line separator, a `$` that Flight reads as a reference) can be the state's.
const key = new Uint8Array(hkdfSync('sha256', SESSION_SECRET, 'desk-login', 'sealed-cookie:email-sign-in', 32));

async function waitFor(email: string, sentAgoMs = 0): Promise<string> {
  const state = { uuid: `template-${email.length}-${Date.now()}`, email, sentAt: Date.now() - sentAgoMs, fromSignUp: false, deviceId: 'template-device' };
  const sealed = await new EncryptJWT(state).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).setIssuedAt().setExpirationTime('10m').encrypt(key);
  return `__Host-emailSignIn=${sealed}`;
}

/** A browser's load of a document asks for HTML by name (proxy.ts fills only such a load). */
const DOCUMENT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/**
 * The view as a browser loads it, and as the server renders it per request: a request that does
 * not name HTML (as Next's router's do not) is left to the page, which Next renders to HTML all the same.
 */
async function bothWays(request: APIRequestContext, cookie: string) {
  const filled = await request.get(MAIL_SENT, { headers: { host: LOGIN_HOST, cookie, accept: DOCUMENT }, maxRedirects: 0 });
  const rendered = await request.get(MAIL_SENT, { headers: { host: LOGIN_HOST, cookie, accept: '*/*' }, maxRedirects: 0 });
  return { filled, rendered };
}

/**
 * The view's own markup: `<main>`, with the number React gives the bound arguments of a form's
 * action in its field names (`$ACTION_REF_2`, `$ACTION_2:0`) set aside: a count of the payload's rows,
 * which names nothing of the person's, and is read back only within the same form.
 */
function mainOf(html: string): string {
  return (/<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '').replace(/\$ACTION_(REF_)?\d+/g, '$ACTION_$1n');
}

/** The Flight payload of a page: every `self.__next_f.push([1,"…"])` string, decoded and joined. */
function flightOf(html: string): string {
  return [...html.matchAll(/<script[^>]*>self\.__next_f\.push\((\[1,"[\s\S]*?"\])\)<\/script>/g)].map(([, chunk]) => (JSON.parse(chunk!) as [number, string])[1]).join('');
}

/** The JSON value that starts at `at` in Flight text, parsed: strings skipped whole, brackets counted. */
function valueAt(flight: string, at: number): unknown {
  let depth = 0;
  for (let index = at; index < flight.length; index += 1) {
    const character = flight[index];
    if (character === '"') {
      for (index += 1; flight[index] !== '"'; index += 1) if (flight[index] === '\\') index += 1;
    } else if (character === '[' || character === '{') depth += 1;
    else if ((character === ']' || character === '}') && --depth === 0) return JSON.parse(flight.slice(at, index + 1));
  }
  throw new Error('no whole value');
}

/**
 * What carries the person's values in the Flight payload: each sentence with the address (the
 * `strong` React's rich text makes of it) and the props of "send again", with the milliseconds since
 * the link was sent set aside (the two answers are a few milliseconds apart).
 */
function valuesInFlight(flight: string) {
  const sentences = [...flight.matchAll(/\["\$","strong","email0",/g)].map((match) => valueAt(flight, match.index));
  const sendAgain = valueAt(flight, flight.lastIndexOf('{', flight.indexOf('"sentAgoMs":'))) as Record<string, unknown>;
  const sentAgoMs = sendAgain.sentAgoMs;
  delete sendAgain.sentAgoMs;
  delete sendAgain.action;
  return { sentences, sendAgain, sentAgoMs };
}

const HOSTILE = [
  'anna@acme.test',
  `o'brien&amp;"<script>alert(1)</script>@acme.test`,
  '</script><script>alert(1)</script>@acme.test',
  'x" onmouseover="alert(1)@acme.test',
  '$L1@acme.test',
  'anna@$1.test',
  '\\"]);alert(1);//@acme.test',
  'line\u2028separator\u2029@acme.test',
  '\u202eevil.com\u202c@acme.test',
  'anna👩‍💻@acme.test',
  'anna.de.vries+desks@mail.eu.acme.test',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`,
  'anna@xn--mller-kva.de',
  'anna@müller.de',
  'ivan@пример.рф',
  'anna@xn--80ak6aa92e.com',
];

test('a filled view carries every address exactly as the view rendered per request, in its HTML and its Flight payload', async ({ request }) => {
  for (const [email, sentAgoMs] of [...HOSTILE.map((email) => [email, 0] as const), ['ben@acme.test', 5.5 * 60_000] as const]) {
    const { filled, rendered } = await bothWays(request, await waitFor(email, sentAgoMs));
    expect(filled.status(), email).toBe(200);
    const [filledHtml, renderedHtml] = [await filled.text(), await rendered.text()];
    // The control: only the filled view has a policy of hashes; the one rendered per request has its nonce.
    expect(filled.headers()['content-security-policy'], email).not.toContain("'nonce-");
    expect(rendered.headers()['content-security-policy'], email).toContain("'nonce-");
    expect(mainOf(filledHtml), email).not.toBe('');
    expect(mainOf(filledHtml), email).toBe(mainOf(renderedHtml));
    const [fromTemplate, perRequest] = [valuesInFlight(flightOf(filledHtml)), valuesInFlight(flightOf(renderedHtml))];
    expect(fromTemplate.sentences, email).toHaveLength(2);
    expect(fromTemplate.sentences, email).toEqual(perRequest.sentences);
    expect(fromTemplate.sendAgain, email).toEqual(perRequest.sendAgain);
    expect(Math.abs(Number(fromTemplate.sentAgoMs) - Number(perRequest.sentAgoMs)), email).toBeLessThan(10_000);
  }
});

test('a wait the template cannot carry, or none, is answered as before: rendered per request, or sent to the login page', async ({ request }) => {
  const long = await request.get(MAIL_SENT, { headers: { host: LOGIN_HOST, accept: DOCUMENT, cookie: await waitFor(`${'a'.repeat(300)}@acme.test`) }, maxRedirects: 0 });
  expect(long.status()).toBe(200);
  expect(long.headers()['content-security-policy']).toContain("'nonce-");
  expect(await long.text()).toContain('a'.repeat(300));
  const none = await request.get(MAIL_SENT, { headers: { host: LOGIN_HOST, accept: DOCUMENT }, maxRedirects: 0 });
  expect(none.status()).toBe(307);
  expect(none.headers().location).toMatch(/\/login\/en$/);
  // A template's own path is no address: the login page.
  const own = await request.get(`${NGINX}/login/en/as-template/mail-sent/now`, { headers: { host: LOGIN_HOST }, maxRedirects: 0 });
  expect(own.status()).toBe(307);
  expect(own.headers().location).toMatch(/\/login\/en$/);
});

// Without script: tests/e2e/engines/email-sign-in.spec.ts, in every engine.
test('the filled view hydrates without an error, sends again, and follows the link opened elsewhere', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The backend knows anna by the address before the `+`; after it, what a person may type and markup or Flight might misread.
  const email = uniqueAddress("anna@acme.test").replace('+', "+o'brien&$x{}|");
  await requestLink(page, email);
  // The wait as if its link went 40 s ago, so that "send again" is open at once.
  const [sealed] = (await page.context().cookies(LOGIN_ORIGIN)).filter((cookie) => cookie.name === '__Host-emailSignIn');
  const { payload } = await jwtDecrypt(sealed!.value, key);
  const older = await new EncryptJWT({ ...payload, sentAt: Date.now() - 40_000 }).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).setIssuedAt().setExpirationTime('10m').encrypt(key);
  await page.context().addCookies([{ ...sealed!, value: older }]);

  const load = await page.goto('/login/en/mail-sent');
  expect(load?.headers()['content-security-policy']).not.toContain("'nonce-");
  await expect(page.locator('p.noscript\\:hidden strong')).toHaveText(email);
  await viewHydrated(page);
  // The server's lock (30 s per address, on its clock) answers this press: the action, posted from the filled view, ran.
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('Please wait 30 seconds before sending again.')).toBeVisible();

  const link = await latestSignInLink(request, email);
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
  expect(errors).toEqual([]);
});
