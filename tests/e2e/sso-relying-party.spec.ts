import { expect, test } from '@playwright/test';
import { providerIds } from '../../lib/vocabulary/providers.ts';
import { relyingPartyCases } from '../../dev/identity-provider/relying-party-cases.ts';
import { ssoLoginEmails, startPath, uniqueSsoAddress } from './support/single-sign-on.ts';

/**
 * The relying-party cases of the OpenID Foundation's Basic and Config RP plans and OIDC Core
 * 3.1.3.7, on both provider paths (google-auth-library and MSAL), through nginx against the local
 * provider: an account `rp-<case>.…` gets its ID token rewritten at the token endpoint
 * (dev/identity-provider/relying-party-cases.ts). A refused token never reaches ssoLogin and
 * ends on the login page with a message; an accepted one reaches ssoLogin, which does not know
 * the address (the positive control of the same path).
 */

for (const provider of providerIds) {
  test.describe(`${provider}`, () => {
    for (const [name, relyingPartyCase] of Object.entries(relyingPartyCases)) {
      test(`${name}: ${relyingPartyCase.accepted ? 'accepted' : 'refused, and ssoLogin never sees it'}`, async ({ page }) => {
        const account = uniqueSsoAddress(`rp-${name}`, 'acme.test').replace(`rp-${name}-`, `rp-${name}.`);
        await page.goto(startPath(provider, { login_hint: account }));
        if (relyingPartyCase.accepted) {
          await expect(page).toHaveURL(/\/login\/en\?error=sso-user-not-found$/);
          expect(await ssoLoginEmails(page.request)).toContain(account);
        } else {
          await expect(page).toHaveURL(/\/login\/en\?error=(unknown|provider-failed)$/);
          await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
          expect(await ssoLoginEmails(page.request)).not.toContain(account);
        }
      });
    }
  });
}
