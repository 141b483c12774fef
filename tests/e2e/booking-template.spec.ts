import { expect, test } from '@playwright/test';
import { bothWays, DOCUMENT, flightOf, LOGIN_HOST, mainOf, NGINX, navOf, valueStartingWith } from './support/screen-templates.ts';

/**
 * A booking link's screen filled from its template (docs/decisions.md, Screens from templates) is
 * the screen rendered per request: the link's query in the form's permalink and in the language
 * links, the "open the app" address, each exactly as the page writes them, however the query reads.
 * That it works as the page does (extends, cancels, with and without script, in every engine):
 * tests/e2e/bookings.spec.ts, language-choice.spec.ts and engines/links-and-limits.spec.ts.
 */

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const LINKS: { path: string; headers?: Record<string, string> }[] = [
  { path: '/login/en/bookings-extend?userAction=retain&token=extend-ok' },
  { path: '/login/de/bookings-extend?userAction=cancel&token=cancel-ok&reference=42', headers: { 'user-agent': PHONE } },
  { path: '/login/nl/bookings-extend?userAction=retain&token=t&chosen-language=nl', headers: { cookie: '__Host-lastLogin=acme' } },
  { path: '/login/en/bookings-extend?userAction=cancel&chosen-language=en&token=a%22b%3Cscript%3E%26amp%3B%27&x=%E2%80%A8%24L1&y=%C3%A9+z&x=second' },
  { path: `/login/en/bookings-extend?token=${'t'.repeat(200)}&userAction=retain&userAction=cancel` },
];

test('a filled booking link carries its query and the open-the-app address exactly as the screen rendered per request, in its HTML and its Flight payload', async ({ request }) => {
  for (const { path, headers = {} } of LINKS) {
    const { filled, rendered } = await bothWays(request, path, headers);
    expect([filled.status(), rendered.status()], path).toEqual([200, 200]);
    const [filledHtml, renderedHtml] = [await filled.text(), await rendered.text()];
    // The control: only the filled screen has a policy of hashes; the one rendered per request has its nonce.
    expect(filled.headers()['content-security-policy'], path).not.toContain("'nonce-");
    expect(rendered.headers()['content-security-policy'], path).toContain("'nonce-");
    expect(mainOf(filledHtml), path).toBe(mainOf(renderedHtml));
    expect(navOf(filledHtml), path).toContain('chosen-language=de');
    expect(navOf(filledHtml), path).toBe(navOf(renderedHtml));
    const [filledFlight, renderedFlight] = [flightOf(filledHtml), flightOf(renderedHtml)];
    // The booking view's props, and the language links.
    expect(valueStartingWith(filledFlight, '{"userAction":'), path).toEqual(valueStartingWith(renderedFlight, '{"userAction":'));
    expect(valueStartingWith(filledFlight, '["$","nav",'), path).toEqual(valueStartingWith(renderedFlight, '["$","nav",'));
    expect(JSON.stringify(valueStartingWith(filledFlight, '["$","nav",')), path).toContain('chosen-language=de');
    expect(filledHtml, path).not.toMatch(/sentinel/);
  }
});

test('the permalink, the language links and the open-the-app address each say what this request asked', async ({ request }) => {
  const path = '/login/de/bookings-extend?userAction=cancel&token=cancel-ok&chosen-language=de&reference=a%26b';
  const { filled } = await bothWays(request, path, { 'user-agent': PHONE });
  const html = await filled.text();
  expect(html).toContain('action="/login/de/bookings-extend?userAction=cancel&amp;token=cancel-ok&amp;reference=a%26b"');
  expect(html).toContain('href="?userAction=cancel&amp;token=cancel-ok&amp;reference=a%26b&amp;chosen-language=nl"');
  expect(html).toContain('href="deskbooking://open"');
  // The control: on a computer with no sign-in, the login page.
  const computer = await (await bothWays(request, path, {})).filled.text();
  expect(computer).toContain('href="/login/de"');
  expect(computer).not.toContain('deskbooking://');
});

test('a booking link the template cannot carry is rendered per request as before, one without an action is sent to the login page, and the template is no address of ours', async ({ request }) => {
  const long = await request.get(`${NGINX}/login/en/bookings-extend?userAction=retain&token=${'a'.repeat(1_100)}`, { headers: { host: LOGIN_HOST, accept: DOCUMENT }, maxRedirects: 0 });
  expect(long.status()).toBe(200);
  expect(long.headers()['content-security-policy']).toContain("'nonce-");
  expect(await long.text()).toContain('a'.repeat(1_100));
  for (const query of ['', '?userAction=delete&token=t', '?token=t']) {
    const none = await request.get(`${NGINX}/login/en/bookings-extend${query}`, { headers: { host: LOGIN_HOST, accept: DOCUMENT }, maxRedirects: 0 });
    expect(none.status(), query).toBe(307);
    expect(none.headers().location, query).toMatch(/\/login\/en$/);
  }
  const own = await request.get(`${NGINX}/login/en/as-template/bookings-extend/retain`, { headers: { host: LOGIN_HOST }, maxRedirects: 0 });
  expect(own.status()).toBe(307);
  expect(own.headers().location).toMatch(/\/login\/en$/);
});
