import { expect, test } from '@playwright/test';
import { DEDICATED_HTTP_PORTS, DEDICATED_HTTPS_PORTS, startDeployment, type Deployment } from './support/dedicated-deployment.ts';
import { DOMAIN, HTTPS_PORT, testPort } from './support/environment.ts';
import { startPath } from './support/single-sign-on.ts';

/**
 * An operator who still has apps that send no PKCE challenge sets SSO_REQUIRE_CODE_CHALLENGE=false
 * (a deployment of its own here; the default refuses them, tests/e2e/sso-app-code.spec.ts). Such an
 * app receives the token itself in its redirect_uri; the start-up says what that costs, and a
 * custom scheme still opens only when the person clicks (tests/e2e/sso-app-links.spec.ts).
 */

test.describe.configure({ mode: 'serial' });

let deployment: Deployment;

test.beforeAll(async () => {
  deployment = await startDeployment('ssoLegacyToken', {
    httpsPort: DEDICATED_HTTPS_PORTS.ssoLegacyToken,
    httpPort: DEDICATED_HTTP_PORTS.ssoLegacyToken,
    appPorts: [testPort(4591)],
    environment: { SSO_REQUIRE_CODE_CHALLENGE: 'false' },
  });
});

test.afterAll(async () => {
  await deployment?.stop();
});

test('the start-up warns that apps without a challenge receive the token', () => {
  const startup = deployment.instances[0]!.logLines().filter((line) => line.startup === true);
  expect(startup.map((line) => line.msg)).toContainEqual(expect.stringMatching(/^SSO_REQUIRE_CODE_CHALLENGE is false: .*receives the token itself/));
});

test('an allowed https redirect_uri without a challenge receives the token and organisation', async ({ page }) => {
  const callback = `https://cc.${DOMAIN}:${HTTPS_PORT}/sso/callback`;
  await page.goto(startPath('google', { login_hint: 'sso-one@acme.test', redirect_uri: callback }, deployment.origin));
  await expect(page).toHaveURL(new RegExp(`^${callback.replaceAll('.', '\\.')}\\?token=[^&]+&subDomain=acme$`));
});

test('on a phone a custom scheme without a challenge gets the token only through the button', async ({ browser }) => {
  const phone = await browser.newContext({
    ignoreHTTPSErrors: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
  });
  const page = await phone.newPage();
  await page.goto(startPath('microsoft', { login_hint: 'sso-one@acme.test', redirect_uri: 'deskbooking://sso/done' }, deployment.origin));
  await expect(page).toHaveURL(/\/login\/en\/microsoft\/open-app$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open the Desk Booking app as sso-one@acme.test?');
  const opened = page.waitForRequest((sent) => sent.url().startsWith('deskbooking:'));
  await page.getByRole('button', { name: 'Open the app' }).click();
  expect((await opened).url()).toMatch(/^deskbooking:\/\/sso\/done\?token=.+&subDomain=acme$/);
  await phone.close();
});
