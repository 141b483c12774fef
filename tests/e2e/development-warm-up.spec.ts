import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import { devPorts } from '../../dev/ports.ts';
import { SERVER_LOG_DIRECTORY, serverLog, testPort } from './support/environment.ts';

/**
 * Issue 49: `npm run dev` asks for every route once in the background after start (dev/warm-up.ts),
 * so that a person's first click does not wait half a minute for next dev to compile. The terminal
 * says when it is done, and a first visit after that compiles nothing: next dev logs each
 * compilation ("○ Compiling /[lang]/signup ..."), and none may follow the warm-up's line.
 */

// Six consecutive ports from DEV_PORT (dev/ports.ts), all named so that no other spec takes one.
const DEV_PORTS = [testPort(4760), testPort(4761), testPort(4762), testPort(4763), testPort(4764), testPort(4765)];
const DEV_PORT = DEV_PORTS[0]!;
const HOST = `web.desk.localhost:${DEV_PORT}`;
const WARMED_UP = /warm\s+│ \d+ routes compiled in \d+ s/;
// next dev may colour its "○", so only the words are matched.
const COMPILING = /Compiling (\/\S*) \.\.\./g;

let development: ChildProcess | undefined;
let logFile: string;

function log(): string {
  return readFileSync(logFile, 'utf8');
}

/** A page through the gateway, as a browser asks for it (Node's resolver may not know *.localhost). */
function visit(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port: DEV_PORT, path, headers: { host: HOST } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

/** Starts `npm run dev`; resolves false when another next dev of this checkout holds its lock (development-after-build.spec.ts). */
async function startDevelopment(): Promise<boolean> {
  const output = openSync(logFile, 'w');
  const environment: NodeJS.ProcessEnv = { ...process.env, DEV_PORT: String(DEV_PORT) };
  for (const variable of ['GATEWAY_PORT', 'DEV_BACKEND_PORT', 'APP_PORT', 'IDP_PORT', 'IDP_GENERIC_PORT', 'METRICS_PORT']) delete environment[variable];
  const child = spawn(process.execPath, ['dev/run.ts'], { env: environment, stdio: ['ignore', output, output] });
  closeSync(output);
  development = child;
  const stopped = new Promise<string>((resolve) => child.once('exit', (code) => resolve(`npm run dev stopped (exit code ${code})`)));
  const warmed = expect.poll(() => WARMED_UP.test(log()), { timeout: 540_000, intervals: [1_000] }).toBe(true).then(() => undefined);
  const failure = await Promise.race([warmed, stopped]);
  if (failure === undefined) return true;
  if (/already running/.test(log())) return false;
  throw new Error(`${failure}:\n${log().split('\n').slice(-30).join('\n')}`);
}

test.beforeAll(async () => {
  // Every route compiled once: a minute when idle, several on a busy machine.
  test.setTimeout(600_000);
  expect(Object.values(devPorts({ DEV_PORT: String(DEV_PORT) })).map((port) => port.port)).toEqual(DEV_PORTS);
  mkdirSync(SERVER_LOG_DIRECTORY, { recursive: true });
  logFile = serverLog('development-warm-up');
  // Next allows one next dev per checkout: this waits for the other spec's to end.
  while (!(await startDevelopment())) await new Promise((resolve) => setTimeout(resolve, 5_000));
});

test.afterAll(async () => {
  const child = development;
  if (!child || child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
});

test('the terminal says the warm-up is under way and when it is done; a first visit after it compiles nothing', async () => {
  const [beforeWarm = '', afterWarm = ''] = log().split(WARMED_UP);
  expect(beforeWarm).toContain('Warm-up: every route is asked for once in the background now');
  // The control: the same reader sees next dev's compilations, those the warm-up caused. next dev
  // names only those that take a while: from a fresh .next/dev every route, with its cache warm
  // (another run of this checkout) the first alone.
  expect([...beforeWarm.matchAll(COMPILING)].length).toBeGreaterThan(0);
  expect([...afterWarm.matchAll(COMPILING)]).toEqual([]);

  for (const path of ['/login/en', '/login/en?error=user-close', '/login/en/mail-sent', '/login/en/signup', '/login/en/validatelink']) expect(await visit(path)).toBeLessThan(500);
  const [, afterVisits = ''] = log().split(WARMED_UP);
  expect([...afterVisits.matchAll(COMPILING)].map(([, route]) => route)).toEqual([]);
});
