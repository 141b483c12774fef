import { expect, test } from '@playwright/test';
import { bothWays, flightOf, LOGIN_HOST, mainOf, NGINX, resolvedValueAt, sealedFlowCookie } from './support/screen-templates.ts';

/**
 * The organisation picker filled from its template (docs/decisions.md, Screens from templates)
 * is the picker rendered per request: one row per organisation of the sign-in, each name and
 * sub-domain exactly as the page writes it, however many and however named. That it works as the
 * page does (a choice signs in, with and without script): tests/e2e/sso.spec.ts and scale-out.spec.ts.
 */

const PICKER = '/login/en/google/organisations';

function pickerFor(organisations: { subDomain: string; name?: string }[]): Promise<string> {
  return sealedFlowCookie('ssoOrganisations', 'sso-organisations', {
    provider: 'google',
    organisations: organisations.map((organisation) => ({ ...organisation, token: 'template-token' })),
    deviceId: 'template-device',
  });
}

/** The picker's list as the `<ul>`'s children carry it in the Flight payload. */
function listInFlight(flight: string): unknown {
  const at = /\["\$","ul",null,\{"className":"space-y-3","children":/.exec(flight);
  return at ? resolvedValueAt(flight, at.index + at[0].length) : undefined;
}

const LISTS = [
  [{ subDomain: 'acme', name: 'Acme' }, { subDomain: 'globex' }],
  [{ subDomain: 'initech', name: `O'Brien & "Söhne" <script>alert(1)</script>` }, { subDomain: 'umbrella', name: '$L1' }, { subDomain: 'x-1', name: 'line\u2028separator' }],
  Array.from({ length: 12 }, (_, index) => ({ subDomain: `org-${index}`, name: index % 2 ? `Organisation ${index} 👩` : undefined })),
];

test('a filled picker carries every organisation exactly as the picker rendered per request, in its HTML and its Flight payload', async ({ request }) => {
  for (const organisations of LISTS) {
    const label = organisations.map((organisation) => organisation.subDomain).join(' ');
    const { filled, rendered } = await bothWays(request, PICKER, { cookie: await pickerFor(organisations) });
    expect([filled.status(), rendered.status()], label).toEqual([200, 200]);
    const [filledHtml, renderedHtml] = [await filled.text(), await rendered.text()];
    // The control: only the filled picker has a policy of hashes; the one rendered per request has its nonce.
    expect(filled.headers()['content-security-policy'], label).not.toContain("'nonce-");
    expect(rendered.headers()['content-security-policy'], label).toContain("'nonce-");
    expect(mainOf(filledHtml).match(/name="organisation"/g), label).toHaveLength(organisations.length);
    expect(mainOf(filledHtml), label).toBe(mainOf(renderedHtml));
    expect(listInFlight(flightOf(filledHtml)), label).toBeDefined();
    expect(listInFlight(flightOf(filledHtml)), label).toEqual(listInFlight(flightOf(renderedHtml)));
    expect(filledHtml, label).not.toContain('templateorganisation');
  }
});

test('a picker without a sign-in is answered as before, and the template itself is no address of ours', async ({ request }) => {
  const none = await request.get(`${NGINX}${PICKER}`, { headers: { host: LOGIN_HOST, accept: 'text/html' }, maxRedirects: 0 });
  expect(none.status()).toBe(307);
  expect(none.headers().location).toMatch(/\/login\/en\?error=sso-start-again$/);
  const own = await request.get(`${NGINX}/login/en/as-template/google/organisations`, { headers: { host: LOGIN_HOST }, maxRedirects: 0 });
  expect(own.status()).toBe(307);
  expect(own.headers().location).toMatch(/\/login\/en$/);
});
