import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { expect, test } from '@playwright/test';
import { storedLastLogin } from './support/sign-in.ts';
import { startStandaloneApp } from './support/standalone-app.ts';
import { DOMAIN, HTTPS_PORT, organisationOrigin, testPort } from './support/environment.ts';

/**
 * A bounded load on a standalone instance of its own, against a backend that answers correctly
 * but only after BACKEND_DELAY_MS: the login page (arrival finds nothing, then the page) and the
 * arrival redirect (a stored sign-in the organisation accepts). Zero errors, only the expected
 * statuses, and no memory growth beyond 20 % between warm-up and the end of the run. The figures
 * go to reports/load.json; they are measurements, not assertions (the machine is shared).
 */

const APP_PORT = testPort(4330);
const BACKEND_PORT = testPort(4331);
/** The server's inspector, on loopback: only to ask V8 for a full collection before memory is read. */
const INSPECTOR_PORT = testPort(4332);
const BACKEND_DELAY_MS = 100;
const CONNECTIONS = 8;
/** Counted in requests, not seconds: on a busy machine a few seconds may serve only a handful. */
const WARM_UP_REQUESTS = 60;
const RUN_SECONDS = 10;
/** After a run: lets the last responses and timers settle before memory is read. */
const SETTLE_MS = 1_500;
const MAX_MEMORY_GROWTH = 0.2;
/** The old-space limit Node gives V8 in the production pod: a quarter of its 512 MiB limit (deploy/kubernetes). */
const OLD_SPACE_MB = 128;

const PUBLIC_HEADERS = { host: `web.${DOMAIN}:${HTTPS_PORT}`, 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };

type CaseReport = {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  unexpected: number;
  memoryMb: { afterWarmUp: number; afterRun: number; growthPercent: number; heapAfterWarmUp: number; heapAfterRun: number };
  cpuMsPerRequest: number;
};

let app: ChildProcess;
let backend: Server;
let lastLogin = '';
const reports: CaseReport[] = [];

/** users/me and orgs/me as the product API answers them, each after the same delay. */
function startSlowBackend(): Server {
  return createServer((request, response) => {
    setTimeout(() => {
      if (request.url === '/api/v1/flw/users/me' && request.headers.authorization?.startsWith('Bearer ')) {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"email":"anna@acme.test"}');
      } else if (request.url === '/api/v1/flw/orgs/me') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      } else {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"NOT_FOUND"}');
      }
    }, BACKEND_DELAY_MS);
  }).listen(BACKEND_PORT, '127.0.0.1');
}

/** Resident memory of the server process, in MB. */
function residentMb(pid: number): number {
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kilobytes / 1024;
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User plus system CPU time the process has used so far, in ms (/proc/<pid>/stat, fields 14 and 15). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** A Chrome DevTools Protocol session with the server process, over its inspector's WebSocket. */
async function inspectorSession(): Promise<{ call(method: string, params?: object): Promise<Record<string, unknown>>; close(): void }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const pending = new Map<number, (result: Record<string, unknown>) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) pending.get(message.id)?.(message.result ?? {});
  };
  let id = 0;
  return {
    call: (method, params = {}) =>
      new Promise((resolve) => {
        pending.set((id += 1), resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

let inspector: Awaited<ReturnType<typeof inspectorSession>>;

/** Memory after a full collection: resident size, and the V8 heap still in use, in MB. */
async function memoryAfterCollection(pid: number): Promise<{ resident: number; heap: number }> {
  await inspector.call('HeapProfiler.collectGarbage');
  const evaluated = await inspector.call('Runtime.evaluate', { expression: 'process.memoryUsage().heapUsed', returnByValue: true });
  const heapBytes = Number((evaluated.result as { value: number }).value);
  return { resident: residentMb(pid), heap: heapBytes / 1024 / 1024 };
}

/**
 * Warm-up, then memory; the measured run, then memory again. Each reading follows the same pause
 * (no request or buffer of one still in flight) and a full collection, so it counts what is still
 * referenced, not garbage V8 has not got round to: V8 collects lazily while its heap is below its
 * limit, and resident memory climbs without any leak. Warm-up has loaded every module and grown
 * the caches to their working size, so what grows after it is what requests leave behind.
 */
async function measure(
  name: string,
  request: { headers: Record<string, string>; expected: (status: number, headers: Record<string, string>, body: string) => boolean },
): Promise<{ result: Result; unexpected: number; report: CaseReport }> {
  const pid = app.pid!;
  let unexpected = 0;
  let sample = '';
  const options = (length: { duration: number } | { amount: number }) => ({
    url: `http://127.0.0.1:${APP_PORT}`,
    connections: CONNECTIONS,
    ...length,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        path: '/login/en',
        headers: request.headers,
        onResponse: (status: number, body: string, _context: Record<string, unknown>, rawHeaders: Record<string, string>) => {
          const headers = Object.fromEntries(Object.entries(rawHeaders).map(([header, value]) => [header.toLowerCase(), String(value)]));
          if (request.expected(status, headers, body)) return;
          unexpected += 1;
          sample ||= `${status} ${headers.location ?? ''} ${body.slice(0, 120)}`;
        },
      },
    ],
  });

  await autocannon(options({ amount: WARM_UP_REQUESTS }));
  await settle();
  const memoryAfterWarmUp = await memoryAfterCollection(pid);
  unexpected = 0;
  const cpuBefore = cpuMs(pid);

  const result = await autocannon(options({ duration: RUN_SECONDS }));
  const cpuUsed = cpuMs(pid) - cpuBefore;
  await settle();
  const memoryAfterRun = await memoryAfterCollection(pid);

  const report: CaseReport = {
    name,
    connections: CONNECTIONS,
    seconds: RUN_SECONDS,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    unexpected,
    memoryMb: {
      afterWarmUp: Math.round(memoryAfterWarmUp.resident),
      afterRun: Math.round(memoryAfterRun.resident),
      growthPercent: Math.round((memoryAfterRun.resident / memoryAfterWarmUp.resident - 1) * 1000) / 10,
      heapAfterWarmUp: Math.round(memoryAfterWarmUp.heap),
      heapAfterRun: Math.round(memoryAfterRun.heap),
    },
    cpuMsPerRequest: Math.round((cpuUsed / Math.max(1, result.requests.total)) * 100) / 100,
  };
  reports.push(report);
  // In the report (reports/e2e.json, and reports/load.json, which .ci/run prints), not the terminal.
  test.info().annotations.push({
    type: 'load',
    description:
      `${name}: ${report.requestsPerSecond} req/s, p50 ${report.latencyMs.p50} ms, p99 ${report.latencyMs.p99} ms, ` +
      `${report.requests} requests, ${report.errors} errors, ${report.timeouts} timeouts, ${report.unexpected} unexpected, ` +
      `RSS ${report.memoryMb.afterWarmUp} → ${report.memoryMb.afterRun} MB (${report.memoryMb.growthPercent} %), ` +
      `heap ${report.memoryMb.heapAfterWarmUp} → ${report.memoryMb.heapAfterRun} MB, ${report.cpuMsPerRequest} ms CPU/request` +
      (sample ? `; first unexpected: ${sample}` : ''),
  });
  return { result, unexpected, report };
}

function expectSound({ result, unexpected, report }: Awaited<ReturnType<typeof measure>>) {
  expect(result.requests.total, 'requests answered').toBeGreaterThan(0);
  expect(result.errors, 'connection errors').toBe(0);
  expect(result.timeouts, 'timeouts').toBe(0);
  expect(unexpected, 'answers with another status, target or page').toBe(0);
  expect(report.memoryMb.afterRun, `resident memory after the run, against ${report.memoryMb.afterWarmUp} MB after warm-up`).toBeLessThanOrEqual(
    report.memoryMb.afterWarmUp * (1 + MAX_MEMORY_GROWTH),
  );
  // The live heap is the finer measure of what requests leave referenced (Buffers count in the above).
  expect(report.memoryMb.heapAfterRun, `live heap after the run, against ${report.memoryMb.heapAfterWarmUp} MB after warm-up`).toBeLessThanOrEqual(
    report.memoryMb.heapAfterWarmUp * (1 + MAX_MEMORY_GROWTH),
  );
}

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  // A genuine stored sign-in, made through the real topology.
  lastLogin = await storedLastLogin(browser);

  backend = startSlowBackend();
  app = await startStandaloneApp({
    port: APP_PORT,
    backendUrl: `http://127.0.0.1:${BACKEND_PORT}`,
    nodeArguments: [`--max-old-space-size=${OLD_SPACE_MB}`, `--inspect=127.0.0.1:${INSPECTOR_PORT}`],
  });
  inspector = await inspectorSession();
  // The memory read is the whole server: the standalone server is one process, without children.
  expect(readFileSync(`/proc/${app.pid}/task/${app.pid}/children`, 'utf8').trim()).toBe('');
});

test.afterAll(() => {
  inspector?.close();
  app?.kill('SIGKILL');
  backend?.close();
  if (reports.length === 0) return;
  mkdirSync('reports', { recursive: true });
  writeFileSync(
    'reports/load.json',
    `${JSON.stringify({ backendDelayMs: BACKEND_DELAY_MS, warmUpRequests: WARM_UP_REQUESTS, oldSpaceMb: OLD_SPACE_MB, loadAverage: loadavg()[0], cases: reports }, null, 2)}\n`,
  );
});

test('the login page under load: every answer the page, no errors, no memory growth', async () => {
  const measured = await measure('login page', {
    headers: PUBLIC_HEADERS,
    expected: (status, _headers, body) => status === 200 && body.includes('Send sign-in link'),
  });
  expectSound(measured);
});

test('the arrival redirect under load: every answer the organisation, no errors, no memory growth', async () => {
  const organisation = `${organisationOrigin('acme')}/`;
  const measured = await measure('arrival redirect', {
    headers: { ...PUBLIC_HEADERS, cookie: `__Host-lastLogin=${lastLogin}` },
    expected: (status, headers) => status === 303 && headers.location === organisation,
  });
  expectSound(measured);
});
