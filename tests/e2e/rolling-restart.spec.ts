import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { uniqueAddress } from './support/backend.ts';
import { startDeployment, type Deployment } from './support/dedicated-deployment.ts';
import { APP_ENVIRONMENT, DOMAIN, metricsPortOf, RUN_DIRECTORY, SESSION_SECRET, testPort } from './support/environment.ts';

/**
 * A rolling restart is what every deployment does: each instance in turn is taken out of nginx,
 * gets SIGTERM, stops, and a new one starts and goes back in, while people keep loading the login
 * page, arriving from the web app and posting the e-mail form. Two instances behind the
 * production nginx site, restarted as deploy/README.md (Stopping an instance) says. Nobody may
 * see a failed request.
 *
 * What this catches shows only under load. SIGTERM alone, nginx learning from a refused connect,
 * lost posts on a machine with both cores saturated: the port closed with connections still in its
 * accept queue, and a busy instance's keep-alive timer reset an idle connection nginx had just
 * written a post to (nginx sends a written post nowhere else: a 502). Run it so:
 * `--repeat-each` with two `node -e 'for(;;){}'` beside it (docs/decisions.md, Restarting under load).
 */

const HTTPS_PORT = testPort(4620);
const HTTP_PORT = testPort(4629);
const APP_PORTS = [testPort(4621), testPort(4622)] as const;
const ORIGIN = `https://web.${DOMAIN}:${HTTPS_PORT}`;
/** Where the requests go: nginx's address, with the origin's name in Host (the browser's resolver rules are not the request context's). */
const NGINX = `https://127.0.0.1:${HTTPS_PORT}`;
/**
 * Each attempt's logs, the instances' and nginx's, in the attempt's own output folder (Playwright's
 * test-results/…, `-retry1` for the retry): a first attempt that lost posts can still be read after
 * its retry passed.
 */
let directory = '';
let nginxDirectory = '';
const PEOPLE = 32;
const RESTARTS = [APP_PORTS[0], APP_PORTS[1], APP_PORTS[0], APP_PORTS[1]];

/** For each request nginx forwarded, the instances it tried, in order ($upstream_addr): the last one answered. */
function tried(): number[][] {
  return readFileSync(join(nginxDirectory, 'instances.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/127\.0\.0\.1:(\d+)/g)].map((match) => Number(match[1])));
}

function answeredBy(): number[] {
  return tried().map((ports) => ports.at(-1)!);
}

/**
 * Takes an instance out of nginx's round (its `server` line marked `down`) or puts it back, and
 * reloads nginx; resolves once the worker that had the old site has exited, with its connections to
 * the instance: from then on nginx sends it nothing.
 */
async function reloadNginx(port: number, state: 'down' | 'up'): Promise<void> {
  const site = join(nginxDirectory, 'desk-booking.conf');
  const server = `server 127.0.0.1:${port}`;
  writeFileSync(site, readFileSync(site, 'utf8').replace(new RegExp(`${server}(?: down)?;`), state === 'down' ? `${server} down;` : `${server};`));
  const master = Number(readFileSync(join(nginxDirectory, 'nginx.pid'), 'utf8'));
  const workers = () => readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').split(' ').filter(Boolean);
  const before = workers();
  process.kill(master, 'SIGHUP');
  await expect.poll(() => workers().length > 0 && workers().every((worker) => !before.includes(worker)), { timeout: 30_000 }).toBe(true);
}

type Server = { child: ChildProcess; exited: Promise<number | null> };

/** An app instance as the image runs it: the standalone server and only environment variables. */
function startInstance(port: number, folder = directory): Server {
  const log = openSync(join(folder, `app-${port}.log`), 'a');
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

type LogLine = Record<string, unknown> & { msg?: string; shutdown?: string };

/** What every process that ran on this port wrote, its JSON lines parsed. */
function logLines(port: number, folder = directory): LogLine[] {
  return readFileSync(join(folder, `app-${port}.log`), 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

/** On a machine whose cores are saturated an instance took over 30 s to answer its first request. */
const STARTING_MS = 90_000;

/** The instance's health, on a connection of its own that closes with the answer: nothing of the test's is left for a drain to wait for. */
function health(port: number): Promise<number> {
  return new Promise((resolve) => {
    httpRequest({ host: '127.0.0.1', port, path: '/login/api/health', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', () => resolve(0))
      .end();
  });
}

async function serving(port: number): Promise<void> {
  await expect.poll(() => health(port), { timeout: STARTING_MS }).toBe(200);
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
const running = new Map<number, Server>();

test.afterAll(async () => {
  const servers = [...running.values()];
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await Promise.all(servers.map((server) => Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000))])));
  await deployment?.stop();
});

test.afterEach(async ({}, testInfo) => {
  // A failed attempt names its evidence in the report: nginx's error log and each instance's log.
  const [instances, proxy] = [directory, nginxDirectory];
  directory = nginxDirectory = '';
  if (testInfo.status === testInfo.expectedStatus || instances === '') return;
  for (const file of [join(proxy, 'error.log'), ...APP_PORTS.map((port) => join(instances, `app-${port}.log`))]) {
    if (existsSync(file)) await testInfo.attach(relative(testInfo.outputDir, file), { path: file });
  }
});

test('each instance stopped with SIGTERM and started again, twice, under steady load: no request fails, and the load reached both', async ({ playwright }, testInfo) => {
  test.setTimeout(600_000);
  directory = testInfo.outputPath('instances');
  const proxyDirectory = testInfo.outputPath('proxy');
  nginxDirectory = join(proxyDirectory, 'nginx');
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  for (const port of APP_PORTS) running.set(port, startInstance(port));
  await Promise.all(APP_PORTS.map(serving));
  // nginx in front of the two, as it runs in production, one worker, round robin.
  deployment = await startDeployment('rolling-restart', {
    httpsPort: HTTPS_PORT,
    httpPort: HTTP_PORT,
    appPorts: [...APP_PORTS],
    suiteInstances: true,
    directory: proxyDirectory,
  });
  // A connection to nginx per request. A reload closes the old workers' idle connections to clients,
  // and this client, unlike a browser, does not send again a request that met such a close (a
  // browser here speaks HTTP/2, where nginx says GOAWAY first).
  const request = await playwright.request.newContext({ ignoreHTTPSErrors: true, extraHTTPHeaders: { host: new URL(ORIGIN).host, connection: 'close' } });

  const outcomes: Outcome[] = [];
  let loading = true;
  const load = Promise.all(
    Array.from({ length: PEOPLE }, async () => {
      while (loading) outcomes.push(...(await visit(request)));
    }),
  );

  /** Which instances answered from the `from`th request nginx forwarded on. */
  const answeredSince = (from: number) => [...new Set(answeredBy().slice(from))].sort();
  const phases: Array<{ port: number; stoppedAt: number; restartedAt: number }> = [];
  let since = 0;
  for (const port of RESTARTS) {
    // The control before each stop: both instances in the round.
    await expect.poll(() => answeredSince(since), { timeout: 30_000 }).toEqual([...APP_PORTS]);
    // deploy/README.md's recipe: out of nginx's round first, then SIGTERM, then back in once the new one serves.
    await reloadNginx(port, 'down');
    running.get(port)!.child.kill('SIGTERM');
    expect(await Promise.race([running.get(port)!.exited, new Promise((resolve) => setTimeout(() => resolve('running'), 15_000))])).not.toBe('running');
    const stoppedAt = answeredBy().length;
    running.set(port, startInstance(port));
    await serving(port);
    const restartedAt = answeredBy().length;
    await reloadNginx(port, 'up');
    phases.push({ port, stoppedAt, restartedAt });
    await expect.poll(() => answeredSince(restartedAt), { timeout: 30_000 }).toEqual([...APP_PORTS]);
    since = answeredBy().length;
  }
  loading = false;
  await load;
  await request.dispose();

  const count = (what: string) => outcomes.filter((outcome) => outcome.what.startsWith(what)).length;
  const failed = outcomes.filter((outcome) => outcome.status === 0 || outcome.status >= 500);
  const failedPosts = failed.filter((outcome) => outcome.what.startsWith('form post')).length;
  console.log(
    `${count('form post')} form posts (${failedPosts} failed), ${count('page load') + count('arrival')} page loads (${failed.length - failedPosts} failed), ${RESTARTS.length} restarts`,
  );
  expect(failed, 'requests that failed').toEqual([]);
  expect(count('form post'), 'form posts sent').toBeGreaterThan(100);
  // Pages answer 200, and each post is a link sent: the redirect to the mail-sent view.
  const statuses = (what: string) => new Set(outcomes.filter((outcome) => outcome.what === what).map((outcome) => outcome.status));
  expect([statuses('page load'), statuses('arrival'), statuses('form post')]).toEqual([new Set([200]), new Set([200]), new Set([303])]);

  // Out of the round, an instance got nothing: every request went to the other at the first try, and nginx never met the stopping one.
  const answered = answeredBy();
  for (const { port, stoppedAt, restartedAt } of phases) {
    expect(new Set(answered.slice(stoppedAt, restartedAt)), `while ${port} was stopped`).toEqual(new Set(APP_PORTS.filter((other) => other !== port)));
  }
  expect(tried().filter((ports) => ports.length > 1), 'requests nginx had to send to a second instance').toEqual([]);
  expect(readFileSync(join(nginxDirectory, 'error.log'), 'utf8'), "nginx's errors about an instance").not.toMatch(/upstream/);

  // What the operator reads: each stop said when its drain began and when it had stopped, and nothing was left to drain.
  for (const port of APP_PORTS) {
    const stops = RESTARTS.filter((restarted) => restarted === port).length;
    const said = logLines(port).flatMap((line) => (line.shutdown === undefined ? [] : [[line.shutdown, line.answeredWhileDraining ?? line.requestsInFlight]]));
    expect(said, `the drain lines of ${port}: what was in flight and answered`).toEqual(Array.from({ length: stops }, () => [['draining', 0], ['stopped', 0]]).flat());
  }
});

test('after SIGTERM a new connection is refused at once, while one kept alive from before still answers a form post and closes', async ({}, testInfo) => {
  const port = testPort(4730);
  const folder = testInfo.outputPath('instance');
  mkdirSync(folder, { recursive: true });
  const server = startInstance(port, folder);
  // One kept-alive connection, as nginx holds to each instance (keepalive 16).
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: 'GET' | 'POST') =>
    new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const sent = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/login/en',
          method,
          agent,
          headers: { host: `web.${DOMAIN}`, 'content-type': 'application/x-www-form-urlencoded', origin: `http://web.${DOMAIN}` },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
        },
      );
      sent.on('error', reject);
      sent.end(method === 'POST' ? 'email=anna%40acme.test' : undefined);
    });
  /** What nginx meets when it opens a new connection. */
  const connecting = () =>
    new Promise<'accepted' | 'refused'>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve('accepted');
      });
      socket.on('error', () => resolve('refused'));
    });
  try {
    await serving(port);
    // The controls: before SIGTERM the connection is kept, and a new one is taken.
    expect(await send('GET')).toEqual({ status: 200, connection: 'keep-alive' });
    expect(await connecting()).toBe('accepted');
    server.child.kill('SIGTERM');
    // nginx's next connect is refused, so it sends the request to another instance...
    await expect.poll(connecting, { timeout: 10_000 }).toBe('refused');
    // ...while the connection it keeps, idle when the signal came, is still there for the post it may have just sent.
    const post = await send('POST');
    expect(post.status).toBeLessThan(500);
    expect(post.connection).toBe('close');
    expect(await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('running'), 15_000))])).not.toBe('running');
    // What the operator reads: one line when the drain began, one when the instance stopped.
    const lines = logLines(port, folder).filter((line) => line.shutdown !== undefined);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, shutdown: 'draining', openConnections: expect.any(Number), msg: expect.stringContaining('draining') }),
      expect.objectContaining({ level: 30, shutdown: 'stopped', openConnectionsAtStart: expect.any(Number), answeredWhileDraining: 1, msg: expect.stringContaining('stopped') }),
    ]);
    expect(lines[0]!.openConnections).toBeGreaterThanOrEqual(1);
  } finally {
    agent.destroy();
    server.child.kill('SIGKILL');
  }
});
