import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { backendCalls, latestSignInLink, uniqueAddress, type BackendCall } from './support/backend.ts';
import { confirmElsewhere, continueWithCode, keptOnlyItsDevice, loginFormFields, mailed, requestLink, signInByEmail } from './support/sign-in.ts';
import { APP_PORTS, BACKEND_ORIGIN, DOMAIN, HTTPS_PORT, LOGIN_ORIGIN, organisationOrigin } from './support/environment.ts';

/**
 * The sign-in in a hostile neighbourhood (SECURITY.md): a mailed link opened by a browser that
 * did not ask for it, cookies planted by a sibling host of the parent domain, a device id the
 * attacker knows. Each test is the attack; it fails when its protection is removed.
 */

/** A sibling host of the parent domain: an organisation's web app, or anything else on *.<domain>. */
const SIBLING_ORIGIN = `https://evil.${DOMAIN}:${HTTPS_PORT}`;

/** nginx as a client outside the browser reaches it: by address, naming the host it wants. */
const NGINX = `https://127.0.0.1:${HTTPS_PORT}`;
const WEB_HOST = `web.${DOMAIN}:${HTTPS_PORT}`;

/** The calls of a sign-in, without the arrival's device checks (tested on their own below). */
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

function signInCalls(calls: BackendCall[]): BackendCall[] {
  return calls.filter((call) => !call.path.endsWith('/isValidDeviceId'));
}

async function newBrowser(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ ignoreHTTPSErrors: true, ...options });
}

/** What script on a sibling host can do to this browser's cookies: write them for the parent domain. */
async function plantFromSibling(page: Page, cookies: string[]): Promise<void> {
  await page.goto(`${SIBLING_ORIGIN}/`);
  await page.evaluate((lines) => {
    for (const line of lines) document.cookie = line;
  }, cookies);
}

/** The link mailed for `email` after this browser asked for it. */
async function linkAskedFor(page: Page, email: string): Promise<string> {
  await requestLink(page, email);
  return latestSignInLink(page.request, email);
}

/**
 * Two browsers without script: one asked for a link to Carla's address and waits; the other
 * opened the link, said "Yes, sign me in" and shows the code for the first.
 */
async function confirmedWithoutScript(browser: Browser, askingOptions: Parameters<Browser['newContext']>[0] = {}) {
  const asking = await newBrowser(browser, { javaScriptEnabled: false, ...askingOptions });
  const page = await asking.newPage();
  const link = await linkAskedFor(page, uniqueAddress('carla@initech.test'));
  const other = await newBrowser(browser, { javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await otherPage.goto(link);
  await otherPage.getByRole('button', { name: 'Yes, sign me in' }).click();
  const code = (await otherPage.getByTestId('link-code').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  return { asking, page, other, otherPage, code };
}

/** Names of the hand-off's cookies this browser holds for the organisations' hosts. */
async function organisationCookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies(organisationOrigin('acme'))).filter((cookie) => cookie.domain === `.${DOMAIN}`).map((cookie) => cookie.name);
}

async function linkChecks(request: APIRequestContext, uuid: string) {
  return (await backendCalls(request)).filter((call) => call.path.endsWith('/isValidLink') && call.query.uuid === uuid);
}

async function linkConfirmed(request: APIRequestContext, link: string): Promise<boolean> {
  const uuid = new URL(link).searchParams.get('uuid') ?? '';
  // The development backend answers 404 until the link has been confirmed.
  return (await request.get(`${BACKEND_ORIGIN}/api/v1/flw/auth/${uuid}/isValidId/`)).ok();
}

test.describe('a mailed link opened by a browser that did not ask for it', () => {
  test('is not confirmed by loading it, even with script and time: the page names the address and asks', async ({ page, browser, request }) => {
    const email = uniqueAddress('anna@acme.test');
    const link = await linkAskedFor(page, email);
    const uuid = new URL(link).searchParams.get('uuid') ?? '';

    // A mail filter that runs JavaScript, or the victim's own browser while an attacker waits.
    const other = await newBrowser(browser);
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await expect(otherPage.getByRole('heading', { name: 'Sign in with this link?' })).toBeVisible();
    await expect(otherPage.getByText(email)).toBeVisible();
    await otherPage.waitForTimeout(5_000);
    expect(await linkChecks(request, uuid)).toEqual([]);
    expect(await linkConfirmed(request, link)).toBe(false);
    await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);

    // The person's explicit "yes" confirms it and signs in this browser, which moves on only when the person chooses.
    await otherPage.getByRole('button', { name: 'Yes, sign me in' }).click();
    await expect(otherPage.getByTestId('link-code')).toHaveText(/^\d{6}$/);
    expect(await linkChecks(request, uuid)).toHaveLength(1);
    await otherPage.getByRole('link', { name: 'Continue here' }).click();
    await expect(otherPage).toHaveURL(`${organisationOrigin('acme')}/`);
    await other.close();
  });

  test('an attacker who asked for the victim\'s address: 15 s after the victim confirms elsewhere, the waiting tab is still on the login host, a wrong code does not sign it in, the code on the victim\'s page does', async ({ page, browser }) => {
    // The attacker's tab waits for a link mailed to the victim.
    const email = uniqueAddress('anna@acme.test');
    const link = await linkAskedFor(page, email);
    const victim = await newBrowser(browser);
    const victimPage = await victim.newPage();
    const code = await confirmElsewhere(victimPage, link);
    const confirmedAt = Date.now();
    // The victim is signed in where they clicked, as they chose to be.
    await victimPage.getByRole('link', { name: 'Continue here' }).click();
    await expect(victimPage).toHaveURL(`${organisationOrigin('acme')}/`);
    await victim.close();

    await expect(page.getByRole('heading', { name: 'Type the code from the other browser' })).toBeVisible({ timeout: 8_000 });
    await page.waitForTimeout(Math.max(0, 15_000 - (Date.now() - confirmedAt)));
    expect(new URL(page.url()).origin).toBe(LOGIN_ORIGIN);
    expect(await organisationCookieNames(page.context())).toEqual([]);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await continueWithCode(page, wrong);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('That is not the code. 4 more tries.');
    expect(new URL(page.url()).origin).toBe(LOGIN_ORIGIN);
    expect(await organisationCookieNames(page.context())).toEqual([]);

    // Only with the code from the victim's screen, which the victim was told never to give away.
    await continueWithCode(page, code);
    await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
    expect(await organisationCookieNames(page.context())).toContain('acmeAccessToken');
  });

  test('five wrong codes end the wait with a clear message, and the cookie from before them does not start the count again', async ({ page, browser }) => {
    const email = uniqueAddress('bert@globex.test');
    const link = await linkAskedFor(page, email);
    const victim = await newBrowser(browser);
    const code = await confirmElsewhere(await victim.newPage(), link);
    await victim.close();
    await expect(page.getByRole('textbox', { name: 'Code of six digits' })).toBeVisible({ timeout: 8_000 });
    const beforeGuessing = await page.context().cookies(LOGIN_ORIGIN);

    const guesses = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((guess) => guess !== code).slice(0, 5);
    const answers = ['4 more tries.', '3 more tries.', '2 more tries.', 'One more try: after that this sign-in ends.'];
    for (const [index, guess] of guesses.slice(0, 4).entries()) {
      await continueWithCode(page, guess);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(`That is not the code. ${answers[index]}`);
    }
    await continueWithCode(page, guesses[4]!);
    await expect(page).toHaveURL(/\/login\/en\?error=link-code-attempts$/);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('The code was wrong five times, so this sign-in has ended for your safety. Please request a new link.');
    await expect(page.getByRole('textbox', { name: 'Work e-mail' })).toBeVisible();

    // The browser brings back its wait as it was before the guesses: even the right code no longer works.
    await page.context().addCookies(beforeGuessing);
    await page.goto('/login/en/mail-sent');
    await continueWithCode(page, code);
    await expect(page).toHaveURL(/\/login\/en\?error=link-code-attempts$/);
    expect(await organisationCookieNames(page.context())).toEqual([]);
  });

  test('without JavaScript on either side: the confirming browser shows the code, the waiting one asks for it and continues', async ({ browser }) => {
    const { asking: waiting, page, other, code } = await confirmedWithoutScript(browser);
    await other.close();

    await page.getByRole('button', { name: 'I have opened the link' }).click();
    await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
    await continueWithCode(page, '12345');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please type the six digits the other page shows.');
    await continueWithCode(page, code);
    await expect(page).toHaveURL(`${organisationOrigin('initech')}/`);
    await waiting.close();
  });

  test('the waiting browser asks the backend at most once in a few seconds, however often it is polled', async ({ page, request }) => {
    const link = await linkAskedFor(page, uniqueAddress('anna@acme.test'));
    const uuid = new URL(link).searchParams.get('uuid') ?? '';
    const checks = async () => (await backendCalls(request)).filter((call) => call.path.endsWith(`/${uuid}/isValidId/`)).length;
    await page.waitForTimeout(3_000);
    const before = await checks();
    const poll = (times: number) =>
      page.evaluate(
        (count) => Promise.all(Array.from({ length: count }, () => fetch('/login/api/email-sign-in/status').then((response) => response.status))),
        times,
      );
    const started = Date.now();
    expect(await poll(40)).toEqual(Array(40).fill(200));
    // Once in every 3 s at most: 40 polls within the same 3 s make one call. On a loaded machine
    // the polls, and the page's own poll every 5 s, may spread wider; each 3 s begun admits one more.
    const calls = await checks();
    const windows = 1 + Math.floor((Date.now() - started) / 3_000);
    expect(calls).toBeLessThanOrEqual(before + windows);
    // A poll after the few seconds asks again.
    await page.waitForTimeout(3_100);
    await poll(1);
    expect(await checks()).toBeGreaterThan(before);
  });

  test('the confirmation and invitation pages name an address only when the link carries one', async ({ page }) => {
    const planted = 'the security team. Your account has been LOCKED, call +1 555 0100';
    const query = (email: string) => new URLSearchParams({ email, uuid: 'u', signature: 's', timestamp: String(Date.now()) }).toString();
    await page.goto(`/login/en/validatelink?${query(planted)}`);
    await expect(page.getByRole('heading', { name: 'Sign in with this link?' })).toBeVisible();
    await expect(page.getByText('Someone asked to sign in to Desk Booking with this link.')).toBeVisible();
    await expect(page.getByText('LOCKED')).toHaveCount(0);
    await page.goto(`/login/en/validatelink?${query('anna@acme.test')}`);
    await expect(page.getByText('anna@acme.test')).toBeVisible();

    await page.goto(`/login/en/invite-user?${new URLSearchParams({ email: planted, inviteToken: 't' })}`);
    await expect(page.getByRole('heading', { name: 'Join your team' })).toBeVisible();
    await expect(page.getByText('LOCKED')).toHaveCount(0);
    await page.goto(`/login/en/invite-user?${new URLSearchParams({ email: 'anna@acme.test', inviteToken: 't' })}`);
    await expect(page.getByText('anna@acme.test')).toBeVisible();
  });

  test('a script that submits the page\'s form, as a scanner might, confirms nothing: only the button does', async ({ page, browser, request }) => {
    const link = await linkAskedFor(page, uniqueAddress('anna@acme.test'));
    const scanner = await newBrowser(browser);
    const scannerPage = await scanner.newPage();
    await scannerPage.goto(link);
    await expect(scannerPage.getByRole('button', { name: 'Yes, sign me in' })).toBeVisible();
    const answered = scannerPage.waitForResponse((response) => response.request().method() === 'POST');
    await scannerPage.evaluate(() => document.querySelector('form')?.requestSubmit());
    await answered;
    await expect(scannerPage.getByRole('button', { name: 'Yes, sign me in' })).toBeVisible();
    expect(await linkChecks(request, new URL(link).searchParams.get('uuid') ?? '')).toEqual([]);
    expect(await linkConfirmed(request, link)).toBe(false);
    await scanner.close();
  });

  test('"I did not ask for this" signs nobody in, and the question before it tells nothing of who asked (issue 48); the asking tab stops waiting, calmly, and the link shows no code afterwards', async ({ browser, request }) => {
    // Whoever typed Bert's address, in Firefox on Windows.
    const asking = await newBrowser(browser, { userAgent: FIREFOX_ON_WINDOWS });
    const page = await asking.newPage();
    const email = uniqueAddress('bert@globex.test');
    const link = await linkAskedFor(page, email);

    const other = await newBrowser(browser);
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    // Said only beside the code, once the backend has checked the link (tests/e2e/link-strangers.spec.ts).
    await expect(otherPage.getByRole('button', { name: 'Yes, sign me in' })).toBeVisible();
    await expect(otherPage.getByText(/Asked for/)).toHaveCount(0);
    await otherPage.getByRole('button', { name: 'I did not ask for this' }).click();
    await expect(otherPage.getByRole('heading', { name: 'Nobody was signed in' })).toBeVisible();
    expect(await linkChecks(request, new URL(link).searchParams.get('uuid') ?? '')).toEqual([]);
    expect(await linkConfirmed(request, link)).toBe(false);
    expect((await other.cookies(organisationOrigin('globex'))).map((cookie) => cookie.name)).not.toContain('globexAccessToken');

    // The asking tab learns it at its next poll: the login page, with a note rather than an alarm.
    await expect(page).toHaveURL(/\/login\/en\?error=link-declined$/, { timeout: 10_000 });
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'the link in the e-mail was answered with “I did not ask for this”' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);

    // The link again, in any browser: no question, no code.
    await otherPage.goto(link);
    await expect(otherPage.getByRole('heading', { name: 'Nobody was signed in' })).toBeVisible();
    await expect(otherPage.getByRole('button', { name: 'Yes, sign me in' })).toHaveCount(0);
    await Promise.all([asking.close(), other.close()]);
  });

  test('without JavaScript on either side, the code page says when and where the link was asked, and its "I did not ask for this" voids the code', async ({ browser }) => {
    const { asking, page, other, otherPage, code } = await confirmedWithoutScript(browser, { userAgent: FIREFOX_ON_WINDOWS });
    await expect(otherPage.getByText('Asked for just now, from Firefox on Windows.')).toBeVisible();

    await page.getByRole('button', { name: 'I have opened the link' }).click();
    await expect(page.getByRole('textbox', { name: 'Code of six digits' })).toBeVisible();
    await otherPage.getByRole('button', { name: 'I did not ask for this' }).click();
    await expect(otherPage.getByRole('heading', { name: 'Nobody was signed in' })).toBeVisible();

    await continueWithCode(page, code);
    await expect(page).toHaveURL(/\/login\/en\?error=link-declined$/);
    expect((await asking.cookies(organisationOrigin('initech'))).map((cookie) => cookie.name)).not.toContain('initechAccessToken');
    await Promise.all([asking.close(), other.close()]);
  });

  test('without JavaScript the same question is a button, in the browser\'s language', async ({ page, browser }) => {
    const email = uniqueAddress('carla@initech.test');
    const link = await linkAskedFor(page, email);

    const other = await newBrowser(browser, { javaScriptEnabled: false, locale: 'de-DE' });
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await expect(otherPage).toHaveURL(/\/login\/de\/validatelink\?/);
    await expect(otherPage.getByRole('heading', { name: 'Mit diesem Link anmelden?' })).toBeVisible();
    await expect(otherPage.getByText(email)).toBeVisible();
    await otherPage.getByRole('button', { name: 'Ja, mich anmelden' }).click();
    await expect(otherPage.getByRole('heading', { name: 'Link bestätigt' })).toBeVisible();
    await expect(otherPage.getByTestId('link-code')).toHaveText(/^\d{6}$/);
    await otherPage.getByRole('link', { name: 'Hier fortfahren' }).click();
    await expect(otherPage).toHaveURL(`${organisationOrigin('initech')}/`);
    await other.close();
  });

  test('the browser that asked is signed in at once, with no question', async ({ page, context }) => {
    const link = await linkAskedFor(page, uniqueAddress('anna@acme.test'));
    const linkTab = await context.newPage();
    await linkTab.goto(link);
    await expect(linkTab).toHaveURL(`${organisationOrigin('acme')}/`);
    await expect(page).toHaveURL(`${organisationOrigin('acme')}/`, { timeout: 1_500 });
  });
});

/**
 * An attacker's own single sign-on, stopped where the provider sends them back: their flow
 * cookie and the provider's return (code and state), not yet used. Driven without a browser, so
 * that the last redirect is not followed.
 */
async function halfFinishedSignIn(attacker: APIRequestContext, provider: 'google' | 'microsoft', account: string) {
  const start = await attacker.get(`${NGINX}/login/start-${provider}?lang=en&login_hint=${encodeURIComponent(account)}`, {
    headers: { host: WEB_HOST },
    maxRedirects: 0,
  });
  const setCookie = start.headersArray().find((header) => header.name.toLowerCase() === 'set-cookie' && /ssoFlow=/.test(header.value));
  const [, name = '', value = ''] = /^([^=]+)=([^;]*)/.exec(setCookie?.value ?? '') ?? [];
  expect(name, 'the attacker\'s own flow cookie').toMatch(/ssoFlow$/);

  let location = start.headers().location ?? '';
  for (let hop = 0; hop < 10 && !location.startsWith(`${LOGIN_ORIGIN}/login/${provider}?`); hop += 1) {
    const next = await attacker.get(location, { maxRedirects: 0 });
    location = new URL(next.headers().location ?? '', location).href;
  }
  expect(location, 'the provider sent the attacker back with a code').toMatch(/[?&]code=/);
  return { providerReturn: location, flowCookie: { name, value } };
}

/** The provider's return sent to nginx as a browser would, with the cookie header given. */
function returnWithCookies(client: APIRequestContext, providerReturn: string, cookie: string) {
  const url = new URL(providerReturn);
  return client.get(`${NGINX}${url.pathname}${url.search}`, { headers: { host: WEB_HOST, cookie }, maxRedirects: 0 });
}

test.describe('cookies planted by a sibling host', () => {
  test('login CSRF: an attacker\'s half-finished single sign-on planted in a victim\'s browser never signs the victim in', async ({ browser, playwright }) => {
    const attacker = await playwright.request.newContext({ ignoreHTTPSErrors: true });
    const { providerReturn, flowCookie } = await halfFinishedSignIn(attacker, 'google', 'sso-one@acme.test');

    const victim = await newBrowser(browser);
    const page = await victim.newPage();
    // Every way a sibling host can write the attacker's flow for the parent domain.
    const value = flowCookie.value;
    await plantFromSibling(page, [
      `${flowCookie.name}=${value}; Domain=${DOMAIN}; Path=/; Secure; SameSite=Lax`,
      `${flowCookie.name}=${value}; Domain=${DOMAIN}; Path=/login; Secure; SameSite=Lax`,
      `${flowCookie.name.replace(/^__Host-/, '')}=${value}; Domain=${DOMAIN}; Path=/login; Secure; SameSite=Lax`,
      `${flowCookie.name.replace(/^__Host-/, '')}=${value}; Domain=${DOMAIN}; Path=/; Secure; SameSite=Lax`,
    ]);
    await page.goto(providerReturn);
    await expect(page).toHaveURL(/\/login\/en\?error=sso-start-again$/);
    const victimCookies = (await victim.cookies(organisationOrigin('acme'))).map((cookie) => cookie.name);
    expect(victimCookies).not.toContain('acmeAccessToken');
    expect((await victim.cookies(LOGIN_ORIGIN)).map((cookie) => cookie.name)).not.toContain('__Host-lastLogin');

    // Positive control: the very same return, with the attacker's own cookie, completes.
    const own = await returnWithCookies(attacker, providerReturn, `${flowCookie.name}=${flowCookie.value}`);
    expect(own.headers().location).toBe(`${organisationOrigin('acme')}/`);
    await attacker.dispose();
    await victim.close();
  });

  test('sign-in state is host-only on web.<domain> under the __Host- prefix', async ({ page, context }) => {
    await linkAskedFor(page, uniqueAddress('anna@acme.test'));
    const emailSignIn = (await context.cookies(LOGIN_ORIGIN)).find((cookie) => cookie.name === '__Host-emailSignIn');
    expect(emailSignIn).toMatchObject({ domain: `web.${DOMAIN}`, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
    const onSibling = (await context.cookies(SIBLING_ORIGIN)).map((cookie) => cookie.name);
    expect(onSibling).not.toContain('__Host-emailSignIn');
  });

  test('a flow cookie that arrives twice is tampering: the state is ignored and cleared, the person starts again', async ({ playwright }) => {
    const client = await playwright.request.newContext({ ignoreHTTPSErrors: true });
    const { providerReturn, flowCookie } = await halfFinishedSignIn(client, 'microsoft', 'sso-one@acme.test');
    const cookie = `${flowCookie.name}=${flowCookie.value}`;
    const twice = await returnWithCookies(client, providerReturn, `${cookie}; ${cookie}`);
    expect(twice.status()).toBe(303);
    expect(twice.headers().location).toBe('/login/en?error=sso-start-again');
    const cleared = twice.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie' && header.value.startsWith(`${flowCookie.name}=;`));
    expect(cleared.length).toBeGreaterThan(0);

    // Positive control: the same cookie sent once finishes the sign-in.
    const once = await returnWithCookies(client, providerReturn, cookie);
    expect(once.headers().location).toBe(`${organisationOrigin('acme')}/`);
    await client.dispose();
  });

  test('a parent-domain cookie of ours sent twice is ignored and expired on every path it could have come from', async ({ playwright, browser }) => {
    // A device this browser earned, with its binding: sent twice, were it read, arrival would sign in as Bert.
    const earner = await newBrowser(browser);
    await signInByEmail(await earner.newPage(), 'bert@globex.test', 'globex');
    const cookies = await earner.cookies(LOGIN_ORIGIN);
    const valueOf = (name: string) => cookies.find((cookie) => cookie.name === name)!.value;
    await earner.close();
    const device = `loginUUID=${valueOf('loginUUID')}`;
    const binding = `__Host-deviceBinding=${valueOf('__Host-deviceBinding')}`;
    const client = await playwright.request.newContext({ ignoreHTTPSErrors: true });
    const twice = await client.get(`${NGINX}/login/en`, { headers: { host: WEB_HOST, cookie: `${device}; ${device}; ${binding}` }, maxRedirects: 0 });
    expect(twice.status()).toBe(200);
    const clearings = twice
      .headersArray()
      .filter((header) => header.name.toLowerCase() === 'set-cookie' && header.value.startsWith('loginUUID=;'))
      .map((header) => header.value);
    for (const path of ['/', '/login', '/login/en']) {
      expect(clearings.some((value) => value.includes(`Domain=${DOMAIN}`) && value.includes(`Path=${path};`) && value.includes('Max-Age=0')), path).toBe(true);
    }
    // Positive control: the same cookie sent once is the device's, and signs in.
    const once = await client.get(`${NGINX}/login/en`, { headers: { host: WEB_HOST, cookie: `${device}; ${binding}` }, maxRedirects: 0 });
    expect(once.headers().location).toBe(`${organisationOrigin('globex')}/`);
    await client.dispose();
  });

  test('a start reached on another host of the domain first goes to web.<domain>', async ({ playwright }) => {
    const client = await playwright.request.newContext({ ignoreHTTPSErrors: true });
    for (const host of [`acme.${DOMAIN}`, DOMAIN]) {
      const response = await client.get(`${NGINX}/login/start-google?lang=en&login_hint=x%40acme.test`, {
        headers: { host: `${host}:${HTTPS_PORT}` },
        maxRedirects: 0,
      });
      expect(response.status(), host).toBe(308);
      expect(response.headers().location, host).toBe(`${LOGIN_ORIGIN}/login/start-google?lang=en&login_hint=x%40acme.test`);
    }
    await client.dispose();
  });
});

test.describe('arrival honours only a device id this browser earned', () => {
  /** A device the development backend knows (dev/backend/seed.ts): its isValidDeviceId signs bert in. */
  const KNOWN_DEVICE = '22222222-2222-4222-8222-222222222222';

  test('a loginUUID planted from a sibling host, for a device the backend knows, signs nobody in and is not even asked about; the one this browser earned does', async ({ browser, request }) => {
    const victim = await newBrowser(browser);
    const page = await victim.newPage();
    await plantFromSibling(page, [`loginUUID=${KNOWN_DEVICE}; Domain=${DOMAIN}; Path=/; Secure; SameSite=Lax`]);
    const before = (await backendCalls(request)).length;
    await page.goto('/login/en');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect((await backendCalls(request)).slice(before).filter((call) => call.deviceId === KNOWN_DEVICE)).toEqual([]);
    expect(await organisationCookieNames(victim)).not.toContain('globexAccessToken');
    await victim.close();

    // Positive control: a device id earned by a completed sign-in, with lastLogin and the hint gone, still signs in.
    const returning = await newBrowser(browser);
    const again = await returning.newPage();
    const earned = await keptOnlyItsDevice(again, 'anna@acme.test', 'acme');
    const mark = (await backendCalls(request)).length;
    await again.goto('/login/en');
    await expect(again).toHaveURL(`${organisationOrigin('acme')}/`);
    expect((await backendCalls(request)).slice(mark).filter((call) => call.path.endsWith('/isValidDeviceId')).map((call) => call.deviceId)).toContain(earned);
    expect(await organisationCookieNames(returning)).toContain('acmeAccessToken');
    await returning.close();
  });

  test('the device id of a browser that waited for a link confirmed elsewhere is no shortcut around the code, even once the backend knows it', async ({ page, browser, request }) => {
    const email = uniqueAddress('anna@acme.test');
    const link = await linkAskedFor(page, email);
    const waitingDevice = (await backendCalls(request)).find((call) => call.path.endsWith('/verifyUser') && call.path.includes(encodeURIComponent(email)))?.deviceId;
    expect(waitingDevice).toMatch(/^[0-9a-f-]{36}$/);
    const victim = await newBrowser(browser);
    const code = await confirmElsewhere(await victim.newPage(), link);
    await victim.close();
    await expect(page.getByRole('textbox', { name: 'Code of six digits' })).toBeVisible({ timeout: 8_000 });
    // The waiting browser's poll was answered a sign-in for that device: the backend now knows it.
    const known = await request.get(`${BACKEND_ORIGIN}/api/v1/flw/auth/isValidDeviceId`, { headers: { deviceId: waitingDevice! } });
    expect(known.ok()).toBe(true);

    // However the attacker learnt it, written as loginUUID it is not this browser's to use.
    await plantFromSibling(page, [`loginUUID=${waitingDevice}; Domain=${DOMAIN}; Path=/; Secure; SameSite=Lax`]);
    const before = (await backendCalls(request)).length;
    await page.goto('/login/en');
    expect(new URL(page.url()).origin).toBe(LOGIN_ORIGIN);
    expect((await backendCalls(request)).slice(before).filter((call) => call.deviceId === waitingDevice)).toEqual([]);
    expect(await organisationCookieNames(page.context())).not.toContain('acmeAccessToken');

    // Positive control: the code still continues this wait.
    await page.goto('/login/en/mail-sent');
    await continueWithCode(page, code);
    await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
  });
});

test.describe('a device id planted by a sibling host is never adopted', () => {
  const planted = () => `66666666-6666-4666-8666-${Date.now().toString(16).padStart(12, '0').slice(-12)}`;

  test('e-mail link: verifyUser and the hand-off carry a device id minted by the server', async ({ page, context, request }) => {
    const plantedId = planted();
    await plantFromSibling(page, [`loginUUID=${plantedId}; Domain=${DOMAIN}; Path=/; Secure; SameSite=Lax`]);
    const email = uniqueAddress('anna@acme.test');
    const link = await linkAskedFor(page, email);
    const verify = (await backendCalls(request)).find((call) => call.path.endsWith('/verifyUser') && call.path.includes(encodeURIComponent(email)));
    expect(verify?.deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(verify?.deviceId).not.toBe(plantedId);

    await page.goto(link);
    await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
    const deviceCookie = (await context.cookies(organisationOrigin('acme'))).find((cookie) => cookie.name === 'loginUUID');
    expect(deviceCookie?.value).toBe(verify?.deviceId);
    expect(signInCalls(await backendCalls(request)).some((call) => call.deviceId === plantedId)).toBe(false);
  });

  test('single sign-on: ssoLogin carries the device id minted at the start, and the browser keeps that one', async ({ page, context, request }) => {
    const plantedId = planted();
    await plantFromSibling(page, [`loginUUID=${plantedId}; Domain=${DOMAIN}; Path=/; Secure; SameSite=Lax`]);
    await page.goto('/login/start-microsoft?lang=en&login_hint=sso-one%40acme.test');
    await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
    const deviceId = (await context.cookies(organisationOrigin('acme'))).find((cookie) => cookie.name === 'loginUUID')?.value;
    expect(deviceId).not.toBe(plantedId);
    const calls = signInCalls(await backendCalls(request));
    expect(calls.some((call) => call.path.endsWith('/ssoLogin') && call.deviceId === deviceId)).toBe(true);
    expect(calls.some((call) => call.deviceId === plantedId)).toBe(false);
  });

  test('invitation: addUser and the link request carry one device id minted by the server', async ({ page, request }) => {
    const plantedId = planted();
    await plantFromSibling(page, [`loginUUID=${plantedId}; Domain=${DOMAIN}; Path=/; Secure; SameSite=Lax`]);
    const email = `invited.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@acme.test`;
    await page.goto(`/login/en/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-ok&deviceId=${plantedId}`);
    await page.getByLabel('Your name').fill('Nina');
    await page.getByRole('button', { name: 'Join' }).click();
    await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
    const calls = signInCalls(await backendCalls(request));
    const added = calls.find((call) => call.path.endsWith('/addUser') && call.body?.email === email);
    const verify = calls.find((call) => call.path.endsWith('/verifyUser') && call.path.includes(encodeURIComponent(email)));
    expect(added?.deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(verify?.deviceId).toBe(added?.deviceId);
    expect(added?.body).not.toHaveProperty('deviceId');
    expect(calls.some((call) => call.deviceId === plantedId)).toBe(false);
  });

  test('sign-up: createUser carries the device id minted when the address was entered', async ({ page, request }) => {
    const plantedId = planted();
    await plantFromSibling(page, [`loginUUID=${plantedId}; Domain=${DOMAIN}; Path=/; Secure; SameSite=Lax`]);
    const email = `new.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@acme.test`;
    await page.goto('/login/en');
    await page.getByLabel('Work e-mail').fill(email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await page.getByLabel('Your name').fill('Dana Jansen');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
    const calls = signInCalls(await backendCalls(request));
    const verify = calls.find((call) => call.path.endsWith('/verifyUser') && call.path.includes(encodeURIComponent(email)));
    const create = calls.find((call) => call.path.endsWith('/createUser') && call.body?.email === email);
    expect(create?.deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(create?.deviceId).toBe(verify?.deviceId);
    expect(calls.some((call) => call.deviceId === plantedId)).toBe(false);
  });
});

test.describe('a form posted from another origin', () => {

  // Next's check of a form post compares Origin with X-Forwarded-Host as well as Host: a client
  // that writes the one header to match the other passed it. nginx now sets the header, and the
  // proxy drops it for Next, since the app builds every address from Host alone.
  for (const [through, url, extra] of [
    ['through nginx', `${NGINX}/login/en`, {}],
    ['straight to an instance, as behind a proxy that passes the header on', `http://127.0.0.1:${APP_PORTS[0]}/login/en`, { 'x-forwarded-proto': 'https' }],
  ] as const) {
    test(`is refused ${through}, even naming its own origin in X-Forwarded-Host`, async ({ browser, request }) => {
      const forged = uniqueAddress('anna@acme.test');
      const attack = await request.post(url, {
        multipart: await loginFormFields(browser, forged),
        headers: { host: WEB_HOST, origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', ...extra },
        maxRedirects: 0,
      });
      // Refused before Next by proxy.ts, with one warning line (forged-origin-posts.spec.ts).
      expect(attack.status()).toBe(403);
      expect(await mailed(request, forged)).toBe(false);

      // The control: the same post from the page's own origin sends the link.
      const own = uniqueAddress('anna@acme.test');
      const post = await request.post(url, {
        multipart: await loginFormFields(browser, own),
        headers: { host: WEB_HOST, origin: `https://${WEB_HOST}`, ...extra },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(303);
      expect(await mailed(request, own)).toBe(true);
    });
  }
});
