import { hkdfSync } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { EncryptJWT } from 'jose';
import { DOMAIN, HTTPS_PORT, SESSION_SECRET } from './environment.ts';

/** Screens filled from their templates (docs/decisions.md, Screens from templates), held to the screens rendered per request. */

// Through nginx, as a browser reaches it (this process resolves no name of the suite's domain).
export const NGINX = `https://127.0.0.1:${HTTPS_PORT}`;
export const LOGIN_HOST = `web.${DOMAIN}:${HTTPS_PORT}`;

/**
 * A page still rendered per request, under its nonce, as a control: an opened sign-in link's page
 * whose query is too long for its template to carry (a signature of 1,100 characters), and whose
 * GET asks the backend nothing (its timestamp lies ahead, so the app never calls it expired).
 */
export const PAGE_RENDERED_PER_REQUEST = `/login/en/validatelink?email=anna%40acme.test&uuid=per-request-control&signature=${'s'.repeat(1_100)}&timestamp=9999999999999`;

/** A browser's load of a document asks for HTML by name (proxy.ts fills only such a load). */
export const DOCUMENT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/**
 * A flow's cookie, sealed as lib/platform/sealed.ts seals it for `purpose`, so that a state no form
 * would make (an address with markup, a line separator, a `$` that Flight reads as a reference)
 * can be the browser's.
 */
export async function sealedFlowCookie(name: string, purpose: string, state: Record<string, unknown>): Promise<string> {
  const key = new Uint8Array(hkdfSync('sha256', SESSION_SECRET, 'desk-login', `sealed-cookie:${purpose}`, 32));
  const sealed = await new EncryptJWT(state).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).setIssuedAt().setExpirationTime('10m').encrypt(key);
  return `__Host-${name}=${sealed}`;
}

/**
 * The screen at `path` as a browser loads it, and as the server renders it per request: a request
 * that does not name HTML (as Next's router's do not) is left to the page, which Next renders to
 * HTML all the same.
 */
export async function bothWays(request: APIRequestContext, path: string, headers: Record<string, string>) {
  const filled = await request.get(`${NGINX}${path}`, { headers: { host: LOGIN_HOST, ...headers, accept: DOCUMENT }, maxRedirects: 0 });
  const rendered = await request.get(`${NGINX}${path}`, { headers: { host: LOGIN_HOST, ...headers, accept: '*/*' }, maxRedirects: 0 });
  return { filled, rendered };
}

/**
 * The view's own markup: `<main>`, with the number React gives the bound arguments of a form's
 * action in its field names (`$ACTION_REF_2`, `$ACTION_2:0`) set aside: a count of the payload's rows,
 * which names nothing of the person's, and is read back only within the same form.
 */
export function mainOf(html: string): string {
  return (/<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '').replace(/\$ACTION_(REF_)?\d+/g, '$ACTION_$1n');
}

/** The Flight payload of a page: every `self.__next_f.push([1,"…"])` string, decoded and joined. */
export function flightOf(html: string): string {
  return [...html.matchAll(/<script[^>]*>self\.__next_f\.push\((\[1,"[\s\S]*?"\])\)<\/script>/g)].map(([, chunk]) => (JSON.parse(chunk!) as [number, string])[1]).join('');
}

/** The JSON value that starts at `at` in Flight text, parsed: strings skipped whole, brackets counted. */
export function valueAt(flight: string, at: number): unknown {
  if (flight[at] === '"') {
    let end = at + 1;
    while (flight[end] !== '"') end += flight[end] === '\\' ? 2 : 1;
    return JSON.parse(flight.slice(at, end + 1));
  }
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

/** Addresses that markup, a script string or Flight might misread, and ones that are merely long or international. */
export const HOSTILE_ADDRESSES = [
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

/**
 * What a screen answers where its template cannot: `tooLong`, a flow's cookie with an address
 * longer than any template carries, is rendered per request (its nonce, the whole address); no
 * state at all is sent to the login page; and the template's own path is no address of ours.
 */
export async function expectAnsweredAsBefore(request: APIRequestContext, screen: { path: string; tooLong: string; templatePath: string }) {
  const long = await request.get(`${NGINX}${screen.path}`, { headers: { host: LOGIN_HOST, accept: DOCUMENT, cookie: screen.tooLong }, maxRedirects: 0 });
  expect(long.status()).toBe(200);
  expect(long.headers()['content-security-policy']).toContain("'nonce-");
  expect(await long.text()).toContain('a'.repeat(300));
  const none = await request.get(`${NGINX}${screen.path}`, { headers: { host: LOGIN_HOST, accept: DOCUMENT }, maxRedirects: 0 });
  expect(none.status()).toBe(307);
  expect(none.headers().location).toMatch(/\/login\/en$/);
  const own = await request.get(`${NGINX}${screen.templatePath}`, { headers: { host: LOGIN_HOST }, maxRedirects: 0 });
  expect(own.status()).toBe(307);
  expect(own.headers().location).toMatch(/\/login\/en$/);
}

/**
 * valueAt, with each reference to a row of its own (`"$L26"`) replaced by that row's value: React
 * moves the elements of a long list out to rows of their own, which a filled template writes in
 * place. Either way the browser's React reads the same tree.
 */
export function resolvedValueAt(flight: string, at: number): unknown {
  const rows = new Map([...flight.matchAll(/(?:^|\n)([0-9a-f]+):/g)].map((row) => [row[1]!, row.index + row[0].length]));
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
    const row = typeof value === 'string' ? /^\$L([0-9a-f]+)$/.exec(value)?.[1] : undefined;
    return row !== undefined && rows.has(row) ? resolve(valueAt(flight, rows.get(row)!)) : value;
  };
  return resolve(valueAt(flight, at));
}

/**
 * The value in the Flight payload that starts with `start`, the first such, with each reference to
 * a row (`"$F3"`, `"$h26"`: an action's) set aside: the numbers of rows, which differ between a
 * template's payload and a page's and name nothing of the request.
 */
export function valueStartingWith(flight: string, start: string): unknown {
  const at = flight.indexOf(start);
  if (at < 0) return undefined;
  return JSON.parse(JSON.stringify(valueAt(flight, at)), (_key, value: unknown) => (typeof value === 'string' && /^\$[A-Za-z@]?[0-9a-f]+$/.test(value) ? '$row' : value));
}

/** The language links' markup. */
export function navOf(html: string): string {
  return /<nav\b[\s\S]*<\/nav>/.exec(html)?.[0] ?? '';
}
