import { expect, test } from '@playwright/test';
import { bothWays, DOCUMENT, flightOf, HOSTILE_ADDRESSES, LOGIN_HOST, mainOf, NGINX, navOf, valueStartingWith } from './support/screen-templates.ts';

/**
 * An invitation's screen filled from its template (docs/decisions.md, Screens from templates) is
 * the screen rendered per request: the inviting organisation, the invited address and the link's
 * query (in the form's permalink and the language links), each exactly as the page writes them,
 * however the link reads. That it works as the page does (joins, refuses, with and without
 * script, in every engine): tests/e2e/invite.spec.ts, language-choice.spec.ts and
 * engines/links-and-limits.spec.ts.
 */

function invitation(fields: Record<string, string>, language = 'en'): string {
  return `/login/${language}/invite-user?${new URLSearchParams(fields)}`;
}

const LINKS = [
  invitation({ email: 'anna@acme.test', inviteToken: 'invite-ok' }),
  invitation({ email: 'anna@acme.test', inviteToken: 'invite-ok', subDomain: 'ACME-Desks' }, 'de'),
  invitation({ email: 'not an address', inviteToken: 't', domain: 'globex', language: 'nl' }, 'nl'),
  invitation({ email: 'x', subDomain: 'no label!', domain: '' }),
  `${invitation({ email: 'anna@acme.test', inviteToken: 'a"b<c>&amp;\u2028$L1', team: 'Desk 4' })}&email=second%40acme.test&chosen-language=en`,
  ...HOSTILE_ADDRESSES.map((email) => invitation({ email, inviteToken: 'invite-ok', subDomain: 'initech' })),
];

test('a filled invitation carries its organisation, address and query exactly as the screen rendered per request, in its HTML and its Flight payload', async ({ request }) => {
  let shownAddresses = 0;
  for (const path of LINKS) {
    const { filled, rendered } = await bothWays(request, path, {});
    expect([filled.status(), rendered.status()], path).toEqual([200, 200]);
    const [filledHtml, renderedHtml] = [await filled.text(), await rendered.text()];
    // The control: only the filled screen has a policy of hashes; the one rendered per request has its nonce.
    expect(filled.headers()['content-security-policy'], path).not.toContain("'nonce-");
    expect(rendered.headers()['content-security-policy'], path).toContain("'nonce-");
    expect(mainOf(filledHtml), path).toBe(mainOf(renderedHtml));
    expect(navOf(filledHtml), path).toBe(navOf(renderedHtml));
    const [filledFlight, renderedFlight] = [flightOf(filledHtml), flightOf(renderedHtml)];
    // The intro's words, the name entry's props (the address among them), the language links.
    expect(valueStartingWith(filledFlight, '["$","p",null,{"className":"mt-2 text-muted"'), path).toEqual(valueStartingWith(renderedFlight, '["$","p",null,{"className":"mt-2 text-muted"'));
    expect(valueStartingWith(filledFlight, '{"action":'), path).toEqual(valueStartingWith(renderedFlight, '{"action":'));
    expect(valueStartingWith(filledFlight, '["$","nav",'), path).toEqual(valueStartingWith(renderedFlight, '["$","nav",'));
    expect(filledHtml, path).not.toMatch(/sentinel/);
    if (/wrap-anywhere/.test(mainOf(filledHtml))) shownAddresses += 1;
  }
  // The control of the address: most of these links show one.
  expect(shownAddresses).toBeGreaterThan(LINKS.length / 2);
});

test('the organisation, the permalink and the language links each say what this request asked', async ({ request }) => {
  const path = invitation({ email: 'anna@acme.test', inviteToken: 'invite-ok', subDomain: 'initech' }, 'de');
  const html = await (await bothWays(request, path, {})).filled.text();
  expect(html).toContain('<strong class="text-ink">initech</strong>');
  expect(html).toContain('action="/login/de/invite-user?email=anna%40acme.test&amp;inviteToken=invite-ok&amp;subDomain=initech"');
  expect(html).toContain('href="?email=anna%40acme.test&amp;inviteToken=invite-ok&amp;subDomain=initech&amp;chosen-language=nl"');
  // The control: without a label to show, the intro names no organisation.
  const plain = await (await bothWays(request, invitation({ email: 'anna@acme.test', inviteToken: 'invite-ok', subDomain: 'two words' }, 'de'), {})).filled.text();
  expect(plain).not.toContain('<strong class="text-ink">');
});

test('an invitation the template does not carry is rendered per request as before, and the template is no address of ours', async ({ request }) => {
  const perRequest = async (path: string) => {
    const response = await request.get(`${NGINX}${path}`, { headers: { host: LOGIN_HOST, accept: DOCUMENT }, maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-security-policy'], path).toContain("'nonce-");
    return await response.text();
  };
  expect(await perRequest('/login/en/invite-user?inviteToken=t')).toContain('This invitation link is incomplete');
  expect(await perRequest(`/login/en/invite-user/accept?${new URLSearchParams({ email: 'anna@acme.test', inviteToken: 't' })}`)).toContain('Join your team');
  expect(await perRequest(invitation({ email: 'anna@acme.test', inviteToken: 't'.repeat(1_100) }))).toContain('t'.repeat(1_100));
  const own = await request.get(`${NGINX}/login/en/as-template/invite-user/plain`, { headers: { host: LOGIN_HOST }, maxRedirects: 0 });
  expect(own.status()).toBe(307);
  expect(own.headers().location).toMatch(/\/login\/en$/);
});
