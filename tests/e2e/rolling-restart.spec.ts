import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { uniqueAddress } from './support/backend.ts';
import { startDeployment, type Deployment } from './support/dedicated-deployment.ts';
import { APP_ENVIRONMENT, DOMAIN, metricsPortOf, RUN_DIRECTORY, SESSION_SECRET, testPort } from './support/environment.ts';

/**
 * A rolling restart is what every deployment does: one instance gets SIGTERM, stops, and a new
 * one starts, while people keep loading the login page, arriving from the web app and posting
 * the e-mail form. Two instances behind the production nginx site; a steady load of all three;
 * the first instance stopped with SIGTERM and started again in the middle of it. Nobody may
 * see a failed request, and the load must have reached both instances (the positive control:
 * a restart nobody was routed around would prove nothing).
 */

const HTTPS_PORT = testPort(4620);
const HTTP_PORT = testPort(4629);
const APP_PORTS = [testPort(4621), testPort(4622)] as const;
const ORIGIN = `https://web.${DOMAIN}:${HTTPS_PORT}`;
/** Where the requests go: nginx's address, with the origin's name in Host (the browser's resolver rules are not the request context's). */
const NGINX = `https://127.0.0.1:${HTTPS_PORT}`;
/** The instances' logs; the deployment's own folder (nginx's) is rolling-restart. */
const directory = join(RUN_DIRECTORY, 'rolling-restart-instances');
const servedLog = join(RUN_DIRECTORY, 'rolling-restart', 'nginx', 'instances.log');

/** For each request nginx forwarded, the instance that answered it: the last of $upstream_addr (earlier ones failed). */
function answeredBy(): number[] {
  return readFileSync(servedLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => Number([...line.matchAll(/127\.0\.0\.1:(\d+)/g)].at(-1)?.[1]));
}

type Server = { child: ChildProcess; exited: Promise<number | null> };

/** An app instance as the image runs it: the standalone server and only environment variables. */
function startInstance(port: number): Server {
  const log = openSync(join(directory, `app-${port}.log`), 'a');
  const child = spawn(process.execPath, ['.next/standalone/server.js'], {
    env: {
      PATH: process.env.PATH,
      ...APP_ENVIRONMENT,
      PORT: String(port),
      METRICS_PORT: String(metricsPortOf(port)),
      SESSION_SECRET,
      NODE_EXTRA_CA_CERTS: readFileSync(join(RUN_DIRECTORY, 'node-extra-ca-certs-path'), 'utf8').trim(),
    } as NodeJS.ProcessEnv,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  return { child, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

async function serving(port: number): Promise<void> {
  await expect
    .poll(() => fetch(`http://127.0.0.1:${port}/login/api/health`).then((response) => response.status, () => 0), { timeout: 30_000 })
    .toBe(200);
}

type Outcome = { what: string; status: number };

/** One person's visit: the login page, an arrival from the web app, and the e-mail form posted without script. */
async function visit(request: APIRequestContext): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const record = async (what: string, send: () => Promise<{ status(): number; text(): Promise<string> }>) => {
    try {
      const response = await send();
      outcomes.push({ what, status: response.status() });
      return await response.text();
    } catch (error) {
      outcomes.push({ what: `${what}: ${(error as Error).message.split('\n')[0]}`, status: 0 });
      return '';
    }
  };
  const page = await record('page load', () => request.get(`${NGINX}/login/en`, { maxRedirects: 0 }));
  await record('arrival', () => request.get(`${NGINX}/login/en?from=web`, { maxRedirects: 0 }));
  // The form's own fields, as a browser without script posts them: the action's reference, its state, the language.
  const fields = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g)].map(([, name = '', value = '']) => [
      name,
      value.replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    ]),
  );
  if (Object.keys(fields).length > 0) {
    await record('form post', () =>
      request.post(`${NGINX}/login/en`, {
        multipart: { ...fields, email: uniqueAddress('anna@acme.test') },
        headers: { origin: ORIGIN },
        maxRedirects: 0,
      }),
    );
  }
  return outcomes;
}

let deployment: Deployment | undefined;
const servers: Server[] = [];

test.afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await Promise.all(servers.map((server) => Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000))])));
  await deployment?.stop();
});

test('an instance stopped with SIGTERM and started again under steady load: no request fails, and the load reached both', async ({ playwright }) => {
  test.setTimeout(120_000);
  mkdirSync(directory, { recursive: true });
  servers.push(...APP_PORTS.map(startInstance));
  await Promise.all(APP_PORTS.map(serving));
  // nginx in front of the two, as it runs in production, one worker, round robin.
  deployment = await startDeployment('rolling-restart', { httpsPort: HTTPS_PORT, httpPort: HTTP_PORT, appPorts: [...APP_PORTS], suiteInstances: true });
  const request = await playwright.request.newContext({ ignoreHTTPSErrors: true, extraHTTPHeaders: { host: new URL(ORIGIN).host } });

  const outcomes: Outcome[] = [];
  let loading = true;
  // Four people at a time, one visit after another.
  const load = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (loading) outcomes.push(...(await visit(request)));
    }),
  );

  const restarted = APP_PORTS[0];
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  const beforeStop = outcomes.length;
  servers[0]!.child.kill('SIGTERM');
  expect(await Promise.race([servers[0]!.exited, new Promise((resolve) => setTimeout(() => resolve('running'), 15_000))])).not.toBe('running');
  const stoppedAt = answeredBy().length;
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  servers.push(startInstance(restarted));
  await serving(restarted);
  const restartedAt = answeredBy().length;
  // nginx tries a failed server again after fail_timeout (10 s): long enough for it to be back in the round.
  await new Promise((resolve) => setTimeout(resolve, 14_000));
  loading = false;
  await load;
  await request.dispose();

  const failed = outcomes.filter((outcome) => outcome.status === 0 || outcome.status >= 500);
  expect(failed, 'requests that failed').toEqual([]);
  expect(new Set(outcomes.map((outcome) => outcome.what))).toEqual(new Set(['page load', 'arrival', 'form post']));
  expect(outcomes.length - beforeStop, 'requests while the instance was stopped and after').toBeGreaterThan(30);
  // Pages answer 200, and each post is a link sent: the redirect to the mail-sent view.
  const statuses = (what: string) => new Set(outcomes.filter((outcome) => outcome.what === what).map((outcome) => outcome.status));
  expect([statuses('page load'), statuses('arrival'), statuses('form post')]).toEqual([new Set([200]), new Set([200]), new Set([303])]);

  // The control: which instance served what, from nginx's own log.
  const answered = answeredBy();
  expect(new Set(answered.slice(0, stoppedAt)), 'before the stop').toEqual(new Set(APP_PORTS));
  expect(new Set(answered.slice(stoppedAt, restartedAt)), 'while it was stopped').toEqual(new Set([APP_PORTS[1]]));
  expect(new Set(answered.slice(restartedAt)), 'after it started again').toEqual(new Set(APP_PORTS));
});
