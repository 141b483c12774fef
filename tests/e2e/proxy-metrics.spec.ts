import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DOMAIN, RUN_DIRECTORY, TLS_DIRECTORY, testPort } from './support/environment.ts';
import { nginxMainConfig, nginxSite } from './support/nginx-site.ts';

/**
 * nginx's own answers, counted as the proxy's pod counts them: the production site writes its
 * status log, mtail runs deploy/nginx/status.mtail on it, and deploy/nginx/rotate-status-log.sh
 * keeps it small; Prometheus scrapes mtail's count (ProxyServerErrorRatioHigh,
 * ProxyFormPostsRefused). No app listens behind this nginx, so /login answers 502, and a client
 * above the form-post limit gets nginx's 429.
 */

const HTTPS_PORT = testPort(4610);
const HTTP_PORT = testPort(4619);
const APP_PORT = testPort(4611);
const MTAIL_PORT = testPort(4613);
const directory = join(RUN_DIRECTORY, 'proxy-metrics');
const children: ChildProcess[] = [];

/** A request to the site from `localAddress`, answered with its status. */
function send(method: 'GET' | 'POST', path: string, localAddress = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpsRequest(
      {
        host: '127.0.0.1',
        port: HTTPS_PORT,
        localAddress,
        method,
        path,
        servername: `web.${DOMAIN}`,
        rejectUnauthorized: false,
        agent: false,
        headers: { host: `web.${DOMAIN}:${HTTPS_PORT}`, 'content-type': 'application/x-www-form-urlencoded' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(method === 'POST' ? 'email=someone%40acme.test' : undefined);
  });
}

/** mtail's count of nginx's answers, by "route status". */
async function count(): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${MTAIL_PORT}/metrics`)).text();
  return Object.fromEntries(
    [...text.matchAll(/^desk_booking_proxy_responses_total\{([^}]*)\} (\d+)$/gm)].map(([, labels = '', value]) => {
      const label = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(labels)?.[1];
      return [`${label('route')} ${label('status')}`, Number(value)];
    }),
  );
}

test.afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  rmSync(directory, { recursive: true, force: true });
});

/** What mtail counted since `before`. */
async function countedSince(before: Record<string, number>): Promise<Record<string, number>> {
  const now = await count();
  return Object.fromEntries(Object.entries(now).map(([key, value]) => [key, value - (before[key] ?? 0)]).filter(([, value]) => value !== 0));
}

test('mtail counts each of nginx\'s answers by route and status, its 502 and 429 among them, across a rotation of the log', async () => {
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const statusLog = join(directory, 'status.log');
  const site = nginxSite({
    appPorts: [APP_PORT],
    httpsPort: HTTPS_PORT,
    httpPort: HTTP_PORT,
    certificate: join(TLS_DIRECTORY, 'server.pem'),
    privateKey: join(TLS_DIRECTORY, 'server-key.pem'),
    accessLog: join(directory, 'access.log'),
    errorLog: join(directory, 'error.log'),
    statusLog,
  });
  writeFileSync(join(directory, 'desk-booking.conf'), site);
  const config = nginxMainConfig(directory, { errorLog: join(directory, 'error.log'), workerConnections: 128 });
  const nginxPath = readFileSync(join(RUN_DIRECTORY, 'nginx-path'), 'utf8').trim();
  children.push(spawn(nginxPath, ['-p', directory, '-c', config, '-g', 'daemon off;'], { stdio: 'ignore' }));
  await expect.poll(() => send('GET', '/login/en').catch(() => 0), { message: 'nginx answers' }).toBe(502);

  // As the proxy's pod runs them: mtail on the log, and the rotation, here at 400 bytes every second.
  children.push(
    spawn('mtail', ['--progs', 'deploy/nginx/status.mtail', `--logs=${statusLog}`, `--port=${MTAIL_PORT}`, '--address=127.0.0.1', '--logtostderr'], { stdio: 'ignore' }),
    spawn('sh', ['deploy/nginx/rotate-status-log.sh', statusLog], {
      env: { ...process.env, ROTATE_INTERVAL: '1', ROTATE_BYTES: '400', NGINX: `${nginxPath} -p ${directory} -c ${config}` },
      stdio: 'ignore',
    }),
  );
  await expect.poll(() => count().catch(() => undefined), { message: 'mtail serves its count' }).toBeDefined();
  await expect.poll(async () => (await send('GET', '/login/en'), Object.keys(await count()).length), { message: 'mtail counts' }).toBeGreaterThan(0);
  // The probes' own answers counted, and nothing pending: the count before the workload.
  let before = await count();
  await expect
    .poll(async () => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      const previous = before;
      before = await count();
      return JSON.stringify(before) === JSON.stringify(previous);
    })
    .toBe(true);

  // Page loads, and form posts from one client (127.0.0.2: the suite's own 127.0.0.1 is not counted)
  // past its burst of 30, in two rounds with a rotation between; one answer of the main web app's
  // route (the suite's backend stands in for it).
  const statuses: string[] = [];
  for (let load = 0; load < 4; load++) statuses.push(`login ${await send('GET', `/login/en?reference=${load}`)}`);
  for (let post = 0; post < 20; post++) statuses.push(`login ${await send('POST', '/login/en', '127.0.0.2')}`);
  await expect.poll(() => readFileSync(statusLog, 'utf8').length, { message: 'the log is rotated' }).toBeLessThan(400);
  for (let post = 0; post < 20; post++) statuses.push(`login ${await send('POST', '/login/en', '127.0.0.2')}`);
  statuses.push(`web ${await send('GET', '/')}`);
  const seen: Record<string, number> = {};
  for (const status of statuses) seen[status] = (seen[status] ?? 0) + 1;
  expect(seen['login 429'], 'the form-post limit refused some posts').toBeGreaterThan(0);
  expect(seen['login 502'], 'the app is down behind this nginx').toBeGreaterThan(30);
  expect(Object.keys(seen)).toHaveLength(3);

  // mtail counted exactly what the client saw: each answer once, by its route and status.
  await expect.poll(() => countedSince(before)).toEqual(seen);
});
