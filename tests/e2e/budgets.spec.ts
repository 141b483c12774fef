import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { BARE_NEXT_PAGE_PATH, BARE_NEXT_STANDALONE } from '../../bench/bare-next.ts';
import { gzipSize, kilobytes, measuredResources, withoutInlineStylesheets, type MeasuredResource } from '../../bench/page-bytes.ts';
import { SIZE_BUDGETS } from '../../bench/size-budgets.ts';
import { uniqueAddress } from './support/backend.ts';
import { LOGIN_SCREEN, SCREENS, type Screen } from './support/screens.ts';
import { PAGE_RENDERED_PER_REQUEST } from './support/screen-templates.ts';
import { requestLink } from './support/sign-in.ts';
import { APP_PORTS, DOMAIN, HTTPS_PORT, testPort } from './support/environment.ts';

/**
 * Size budgets (issue 6), measured as a browser loads the screens through the production
 * topology. The framework floor is a bare Next.js page of the same version, built by
 * tests/e2e/support/prepare.ts from bench/bare-next; BENCHMARKS.md has the timings (npm run bench).
 */

const BARE_NEXT_PORT = testPort(4340);

/** A response of a page load with its body's size gzipped: all that the budgets read. */
type Loaded = MeasuredResource<{ gzip: number }>;

function loadedGzip(page: Page, url: string): Promise<Loaded[]> {
  return measuredResources(page, url, (body) => ({ gzip: gzipSize(body) }));
}

function scriptsGzip(resources: Loaded[]): number {
  return resources.filter((resource) => resource.kind === 'js').reduce((sum, resource) => sum + resource.gzip, 0);
}

function scriptList(resources: Loaded[]): string {
  return resources
    .filter((resource) => resource.kind === 'js')
    .map((resource) => `  ${new URL(resource.url).pathname} ${kilobytes(resource.gzip)}`)
    .join('\n');
}

test.describe.configure({ mode: 'serial' });

let bareNext: ChildProcess | undefined;
/** The bare page's load, the same for every screen: loaded once. */
let floor: Loaded[];
test.beforeAll(async ({ browser }) => {
  expect(existsSync(join(BARE_NEXT_STANDALONE, 'server.js')), 'the bare Next.js page is built by tests/e2e/support/prepare.ts').toBe(true);
  bareNext = spawn(process.execPath, ['server.js'], {
    cwd: BARE_NEXT_STANDALONE,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOSTNAME: '127.0.0.1', PORT: String(BARE_NEXT_PORT), NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${BARE_NEXT_PORT}${BARE_NEXT_PAGE_PATH}`).catch(() => undefined))?.status ?? 0, { timeout: 20_000 })
    .toBe(200);
  const page = await browser.newPage();
  floor = await loadedGzip(page, `http://127.0.0.1:${BARE_NEXT_PORT}${BARE_NEXT_PAGE_PATH}`);
  await page.close();
});
test.afterAll(() => {
  bareNext?.kill('SIGKILL');
});

/** The login page is held to the tighter budget: everyone meets it every morning. */
function javascriptBudget(screen: Screen): number {
  return screen === LOGIN_SCREEN ? SIZE_BUDGETS.loginJavascriptAboveFloor : SIZE_BUDGETS.screenJavascriptAboveFloor;
}


for (const screen of SCREENS) {
  const budget = javascriptBudget(screen);
  test(`${screen.name} loads at most ${kilobytes(budget)} of JavaScript (gzip) above a bare Next.js page`, async ({ page }) => {
    const loaded = await loadedGzip(page, await screen.open(page));
    const floorGzip = scriptsGzip(floor);
    const screenGzip = scriptsGzip(loaded);
    // A floor without the framework's own scripts would make any page pass.
    expect(floorGzip, `the bare page's scripts:\n${scriptList(floor)}`).toBeGreaterThan(50 * 1024);
    expect(
      screenGzip - floorGzip,
      `${screen.name} loads ${kilobytes(screenGzip)} of JavaScript against the floor's ${kilobytes(floorGzip)}:\n${scriptList(loaded)}\nthe floor:\n${scriptList(floor)}`,
    ).toBeLessThanOrEqual(budget);
  });
}

/**
 * The document, and the same without the stylesheet it carries (next.config.mjs inlines it): in
 * its `<style>` element and once more in the framework's inline payload (for client navigation).
 */
async function documentSizes(
  page: Page,
  path: string,
): Promise<{ documentGzip: number; markupGzip: number; inlineStylesheetGzip: number; stylesheetRequests: number; payloadCopies: number }> {
  let stylesheetRequests = 0;
  const countStylesheets = (request: import('@playwright/test').Request) => {
    if (request.resourceType() === 'stylesheet') stylesheetRequests += 1;
  };
  page.on('request', countStylesheets);
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  page.off('request', countStylesheets);
  const html = (await response?.text()) ?? '';
  const { markup, stylesheets, payloadCopies } = withoutInlineStylesheets(html);
  return {
    documentGzip: gzipSync(html, { level: 6 }).length,
    markupGzip: gzipSync(markup, { level: 6 }).length,
    inlineStylesheetGzip: gzipSync(stylesheets.join(''), { level: 6 }).length,
    stylesheetRequests,
    payloadCopies,
  };
}

test(`the login page, the mail-sent view and /totp each send at most ${kilobytes(SIZE_BUDGETS.html)} of HTML (gzip) besides the stylesheet they carry, and fetch no stylesheet`, async ({ page }) => {
  const login = await documentSizes(page, '/login/en');
  const totp = await documentSizes(page, '/login/en/totp');
  await requestLink(page, uniqueAddress('anna@acme.test'));
  const mailSent = await documentSizes(page, '/login/en/mail-sent');

  for (const [screen, sizes] of [
    ['/login/en', login],
    ['/totp', totp],
    ['mail-sent', mailSent],
  ] as const) {
    // The first response paints the page: its stylesheet is inside, not one more round trip away.
    expect(sizes.stylesheetRequests, `${screen}: stylesheets fetched`).toBe(0);
    expect(sizes.inlineStylesheetGzip, `${screen}: ${kilobytes(sizes.inlineStylesheetGzip)} of inline stylesheet`).toBeGreaterThan(1024);
    expect(sizes.inlineStylesheetGzip, `${screen}: ${kilobytes(sizes.inlineStylesheetGzip)} of inline stylesheet`).toBeLessThanOrEqual(SIZE_BUDGETS.inlineStylesheet);
    expect(sizes.markupGzip, `${screen}: ${kilobytes(sizes.markupGzip)} of HTML besides the stylesheet`).toBeLessThanOrEqual(SIZE_BUDGETS.html);
    // Where the payload still has a second copy (rendered per request), it compresses against the first.
    expect(sizes.documentGzip, `${screen}: ${kilobytes(sizes.documentGzip)} in all`).toBeLessThanOrEqual(SIZE_BUDGETS.html + SIZE_BUDGETS.inlineStylesheet);
  }
  // The most requested page, prerendered (issue 33): no words of views it rarely shows, no not-found page.
  expect(login.documentGzip, `/login/en: ${kilobytes(login.documentGzip)} in all`).toBeLessThanOrEqual(SIZE_BUDGETS.loginPage);
  // Prerendered, a page carries its stylesheet once (deploy/stylesheet-once.ts), and so does one
  // filled from its template; rendered per request, a page still has Next's second copy in its
  // payload, which shows that a copy would be found.
  expect(login.payloadCopies, '/login/en: copies of the stylesheet in the payload').toBe(0);
  expect(mailSent.payloadCopies, 'mail-sent: copies of the stylesheet in the payload').toBe(0);
  expect((await documentSizes(page, PAGE_RENDERED_PER_REQUEST)).payloadCopies, "a sign-in link's page: copies of the stylesheet in the payload").toBe(1);
});

test('nginx compresses the pages and scripts the app sends; the app itself spends no CPU on gzip', async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', async (response) => {
    const kind = response.request().resourceType();
    // nginx leaves alone what is too small to gain (gzip_min_length 1024).
    if ((kind === 'document' || kind === 'script') && (await response.body()).length >= 1024) {
      encodings.set(`${kind} ${new URL(response.url()).pathname}`, (await response.allHeaders())['content-encoding']);
    }
  });
  await page.goto('/login/en', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(encodings.get('document /login/en')).toBe('gzip');
  const scripts = [...encodings].filter(([name]) => name.startsWith('script '));
  expect(scripts.length).toBeGreaterThan(3);
  for (const [name, encoding] of scripts) expect(encoding, name).toBe('gzip');

  // The same request straight to an instance: the page, as it is, for nginx to compress.
  const direct = await fetch(`http://127.0.0.1:${APP_PORTS[0]}/login/en`, {
    headers: { host: `web.${DOMAIN}:${HTTPS_PORT}`, 'x-forwarded-proto': 'https', 'accept-encoding': 'gzip, br' },
  });
  expect(direct.status).toBe(200);
  expect(direct.headers.get('content-encoding')).toBeNull();
  expect(await direct.text()).toMatch(/<h1 [^>]*>Sign in<\/h1>/);
});
