import { expect, test, type Page } from '@playwright/test';
import { latestSignInLink, newColleague, uniqueAddress } from './support/backend.ts';
import { organisationOrigin } from './support/environment.ts';

/**
 * The strict policy (lib/security-headers.ts) must not cost a single feature: every script of a
 * page runs under its nonce, the islands hydrate, the forms post and their redirects (to an
 * organisation's own host too) are allowed. Any violation the browser reports fails the test.
 */

type Violation = { directive: string; blocked: string };

async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { __violations: typeof seen }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
  return async () => {
    const reported = await page.evaluate(() => (window as unknown as { __violations?: Violation[] }).__violations ?? []).catch(() => []);
    return [...reported, ...fromConsole.map((text) => ({ directive: 'console', blocked: text }))];
  };
}

function nonceOf(policy: string | undefined): string {
  return /'nonce-([^']+)'/.exec(policy ?? '')?.[1] ?? '';
}

// Pages without data of their own too: a prerendered page would carry no nonce and run nothing.
for (const path of ['/login/en', '/login/de/invalid', '/login/nl/user-limit', '/login/en/totp']) {
  test(`every script of ${path} carries the nonce of its own response, and the nonce is new each time`, async ({ page }) => {
    const first = await page.goto(path);
    const policy = first?.headers()['content-security-policy'];
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    const nonce = nonceOf(policy);
    expect(nonce.length).toBeGreaterThanOrEqual(16);

    const scripts = await page.locator('script').evaluateAll((elements) => elements.map((element) => (element as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(scripts)).toEqual(new Set([nonce]));

    const second = await page.reload();
    expect(nonceOf(second?.headers()['content-security-policy'])).not.toBe(nonce);
  });
}

test('e-mail sign-in works under the policy without one violation, from the form to the organisation', async ({ page, context }) => {
  const violations = await watchViolations(page);
  const email = uniqueAddress('anna@acme.test');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.goto('/login/en');
  // Only the hydrated island answers a bad address without asking the server: proof its scripts ran.
  await page.getByLabel('Work e-mail').fill('not an address');
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  expect(await violations()).toEqual([]);

  const linkTab = await context.newPage();
  const linkViolations = await watchViolations(linkTab);
  await linkTab.goto(await latestSignInLink(page.request, email));
  await expect(linkTab).toHaveURL(`${organisationOrigin('acme')}/`);
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
  expect(await linkViolations()).toEqual([]);
});

test('without JavaScript the confirmation form may still send the browser to the organisation (form-action)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => violations.push(message.text()));
  const email = uniqueAddress('anna@acme.test');
  await page.goto('/login/en');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  await page.goto(await latestSignInLink(page.request, email));
  const confirm = page.getByRole('button', { name: /sign in|continue/i });
  if (await confirm.isVisible()) await confirm.click();
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
  expect(violations.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);
  await context.close();
});

test('the single sign-on button and the organisation picker work under the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/login/en');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveTitle(/Local identity provider/);
  await page.getByRole('button', { name: /sso-many@acme\.test/ }).click();
  await expect(page.getByRole('heading', { name: 'Choose your organisation' })).toBeVisible();
  await page.getByRole('button', { name: 'globex' }).click();
  await expect(page).toHaveURL(`${organisationOrigin('globex')}/`);
  expect(await violations()).toEqual([]);
});

test('sign-up and the language links work under the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/login/en');
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/login\/de$/);
  await page.getByLabel('Geschäftliche E-Mail-Adresse').fill(newColleague());
  await page.getByRole('button', { name: /Anmeldelink/ }).click();
  await expect(page).toHaveURL(/\/login\/de\/signup$/);
  // The island's own check runs under the policy: pressed without a name, it says what is missing.
  const create = page.getByRole('button', { name: 'Konto erstellen' });
  await page.waitForLoadState('networkidle');
  await create.click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Bitte geben Sie Ihren Namen ein.');
  await expect(page.getByRole('textbox', { name: 'Ihr Name' })).toBeFocused();
  expect(await violations()).toEqual([]);
});

test('the stylesheet arrives inside the page and applies under its hash; a style the build did not make is refused', async ({ page }) => {
  const violations = await watchViolations(page);
  const stylesheetRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheetRequests.push(request.url());
  });
  const response = await page.goto('/login/en');
  const policy = response?.headers()['content-security-policy'] ?? '';
  const styleSources = /style-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
  expect(styleSources).not.toContain("'unsafe-inline'");
  expect(styleSources.some((source) => source.startsWith("'sha256-"))).toBe(true);

  // One response paints the page: no stylesheet is fetched, and the inline one applies.
  expect(await response?.text()).toMatch(/<style[^>]*>@layer/);
  expect(stylesheetRequests).toEqual([]);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(243, 246, 251)');
  expect(await violations()).toEqual([]);

  // What an injection would add (markup without a script): the browser refuses it.
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { background-color: rgb(255, 0, 0) !important; }';
    document.head.append(style);
  });
  await expect.poll(async () => (await violations()).map((violation) => violation.directive)).toContain('style-src-elem');
  expect(await background()).toBe('rgb(243, 246, 251)');
});
