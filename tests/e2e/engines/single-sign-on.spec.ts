import { createHash, randomBytes } from 'node:crypto';
import { IDENTITY_PROVIDER_BROWSER_ORIGIN } from '../support/environment.ts';
import { startPath } from '../support/single-sign-on.ts';
import { expectHandedOff } from './arrival.ts';
import { expect, test } from './test.ts';

/** Google and Microsoft through the local identity provider: its page, its return, the organisation picker. */

for (const { provider, button } of [
  { provider: 'google', button: 'Sign in with Google' },
  { provider: 'microsoft', button: 'Sign in with Microsoft' },
] as const) {
  test(`${provider}: the button, an account chosen at the provider, the organisation picker, and the chosen organisation`, async ({ person }) => {
    const window = await (await person()).open('/login/en');
    await window.click('link', button);
    await window.expectUrl(new RegExp(`^${IDENTITY_PROVIDER_BROWSER_ORIGIN}/${provider}/`), 'the provider\'s own page');
    // The provider's return to the login is a cross-site navigation: the flow's SameSite=Lax cookie must come along.
    await window.click('button', /sso-many@acme\.test/);
    await window.expectUrl(new RegExp(`/login/en/${provider}/organisations$`));
    await window.expectText('Choose your organisation');
    await window.click('button', 'Globex');
    await expectHandedOff(window, 'globex', 'provider');
  });
}

test('without JavaScript: an account chosen at the provider, the organisation picker filled from its template, and the chosen organisation', async ({ person }) => {
  const window = await (await person({ javaScript: false })).open('/login/en');
  await window.click('link', 'Sign in with Google');
  await window.click('button', /sso-many@acme\.test/);
  await window.expectUrl(/\/login\/en\/google\/organisations$/);
  await window.expectText('Choose your organisation');
  await window.click('button', 'Globex');
  await expectHandedOff(window, 'globex', 'provider');
});

test('issue 49: an app that does not open: "Open the app" says it is opening, then what to do; a reload says the same', async ({ person, engine }) => {
  const verifier = randomBytes(32).toString('base64url');
  const window = await (await person()).open(
    startPath('microsoft', {
      login_hint: 'sso-one@acme.test',
      redirect_uri: 'deskbooking://sso/done',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }),
  );
  await window.expectVisible('heading', 'Open the Desk Booking app as sso-one@acme.test?');
  const openPage = await window.url();
  await window.click('button', 'Open the app');
  if (engine === 'webkit') {
    // WebKitGTK, asked for a scheme nothing takes, replaces the page with its own; Back or a reload then says what happened (below).
    await window.expectText('The URL can’t be shown');
  } else {
    // No app on this machine takes deskbooking:, so the page stays in view and must say so.
    await window.expectText('The app did not open');
    await window.expectVisible('link', 'Download on the App Store');
    await window.expectVisible('link', 'Start again');
    // The button was there (clicked above); once the sign-in is spent it is not offered again.
    expect(await window.has('button', 'Open the app')).toBe(false);
    // Focus order (2.4.3): the clicked button is gone, so the focus is on what the page now says, not on the body.
    await expect
      .poll(() => window.evaluate<string>(`document.activeElement ? document.activeElement.getAttribute('role') || document.activeElement.tagName : ''`), { message: 'the focused element' })
      .toBe('status');
  }

  await window.goto(openPage);
  await window.expectVisible('heading', 'Your sign-in was handed to the app');
  await window.expectVisible('link', 'Get it on Google Play');
  expect(await window.has('button', 'Open the app')).toBe(false);
  await window.click('link', 'Start again');
  await window.expectVisible('heading', 'Sign in');
});
