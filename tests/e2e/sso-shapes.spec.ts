import { expect, test, type Page } from '@playwright/test';
import { DEDICATED_HTTP_PORTS, DEDICATED_HTTPS_PORTS, startDeployment, type Deployment } from './support/dedicated-deployment.ts';
import { IDENTITY_PROVIDER_GENERIC_PORT, IDENTITY_PROVIDER_ORIGIN, organisationOrigin, testPort } from './support/environment.ts';
import { KEY_REFRESH_COOLDOWN_MS } from '../../lib/flows/sso/providers/id-token.ts';
import { errorText, expectSsoLoginSees, identityProviderSites, rotateSigningKey, setSiteDown, ssoLoginEmails, startPath, uniqueSsoAddress } from './support/single-sign-on.ts';

/**
 * MICROSOFT_AUTHORITY and GOOGLE_ISSUER may name any OpenID provider (docs/decisions.md, Single
 * sign-on). The suite's own deployment plays Entra's multi-tenant shape (tests/e2e/sso.spec.ts);
 * here a deployment of its own per shape, configured by environment variables only, signs in
 * with both buttons against a provider at a bare origin and one with a realm path (Keycloak),
 * and the realm shows what one shared discovery document, key rotation and a provider that is
 * down at the start look like. Serial: the deployments, and the realm's key and outage, are this
 * file's own.
 */

test.describe.configure({ mode: 'serial' });

const shapes = [
  {
    name: 'a provider at a bare origin',
    deployment: 'ssoBareOrigin',
    site: 'generic',
    appPort: testPort(4481),
    picker: /Local identity provider — an OpenID provider/,
    // With and without the trailing slash an administrator may well type.
    environment: {
      GOOGLE_ISSUER: `https://127.0.0.1:${IDENTITY_PROVIDER_GENERIC_PORT}/`,
      MICROSOFT_AUTHORITY: `https://127.0.0.1:${IDENTITY_PROVIDER_GENERIC_PORT}`,
    },
  },
  {
    name: 'a Keycloak realm (an issuer with a path)',
    deployment: 'ssoRealm',
    site: 'keycloak',
    appPort: testPort(4491),
    picker: /Local identity provider — Keycloak/,
    environment: {
      GOOGLE_ISSUER: `${IDENTITY_PROVIDER_ORIGIN}/realms/acme`,
      MICROSOFT_AUTHORITY: `${IDENTITY_PROVIDER_ORIGIN}/realms/acme/`,
    },
  },
] as const;

/** A sign-in with login_hint, which the local provider completes without its page. */
async function signInAtOnce(page: Page, provider: 'google' | 'microsoft', origin: string, httpsPort: number, account = 'sso-one@acme.test') {
  await page.goto(startPath(provider, { login_hint: account }, origin));
  await expect(page).toHaveURL(`${organisationOrigin('acme', httpsPort)}/`);
}

for (const shape of shapes) {
  test.describe(shape.name, () => {
    let deployment: Deployment;
    const httpsPort = DEDICATED_HTTPS_PORTS[shape.deployment];

    test.beforeAll(async () => {
      deployment = await startDeployment(shape.deployment, {
        httpsPort,
        httpPort: DEDICATED_HTTP_PORTS[shape.deployment],
        appPorts: [shape.appPort],
        environment: shape.environment,
      });
    });

    test.afterAll(async ({ request }) => {
      await setSiteDown(request, shape.site, false);
      await deployment?.stop();
    });

    test('Google: the button, the provider\'s page, an account, the organisation', async ({ page }) => {
      await page.goto(`${deployment.origin}/login/en`);
      await page.getByRole('link', { name: 'Sign in with Google' }).click();
      await expect(page).toHaveTitle(shape.picker);
      await page.getByRole('button', { name: /sso-one@acme\.test/ }).click();
      await expect(page).toHaveURL(`${organisationOrigin('acme', httpsPort)}/`);
    });

    test('Microsoft: the button, the provider\'s page, then the organisation picker', async ({ page }) => {
      await page.goto(`${deployment.origin}/login/en`);
      await page.getByRole('link', { name: 'Sign in with Microsoft' }).click();
      await expect(page).toHaveTitle(shape.picker);
      await page.getByRole('button', { name: /sso-many@acme\.test/ }).click();
      await expect(page).toHaveURL(`${deployment.origin}/login/en/microsoft/organisations`);
      await page.getByRole('button', { name: 'initech' }).click();
      await expect(page).toHaveURL(`${organisationOrigin('initech', httpsPort)}/`);
    });

    test('token type jwt: Microsoft and Google hand the control centre its token by role', async ({ page, context }) => {
      await page.goto(startPath('microsoft', { token_type: 'jwt', login_hint: 'sso-manager@acme.test' }, deployment.origin));
      await expect(page).toHaveURL(`${deployment.origin}/cc/dashboard/real-time`);
      await page.goto(startPath('google', { token_type: 'jwt', login_hint: 'sso-mfa@acme.test' }, deployment.origin));
      await expect(page).toHaveURL(`${deployment.origin}/cc/mfa/select-mfa`);
      expect((await context.cookies(deployment.origin)).find((cookie) => cookie.name === 'sharedJWT')).toMatchObject({ httpOnly: true, secure: true });
    });

    test('one discovery document: once it is read, sign-ins with either button read it no more (MSAL included)', async ({ page }) => {
      const before = (await identityProviderSites(page.request))[shape.site]!.reads.discovery;
      for (const provider of ['microsoft', 'google', 'microsoft'] as const) await signInAtOnce(page, provider, deployment.origin, httpsPort);
      expect((await identityProviderSites(page.request))[shape.site]!.reads.discovery).toBe(before);
    });
    test('email_verified absent or a string: either button refuses it, and ssoLogin never sees it', async ({ page }) => {
      const refused: string[] = [];
      for (const provider of ['google', 'microsoft'] as const) {
        for (const prefix of ['undeclared', 'stringly']) {
          const email = uniqueSsoAddress(prefix, 'acme.test');
          refused.push(email);
          await page.goto(startPath(provider, { login_hint: email }, deployment.origin));
          await expect(page).toHaveURL(`${deployment.origin}/login/en?error=${provider}-email-not-verified`);
        }
      }
      await signInAtOnce(page, 'microsoft', deployment.origin, httpsPort);
      const seen = await ssoLoginEmails(page.request);
      expect(seen).toContain('sso-one@acme.test');
      expect(refused.filter((email) => seen.includes(email))).toEqual([]);
    });

    // The realm is this file's alone: its key and its outage touch no other test.
    if (shape.site !== 'keycloak') return;

    test('a token signed with a key the app has not seen makes it fetch the key set once, and the sign-in succeeds', async ({ page }) => {
      test.setTimeout(60_000);
      await signInAtOnce(page, 'microsoft', deployment.origin, httpsPort);
      const keysKnown = Date.now();
      await rotateSigningKey(page.request, shape.site);
      const before = (await identityProviderSites(page.request))[shape.site]!.reads.jwks;
      // Past the cool-down that guards the provider against a flood of unknown keys (unit-tested).
      await page.waitForTimeout(Math.max(0, keysKnown + KEY_REFRESH_COOLDOWN_MS + 1_000 - Date.now()));
      await signInAtOnce(page, 'google', deployment.origin, httpsPort);
      await signInAtOnce(page, 'microsoft', deployment.origin, httpsPort);
      expect((await identityProviderSites(page.request))[shape.site]!.reads.jwks).toBe(before + 1);
    });

    test('down at the start, with its discovery document cached: our message, not the browser\'s error page; then it works again', async ({ page }) => {
      await signInAtOnce(page, 'google', deployment.origin, httpsPort);
      // Signed in, the login page would hand this browser straight to the organisation.
      await page.context().clearCookies();
      await setSiteDown(page.request, shape.site, true);
      for (const [provider, language] of [['google', 'de'], ['microsoft', 'nl']] as const) {
        await page.goto(`${deployment.origin}/login/${language}`);
        await page.getByRole('link', { name: provider === 'google' ? /Google/ : /Microsoft/ }).click();
        await expect(page).toHaveURL(`${deployment.origin}/login/${language}?error=provider-unavailable`);
        await expect(page.getByRole('main').getByRole('alert')).toHaveText(errorText(language, 'providerUnavailable'));
      }
      await setSiteDown(page.request, shape.site, false);
      await signInAtOnce(page, 'microsoft', deployment.origin, httpsPort);
      await expectSsoLoginSees(page, 'google', deployment.origin);
    });
  });
}

test.describe('a discovery document that names another issuer than the one configured', () => {
  let deployment: Deployment;
  const httpsPort = DEDICATED_HTTPS_PORTS.ssoMirror;

  test.beforeAll(async () => {
    deployment = await startDeployment('ssoMirror', {
      httpsPort,
      httpPort: DEDICATED_HTTP_PORTS.ssoMirror,
      appPorts: [testPort(4521)],
      // The realm's own document, served under another path (dev/identity-provider/settings.ts),
      // behind one button; the realm itself behind the other.
      environment: { GOOGLE_ISSUER: `${IDENTITY_PROVIDER_ORIGIN}/realms/acme-mirror`, MICROSOFT_AUTHORITY: `${IDENTITY_PROVIDER_ORIGIN}/realms/acme` },
    });
  });

  test.afterAll(async () => {
    await deployment?.stop();
  });

  test('is refused before the provider is asked for anything: our message, on every try; the matching one signs in', async ({ page }) => {
    for (const language of ['en', 'de'] as const) {
      await page.goto(`${deployment.origin}/login/${language}`);
      await page.getByRole('link', { name: /Google/ }).click();
      await expect(page).toHaveURL(`${deployment.origin}/login/${language}?error=provider-failed`);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(errorText(language, 'providerFailed'));
    }
    await signInAtOnce(page, 'microsoft', deployment.origin, httpsPort);
  });
});

