import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { metricsPortOf, testPort } from './support/environment.ts';

/**
 * The standalone server as operators run it: a copy of .next/standalone somewhere else, started
 * with `node server.js` and nothing but the environment. No browser needed.
 */

const BASE_ENVIRONMENT = {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  HOSTNAME: '127.0.0.1',
  NEXT_TELEMETRY_DISABLED: '1',
};
const SETTINGS = {
  BACKEND_URL: `http://127.0.0.1:${testPort(4311)}`,
  APP_DOMAINS: 'example.com',
  SESSION_SECRET: 'operations-test-secret-of-at-least-32-chars',
};

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Each server's metrics on the port the suite gives its PORT, unless the test names one. */
function startServer(directory: string, environment: Record<string, string>, script = 'server.js'): Server {
  const env: Record<string, string> = { METRICS_PORT: String(metricsPortOf(Number(environment.PORT))), ...environment };
  const child = spawn(process.execPath, [script], { cwd: directory, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Seconds when the machine is idle; in a busy suite on two cores a start has taken longer than 15 s. */
async function waitUntilServing(url: string) {
  await expect.poll(async () => (await fetch(url).catch(() => undefined))?.status ?? 0, { timeout: 45_000 }).toBe(200);
}

test.describe.configure({ mode: 'serial' });

let copy: string;
test.beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'desk-login-standalone-'));
  cpSync('.next/standalone', copy, { recursive: true });
});
test.afterAll(() => rmSync(copy, { recursive: true, force: true }));

test('a clean copy of the build serves /login/en and its assets with only environment variables', async () => {
  const server = startServer(copy, { ...BASE_ENVIRONMENT, ...SETTINGS, PORT: String(testPort(4310)) });
  try {
    await waitUntilServing(`http://127.0.0.1:${testPort(4310)}/login/api/health`);
    const page = await fetch(`http://127.0.0.1:${testPort(4310)}/login/en`, { headers: { host: 'web.example.com' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<h1 [^>]*>Sign in<\/h1>/);
    const stylesheet = /href="(\/login\/_next\/static\/[^"]+\.css)"/.exec(html)?.[1];
    expect(stylesheet).toBeDefined();
    expect((await fetch(`http://127.0.0.1:${testPort(4310)}${stylesheet}`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${testPort(4310)}/login/logo.svg`)).status).toBe(200);
    // Next's own start, after the settings check of server.js.
    expect(server.output()).toContain('Ready in');
  } finally {
    server.child.kill('SIGKILL');
  }
});

test('one build serves two deployments: the same prerendered login page, and each its own links', async () => {
  const deployments = [
    { port: testPort(4316), links: { PRIVACY_URL: 'https://one.example.com/privacy', PRICING_URL_DE: 'https://one.example.com/de/preise' } },
    { port: testPort(4317), links: { PRIVACY_URL: 'https://two.example.org/datenschutz', PRICING_URL_DE: 'https://two.example.org/tarife' } },
  ];
  const servers = deployments.map(({ port, links }) => startServer(copy, { ...BASE_ENVIRONMENT, ...SETTINGS, ...links, PORT: String(port) }));
  try {
    const pages: string[] = [];
    for (const { port, links } of deployments) {
      const origin = `http://127.0.0.1:${port}`;
      await waitUntilServing(`${origin}/login/api/health`);
      // `from=web`: the page itself, without the arrival's backend call.
      const page = await fetch(`${origin}/login/en?from=web`, { headers: { host: 'web.example.com' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).not.toContain("'nonce-");
      pages.push(await page.text());
      for (const [path, setting] of [['/login/en/links/privacy', links.PRIVACY_URL], ['/login/de/links/pricing', links.PRICING_URL_DE]] as const) {
        const link = await fetch(`${origin}${path}`, { headers: { host: 'web.example.com' }, redirect: 'manual' });
        expect(link.status, path).toBe(302);
        expect(link.headers.get('location'), path).toBe(setting);
      }
    }
    // The same bytes, built once without any setting: the links are resolved when followed.
    expect(pages[0]).toContain('href="/login/en/links/privacy"');
    expect(pages[1]).toBe(pages[0]);
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
  }
});

test('a METRICS_PORT that another process holds is said in one error line, and the app serves on', async () => {
  const { createServer } = await import('node:http');
  const metricsPort = metricsPortOf(testPort(4318));
  const holder = createServer((_request, response) => response.end('another process'));
  await new Promise<void>((resolve) => holder.listen(metricsPort, '127.0.0.1', resolve));
  const server = startServer(copy, { ...BASE_ENVIRONMENT, ...SETTINGS, PORT: String(testPort(4318)), METRICS_PORT: String(metricsPort) });
  try {
    await waitUntilServing(`http://127.0.0.1:${testPort(4318)}/login/api/health`);
    const said = server
      .output()
      .split('\n')
      .filter((line) => line.includes('METRICS_PORT'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; metricsPort: number });
    expect(said).toEqual([expect.objectContaining({ level: 50, metricsPort })]);
    expect(said[0]!.msg).toBe(
      `metrics not served: METRICS_PORT ${metricsPort} on 127.0.0.1 is in use by another process. The app serves on; Prometheus will find this instance down until it restarts with a free METRICS_PORT.`,
    );
    // The other process keeps its port.
    expect(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()).toBe('another process');
  } finally {
    server.child.kill('SIGKILL');
    holder.close();
  }
});

/** One series of an instance's metrics, by its exact name. */
async function metric(port: number, name: string): Promise<number | undefined> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPortOf(port)}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

test('readiness stays 200 while the backend is away: it is this instance\'s own, and the backend\'s outage is a metric', async () => {
  const server = startServer(copy, { ...BASE_ENVIRONMENT, ...SETTINGS, PORT: String(testPort(4312)) });
  try {
    await waitUntilServing(`http://127.0.0.1:${testPort(4312)}/login/api/health`);
    const ready = await fetch(`http://127.0.0.1:${testPort(4312)}/login/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.text()).toBe('{"status":"ready"}');
    expect(await metric(testPort(4312), 'desk_login_ready')).toBe(1);
    expect(await metric(testPort(4312), 'desk_login_backend_reachable')).toBe(0);
  } finally {
    server.child.kill('SIGKILL');
  }
});

test('a bad setting stops the server before Next says anything: one clear line per problem and a non-zero exit', async () => {
  const server = startServer(copy, {
    ...BASE_ENVIRONMENT,
    PORT: String(testPort(4313)),
    BACKEND_URL: 'not a url',
    APP_DOMAINS: 'example.com',
    SESSION_SECRET: 'short',
  });
  const code = await Promise.race([server.exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 15_000))]);
  if (code === 'running') server.child.kill('SIGKILL');
  expect(code).toBe(1);
  expect(server.output().split('\n')).toEqual([
    'The login app cannot start, because its configuration is invalid:',
    '  BACKEND_URL: must be an http(s) URL',
    '  SESSION_SECRET: must be at least 32 characters, e.g. the output of openssl rand -hex 32',
    '',
  ]);
  // Neither Next's banner nor its "Ready in 0ms" came first, and nothing listened.
  expect(server.output()).not.toMatch(/Ready|Next\.js|Local:/);
  expect(await fetch(`http://127.0.0.1:${testPort(4313)}/login/api/health`).catch(() => 'refused')).toBe('refused');
});

test('the secrets of .env.example, copied as they are, stop the server: one line each, naming the setting and how to make a good one', async () => {
  const example = Object.fromEntries(
    readFileSync('.env.example', 'utf8')
      .split('\n')
      .filter((line) => /^(SESSION_SECRET|REDIS_URL)=./.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  expect(Object.keys(example)).toEqual(['SESSION_SECRET', 'REDIS_URL']);
  const server = startServer(copy, { ...BASE_ENVIRONMENT, ...SETTINGS, ...example, PORT: String(testPort(4313)) });
  const code = await Promise.race([server.exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 15_000))]);
  if (code === 'running') server.child.kill('SIGKILL');
  expect(code).toBe(1);
  expect(server.output().split('\n')).toEqual([
    'The login app cannot start, because its configuration is invalid:',
    '  SESSION_SECRET: is a placeholder of the examples, not a secret; make one with openssl rand -hex 32 and set the same on every instance',
    '  REDIS_URL: its password is a placeholder of the examples, not a secret; give the Redis user a password made with openssl rand -hex 32 and put it in the URL',
    '',
  ]);
  // Positive control: the same start with the suite's own secret and no Redis serves.
  const serving = startServer(copy, { ...BASE_ENVIRONMENT, ...SETTINGS, PORT: String(testPort(4313)) });
  try {
    await waitUntilServing(`http://127.0.0.1:${testPort(4313)}/login/api/health`);
  } finally {
    serving.child.kill('SIGKILL');
    await serving.exited;
  }
});

test('settings from a .env file beside server.js count, as Next reads them', async () => {
  // The check runs before Next, so it must load the same files Next would, or refuse a good deployment.
  const directory = mkdtempSync(join(tmpdir(), 'desk-login-standalone-env-'));
  try {
    cpSync(copy, directory, { recursive: true });
    writeFileSync(join(directory, '.env.production'), Object.entries(SETTINGS).map(([name, value]) => `${name}=${value}\n`).join(''));
    const server = startServer(directory, { ...BASE_ENVIRONMENT, PORT: String(testPort(4315)) });
    try {
      await waitUntilServing(`http://127.0.0.1:${testPort(4315)}/login/api/health`);
    } finally {
      server.child.kill('SIGKILL');
    }
    writeFileSync(join(directory, '.env.production'), 'SESSION_SECRET=short\n');
    const { SESSION_SECRET: _fromTheFile, ...otherSettings } = SETTINGS;
    const refused = startServer(directory, { ...BASE_ENVIRONMENT, ...otherSettings, PORT: String(testPort(4315)) });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('SESSION_SECRET: must be at least 32 characters');
    expect(refused.output()).not.toContain('Ready');
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test('SIGTERM lets a request in flight finish, then the server exits within 10 s', async () => {
  // A backend that accepts connections and never answers: the arrival waits its whole budget.
  const { createServer } = await import('node:net');
  const silentBackend = createServer(() => undefined).listen(testPort(4311), '127.0.0.1');
  const server = startServer(copy, { ...BASE_ENVIRONMENT, ...SETTINGS, PORT: String(testPort(4314)) });
  try {
    await waitUntilServing(`http://127.0.0.1:${testPort(4314)}/login/api/health`);
    // A backend that never answers is no reason to leave the Service; the drain is (the metrics' port serves on through it).
    expect(await metric(testPort(4314), 'desk_login_ready')).toBe(1);
    const started = Date.now();
    const inFlight = fetch(`http://127.0.0.1:${testPort(4314)}/login/en`, { headers: { host: 'web.example.com', 'x-forwarded-for': '203.0.113.7' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    // A scrape waits up to 1 s on a fresh probe of the silent backend (one every 2 s): a 1 s poll
    // could end on scrapes begun before a busy server had taken the signal (a CI run saw that).
    await expect.poll(() => metric(testPort(4314), 'desk_login_ready'), { timeout: 5_000 }).toBe(0);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThan(1_000);
    const code = await Promise.race([server.exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 10_000))]);
    expect(code).not.toBe('running');
  } finally {
    server.child.kill('SIGKILL');
    silentBackend.close();
  }
});

test('SIGTERM drains: a connection kept alive from before it still answers a form post, closing itself, until the server stops listening', async () => {
  const { Agent, request } = await import('node:http');
  const port = testPort(4319);
  const server = startServer(copy, { ...BASE_ENVIRONMENT, ...SETTINGS, PORT: String(port) });
  // One kept-alive connection, as nginx holds to each instance.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: 'GET' | 'POST') =>
    new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const sent = request({ host: '127.0.0.1', port, path: '/login/en', method, agent, headers: { host: 'web.example.com', 'content-type': 'application/x-www-form-urlencoded', origin: 'http://web.example.com' } }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
      });
      sent.on('error', reject);
      sent.end(method === 'POST' ? 'email=anna%40acme.test' : undefined);
    });
  try {
    await waitUntilServing(`http://127.0.0.1:${port}/login/api/health`);
    // The control: before SIGTERM the connection is kept.
    expect(await send('GET')).toEqual({ status: 200, connection: 'keep-alive' });
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The same connection, idle when the signal came: the post is answered, and the connection closed after it.
    const post = await send('POST');
    expect(post.status).toBeLessThan(500);
    expect(post.connection).toBe('close');
    const code = await Promise.race([server.exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 10_000))]);
    expect(code).not.toBe('running');
  } finally {
    agent.destroy();
    server.child.kill('SIGKILL');
  }
});
