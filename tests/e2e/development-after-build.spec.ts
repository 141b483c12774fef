import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import { devPorts } from '../../dev/ports.ts';
import { CHROMIUM_SHELL_PATH, SERVER_LOG_DIRECTORY, serverLog, testPort } from './support/environment.ts';

/**
 * `npm run dev` in a checkout that holds a production build, as every checkout does after
 * `npm test` or `npm run screenshots`: the development world must use nothing of that build. Its
 * pages hydrate, and `npm run walk-through` passes every step against it. The build is the suite's
 * own (`npm run test:e2e` builds before Playwright starts): this spec builds nothing.
 *
 * Issue 49: `npm run dev` also asks for every route once in the background after start
 * (dev/warm-up.ts), so that a person's first click does not wait for next dev to compile. The
 * terminal says when it is done, and no visit after that compiles anything: next dev logs each
 * compilation ("○ Compiling /[lang]/signup ..."), and none may follow the warm-up's line.
 */

// One worker, one development server, for both tests; the second runs when the first failed too.
test.describe.configure({ mode: 'default' });

// `npm run dev` holds six consecutive ports from DEV_PORT (dev/ports.ts), all named here so that
// no other spec takes one (tests/unit/e2e-ports.test.ts); 4646 to 4649 are kept free for it.
const DEV_PORTS = [testPort(4640), testPort(4641), testPort(4642), testPort(4643), testPort(4644), testPort(4645)];
const DEV_PORT = DEV_PORTS[0]!;
const HOST = `web.desk.localhost:${DEV_PORT}`;
const LOGIN = `http://${HOST}/login`;
const WARMED_UP = /warm\s+│ \d+ routes compiled in \d+ s/;
// next dev may colour its "○", so only the words are matched.
const COMPILING = /Compiling (\/\S*) \.\.\./g;

let development: ChildProcess | undefined;
let logFile: string;

/** The status of a page through the gateway, as a browser would ask for it (Node's resolver may not know *.localhost). */
function pageStatus(path = '/login/en'): Promise<number> {
  return new Promise((resolve) => {
    request({ host: '127.0.0.1', port: DEV_PORT, path, headers: { host: HOST } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    })
      .on('error', () => resolve(0))
      .end();
  });
}

function log(): string {
  return readFileSync(logFile, 'utf8');
}

function logTail(): string {
  return log().split('\n').slice(-30).join('\n');
}

test.beforeAll(async () => {
  // The first visit compiles the login page: seconds when idle, a minute when the suite is busy.
  test.setTimeout(240_000);
  expect(Object.values(devPorts({ DEV_PORT: String(DEV_PORT) })).map((port) => port.port)).toEqual(DEV_PORTS);

  // The build the development server must ignore: prerendered pages, with the hashes of their scripts.
  const manifest = JSON.parse(readFileSync('.next/prerender-manifest.json', 'utf8')) as { routes: Record<string, { routeType?: string }> };
  const pages = Object.entries(manifest.routes).filter(([path, route]) => route.routeType === 'page' && existsSync(`.next/server/app${path}.html`));
  expect(pages.length, 'a production build in .next (npm run build)').toBeGreaterThan(0);

  mkdirSync(SERVER_LOG_DIRECTORY, { recursive: true });
  logFile = serverLog('development-after-build');
  const output = openSync(logFile, 'w');
  const environment: NodeJS.ProcessEnv = { ...process.env, DEV_PORT: String(DEV_PORT) };
  // DEV_PORT alone places every server; a port set in the environment would win over it.
  for (const variable of ['GATEWAY_PORT', 'DEV_BACKEND_PORT', 'APP_PORT', 'IDP_PORT', 'IDP_GENERIC_PORT', 'METRICS_PORT']) delete environment[variable];
  development = spawn(process.execPath, ['dev/run.ts'], { env: environment, stdio: ['ignore', output, output] });
  closeSync(output);
  const stopped = new Promise<string>((resolve) => development!.once('exit', (code) => resolve(`npm run dev stopped (exit code ${code}):\n${logTail()}`)));
  const started = (async () => {
    await expect.poll(() => pageStatus(), { timeout: 200_000, intervals: [500, 1_000] }).toBe(200);
    return undefined;
  })();
  const failure = await Promise.race([started, stopped]);
  if (failure) throw new Error(failure);
});

test.afterAll(async () => {
  const child = development;
  if (!child || child.exitCode !== null) return;
  // dev/run.ts stops the process groups of its servers on SIGTERM, and ends when they have.
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
});

test('after a production build, npm run dev serves pages whose scripts run: the login page hydrates without a policy violation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  const posts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST') posts.push(sent.url());
  });

  const response = await page.goto(`${LOGIN}/en`);
  // React marks the nodes it has hydrated; only the hydrated island answers a bad address without the server.
  const field = page.getByLabel('Work e-mail');
  await expect.poll(() => field.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')))).toBe(true);
  await field.fill('not an address');
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
  expect(posts).toEqual([]);
  expect(await violations()).toEqual([]);
  expect(refused).toEqual([]);
  // next dev renders every page per request: each script is admitted by the response's nonce.
  const scriptSource = /script-src ([^;]*)/.exec(response!.headers()['content-security-policy'] ?? '')?.[1] ?? '';
  expect(scriptSource).toContain("'nonce-");
  expect(scriptSource).not.toContain("'sha256-");

  // The control: the same watch sees a script the policy refuses, an inline handler.
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.setAttribute('onclick', 'window.__ranUnadmitted = true');
    document.body.append(button);
    button.click();
  });
  await expect.poll(violations).toEqual(['script-src-attr inline']);
  expect(await page.evaluate(() => (window as unknown as { __ranUnadmitted?: boolean }).__ranUnadmitted)).toBeUndefined();
});

test('npm run walk-through passes every step against that npm run dev', async () => {
  // Ten steps, each compiling the routes it visits first: two minutes alone, seven to over ten
  // when the suite's other workers share the two cores (each step prints what it took). The limit
  // only stops a hang: how long the steps take is the suite's load, not this test's finding.
  test.setTimeout(930_000);
  const walkThrough = spawn(process.execPath, ['dev/walk-through.ts'], {
    env: { ...process.env, DEV_PORT: String(DEV_PORT), CHROMIUM: CHROMIUM_SHELL_PATH },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Ended before the test's own time is up, so that it leaves no browser behind.
    timeout: 900_000,
  });
  let output = '';
  walkThrough.stdout.on('data', (chunk: Buffer) => (output += chunk));
  walkThrough.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => walkThrough.once('close', resolve));
  await test.info().attach('walk-through', { body: output, contentType: 'text/plain' });
  expect(code, output).toBe(0);
  expect(output).toContain('walk-through: every flow passed');
});

test('the terminal says the warm-up is under way and when it is done; no visit after it compiles anything', async () => {
  // Every route compiled once, beside the walk-through above: a minute when idle, several when busy.
  test.setTimeout(540_000);
  await expect.poll(() => WARMED_UP.test(log()), { timeout: 520_000, intervals: [1_000] }).toBe(true);
  for (const path of ['/login/en', '/login/en?error=user-close', '/login/en/mail-sent', '/login/en/signup', '/login/en/validatelink']) {
    expect(await pageStatus(path), path).toBeLessThan(500);
  }
  const [beforeWarm = '', afterWarm = ''] = log().split(WARMED_UP);
  expect(beforeWarm).toContain('Warm-up: every route is asked for once in the background now');
  // The control: the same reader sees next dev's compilations before the line, those the warm-up
  // and the first visits caused.
  expect([...beforeWarm.matchAll(COMPILING)].length).toBeGreaterThan(0);
  expect([...afterWarm.matchAll(COMPILING)].map(([, route]) => route)).toEqual([]);
});
