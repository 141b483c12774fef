import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEDICATED_HTTP_PORTS, DEDICATED_HTTPS_PORTS, startDeployment, type Deployment } from './support/dedicated-deployment.ts';
import { DOMAIN, HTTPS_PORT, testPort } from './support/environment.ts';
import { errorText, expectSsoLoginSees, languages, ssoLoginEmails, startPath, uniqueSsoAddress } from './support/single-sign-on.ts';

/**
 * An operator restricts single sign-on to listed Google Workspace domains (`hd`) and Entra
 * tenants (`tid`): a deployment of its own with GOOGLE_HOSTED_DOMAINS=acme.test and
 * MICROSOFT_TENANT_IDS naming a tenant other than the local provider's. Tokens of other domains
 * and tenants never reach ssoLogin; a listed domain still does (the positive control).
 */

test.describe.configure({ mode: 'serial' });

const OTHER_TENANT = '00000000-0000-4000-8000-000000000001';
let deployment: Deployment;

test.beforeAll(async () => {
  deployment = await startDeployment('ssoRestricted', {
    httpsPort: DEDICATED_HTTPS_PORTS.ssoRestricted,
    httpPort: DEDICATED_HTTP_PORTS.ssoRestricted,
    appPorts: [testPort(4501)],
    // SSO_REQUIRE_CODE_CHALLENGE is left to its default, which the last test checks.
    environment: { GOOGLE_HOSTED_DOMAINS: 'acme.test', MICROSOFT_TENANT_IDS: OTHER_TENANT },
  });
});

test.afterAll(async () => {
  await deployment?.stop();
});

const cases = [
  { provider: 'google', name: 'Google', domain: 'globex.test', error: 'google-organisation-not-allowed' },
  { provider: 'microsoft', name: 'Microsoft', domain: 'acme.test', error: 'microsoft-organisation-not-allowed' },
] as const;

for (const { provider, name, domain, error } of cases) {
  test(`${provider}: an account outside the allowed ${provider === 'google' ? 'domains' : 'tenants'} is refused in en, de and nl`, async ({ page }) => {
    const refused: string[] = [];
    for (const language of languages) {
      const email = uniqueSsoAddress('outsider', domain);
      refused.push(email);
      await page.goto(startPath(provider, { lang: language, login_hint: email }, deployment.origin));
      await expect(page).toHaveURL(`${deployment.origin}/login/${language}?error=${error}`);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(errorText(language, 'ssoOrganisationNotAllowed', name));
    }
    // A Google account of the listed domain passes on this very deployment.
    await expectSsoLoginSees(page, 'google', deployment.origin, 'acme.test');
    const seen = await ssoLoginEmails(page.request);
    expect(refused.filter((email) => seen.includes(email))).toEqual([]);
  });
}

test('by default an app that sends no challenge is refused before the provider; one that does gets its code', async ({ page }) => {
  const redirect_uri = `https://cc.${DOMAIN}:${HTTPS_PORT}/sso/callback`;
  await page.goto(startPath('google', { login_hint: 'sso-one@acme.test', redirect_uri }, deployment.origin));
  await expect(page).toHaveURL(`${deployment.origin}/login/en?error=code-challenge-required`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(errorText('en', 'codeChallengeRequired'));

  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  await page.goto(startPath('google', { login_hint: 'sso-one@acme.test', redirect_uri, code_challenge: challenge, code_challenge_method: 'S256' }, deployment.origin));
  await expect(page).toHaveURL(new RegExp(`^${redirect_uri.replaceAll('.', '\\.')}\\?code=[^&]+$`));
});
