// npm run bench: builds the app and the bare Next.js page, measures them side by side with the
// same screens as plain HTML, and writes BENCHMARKS.md. Every number comes from this one run.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/environment.ts';
import { BARE_NEXT_PAGE_PATH, BARE_NEXT_STANDALONE, BARE_NEXT_WITH_PROXY_STANDALONE, buildBareNext, buildBareNextWithProxy } from './bare-next.ts';
import { lighthouseRuns, type LighthouseRun } from './lighthouse.ts';
import { alternatingLoad, interleavedLatencies, median, percentile, type LoadRound, type LoadTarget } from './load.ts';
import { compressedSizes, kilobytes, loadedResources, sizesOf, type LoadedResource, type Sizes } from './page-bytes.ts';
import { plainHtml, stylesheetPaths } from './plain-html.ts';
import { startServer, type Server } from './processes.ts';
import { FORWARDED_HEADERS, mailSentCookie, newBrowserContext, timeConfirmation } from './sign-in.ts';

const COMMAND = 'npm run bench';
/** BENCH_QUICK=1 checks that the benchmark works in a minute or two; its numbers are not kept. */
const QUICK = process.env.BENCH_QUICK === '1';
const LIGHTHOUSE_RUNS = QUICK ? 1 : 5;
const LOAD = QUICK ? { rounds: 1, seconds: 3, connections: 10 } : { rounds: 3, seconds: 10, connections: 10 };
const ARRIVAL_LOAD = QUICK ? { rounds: 1, seconds: 3, connections: 1 } : { rounds: 3, seconds: 10, connections: 1 };
const ARRIVAL_SAMPLES = QUICK ? 100 : 500;
const CONFIRMATIONS = QUICK ? 1 : 5;

// The benchmark's own ports (never in use by the end-to-end suite at the same time); not 6000,
// which browsers and fetch refuse (X11).
const APP_PORT = 6010;
const BARE_NEXT_PORT = 6011;
const STATIC_PORT = 6012;
const BACKEND_PORT = 6013;
const BARE_NEXT_WITH_PROXY_PORT = 6014;
// As `npm run dev`: browsers resolve *.localhost to this machine and treat it as secure, so the
// app's Secure cookies work over plain http without a TLS proxy in front.
const DOMAIN = 'desk.localhost';
const BROWSER_APP_ORIGIN = `http://web.${DOMAIN}:${APP_PORT}`;
const SESSION_SECRET = 'benchmark-secret-of-at-least-32-characters';

const OUTPUT = join(process.cwd(), QUICK ? 'reports/BENCHMARKS.quick.md' : 'BENCHMARKS.md');

const SCREENS = [
  { name: '/login/en', path: '/login/en', needsMailSent: false },
  { name: 'mail-sent view', path: '/login/en/mail-sent', needsMailSent: true },
  { name: '/totp', path: '/login/en/totp', needsMailSent: false },
] as const;

const BUDGETS = {
  jsAboveFloorGzip: 12 * 1024,
  htmlGzip: 8 * 1024,
  lighthousePerformance: 97,
  lighthouseAccessibility: 100,
  lighthouseBestPractices: 100,
  throughputRatio: 0.9,
  arrivalOverBackendP50Ms: 5,
  sameBrowserConfirmationMs: 1_000,
};

function log(message: string) {
  console.log(`bench: ${message}`);
}

function timed<T>(label: string, work: () => T): T {
  const started = performance.now();
  const result = work();
  log(`${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

function commandOutput(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

const machine = {
  date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  chromium: commandOutput(CHROMIUM_PATH, ['--version']),
  next: commandOutput(process.execPath, ['node_modules/next/dist/bin/next', '--version']),
  commit: commandOutput('git', ['rev-parse', '--short', 'HEAD']),
  loadBefore: loadavg().map((value) => value.toFixed(2)).join(' '),
};

// 1. Build: the app as deployed, and the framework floor.
if (process.env.BENCH_SKIP_BUILD !== '1') {
  timed('app built (npm run build)', () => execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] }));
  timed('bare Next.js page built', buildBareNext);
  timed('bare Next.js page with an empty proxy built', buildBareNextWithProxy);
}

const servers: Server[] = [];
let browser: Browser | undefined;
const plainDirectory = mkdtempSync(join(tmpdir(), 'desk-login-plain-'));

async function shutDown() {
  await browser?.close();
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(plainDirectory, { recursive: true, force: true });
}

try {
  const backend = await startServer({
    name: 'development backend',
    script: 'dev/backend/server.ts',
    port: BACKEND_PORT,
    env: { DEV_BACKEND_PORT: String(BACKEND_PORT), LOGIN_LINK_ORIGIN: BROWSER_APP_ORIGIN, DEV_APP_DOMAIN: DOMAIN },
    readyPath: '/__dev/fault',
  });
  servers.push(backend);
  const app = await startServer({
    name: 'app',
    script: '.next/standalone/server.js',
    port: APP_PORT,
    env: { NEXT_TELEMETRY_DISABLED: '1', BACKEND_URL: backend.origin, APP_DOMAINS: DOMAIN, SESSION_SECRET },
    readyPath: '/login/api/health',
  });
  servers.push(app);
  const bareNext = await startServer({
    name: 'bare Next.js',
    script: 'server.js',
    cwd: BARE_NEXT_STANDALONE,
    port: BARE_NEXT_PORT,
    env: { NEXT_TELEMETRY_DISABLED: '1' },
    readyPath: BARE_NEXT_PAGE_PATH,
  });
  servers.push(bareNext);
  const bareNextWithProxy = await startServer({
    name: 'bare Next.js with an empty proxy',
    script: 'server.js',
    cwd: BARE_NEXT_WITH_PROXY_STANDALONE,
    port: BARE_NEXT_WITH_PROXY_PORT,
    env: { NEXT_TELEMETRY_DISABLED: '1' },
    readyPath: BARE_NEXT_PAGE_PATH,
  });
  servers.push(bareNextWithProxy);

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const activeBrowser = browser;

  // 2. Bytes a browser loads.
  log('measuring bytes');
  const bytes = new Map<string, { html: Sizes; js: Sizes; css: Sizes; other: Sizes; resources: LoadedResource[] }>();
  const plainBytes = new Map<string, { html: Sizes; css: Sizes }>();
  const measure = (resources: LoadedResource[]) => ({
    html: sizesOf(resources, 'html'),
    js: sizesOf(resources, 'js'),
    css: sizesOf(resources, 'css'),
    other: sizesOf(resources, 'other'),
    resources,
  });
  for (const screen of SCREENS) {
    const cookie = screen.needsMailSent ? await mailSentCookie(activeBrowser, BROWSER_APP_ORIGIN) : undefined;
    const context = await newBrowserContext(activeBrowser, cookie ? { cookie } : {});
    const loaded = measure(await loadedResources(await context.newPage(), `${BROWSER_APP_ORIGIN}${screen.path}`));
    await context.close();
    bytes.set(screen.name, loaded);

    const rendered = await (await fetch(`${app.origin}${screen.path}`, { headers: cookie ? { cookie } : {} })).text();
    const plain = Buffer.from(plainHtml(rendered));
    const file = join(plainDirectory, `${screen.path}/index.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, plain);
    const css = await Promise.all(
      stylesheetPaths(rendered).map(async (path) => {
        const body = Buffer.from(await (await fetch(`${app.origin}${path}`)).arrayBuffer());
        mkdirSync(dirname(join(plainDirectory, path)), { recursive: true });
        writeFileSync(join(plainDirectory, path), body);
        return { url: path, kind: 'css' as const, ...compressedSizes(body) };
      }),
    );
    plainBytes.set(screen.name, { html: sizesOf([{ url: screen.path, kind: 'html', ...compressedSizes(plain) }], 'html'), css: sizesOf(css, 'css') });
  }
  {
    const context = await newBrowserContext(activeBrowser);
    bytes.set('bare Next.js page', measure(await loadedResources(await context.newPage(), `${bareNext.origin}${BARE_NEXT_PAGE_PATH}`)));
    await context.close();
  }

  const staticServer = await startServer({
    name: 'plain Node static server',
    script: 'bench/static-server.ts',
    args: [plainDirectory],
    port: STATIC_PORT,
    readyPath: '/login/en',
  });
  servers.push(staticServer);

  // 3. Link confirmation to redirect: same browser (BroadcastChannel), another browser (polling).
  log('timing link confirmations');
  const origins = { app: BROWSER_APP_ORIGIN, backend: backend.origin, organisationDomain: DOMAIN };
  const sameBrowser: number[] = [];
  const otherBrowser: number[] = [];
  let lastLoginCookie: string | undefined;
  let accessToken: string | undefined;
  for (let run = 0; run < CONFIRMATIONS; run += 1) {
    sameBrowser.push((await timeConfirmation(activeBrowser, origins, 'same-browser')).milliseconds);
    const polled = await timeConfirmation(activeBrowser, origins, 'other-browser');
    otherBrowser.push(polled.milliseconds);
    lastLoginCookie ??= polled.setCookies.find((cookie) => cookie.startsWith('lastLogin='));
    accessToken ??= polled.setCookies.find((cookie) => cookie.startsWith('acmeAccessToken='))?.split('=')[1];
  }
  if (!lastLoginCookie || !accessToken) throw new Error('the signed-in status answer set no lastLogin or access token cookie');

  // 4. Throughput: the login page without cookies against the framework floor and a static file.
  log('load: GET /login/en, bare Next.js page, plain static server');
  const pageLoad = await alternatingLoad(
    [
      { name: 'app', url: `${app.origin}/login/en`, status: 200, pids: [app.child.pid ?? 0, backend.child.pid ?? 0] },
      { name: 'bare', url: `${bareNext.origin}${BARE_NEXT_PAGE_PATH}`, status: 200, pids: [bareNext.child.pid ?? 0] },
      { name: 'static', url: `${staticServer.origin}/login/en`, status: 200, pids: [staticServer.child.pid ?? 0] },
      // Where the difference goes: the page without the arrival's backend call, and the proxy alone.
      { name: 'app-no-arrival', url: `${app.origin}/login/en?from=web`, status: 200, pids: [app.child.pid ?? 0, backend.child.pid ?? 0] },
      { name: 'app-health', url: `${app.origin}/login/api/health`, status: 200, pids: [app.child.pid ?? 0] },
      { name: 'bare-health', url: `${bareNext.origin}/login/api/health`, status: 200, pids: [bareNext.child.pid ?? 0] },
      // The framework's own price for any proxy: the bare app again, behind one that does nothing.
      { name: 'bare-proxy', url: `${bareNextWithProxy.origin}${BARE_NEXT_PAGE_PATH}`, status: 200, pids: [bareNextWithProxy.child.pid ?? 0] },
      { name: 'bare-proxy-health', url: `${bareNextWithProxy.origin}/login/api/health`, status: 200, pids: [bareNextWithProxy.child.pid ?? 0] },
    ],
    LOAD,
  );

  // 5. The arrival redirect of a returning user against the backend call it waits for.
  log('load: arrival redirect against users/me');
  const arrivalTargets: LoadTarget[] = [
    { name: 'arrival', url: `${app.origin}/login/en`, headers: { cookie: lastLoginCookie }, status: 303, pids: [app.child.pid ?? 0, backend.child.pid ?? 0] },
    { name: 'users/me', url: `${backend.origin}/api/v1/flw/users/me`, headers: { authorization: `Bearer ${accessToken}` }, status: 200, pids: [backend.child.pid ?? 0] },
  ];
  const [arrival] = arrivalTargets as [LoadTarget];
  const arrivalLocation = (await fetch(arrival.url, { headers: arrival.headers, redirect: 'manual' })).headers.get('location');
  const arrivalLoad = await alternatingLoad(arrivalTargets, ARRIVAL_LOAD);
  const arrivalLatencies = await interleavedLatencies(arrivalTargets, ARRIVAL_SAMPLES);

  // 6. Lighthouse, last: the slowest part, and the one that most needs a quiet machine.
  const lighthouse = new Map<string, LighthouseRun[]>();
  for (const screen of SCREENS) {
    log(`Lighthouse ${screen.name} x${LIGHTHOUSE_RUNS}`);
    // A fresh link request per run: the view needs a pending sign-in, and a run must not inherit
    // the previous run's state.
    const headers = async () => ({
      ...FORWARDED_HEADERS,
      ...(screen.needsMailSent ? { cookie: await mailSentCookie(activeBrowser, BROWSER_APP_ORIGIN) } : {}),
    });
    lighthouse.set(screen.name, await lighthouseRuns(`${BROWSER_APP_ORIGIN}${screen.path}`, LIGHTHOUSE_RUNS, headers));
  }
  // The same conditions for the floor and the limit: what no change to the app can beat.
  log(`Lighthouse bare Next.js page and plain HTML x${LIGHTHOUSE_RUNS}`);
  lighthouse.set('bare Next.js page', await lighthouseRuns(`${bareNext.origin}${BARE_NEXT_PAGE_PATH}`, LIGHTHOUSE_RUNS));
  lighthouse.set('/login/en, plain HTML', await lighthouseRuns(`${staticServer.origin}/login/en`, LIGHTHOUSE_RUNS));

  writeFileSync(
    OUTPUT,
    report({ bytes, plainBytes, lighthouse, pageLoad, arrivalLoad, arrivalLatencies, arrivalLocation, sameBrowser, otherBrowser }),
  );
  log(`wrote ${OUTPUT}`);
} finally {
  await shutDown();
}

type Measurements = {
  bytes: Map<string, { html: Sizes; js: Sizes; css: Sizes; other: Sizes; resources: LoadedResource[] }>;
  plainBytes: Map<string, { html: Sizes; css: Sizes }>;
  lighthouse: Map<string, LighthouseRun[]>;
  pageLoad: Map<string, LoadRound[]>;
  arrivalLoad: Map<string, LoadRound[]>;
  arrivalLatencies: Map<string, number[]>;
  arrivalLocation: string | null;
  sameBrowser: number[];
  otherBrowser: number[];
};

function holds(ok: boolean): string {
  return ok ? 'holds' : '**missed**';
}

function ms(value: number, digits = 0): string {
  return `${value.toFixed(digits)} ms`;
}

function sizeCells(sizes: Sizes | undefined): string {
  if (!sizes || sizes.files === 0) return '– | – | –';
  return `${kilobytes(sizes.bytes)} | ${kilobytes(sizes.gzip)} | ${kilobytes(sizes.brotli)}`;
}

function report(m: Measurements): string {
  const floor = m.bytes.get('bare Next.js page');
  const login = m.bytes.get('/login/en');
  const jsAboveFloor = (login?.js.gzip ?? 0) - (floor?.js.gzip ?? 0);
  const floorUrls = new Set((floor?.resources ?? []).filter((r) => r.kind === 'js').map((r) => new URL(r.url).pathname.split('/').pop()));

  const lines: string[] = [];
  lines.push('# Benchmarks', '');
  lines.push(
    `Measured ${machine.date} on ${machine.cores} shared cores (${machine.cpu}, ${machine.memoryGb} GB), ` +
      `Node ${machine.node}, ${machine.chromium}, ${machine.next}, commit ${machine.commit}; load average before the run ${machine.loadBefore}.`,
    '',
    `Reproduce: \`${COMMAND}\` (needs Debian's Chromium at ${CHROMIUM_PATH}; uses ports ${APP_PORT}-${BARE_NEXT_WITH_PROXY_PORT}). ` +
      'It builds the app (`npm run build`) and the bare Next.js page (`bench/bare-next`, once more behind an empty proxy), starts the standalone servers, ' +
      'the development backend and a plain Node static server on 127.0.0.1, and measures everything below in this one run. ' +
      `Browsers reach the app as ${BROWSER_APP_ORIGIN} and send \`x-forwarded-proto: http\`, as through \`npm run dev\`'s gateway. ` +
      'The machine is shared: timings swing by 20% and more between runs, so compare numbers of one run with each other, ' +
      'not with another run. The servers are measured directly, without nginx and TLS in front.',
    '',
  );

  // Budgets first: what an operator wants to know.
  const lh = (screen: string) => m.lighthouse.get(screen) ?? [];
  const appRps = median((m.pageLoad.get('app') ?? []).map((r) => r.requestsPerSecond));
  const bareRps = median((m.pageLoad.get('bare') ?? []).map((r) => r.requestsPerSecond));
  const arrivalP50 = median(m.arrivalLatencies.get('arrival') ?? []);
  const usersMeP50 = median(m.arrivalLatencies.get('users/me') ?? []);
  const sameBrowserMedian = median(m.sameBrowser);
  const sameBrowserMax = Math.max(...m.sameBrowser);
  lines.push('## Budgets', '', '| budget | measured | |', '|---|---|---|');
  lines.push(`| JavaScript of /login/en at most ${kilobytes(BUDGETS.jsAboveFloorGzip)} gzip above the framework floor | ${kilobytes(jsAboveFloor)} above (${kilobytes(login?.js.gzip ?? 0)} against ${kilobytes(floor?.js.gzip ?? 0)}) | ${holds(jsAboveFloor <= BUDGETS.jsAboveFloorGzip)} |`);
  for (const screen of SCREENS) {
    const html = m.bytes.get(screen.name)?.html.gzip ?? 0;
    lines.push(`| HTML of ${screen.name} at most ${kilobytes(BUDGETS.htmlGzip)} gzip | ${kilobytes(html)} | ${holds(html <= BUDGETS.htmlGzip)} |`);
  }
  for (const screen of SCREENS) {
    const runs = lh(screen.name);
    const performanceScore = median(runs.map((r) => r.performance));
    const accessibility = median(runs.map((r) => r.accessibility));
    const bestPractices = median(runs.map((r) => r.bestPractices));
    lines.push(
      `| Lighthouse ${screen.name}: performance ≥ ${BUDGETS.lighthousePerformance}, accessibility and best practices ${BUDGETS.lighthouseAccessibility} (medians) | ${performanceScore} / ${accessibility} / ${bestPractices} | ${holds(performanceScore >= BUDGETS.lighthousePerformance && accessibility >= BUDGETS.lighthouseAccessibility && bestPractices >= BUDGETS.lighthouseBestPractices)} |`,
    );
  }
  lines.push(`| /login/en throughput at least ${BUDGETS.throughputRatio} of the bare Next.js page | ${(appRps / bareRps).toFixed(2)} (${appRps.toFixed(0)} against ${bareRps.toFixed(0)} requests/s) | ${holds(appRps / bareRps >= BUDGETS.throughputRatio)} |`);
  const cpuOf = (name: string) => median((m.pageLoad.get(name) ?? []).map((r) => r.cpuMsPerRequest[0] ?? 0));
  lines.push(
    `| (where /login/en's CPU goes, not a budget) CPU ms per request: our proxy on a trivial route / an empty proxy / none; the page / the bare page | ${cpuOf('app-health').toFixed(2)} / ${cpuOf('bare-proxy-health').toFixed(2)} / ${cpuOf('bare-health').toFixed(2)}; ${cpuOf('app-no-arrival').toFixed(2)} / ${cpuOf('bare').toFixed(2)} | – |`,
  );
  lines.push(`| arrival redirect within ${BUDGETS.arrivalOverBackendP50Ms} ms (p50) of the backend's users/me | +${ms(arrivalP50 - usersMeP50, 1)} (${ms(arrivalP50, 1)} against ${ms(usersMeP50, 1)}) | ${holds(arrivalP50 - usersMeP50 <= BUDGETS.arrivalOverBackendP50Ms)} |`);
  lines.push(`| same-browser link confirmation to redirect within ${ms(BUDGETS.sameBrowserConfirmationMs)} | median ${ms(sameBrowserMedian)}, slowest ${ms(sameBrowserMax)} of ${m.sameBrowser.length} | ${holds(sameBrowserMax <= BUDGETS.sameBrowserConfirmationMs)} |`);
  lines.push('', 'The size budgets are also checked on every `npm test` by `tests/e2e/budgets.spec.ts`, against the bare page built in the test preparation.', '');

  lines.push('## Bytes a browser loads', '');
  lines.push('Every response of the page load in Chromium, bodies as served (uncompressed), gzip level 6 and brotli quality 11. "Plain HTML" is the same document without any script (framework, islands, inline React Server Components payload): the limit. The bare Next.js page is `bench/bare-next`: one dynamic page, no component of its own, same Next.js.', '');
  lines.push('| screen | kind | files | bytes | gzip | brotli |', '|---|---|---|---|---|---|');
  for (const [name, sizes] of m.bytes) {
    for (const kind of ['html', 'js', 'css', 'other'] as const) {
      if (sizes[kind].files === 0) continue;
      lines.push(`| ${name} | ${kind.toUpperCase()} | ${sizes[kind].files} | ${sizeCells(sizes[kind])} |`);
    }
    const plain = m.plainBytes.get(name);
    if (plain) {
      lines.push(`| ${name}, plain HTML | HTML | 1 | ${sizeCells(plain.html)} |`);
      lines.push(`| ${name}, plain HTML | CSS | ${plain.css.files} | ${sizeCells(plain.css)} |`);
    }
  }
  lines.push('', 'Scripts of /login/en beyond the framework floor (by file name; a chunk of the same name is the same file):', '');
  lines.push('| script | bytes | gzip |', '|---|---|---|');
  for (const resource of (login?.resources ?? []).filter((r) => r.kind === 'js')) {
    const file = new URL(resource.url).pathname.split('/').pop();
    lines.push(`| ${file}${floorUrls.has(file) ? ' (also the floor\'s)' : ''} | ${kilobytes(resource.bytes)} | ${kilobytes(resource.gzip)} |`);
  }
  lines.push('');

  lines.push(`## Lighthouse (mobile, simulated throttling, headless Chromium, median of ${lh(SCREENS[0].name).length})`, '');
  lines.push('| screen | performance | accessibility | best practices | LCP | TBT | CLS | benchmark index | audits not passed |', '|---|---|---|---|---|---|---|---|---|');
  for (const [name, runs] of m.lighthouse) {
    const failed = [...new Set(runs.flatMap((r) => r.failed))].join(', ') || '–';
    lines.push(
      `| ${name} | ${median(runs.map((r) => r.performance))} (${runs.map((r) => r.performance).join(', ')}) | ${median(runs.map((r) => r.accessibility))} | ${median(runs.map((r) => r.bestPractices))} | ${ms(median(runs.map((r) => r.lcpMs)))} | ${ms(median(runs.map((r) => r.tbtMs)))} | ${median(runs.map((r) => r.cls)).toFixed(3)} | ${median(runs.map((r) => r.benchmarkIndex)).toFixed(0)} | ${failed} |`,
    );
  }
  lines.push('');

  const loadRow = (label: string, rounds: LoadRound[] | undefined, cpuLabels: string[]) => {
    const list = rounds ?? [];
    const cpu = cpuLabels.map((cpuLabel, index) => `${cpuLabel} ${median(list.map((r) => r.cpuMsPerRequest[index] ?? 0)).toFixed(2)}`).join(', ');
    return `| ${label} | ${median(list.map((r) => r.requestsPerSecond)).toFixed(0)} (${list.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')}) | ${ms(median(list.map((r) => r.p50Ms)))} | ${ms(median(list.map((r) => r.p99Ms)))} | ${cpu} |`;
  };
  lines.push(`## Throughput (autocannon, ${LOAD.connections} connections, ${LOAD.rounds} alternating rounds of ${LOAD.seconds} s each)`, '');
  lines.push('Medians of the rounds (each round in brackets). CPU time per request is utime + stime of the server process from /proc/<pid>/stat before and after each round, divided by the requests answered; the login page also costs the backend its `orgs/me` call (the arrival asks for the network\'s organisation), charged separately. autocannon runs on the same two cores.', '');
  lines.push('| GET /login/en, no cookies | requests/s | p50 | p99 | CPU ms per request |', '|---|---|---|---|---|');
  lines.push(loadRow('the app (proxy, arrival, page)', m.pageLoad.get('app'), ['app', 'backend']));
  lines.push(loadRow('bare Next.js page, no proxy', m.pageLoad.get('bare'), ['server']));
  lines.push(loadRow('plain Node static server (plain HTML)', m.pageLoad.get('static'), ['server']));
  lines.push(loadRow('the app, `?from=web` (no arrival, so no backend call)', m.pageLoad.get('app-no-arrival'), ['app', 'backend']));
  lines.push(loadRow('bare Next.js page behind an empty proxy', m.pageLoad.get('bare-proxy'), ['server']));
  lines.push('', 'The proxy alone: the same trivial route handler (`/login/api/health`) in the app, behind its proxy; in the bare Next.js app behind a proxy that does nothing (what Next.js charges for running any proxy); and in the bare app without one.', '');
  lines.push('| GET /login/api/health | requests/s | p50 | p99 | CPU ms per request |', '|---|---|---|---|---|');
  lines.push(loadRow('the app (its proxy)', m.pageLoad.get('app-health'), ['app']));
  lines.push(loadRow('bare Next.js, empty proxy', m.pageLoad.get('bare-proxy-health'), ['server']));
  lines.push(loadRow('bare Next.js, no proxy', m.pageLoad.get('bare-health'), ['server']));
  lines.push('');

  lines.push(`## Arrival of a returning user (valid lastLogin cookie)`, '');
  lines.push(`The app answers \`303\` to \`${m.arrivalLocation ?? '?'}\` after the organisation's \`users/me\` accepted the stored token. Against it: that \`users/me\` call made directly to the backend. autocannon with ${ARRIVAL_LOAD.connections} connection, ${ARRIVAL_LOAD.rounds} alternating rounds of ${ARRIVAL_LOAD.seconds} s; then ${ARRIVAL_SAMPLES} requests each, one at a time and interleaved, timed in Node to a fraction of a millisecond (the p50 budget uses these).`, '');
  lines.push('| | requests/s | p50 | p99 | CPU ms per request | interleaved p50 | interleaved p90 | interleaved p99 |', '|---|---|---|---|---|---|---|---|');
  for (const [name, label, cpuLabels] of [
    ['arrival', 'GET /login/en with lastLogin (redirect)', ['app', 'backend']],
    ['users/me', 'backend users/me', ['backend']],
  ] as const) {
    const samples = m.arrivalLatencies.get(name) ?? [];
    lines.push(`${loadRow(label, m.arrivalLoad.get(name), [...cpuLabels])} ${ms(median(samples), 2)} | ${ms(percentile(samples, 90), 2)} | ${ms(percentile(samples, 99), 2)} |`);
  }
  lines.push('');

  lines.push('## Link confirmation to redirect', '');
  lines.push('From the tab that opened the link receiving the answer of the link check, to the waiting mail-sent tab starting its navigation to the organisation. Same browser: the confirming tab tells the waiting one over a BroadcastChannel. Another browser (a separate profile): only the waiting tab\'s poll, every 5 s, can notice.', '');
  lines.push('| where the link is opened | median | fastest | slowest | runs |', '|---|---|---|---|---|');
  lines.push(`| same browser, another tab | ${ms(median(m.sameBrowser))} | ${ms(Math.min(...m.sameBrowser))} | ${ms(Math.max(...m.sameBrowser))} | ${m.sameBrowser.map((value) => value.toFixed(0)).join(', ')} |`);
  lines.push(`| another browser | ${ms(median(m.otherBrowser))} | ${ms(Math.min(...m.otherBrowser))} | ${ms(Math.max(...m.otherBrowser))} | ${m.otherBrowser.map((value) => value.toFixed(0)).join(', ')} |`);
  lines.push('');
  return lines.join('\n');
}
