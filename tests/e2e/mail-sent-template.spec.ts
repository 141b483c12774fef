import { hkdfSync } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { latestSignInLink, uniqueAddress } from './support/backend.ts';
import { LOGIN_ORIGIN, organisationOrigin, SESSION_SECRET } from './support/environment.ts';
import { bothWays, expectAnsweredAsBefore, flightOf, HOSTILE_ADDRESSES, mainOf, sealedFlowCookie, valueAt } from './support/screen-templates.ts';
import { requestLink, viewHydrated } from './support/sign-in.ts';

/**
 * The mail-sent view filled from its template (docs/decisions.md, Screens from templates) carries
 * each address exactly as the view rendered per request shows it, however hostile, and works as
 * that view does: hydrated under its policy of hashes, its poll and "send again" running.
 */

const MAIL_SENT = '/login/en/mail-sent';

// The key the test re-seals the browser's own wait with (lib/platform/sealed.ts).
const key = new Uint8Array(hkdfSync('sha256', SESSION_SECRET, 'desk-login', 'sealed-cookie:email-sign-in', 32));

function waitFor(email: string, sentAgoMs = 0): Promise<string> {
  const state = { uuid: `template-${email.length}-${Date.now()}`, email, sentAt: Date.now() - sentAgoMs, fromSignUp: false, deviceId: 'template-device' };
  return sealedFlowCookie('emailSignIn', 'email-sign-in', state);
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

test('a filled view carries every address exactly as the view rendered per request, in its HTML and its Flight payload', async ({ request }) => {
  for (const [email, sentAgoMs] of [...HOSTILE_ADDRESSES.map((email) => [email, 0] as const), ['ben@acme.test', 5.5 * 60_000] as const]) {
    const { filled, rendered } = await bothWays(request, MAIL_SENT, { cookie: await waitFor(email, sentAgoMs) });
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
  await expectAnsweredAsBefore(request, { path: MAIL_SENT, tooLong: await waitFor(`${'a'.repeat(300)}@acme.test`), templatePath: '/login/en/as-template/mail-sent/now' });
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
