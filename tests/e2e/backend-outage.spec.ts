import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { uniqueAddress } from './support/backend.ts';
import { dedicatedOrigin, startDeployment, type Deployment } from './support/dedicated-deployment.ts';
import { backendEnvironment, testPort } from './support/environment.ts';

/**
 * Readiness is this instance's own (contracts section 8): with the development backend's process
 * stopped, not a fault switched on, the instance stays in nginx's upstream, the login page
 * answers, and a person who submits their address reads the app's translated "service not
 * reachable", never nginx's bare 502. The outage shows in `desk_login_backend_reachable`.
 */

test.describe.configure({ mode: 'serial' });

const HTTPS_PORT = testPort(4630);
const HTTP_PORT = testPort(4639);
const APP_PORT = testPort(4631);
const BACKEND_PORT = testPort(4632);
const ORIGIN = dedicatedOrigin(HTTPS_PORT);
const BACKEND_ORIGIN = `http://127.0.0.1:${BACKEND_PORT}`;

const languages = ['en', 'de', 'nl'] as const;
type Language = (typeof languages)[number];
const dictionaries = Object.fromEntries(languages.map((language) => [language, JSON.parse(readFileSync(`messages/${language}.json`, 'utf8'))])) as Record<
  Language,
  Record<string, Record<string, string>>
>;
function text(language: Language, key: string): string {
  const [namespace = '', name = ''] = key.split('.');
  const value = dictionaries[language][namespace]?.[name];
  if (!value) throw new Error(`no message ${key} in ${language}`);
  return value;
}

let backend: ChildProcess | undefined;
let deployment: Deployment;

async function startBackend(): Promise<void> {
  backend = spawn(process.execPath, ['dev/backend/server.ts'], { env: { ...process.env, ...backendEnvironment(BACKEND_PORT, ORIGIN) }, stdio: 'ignore' });
  await expect.poll(async () => (await fetch(`${BACKEND_ORIGIN}/__dev/fault`).catch(() => undefined))?.status ?? 0, { timeout: 30_000 }).toBe(200);
}

async function stopBackend(): Promise<void> {
  const child = backend;
  backend = undefined;
  if (!child || child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

async function metric(name: string): Promise<number | undefined> {
  const body = await (await fetch(`http://127.0.0.1:${deployment.instances[0]!.metricsPort}/metrics`)).text();
  const line = body.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await startBackend();
  deployment = await startDeployment('backend-outage', {
    httpsPort: HTTPS_PORT,
    httpPort: HTTP_PORT,
    appPorts: [APP_PORT],
    environment: { BACKEND_URL: BACKEND_ORIGIN },
  });
});
test.afterAll(async () => {
  await deployment?.stop();
  await stopBackend();
});

/** The e-mail form of the login page, submitted with a known address, through nginx. */
async function submitAddress(page: Page, language: Language): Promise<void> {
  const loaded = await page.goto(`${ORIGIN}/login/${language}`);
  expect(loaded?.status()).toBe(200);
  await page.getByLabel(text(language, 'login.emailLabel')).fill(uniqueAddress('anna@acme.test'));
  await page.getByRole('button', { name: text(language, 'login.submit') }).click();
}

test('with the backend up, the address reaches the mail-sent view (the control)', async ({ browser }) => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await submitAddress(page, 'en');
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: text('en', 'mailSent.heading') })).toBeVisible();
  expect(await metric('desk_login_backend_reachable')).toBe(1);
  await context.close();
});

/** The readiness probe through nginx, as a browser asks it (the browser alone resolves *.desk.test here). */
async function readiness(page: Page): Promise<{ status: number | undefined; body: string }> {
  const answer = await page.goto(`${ORIGIN}/login/api/ready`);
  return { status: answer?.status(), body: (await answer?.text()) ?? '' };
}

test('with the backend stopped, the instance stays ready and says "not reachable" in each language, never a 502', async ({ browser }) => {
  await stopBackend();
  const probe = await browser.newContext({ ignoreHTTPSErrors: true });
  const probePage = await probe.newPage();
  expect(await readiness(probePage)).toEqual({ status: 200, body: '{"status":"ready"}' });
  for (const language of languages) {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await submitAddress(page, language);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(text(language, 'errors.serviceUnavailable'), { timeout: 10_000 });
    await expect(page).toHaveURL(new RegExp(`/login/${language}$`));
    await context.close();
  }
  // The probes too: the instance stayed in nginx's upstream the whole time.
  expect(await readiness(probePage)).toEqual({ status: 200, body: '{"status":"ready"}' });
  await probe.close();
  expect(deployment.forwarded().filter((forwarded) => forwarded.status >= 500)).toEqual([]);
  expect(deployment.forwarded().filter((forwarded) => forwarded.method === 'POST' && forwarded.path.startsWith('/login/')).length).toBeGreaterThanOrEqual(languages.length);
  expect(await metric('desk_login_ready')).toBe(1);
  expect(await metric('desk_login_backend_reachable')).toBe(0);
});
