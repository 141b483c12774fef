import { expect, test, type Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import de from '../../messages/de.json' with { type: 'json' };
import nl from '../../messages/nl.json' with { type: 'json' };
import { backendCalls } from './support/backend.ts';
import { DOMAIN, LOGIN_ORIGIN, organisationOrigin } from './support/environment.ts';
import { expectSsoLoginSees, heldReturn, idTokenEmail, ssoLoginEmails, startPath, uniqueSsoAddress } from './support/single-sign-on.ts';

/** The picker's buttons for sso-many@acme.test: a name where the backend sends one, else the host (issue 43, item 6). */
const pickerLabels = ['Acme Corporation', 'Globex', `initech.${DOMAIN}`];
const anyPickerButton = new RegExp(`^(${pickerLabels.map((label) => label.replaceAll('.', '\\.')).join('|')})$`);

const providers = [
  { provider: 'google', button: 'Sign in with Google' },
  { provider: 'microsoft', button: 'Sign in with Microsoft' },
] as const;


for (const { provider, button } of providers) {
  test.describe(`${provider}`, () => {
    test('a person clicks the button, picks an account at the provider and lands on the organisation', async ({ page, context }) => {
      await page.goto('/login/en');
      await page.getByRole('link', { name: button }).click();
      await expect(page).toHaveTitle(/Local identity provider/);
      await page.getByRole('button', { name: /sso-one@acme\.test/ }).click();
      await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
      const names = (await context.cookies(organisationOrigin('acme'))).map((cookie) => cookie.name);
      expect(names).toEqual(expect.arrayContaining(['loginUUID', 'flwSubDomain', 'acmeAccessToken']));
      expect((await context.cookies(LOGIN_ORIGIN)).map((cookie) => cookie.name)).toEqual(expect.arrayContaining(['__Host-lastLogin', '__Host-deviceBinding']));
      expect((await context.cookies(`${LOGIN_ORIGIN}/login/`)).find((cookie) => cookie.name === '__Host-ssoFlow')).toBeUndefined();
    });

    test('several organisations: the picker, kept out of the URL; choosing one hands off to it', async ({ page }) => {
      await page.goto(startPath(provider, { login_hint: 'sso-many@acme.test' }));
      await expect(page).toHaveURL(new RegExp(`/login/en/${provider}/organisations$`));
      await expect(page.getByRole('heading', { name: 'Choose your organisation' })).toBeVisible();
      const form = page.getByRole('main').locator('form').filter({ has: page.getByRole('list') });
      await expect(form.getByRole('button')).toHaveText(pickerLabels);
      // Never a bare sub-domain, which only the product's own people read.
      await expect(page.getByRole('button', { name: /^(acme|globex|initech)$/ })).toHaveCount(0);
      await page.getByRole('button', { name: 'Globex', exact: true }).click();
      await expect(page).toHaveURL(`${organisationOrigin('globex')}/`);
    });

    test('the picker hands off only to an organisation it offered, whatever the posted choice says', async ({ page, context }) => {
      await page.goto(startPath(provider, { login_hint: 'sso-many@acme.test' }));
      await expect(page.getByRole('button', { name: 'Globex', exact: true })).toBeVisible();
      // The choice travels as the button's value: a client can post any name.
      await page.getByRole('button', { name: 'Globex', exact: true }).evaluate((button) => ((button as HTMLButtonElement).value = 'hooli'));
      await page.getByRole('button', { name: 'Globex', exact: true }).click();
      await expect(page).toHaveURL(/\/login\/en\?error=sso-start-again$/);
      const handedOff = (await context.cookies(organisationOrigin('hooli'))).map((cookie) => cookie.name);
      expect(handedOff).not.toContain('hooliAccessToken');
    });

    test('the picker\'s back button forgets the list and returns to the login as cancelled', async ({ page }) => {
      await page.goto(startPath(provider, { login_hint: 'sso-many@acme.test' }));
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/login\/en\?error=user-close$/);
      await expect(page.getByRole('main').getByRole('status')).toHaveText('Sign-in was cancelled.');
      await page.goto(`/login/en/${provider}/organisations`);
      await expect(page).toHaveURL(/\/login\/en\?from=picker$/);
      await expect(page.getByRole('button', { name: anyPickerButton })).toHaveCount(0);
    });

    for (const javaScriptEnabled of [true, false]) {
      test(`browser Back after the picker's own Back shows the login page calmly, and signs nobody in (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({ browser }) => {
        const context = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled });
        const page = await context.newPage();
        await page.goto(startPath(provider, { login_hint: 'sso-many@acme.test' }, LOGIN_ORIGIN));
        await expect(page).toHaveURL(new RegExp(`/login/en/${provider}/organisations$`));
        await page.getByRole('button', { name: 'Back' }).click();
        await expect(page).toHaveURL(/\/login\/en\?error=user-close$/);
        // Back asks the picker's address again, whose list is gone: the person left, nothing was interrupted.
        await page.goBack();
        await expect(page).toHaveURL(/\/login\/en\?from=picker$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
        await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
        await expect(page.getByRole('main').getByText(/took too long|interrupted/)).toHaveCount(0);
        await expect(page.getByRole('button', { name: anyPickerButton })).toHaveCount(0);
        for (const organisation of ['acme', 'globex', 'initech']) {
          expect((await context.cookies(organisationOrigin(organisation))).map((cookie) => cookie.name)).not.toContain(`${organisation}AccessToken`);
        }
        await context.close();
      });
    }

    test('Back after choosing an organisation shows the login page calmly: no failure, no auto-forward, and the finished choice cannot be made again', async ({ page, browser }) => {
      await page.goto(startPath(provider, { login_hint: 'sso-many@acme.test' }));
      await expect(page).toHaveURL(new RegExp(`/login/en/${provider}/organisations$`));
      await page.getByRole('button', { name: 'Globex', exact: true }).click();
      await expect(page).toHaveURL(`${organisationOrigin('globex')}/`);
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
      await expect(page).toHaveURL(/\/login\/en(\?|$)/);
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('main').getByText(/took too long|interrupted/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Globex', exact: true })).toHaveCount(0);
      // Positive control: a picker address opened without a finished choice still says the sign-in was interrupted.
      const other = await browser.newContext({ ignoreHTTPSErrors: true });
      const otherPage = await other.newPage();
      await otherPage.goto(`${LOGIN_ORIGIN}/login/en/${provider}/organisations`);
      await expect(otherPage.getByRole('main').getByRole('alert')).toHaveText(/took too long or was interrupted/);
      await other.close();
    });

    test('cancelling at the provider comes back as cancelled, never a crash', async ({ page }) => {
      await page.goto('/login/en');
      await page.getByRole('link', { name: button }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/login\/en\?error=user-close$/);
    });
  });
}

const controlCentreRoles = [
  { account: 'sso-mfa@acme.test', path: '/cc/mfa/select-mfa' },
  { account: 'sso-manager@acme.test', path: '/cc/dashboard/real-time' },
  { account: 'sso-one@acme.test', path: '/cc/premises' },
];

for (const { account, path } of controlCentreRoles) {
  test(`token type jwt: ${account} goes to ${path} with the shared token`, async ({ page, context, request }) => {
    // A sub-address of the seeded account (the same user), so that this test finds its own call.
    const signedInAs = account.replace('@', `+jwt${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@`);
    await page.goto(startPath('microsoft', { token_type: 'jwt', login_hint: signedInAs }));
    await expect(page).toHaveURL(`${LOGIN_ORIGIN}${path}`);
    const shared = (await context.cookies(LOGIN_ORIGIN)).find((cookie) => cookie.name === 'sharedJWT');
    expect(shared).toMatchObject({ domain: `.${DOMAIN}`, httpOnly: true, secure: true });
    // Other tests sign in at the same time: find this sign-in's call by the address in its ID token.
    const call = (await backendCalls(request)).find((entry) => entry.path.endsWith('/ssoLogin') && idTokenEmail(entry.body?.token) === signedInAs);
    expect(call?.headers['long-lived-token']).toBe(true);
  });
}

test('token type jwt: an ssoLogin error goes to the control centre with its code', async ({ page }) => {
  await page.goto(startPath('google', { token_type: 'jwt', login_hint: 'sso-org-not-found@errors.test' }));
  await expect(page).toHaveURL(`${LOGIN_ORIGIN}/cc/?error=ORG_NOT_FOUND`);
});

const ssoErrors = [
  { account: 'sso-org-not-found@errors.test', message: /could not find your account/ },
  { account: 'sso-no-admin@errors.test', message: /could not find your account/ },
  { account: 'sso-mfa-not-confirmed@errors.test', message: /Two-step verification/ },
  { account: 'sso-unknown-code@errors.test', message: 'Something went wrong. Please try again.' },
];

for (const { account, message } of ssoErrors) {
  test(`ssoLogin refusing ${account} shows its message on the login page`, async ({ page }) => {
    await page.goto(startPath('google', { login_hint: account }));
    await expect(page).toHaveURL(/\/login\/en\?error=/);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(message);
  });
}

/** The view that has replaced the sign-in form: its heading and its links, as a person meets them. */
async function trialExpiredView(page: Page, heading: string) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(main.getByRole('textbox')).toHaveCount(0);
  const links = await main.getByRole('link').evaluateAll((anchors) =>
    anchors.map((anchor) => ({ name: anchor.textContent?.trim(), href: anchor.getAttribute('href') })),
  );
  return { heading: await main.getByRole('heading', { level: 1 }).textContent(), links };
}

const trialExpiredCases = [
  { provider: 'google', language: 'en', dictionary: en },
  { provider: 'microsoft', language: 'de', dictionary: de },
  { provider: 'google', language: 'nl', dictionary: nl },
] as const;

for (const { provider, language, dictionary } of trialExpiredCases) {
  test(`an expired free trial after ${provider} sign-in shows the e-mail flow's trial-expired view (${language})`, async ({ page }) => {
    await page.goto(`/login/${language}`);
    await page.getByRole('textbox').fill('trial-expired@errors.test');
    await page.getByRole('button', { name: dictionary.login.submit }).click();
    const byEmail = await trialExpiredView(page, dictionary.trialExpired.heading);
    expect(byEmail.links.map((link) => link.name)).toEqual([
      dictionary.trialExpired.talkToSales,
      dictionary.trialExpired.viewPricing,
      expect.any(String),
      expect.any(String),
      dictionary.trialExpired.anotherWay,
    ]);

    await page.goto(startPath(provider, { lang: language, login_hint: 'sso-demo-expired@errors.test' }));
    expect(await trialExpiredView(page, dictionary.trialExpired.heading)).toEqual(byEmail);
  });
}

test('a one-time-code account is sent to /totp', async ({ page }) => {
  await page.goto(startPath('microsoft', { login_hint: 'sso-totp@errors.test' }));
  await expect(page).toHaveURL(/\/login\/en\/totp$/);
});

test.describe('what never reaches ssoLogin', () => {
  test('a redirect_uri outside the allowlist is refused before the provider', async ({ page, request }) => {
    const email = uniqueSsoAddress('sso-probe');
    await page.goto(startPath('google', { login_hint: email, redirect_uri: 'https://cc.desk.test.evil.com/sso' }));
    await expect(page).toHaveURL(/\/login\/en\?error=redirect-not-allowed$/);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(/may not receive sign-ins/);
    expect(await ssoLoginEmails(request)).not.toContain(email);
    // The positive control: the same reader sees an address that does reach ssoLogin.
    await expectSsoLoginSees(page, 'google');
  });

  test('a forged state', async ({ page, request }) => {
    const email = uniqueSsoAddress('sso-probe');
    const back = await heldReturn(page, 'google', email);
    back.searchParams.set('state', 'forged');
    await page.goto(back.toString());
    await expect(page).toHaveURL(/\/login\/en\?error=unknown$/);
    expect(await ssoLoginEmails(request)).not.toContain(email);
    // The positive control: the same reader sees an address that does reach ssoLogin.
    await expectSsoLoginSees(page, 'google');
  });

  test('a missing state', async ({ page, request }) => {
    const email = uniqueSsoAddress('sso-probe');
    const back = await heldReturn(page, 'microsoft', email);
    back.searchParams.delete('state');
    await page.goto(back.toString());
    await expect(page).toHaveURL(/\/login\/en\?error=unknown$/);
    expect(await ssoLoginEmails(request)).not.toContain(email);
    // The positive control: the same reader sees an address that does reach ssoLogin.
    await expectSsoLoginSees(page, 'google');
  });

  test('a return without the flow cookie (another browser, or cookies blocked)', async ({ page, context, request }) => {
    const email = uniqueSsoAddress('sso-probe');
    const back = await heldReturn(page, 'google', email);
    await context.clearCookies({ name: '__Host-ssoFlow' });
    await page.goto(back.toString());
    await expect(page).toHaveURL(/\/login\/en\?error=sso-start-again$/);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(/start again/);
    expect(await ssoLoginEmails(request)).not.toContain(email);
    // The positive control: the same reader sees an address that does reach ssoLogin.
    await expectSsoLoginSees(page, 'google');
  });

  test('a tampered flow cookie', async ({ page, context, request }) => {
    const email = uniqueSsoAddress('sso-probe');
    const back = await heldReturn(page, 'microsoft', email);
    const flow = (await context.cookies(`${LOGIN_ORIGIN}/login/`)).find((cookie) => cookie.name === '__Host-ssoFlow');
    expect(flow).toBeDefined();
    const value = flow!.value;
    const middle = Math.floor(value.length / 2);
    const tampered = `${value.slice(0, middle)}${value[middle] === 'A' ? 'B' : 'A'}${value.slice(middle + 1)}`;
    await context.addCookies([{ ...flow!, value: tampered }]);
    await page.goto(back.toString());
    await expect(page).toHaveURL(/\/login\/en\?error=sso-start-again$/);
    expect(await ssoLoginEmails(request)).not.toContain(email);
    // The positive control: the same reader sees an address that does reach ssoLogin.
    await expectSsoLoginSees(page, 'google');
  });

  test('a replayed code, even with the original flow cookie restored', async ({ page, context, request }) => {
    const email = uniqueSsoAddress('sso-probe');
    const back = await heldReturn(page, 'google', email);
    const flow = (await context.cookies(`${LOGIN_ORIGIN}/login/`)).find((cookie) => cookie.name === '__Host-ssoFlow')!;
    await page.goto(back.toString());
    await expect(page).toHaveURL(/\/login\/en\?error=sso-user-not-found$/);
    expect((await ssoLoginEmails(request)).filter((seen) => seen === email)).toHaveLength(1);

    await context.addCookies([flow]);
    await page.goto(back.toString());
    await expect(page).toHaveURL(/\/login\/en\?error=unknown$/);
    expect((await ssoLoginEmails(request)).filter((seen) => seen === email)).toHaveLength(1);
  });
});

/** The page's clock stands still until the island has hydrated and run its effects: the seconds a busy machine takes to load are not counted. */
async function loginPageWithMessage(page: Page, error: string, otherQuery = '') {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto(`/login/en?error=${error}${otherQuery}`);
  // React marks the nodes it has hydrated, and runs effects in a task of its own scheduler, which
  // a message posted after it waits for.
  await expect
    .poll(() => page.getByLabel('Work e-mail').evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
  await page.evaluate(() => new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  }));
}

test('an error on the login page stays until the person acts: a minute later it is still there, typing clears it', async ({ page }) => {
  await loginPageWithMessage(page, 'sso-user-not-found');
  const message = page.getByRole('main').getByRole('alert');
  await expect(message).toHaveText(/could not find your account/);
  await page.clock.fastForward(60_000);
  await expect(message).toBeVisible();
  await page.getByLabel('Work e-mail').pressSequentially('a');
  await expect(message).toHaveCount(0);
  await expect(page.getByLabel('Work e-mail')).toHaveValue('a');
});

test('a sign-in the person cancelled is a neutral note, not a red alert, and stays until the person dismisses it', async ({ page }) => {
  await loginPageWithMessage(page, 'user-close');
  const note = page.getByRole('main').getByRole('status').filter({ hasText: 'Sign-in was cancelled.' });
  await expect(note).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expect(note).not.toHaveCSS('color', 'rgb(180, 35, 24)');
  await page.clock.fastForward(60_000);
  await expect(note).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(note).toHaveCount(0);
});

test('once the cancelled note is dismissed, the address bar no longer carries it, so a reload does not show it again; the rest of the query stays', async ({ page }) => {
  await loginPageWithMessage(page, 'user-close', '&lang=en');
  const note = page.getByRole('main').getByRole('status').filter({ hasText: 'Sign-in was cancelled.' });
  await expect(note).toBeVisible();
  await expect(page).toHaveURL(/\?error=user-close&lang=en$/);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(note).toHaveCount(0);
  await expect(page).toHaveURL(/\/login\/en\?lang=en$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.getByText('Sign-in was cancelled.')).toHaveCount(0);
});

test('an error is not taken out of the address bar: it stays, as on the page, until the person acts', async ({ page }) => {
  await loginPageWithMessage(page, 'sso-user-not-found');
  await page.clock.fastForward(60_000);
  await expect(page).toHaveURL(/\?error=sso-user-not-found$/);
});

test('the loading overlay after a provider button hides after 4 seconds if the provider is slow', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login/en');
  // The way to the provider goes nowhere (204 keeps the browser on this page), as when it hangs.
  await page.route((url) => url.pathname === '/login/start-google', (route) => route.fulfill({ status: 204 }));
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  const overlay = page.getByRole('status').filter({ hasText: 'Taking you to Google…' });
  await expect(overlay).toBeVisible();
  await page.clock.fastForward(4_100);
  await expect(overlay).toHaveCount(0);
});
