import { expect, test, type Page } from '@playwright/test';
import { backendCalls, latestSignInLink, uniqueAddress } from './support/backend.ts';
import { BACKEND_ORIGIN, DOMAIN, LOGIN_ORIGIN, organisationOrigin } from './support/environment.ts';
import { confirmElsewhere, requestLink } from './support/sign-in.ts';

test('a returning user signs in by e-mail: the waiting tab follows the link opened in another tab within a second', async ({ page, context, request }) => {
  const email = uniqueAddress('anna@acme.test');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/login\/en$/);

  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for you to open the link' })).toBeVisible();

  const link = await latestSignInLink(request, email);
  const linkTab = await context.newPage();
  await linkTab.goto(link);
  await expect(linkTab).toHaveURL(`${organisationOrigin('acme')}/`);
  await expect(linkTab.getByTestId('landing-organisation')).toHaveText('acme');

  // The poll interval is 5 s: only the tab-to-tab message can make the waiting tab this quick.
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`, { timeout: 1_500 });

  const cookies = await context.cookies(organisationOrigin('acme'));
  const byName = Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie]));
  for (const name of ['loginUUID', 'flwSubDomain', 'acmeAccessToken', 'currentUser']) {
    expect(byName[name], `cookie ${name}`).toMatchObject({ domain: `.${DOMAIN}`, path: '/', secure: true, sameSite: 'Lax' });
  }
  expect(byName.flwSubDomain?.value).toBe('acme');
  expect(decodeURIComponent(byName.currentUser?.value ?? '')).toBe(email);
  for (const name of ['loginUUID', 'acmeAccessToken']) expect(byName[name]?.httpOnly, name).toBe(true);
  // What only this app reads stays on its own host: the sealed lastLogin and the device id's binding.
  const ownHost = (await context.cookies(LOGIN_ORIGIN)).filter((cookie) => cookie.domain === `web.${DOMAIN}`);
  for (const name of ['__Host-lastLogin', '__Host-deviceBinding']) {
    expect(ownHost.find((cookie) => cookie.name === name), `cookie ${name}`).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
  }
  expect(cookies.map((cookie) => cookie.name)).not.toContain('__Host-lastLogin');
  expect(cookies.find((cookie) => cookie.name === '__Host-emailSignIn')).toBeUndefined();
});

test('a waiting view keeps one status request open instead of asking every 5 s, and gives it up to follow a link opened in another tab at once', async ({ page, context, request }) => {
  const email = uniqueAddress('anna@acme.test');
  const STATUS = `${LOGIN_ORIGIN}/login/api/email-sign-in/status?hold=pending`;
  const asked: string[] = [];
  const givenUp: string[] = [];
  page.on('request', (sent) => void (sent.url().includes('/api/email-sign-in/status') && asked.push(sent.url())));
  page.on('requestfailed', (failed) => void (failed.url().includes('/api/email-sign-in/status') && givenUp.push(failed.url())));
  await requestLink(page, email);
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for you to open the link' })).toBeVisible();
  // Asking every 5 s, the view would have asked twice by now; its one request is still held.
  await page.waitForTimeout(12_000);
  expect(asked).toEqual([STATUS]);

  const linkTab = await context.newPage();
  await linkTab.goto(await latestSignInLink(request, email));
  await expect(linkTab).toHaveURL(`${organisationOrigin('acme')}/`);
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`, { timeout: 1_500 });
  // The held request carried the cookies from before the link's tab confirmed: the view gave it up and asked afresh.
  expect(givenUp).toEqual([STATUS]);
  expect(asked.slice(0, 2)).toEqual([STATUS, STATUS]);
});

test('a link opened on another device signs in that device; the waiting browser asks for the code shown there and continues with it', async ({ page, browser, request }) => {
  const email = uniqueAddress('bert@globex.test');
  await requestLink(page, email);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const phone = await browser.newContext({ ignoreHTTPSErrors: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  // Not the browser that asked: the person confirms that it was them, and chooses where to go on.
  const code = await confirmElsewhere(phonePage, await latestSignInLink(request, email));
  await expect(phonePage.getByRole('heading', { name: 'Link confirmed' })).toBeVisible();
  await expect(phonePage).toHaveURL(/\/login\/en\/validatelink\?/);
  await phonePage.getByRole('link', { name: 'Continue here' }).click();
  await expect(phonePage).toHaveURL(`${organisationOrigin('globex')}/`);
  await phone.close();

  // At its next poll the waiting page asks for the code, with the field ready for it.
  const codeField = page.getByRole('textbox', { name: 'Code of six digits' });
  await expect(codeField).toBeFocused({ timeout: 8_000 });
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(page).toHaveTitle(/^Type the code from the other browser/);
  // The text above says where the link was confirmed; the status below does not say it again.
  await expect(page.getByRole('main')).toContainText('confirmed in another browser', { useInnerText: true });
  await expect(page.getByRole('main')).not.toContainText('Link confirmed in another browser.', { useInnerText: true });
  // Typed or pasted with a space, only the digits arrive.
  await codeField.pressSequentially(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(codeField).toHaveValue(code);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(`${organisationOrigin('globex')}/`);
});

test('two tabs wait for one link: confirmed on another device, both ask for its code, the second within a look of the first', async ({ page, context, browser, request }) => {
  const email = uniqueAddress('bert@globex.test');
  await requestLink(page, email);
  const secondTab = await context.newPage();
  await secondTab.goto(`${LOGIN_ORIGIN}/login/en/mail-sent`);
  const asked = new Map<Page, string[]>([[page, []], [secondTab, []]]);
  for (const [tab, urls] of asked) tab.on('request', (sent) => void (sent.url().includes('/api/email-sign-in/status') && urls.push(new URL(sent.url()).search)));
  for (const tab of [page, secondTab]) await expect(tab.getByRole('status').filter({ hasText: 'Waiting for you to open the link' })).toBeVisible();

  const phone = await browser.newContext({ ignoreHTTPSErrors: true });
  await confirmElsewhere(await phone.newPage(), await latestSignInLink(request, email));
  await phone.close();
  const codeEntry = (tab: Page) => tab.getByRole('heading', { name: 'Type the code from the other browser' });
  await expect.poll(async () => (await codeEntry(page).isVisible()) || (await codeEntry(secondTab).isVisible()), { timeout: 20_000 }).toBe(true);
  // The tab that learns it first seals it in the browser's cookie; the other asks with that cookie
  // while it still shows the wait, and is answered at once rather than held for 20 s.
  for (const tab of [page, secondTab]) await expect(codeEntry(tab)).toBeVisible({ timeout: 10_000 });
  // Each view names what it shows; the code entry waits on, held, for a decline.
  for (const [tab, urls] of asked) {
    await expect.poll(() => urls.at(-1)).toBe('?hold=code-needed');
    expect(urls.slice(0, -1).every((search) => search === '?hold=pending'), `${tab.url()}: ${urls.join(' ')}`).toBe(true);
  }
});

test('the mail-sent view locks "send again" for 30 seconds and explains why', async ({ page }) => {
  await page.clock.install();
  await requestLink(page, uniqueAddress('anna@acme.test'));
  const sendAgain = page.getByRole('button', { name: 'Send again' });
  await expect(sendAgain).toHaveAttribute('aria-disabled', 'true');
  await expect(sendAgain).toHaveAttribute('title', 'Please wait 30 seconds before sending again.');
  await expect(page.getByText(/You can send again in \d+ s\./)).toBeVisible();

  await page.clock.fastForward(31_000);
  await expect(sendAgain).toHaveAttribute('aria-disabled', 'false');
});

test('German: the whole e-mail sign-in speaks German', async ({ page, request }) => {
  const email = uniqueAddress('carla@initech.test');
  await page.goto('/login/de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByLabel('Geschäftliche E-Mail').fill(email);
  await page.getByRole('button', { name: 'Anmeldelink senden' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sehen Sie in Ihrem Posteingang nach');

  await page.goto(await latestSignInLink(request, email));
  await expect(page).toHaveURL(`${organisationOrigin('initech')}/`);
});

test('without JavaScript, entering an e-mail reaches the mail-sent view and the link still signs in', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const email = uniqueAddress('anna@acme.test');
  await requestLink(page, email);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  // Said by the server, from the time it sent the link.
  await expect(page.getByText('The link was sent just now.', { exact: true })).toBeVisible();

  await page.goto(await latestSignInLink(request, email));
  await page.getByRole('button', { name: 'Continue signing in' }).click();
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
  await context.close();
});

test('without JavaScript, the answer to the prerendered login form shows in place of the form: a refused address, an ended trial, a limit', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const answers = [
    { address: 'not-found@errors.test', shows: page.getByRole('main').getByText('User not found') },
    { address: 'trial-expired@errors.test', shows: page.getByRole('heading', { level: 1, name: 'Your free trial has ended' }) },
    { address: 'rate-limited@errors.test', shows: page.getByRole('heading', { level: 1, name: 'Please wait a moment' }) },
  ];
  for (const { address, shows } of answers) {
    const loaded = await page.goto('/login/en');
    // The page a browser without script posts from is the prerendered one.
    expect(loaded?.headers()['content-security-policy']).not.toContain("'nonce-");
    await page.getByLabel('Work e-mail').fill(address);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(shows).toBeVisible();
  }
  await context.close();
});

test('a post made before the script ran keeps its answer once the page hydrates: a refused address, an ended trial, a limit', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const answers = [
    { address: 'not-found@errors.test', heading: 'Sign in', shows: page.getByRole('main').getByText('User not found') },
    { address: 'trial-expired@errors.test', heading: 'Your free trial has ended', shows: page.getByRole('heading', { level: 1, name: 'Your free trial has ended' }) },
    { address: 'rate-limited@errors.test', heading: 'Please wait a moment', shows: page.getByRole('heading', { level: 1, name: 'Please wait a moment' }) },
  ];
  for (const { address, heading, shows } of answers) {
    await page.goto('/login/en');
    // As the browser posts the form when a person sends it before React took it over: a copy,
    // which no script intercepts, so the answer arrives as a document and then hydrates.
    const answered = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.evaluate((email) => {
      const copy = document.querySelector('form')!.cloneNode(true) as HTMLFormElement;
      copy.querySelector<HTMLInputElement>('input[type="email"]')!.value = email;
      copy.hidden = true;
      document.body.append(copy);
      copy.submit();
    }, address);
    await answered;
    await page.waitForLoadState('load');
    // Hydrated: React marks the heading it took over. Only then could an answer it cannot read break the page.
    await expect.poll(() => page.locator('h1').evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(shows).toBeVisible();
  }
  expect(pageErrors).toEqual([]);
});

test('a mail scanner fetching the link does not use it up', async ({ page, browser, request }) => {
  const email = uniqueAddress('anna@acme.test');
  await requestLink(page, email);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const link = await latestSignInLink(request, email);

  const scanner = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true });
  const scanned = await (await scanner.newPage()).goto(link);
  expect(scanned?.status()).toBe(200);
  await scanner.close();

  const uuid = new URL(link).searchParams.get('uuid') ?? '';
  const stillPending = await request.get(`${BACKEND_ORIGIN}/api/v1/flw/auth/${uuid}/isValidId/`);
  expect(stillPending.status()).toBe(404);
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
});

test('a tampered link leads to the invalid-link page', async ({ page, request }) => {
  const email = uniqueAddress('anna@acme.test');
  await requestLink(page, email);
  const link = new URL(await latestSignInLink(request, email));
  link.searchParams.set('signature', 'f'.repeat(64));
  await page.goto(link.toString());
  await expect(page).toHaveURL(/\/login\/en\/invalid$/);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await expect(page).toHaveURL(/\/login\/en$/);
});

test('a link works once: opened again after it signed someone in, it says so and leads back to sign-in', async ({ page, browser, request }) => {
  const email = uniqueAddress('anna@acme.test');
  await requestLink(page, email);
  const link = await latestSignInLink(request, email);
  await page.goto(link);
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);

  const later = await browser.newContext({ ignoreHTTPSErrors: true });
  const laterPage = await later.newPage();
  await laterPage.goto(link);
  await laterPage.getByRole('button', { name: 'Yes, sign me in' }).click();
  await expect(laterPage).toHaveURL(/\/login\/en\/invalid$/);
  await expect(laterPage.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(laterPage.getByText('has been used already')).toBeVisible();
  expect((await later.cookies(organisationOrigin('acme'))).map((cookie) => cookie.name)).not.toContain('acmeAccessToken');
  await later.close();
});

test('a fresh form for an address that just got a link sends none for 30 s, from any browser; another address is not held up', async ({ page, browser, request }) => {
  const email = uniqueAddress('anna@acme.test');
  await requestLink(page, email);
  const other = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: LOGIN_ORIGIN });
  const otherPage = await other.newPage();
  for (let post = 0; post < 5; post += 1) {
    await otherPage.goto('/login/en');
    await otherPage.getByLabel('Work e-mail').fill(email);
    await otherPage.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(otherPage.getByRole('heading', { name: 'Please wait a moment' })).toBeVisible();
  }
  const asked = (await backendCalls(request)).filter((call) => call.path.endsWith('/verifyUser') && call.path.includes(encodeURIComponent(email)));
  expect(asked).toHaveLength(1);
  // Positive control: another address gets its link at once, from the same browser.
  await requestLink(otherPage, uniqueAddress('bert@globex.test'));
  await other.close();
});
