import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Parser } from 'htmlparser2';
import { latestSignInLink, newColleague, uniqueAddress } from './support/backend.ts';
import { LOGIN_ORIGIN, organisationOrigin } from './support/environment.ts';
import { DOCUMENT, LOGIN_HOST, NGINX, PAGE_RENDERED_PER_REQUEST } from './support/screen-templates.ts';

/**
 * The strict policy (lib/platform/pages/security-headers.ts) must not cost a single feature: every script of a
 * page runs, admitted by its hash (prerendered) or its nonce (rendered per request), the islands hydrate, the forms post and their redirects (to an
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

type PageScript = { src: string | undefined; nonce: string | undefined; text: string };

/** The scripts of a page as a browser's parser finds them (not the app's own reading of them). */
function scriptsOf(html: string): PageScript[] {
  const scripts: PageScript[] = [];
  let current: PageScript | undefined;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script') current = { src: attributes.src, nonce: attributes.nonce, text: '' };
    },
    ontext(text) {
      if (current) current.text += text;
    },
    onclosetag(name) {
      if (name === 'script' && current) scripts.push(current);
      current = undefined;
    },
  }, { decodeEntities: false });
  parser.end(html);
  return scripts;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * Each page's policy admits exactly the scripts that page carries: a prerendered page each inline
 * script by its hash, and no hash for a script it does not carry; a page rendered per request every
 * script by this response's nonce. A page that became prerendered without its hashes, or the
 * reverse, fails here before any browser refuses to run it.
 */
const pages: { path: string; cookie?: string; rendered: 'prerendered' | 'per request' }[] = [
  { path: '/login/en', rendered: 'prerendered' },
  { path: '/login/de?from=web', rendered: 'prerendered' },
  { path: '/login/nl', cookie: '__Host-lastSignInMethod=microsoft', rendered: 'prerendered' },
  { path: '/login/de/invalid', rendered: 'prerendered' },
  { path: '/login/en/invalid/expired', rendered: 'prerendered' },
  { path: '/login/nl/user-limit', rendered: 'prerendered' },
  { path: '/login/en/trial-expired', rendered: 'prerendered' },
  { path: '/login/en/validatelink/declined', rendered: 'prerendered' },
  { path: PAGE_RENDERED_PER_REQUEST, rendered: 'per request' },
  // Filled from their templates (docs/decisions.md, Screens from templates): once per server with its links, per request with the message or the link's query.
  { path: '/login/en/totp', rendered: 'prerendered' },
  { path: '/login/en/bookings-extend?userAction=cancel', rendered: 'prerendered' },
  { path: '/login/nl/invite-user?email=anna%40acme.test&subDomain=acme', rendered: 'prerendered' },
  { path: '/login/en?error=sso-start-again', rendered: 'prerendered' },
  { path: '/login/de?error=user-close', cookie: '__Host-lastSignInMethod=email', rendered: 'prerendered' },
];

for (const { path, cookie, rendered } of pages) {
  test(`the policy of ${path}${cookie ? ` (${cookie})` : ''} admits exactly its own scripts (${rendered})`, async ({ request }) => {
    // As a browser loads a page: naming HTML, which a page filled from its template is given only for.
    const headers = { host: LOGIN_HOST, accept: DOCUMENT, ...(cookie ? { cookie } : {}) };
    const response = await request.get(`${NGINX}${path}`, { headers, maxRedirects: 0 });
    expect(response.status()).toBe(200);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    const scripts = scriptsOf(await response.text());
    const inline = scripts.filter((script) => script.src === undefined);
    expect(inline.length).toBeGreaterThan(0);

    if (rendered === 'prerendered') {
      expect(scriptSources.some((source) => source.startsWith("'nonce-"))).toBe(false);
      // Every inline script by its hash, and nothing more.
      expect(new Set(scriptSources.filter((source) => source.startsWith("'sha256-")))).toEqual(new Set(inline.map((script) => sha256(script.text))));
      // Every other script only from the build's own folder on this host.
      const buildAssets = scriptSources.filter((source) => !source.startsWith("'"));
      expect(buildAssets).toEqual([`${LOGIN_ORIGIN}/login/_next/static/`]);
      for (const script of scripts.filter((script) => script.src !== undefined)) {
        expect(new URL(script.src!, LOGIN_ORIGIN + path).href.startsWith(buildAssets[0]!)).toBe(true);
      }
      // Nothing in front of the app may keep it: every visit reaches the arrival.
      expect(response.headers()['cache-control']).toBe('private, no-cache');
    } else {
      const nonce = nonceOf(policy);
      expect(nonce.length).toBeGreaterThanOrEqual(16);
      expect(scriptSources).toContain("'strict-dynamic'");
      expect(new Set(scripts.map((script) => script.nonce))).toEqual(new Set([nonce]));
      const again = await request.get(`${NGINX}${path}`, { headers, maxRedirects: 0 });
      expect(nonceOf(again.headers()['content-security-policy'])).not.toBe(nonce);
    }
  });
}

test('a prerendered page\'s ETag names its bytes: a browser holding that copy gets 304 with its headers, any other gets the page', async ({ request }) => {
  const load = (path: string, extra: Record<string, string> = {}) => request.get(`${NGINX}${path}`, { headers: { host: LOGIN_HOST, ...extra }, maxRedirects: 0 });
  const page = await load('/login/en?from=web');
  expect(page.status()).toBe(200);
  const etag = page.headers().etag ?? '';
  // nginx's gzip makes it weak (W/"…"); the tag is the SHA-256 of the page as the browser reads it.
  expect(etag.replace(/^W\//, '')).toBe(`"${createHash('sha256').update(await page.body()).digest('base64url')}"`);

  const held = await load('/login/en?from=web', { 'if-none-match': etag });
  expect(held.status()).toBe(304);
  expect((await held.body()).length).toBe(0);
  expect(held.headers()['content-security-policy']).toBe(page.headers()['content-security-policy']);
  expect(held.headers()['cache-control']).toBe('private, no-cache');

  // A copy never skips the arrival: a returning browser holding it is still sent to its organisation.
  const returning = await load('/login/en', { 'if-none-match': etag, cookie: 'flwSubDomain=initech' });
  expect(returning.status()).toBe(303);
  expect(returning.headers().location).toBe(`${organisationOrigin('initech')}/`);

  // Controls: another copy, another variant of the same address, a page rendered per request.
  expect((await load('/login/en?from=web', { 'if-none-match': '"another"' })).status()).toBe(200);
  const variant = await load('/login/en?from=web', { 'if-none-match': etag, cookie: '__Host-lastSignInMethod=microsoft' });
  expect(variant.status()).toBe(200);
  expect(variant.headers().etag).not.toBe(etag);
  const perRequest = await load(PAGE_RENDERED_PER_REQUEST, { 'if-none-match': etag });
  expect(perRequest.status()).toBe(200);
  expect(perRequest.headers().etag).toBeUndefined();
});

test('a prerendered page\'s own address is no page of ours: it leads to the login page', async ({ request }) => {
  const response = await request.get(`${NGINX}/login/de/as-last-used/google`, { headers: { host: LOGIN_HOST }, maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toMatch(/\/login\/de$/);
  // The control: the login page itself is served.
  expect((await request.get(`${NGINX}/login/de`, { headers: { host: LOGIN_HOST }, maxRedirects: 0 })).status()).toBe(200);
});

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
  await page.getByRole('button', { name: 'Globex', exact: true }).click();
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
  // The prerendered page's payload has no copy of it (deploy/stylesheet-once.ts): hydration keeps
  // the one in the document, and the page stays styled.
  await page.waitForLoadState('networkidle');
  const stylesheets = await page.evaluate(() => [...document.querySelectorAll('style[data-href]')].map((style) => style.textContent?.length ?? 0));
  expect(stylesheets).toHaveLength(1);
  expect(stylesheets[0]).toBeGreaterThan(10_000);
  expect(await background()).toBe('rgb(243, 246, 251)');

  // What an injection would add (markup without a script): the browser refuses it.
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { background-color: rgb(255, 0, 0) !important; }';
    document.head.append(style);
  });
  await expect.poll(async () => (await violations()).map((violation) => violation.directive)).toContain('style-src-elem');
  expect(await background()).toBe('rgb(243, 246, 251)');
});
