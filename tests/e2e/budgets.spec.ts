import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BARE_NEXT_PAGE_PATH, BARE_NEXT_STANDALONE } from '../../bench/bare-next.ts';
import { kilobytes, loadedResources, sizesOf, type LoadedResource } from '../../bench/page-bytes.ts';
import { uniqueAddress } from './backend.ts';
import { testPort } from './environment.ts';

/**
 * Size budgets (issue 6), measured as a browser loads the screens through the production
 * topology. The framework floor is a bare Next.js page of the same version, built by
 * tests/e2e/prepare.ts from bench/bare-next; BENCHMARKS.md has the timings (npm run bench).
 */

const JAVASCRIPT_ABOVE_FLOOR_GZIP = 12 * 1024;
const HTML_GZIP = 8 * 1024;
const BARE_NEXT_PORT = testPort(4340);

function scriptList(resources: LoadedResource[]): string {
  return resources
    .filter((resource) => resource.kind === 'js')
    .map((resource) => `  ${new URL(resource.url).pathname} ${kilobytes(resource.gzip)}`)
    .join('\n');
}

test.describe.configure({ mode: 'serial' });

let bareNext: ChildProcess | undefined;
test.beforeAll(async () => {
  expect(existsSync(join(BARE_NEXT_STANDALONE, 'server.js')), 'the bare Next.js page is built by tests/e2e/prepare.ts').toBe(true);
  bareNext = spawn(process.execPath, ['server.js'], {
    cwd: BARE_NEXT_STANDALONE,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOSTNAME: '127.0.0.1', PORT: String(BARE_NEXT_PORT), NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${BARE_NEXT_PORT}${BARE_NEXT_PAGE_PATH}`).catch(() => undefined))?.status ?? 0, { timeout: 20_000 })
    .toBe(200);
});
test.afterAll(() => {
  bareNext?.kill('SIGKILL');
});

async function frameworkFloor(page: Page): Promise<LoadedResource[]> {
  return loadedResources(page, `http://127.0.0.1:${BARE_NEXT_PORT}${BARE_NEXT_PAGE_PATH}`);
}

test(`/login/en loads at most ${kilobytes(JAVASCRIPT_ABOVE_FLOOR_GZIP)} of JavaScript (gzip) above a bare Next.js page`, async ({ page }) => {
  const floor = await frameworkFloor(page);
  const login = await loadedResources(page, '/login/en');
  const floorGzip = sizesOf(floor, 'js').gzip;
  const loginGzip = sizesOf(login, 'js').gzip;
  // A floor without the framework's own scripts would make any page pass.
  expect(floorGzip, `the bare page's scripts:\n${scriptList(floor)}`).toBeGreaterThan(50 * 1024);
  expect(
    loginGzip - floorGzip,
    `/login/en loads ${kilobytes(loginGzip)} of JavaScript against the floor's ${kilobytes(floorGzip)}:\n${scriptList(login)}\nthe floor:\n${scriptList(floor)}`,
  ).toBeLessThanOrEqual(JAVASCRIPT_ABOVE_FLOOR_GZIP);
});

test(`the login page, the mail-sent view and /totp each send at most ${kilobytes(HTML_GZIP)} of HTML (gzip)`, async ({ page }) => {
  const login = sizesOf(await loadedResources(page, '/login/en'), 'html');
  const totp = sizesOf(await loadedResources(page, '/login/en/totp'), 'html');

  await page.goto('/login/en');
  await page.getByLabel('Work e-mail').fill(uniqueAddress('anna@acme.test'));
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const mailSent = sizesOf(await loadedResources(page, '/login/en/mail-sent'), 'html');

  for (const [screen, html] of [
    ['/login/en', login],
    ['/totp', totp],
    ['mail-sent', mailSent],
  ] as const) {
    expect(html.files, `${screen}: one document`).toBe(1);
    expect(html.gzip, `${screen}: ${kilobytes(html.gzip)} of HTML`).toBeLessThanOrEqual(HTML_GZIP);
  }
});
