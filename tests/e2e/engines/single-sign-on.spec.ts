import { IDENTITY_PROVIDER_BROWSER_ORIGIN } from '../support/environment.ts';
import { expectHandedOff } from './arrival.ts';
import { test } from './test.ts';

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
