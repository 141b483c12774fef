import { expect, test } from '@playwright/test';
import { bothWays, expectAnsweredAsBefore, flightOf, HOSTILE_ADDRESSES, mainOf, sealedFlowCookie, valueAt } from './support/screen-templates.ts';

/**
 * The sign-up view filled from its template (docs/decisions.md, Screens from templates) carries
 * each address exactly as the view rendered per request shows it, however hostile. That it works
 * as that view does (hydrated, a refusal kept, the account made; without script too):
 * tests/e2e/sign-up.spec.ts, whose tests load the view afresh where it matters.
 */

const SIGN_UP = '/login/en/signup';

function signUpFor(email: string): Promise<string> {
  return sealedFlowCookie('tempUser', 'sign-up', { email, autoAddToken: 'template-token', deviceId: 'template-device' });
}

/** The address as the name entry's props carry it in the Flight payload. */
function addressInFlight(flight: string): unknown {
  const at = flight.indexOf('"email":');
  return at < 0 ? undefined : valueAt(flight, at + '"email":'.length);
}

test('a filled sign-up view carries every address exactly as the view rendered per request, in its HTML and its Flight payload', async ({ request }) => {
  for (const email of HOSTILE_ADDRESSES) {
    const { filled, rendered } = await bothWays(request, SIGN_UP, { cookie: await signUpFor(email) });
    expect(filled.status(), email).toBe(200);
    const [filledHtml, renderedHtml] = [await filled.text(), await rendered.text()];
    // The control: only the filled view has a policy of hashes; the one rendered per request has its nonce.
    expect(filled.headers()['content-security-policy'], email).not.toContain("'nonce-");
    expect(rendered.headers()['content-security-policy'], email).toContain("'nonce-");
    expect(mainOf(filledHtml), email).not.toBe('');
    expect(mainOf(filledHtml), email).toBe(mainOf(renderedHtml));
    expect(addressInFlight(flightOf(filledHtml)), email).toBeDefined();
    expect(addressInFlight(flightOf(filledHtml)), email).toEqual(addressInFlight(flightOf(renderedHtml)));
  }
});

test('a sign-up the template cannot carry, or none, is answered as before: rendered per request, or sent to the login page', async ({ request }) => {
  await expectAnsweredAsBefore(request, { path: SIGN_UP, tooLong: await signUpFor(`${'a'.repeat(300)}@acme.test`), templatePath: '/login/en/as-template/signup' });
});
