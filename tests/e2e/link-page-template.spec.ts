import { hkdfSync } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { jwtDecrypt } from 'jose';
import { latestSignInLink, uniqueAddress } from './support/backend.ts';
import { SESSION_SECRET } from './support/environment.ts';
import { bothWays, DOCUMENT, flightOf, HOSTILE_ADDRESSES, LOGIN_HOST, mainOf, NGINX, navOf, sealedFlowCookie, valueStartingWith } from './support/screen-templates.ts';
import { requestLink } from './support/sign-in.ts';

/**
 * An opened sign-in link's screen filled from its template (docs/decisions.md, Screens from
 * templates) is the screen rendered per request: the link's address, its query (in the form's
 * permalink and the language links) and whether it asks first, each exactly as the page writes
 * them, however the link reads; and a decline's ticket sealed for this link alone. That it works as
 * the page does (confirms, asks, declines, with and without script, in every engine):
 * email-sign-in.spec.ts, link-strangers.spec.ts, fleet.spec.ts and engines/email-sign-in.spec.ts.
 */

function linkPage(fields: Record<string, string>, language = 'en'): string {
  return `/login/${language}/validatelink?${new URLSearchParams({ signature: 'f'.repeat(64), timestamp: String(Date.now()), ...fields })}`;
}

/** A sealed decline ticket, a compact JWE: set aside to compare, read on its own. */
const TICKET = /eyJ[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+/g;
const withoutTickets = (text: string) => text.replace(TICKET, 'ticket');

const declineKey = new Uint8Array(hkdfSync('sha256', SESSION_SECRET, 'desk-login', 'sealed-cookie:link-decline', 32));

/** The browser that asked for the link: it holds the e-mail sign-in for the link's uuid. */
function askedHere(uuid: string): Promise<string> {
  return sealedFlowCookie('emailSignIn', 'email-sign-in', { uuid, email: 'anna@acme.test', sentAt: Date.now(), fromSignUp: false, deviceId: 'template-device' });
}

/** Links, and the uuid of the sign-in this browser waits on, where it asked for the link. */
const LINKS: { path: string; asked?: string }[] = [
  { path: linkPage({ email: 'anna@acme.test', uuid: crypto.randomUUID() }) },
  { path: `${linkPage({ email: 'anna@acme.test', uuid: 'chosen-language' }, 'de')}&chosen-language=de` },
  { path: linkPage({ email: 'not an address', uuid: crypto.randomUUID(), domain: 'globex' }, 'nl') },
  { path: `${linkPage({ email: 'anna@acme.test', uuid: 'a"b<c>&amp;\u2028$L1', displayName: '</script>' })}&uuid=second&email=second%40acme.test` },
  ...HOSTILE_ADDRESSES.map((email) => ({ path: linkPage({ email, uuid: crypto.randomUUID() }) })),
  { path: linkPage({ email: 'anna@acme.test', uuid: 'asked-here' }), asked: 'asked-here' },
  { path: linkPage({ email: '$L1@acme.test', uuid: 'asked-here-2' }, 'nl'), asked: 'asked-here-2' },
  { path: linkPage({ email: 'x', uuid: 'asked-here-3' }, 'de'), asked: 'asked-here-3' },
];

test('a filled link page carries its address, query and question exactly as the page rendered per request, in its HTML and its Flight payload', async ({ request }) => {
  const seen = { addresses: 0, asking: 0, atOnce: 0 };
  for (const { path, asked } of LINKS) {
    const { filled, rendered } = await bothWays(request, path, asked ? { cookie: await askedHere(asked) } : {});
    expect([filled.status(), rendered.status()], path).toEqual([200, 200]);
    const [filledHtml, renderedHtml] = [await filled.text(), await rendered.text()];
    // The control: only the filled screen has a policy of hashes; the one rendered per request has its nonce.
    expect(filled.headers()['content-security-policy'], path).not.toContain("'nonce-");
    expect(rendered.headers()['content-security-policy'], path).toContain("'nonce-");
    expect(/<title>[^<]*<\/title>/.exec(filledHtml)?.[0], path).toBe(/<title>[^<]*<\/title>/.exec(renderedHtml)?.[0]);
    expect(withoutTickets(mainOf(filledHtml)), path).toBe(withoutTickets(mainOf(renderedHtml)));
    expect(navOf(filledHtml), path).toBe(navOf(renderedHtml));
    const [filledFlight, renderedFlight] = [flightOf(filledHtml), flightOf(renderedHtml)];
    // The confirmation's props (its words, the address among them, the permalink, whether it asks), the decline's binding, the language links.
    for (const start of ['{"action":', '{"id":', '["$","nav",']) {
      expect(valueStartingWith(withoutTickets(filledFlight), start), `${path}: ${start}`).toEqual(valueStartingWith(withoutTickets(renderedFlight), start));
    }
    expect(filledHtml, path).not.toMatch(/sentinel/);
    if (/wrap-anywhere/.test(filledFlight)) seen.addresses += 1;
    if ((valueStartingWith(filledFlight, '{"action":') as { askFirst: boolean }).askFirst) seen.asking += 1;
    else seen.atOnce += 1;
  }
  // The controls: most of these links show an address; some ask first, some confirm at once.
  expect(seen.addresses).toBeGreaterThan(LINKS.length / 2);
  expect(seen.asking).toBeGreaterThan(0);
  expect(seen.atOnce).toBe(3);
});

test("a filled link page's decline ticket is sealed for its own link, afresh for each load", async ({ request }) => {
  const uuid = crypto.randomUUID();
  const tickets = async () => {
    const html = await (await bothWays(request, linkPage({ email: 'anna@acme.test', uuid }), {})).filled.text();
    return [...new Set(html.match(TICKET))];
  };
  const [first, second] = [await tickets(), await tickets()];
  // One ticket per page, in the decline button's fields and its Flight binding alike.
  expect(first).toHaveLength(1);
  expect(second).toHaveLength(1);
  expect(first[0]).not.toBe(second[0]);
  const { payload } = await jwtDecrypt(first[0]!, declineKey);
  expect(payload.uuid).toBe(uuid);
  // The control: a ticket under another key does not open.
  await expect(jwtDecrypt(first[0]!, new Uint8Array(32))).rejects.toThrow();
});

test('a link the template does not carry is answered as before, and the template is no address of ours', async ({ request }) => {
  const load = (path: string, cookie?: string) => request.get(`${NGINX}${path}`, { headers: { host: LOGIN_HOST, accept: DOCUMENT, ...(cookie ? { cookie } : {}) }, maxRedirects: 0 });
  // Not a link, and one whose timestamp says it expired: sent on as the page sends them.
  const notALink = await load('/login/en/validatelink?uuid=x');
  expect([notALink.status(), notALink.headers().location]).toEqual([307, expect.stringMatching(/\/login\/en\/invalid$/)]);
  const expired = await load(linkPage({ email: 'anna@acme.test', uuid: crypto.randomUUID(), timestamp: String(Date.now() - 3_600_000) }));
  expect([expired.status(), expired.headers().location]).toEqual([307, expect.stringMatching(/\/login\/en\/invalid\/expired$/)]);
  // A query too long to write inline: rendered per request, under its nonce.
  const long = await load(linkPage({ email: 'anna@acme.test', uuid: crypto.randomUUID(), signature: 's'.repeat(1_100) }));
  expect(long.status()).toBe(200);
  expect(long.headers()['content-security-policy']).toContain("'nonce-");
  expect(await long.text()).toContain('s'.repeat(1_100));
  // The control: the same link with a signature of a usual length is filled.
  const usual = await load(linkPage({ email: 'anna@acme.test', uuid: crypto.randomUUID() }));
  expect(usual.headers()['content-security-policy']).not.toContain("'nonce-");
  const own = await request.get(`${NGINX}/login/en/as-template/validatelink/ask`, { headers: { host: LOGIN_HOST }, maxRedirects: 0 });
  expect(own.status()).toBe(307);
  expect(own.headers().location).toMatch(/\/login\/en$/);
});

test('the confirming action takes the link from the address it was posted to, never from a header a client wrote', async ({ browser }) => {
  const asking = await browser.newContext({ ignoreHTTPSErrors: true });
  const waiting = await asking.newPage();
  const email = uniqueAddress('anna@acme.test');
  await requestLink(waiting, email);
  const link = new URL(await latestSignInLink(waiting.request, email));
  // The same link with a signature the backend refuses: honoured, the header would make the action's check fail.
  const forged = new URL(link);
  forged.searchParams.set('signature', 'not-the-signature');
  const holder = await browser.newContext({ ignoreHTTPSErrors: true, extraHTTPHeaders: { 'x-desk-view-query': forged.searchParams.toString() } });
  const page = await holder.newPage();
  const load = await page.goto(link.href);
  expect(load?.headers()['content-security-policy'], 'the page filled from its template').not.toContain("'nonce-");
  await page.getByRole('button', { name: 'Yes, sign me in' }).click();
  await expect(page.getByTestId('link-code')).toHaveText(/^\d{6}$/);
  await Promise.all([asking.close(), holder.close()]);
});

test('a declined link is sent on to the page that says so, not filled from its template', async ({ browser, request }) => {
  const asking = await browser.newContext({ ignoreHTTPSErrors: true });
  const waiting = await asking.newPage();
  const email = uniqueAddress('anna@acme.test');
  await requestLink(waiting, email);
  const path = `/login/en/validatelink${new URL(await latestSignInLink(waiting.request, email)).search}`;
  const load = () => request.get(`${NGINX}${path}`, { headers: { host: LOGIN_HOST, accept: DOCUMENT }, maxRedirects: 0 });
  // The control: before anyone declined, the link's load is filled.
  const before = await load();
  expect(before.status()).toBe(200);
  expect(before.headers()['content-security-policy']).not.toContain("'nonce-");
  const holder = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await holder.newPage();
  await page.goto(path);
  await page.getByRole('button', { name: 'I did not ask for this' }).click();
  await expect(page.getByRole('heading', { name: 'Nobody was signed in' })).toBeVisible();
  expect((await load()).headers().location).toMatch(/\/login\/en\/validatelink\/declined$/);
  await Promise.all([asking.close(), holder.close()]);
});
