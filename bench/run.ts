// npm run bench: builds the app and the bare Next.js page, starts the app, builds the markup floor
// from the app's own HTML, measures them side by side with the same screens as plain HTML, and
// writes BENCHMARKS.md. Every number comes from this one run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { ensureDevCertificates } from '../dev/identity-provider/certificates.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/environment.ts';
import {
  BARE_NEXT_PAGE_PATH,
  BARE_NEXT_STANDALONE,
  BARE_NEXT_WITH_PROXY_STANDALONE,
  buildBareNext,
  buildBareNextWithProxy,
  MARKUP_FLOOR_STANDALONE,
} from './bare-next.ts';
import { lighthouseRounds, lighthouseRuns, type LighthouseRun, type LighthouseTarget } from './lighthouse.ts';
import { alternatingLoad, interleavedLatencies, type LoadTarget } from './load.ts';
import { buildMarkupFloor } from './markup-floor.ts';
import { compressedSizes, loadedResources, sizesOf } from './page-bytes.ts';
import { plainHtml, stylesheetPaths } from './plain-html.ts';
import { copiedHeaders, PLAIN_HTML_PATH, PRERENDERED_LOGIN_HTML, startCompressingFront, startNginx, startSiteFront } from './nginx.ts';
import { startServer, type Server, type NodeServerOptions } from './processes.ts';
import { profileUnderLoad } from './profile.ts';
import { BARE_PAGE, firstPaintAgainstPlainSection, MARKUP_FLOOR, RENDERED_PER_REQUEST, report, wholeSignInSection, type Machine, type Measurements, type ScreenBytes } from './report.ts';
import { appScreens, firstHeading, submitFormWithoutScript, type Screen, type Visit } from './screens.ts';
import { BEHIND_NGINX_HEADERS, CLIENT_ADDRESS, FORWARDED_HEADERS, newBrowserContext, timeConfirmation } from './sign-in.ts';
import { startupAndMemory } from './startup.ts';
import { measureWholeSignIns, pollIntervalMs, type WholeSignIns } from './whole-sign-in.ts';
import { startRedis } from '../tests/e2e/support/redis.ts';
import { SERVER_NODE_FLAGS } from '../deploy/server-node-flags.ts';

/** BENCH_QUICK=1 checks that the benchmark works in a few minutes; its numbers are not kept. */
const QUICK = process.env.BENCH_QUICK === '1';
const SETTINGS = {
  command: 'npm run bench',
  lighthouseRuns: QUICK ? 1 : 5,
  /** Rounds of each screen beside its plain HTML under applied throttling (bench/first-paint.ts); BENCH_LCP_ROUNDS for more. */
  lcpRounds: process.env.BENCH_LCP_ROUNDS ? Number(process.env.BENCH_LCP_ROUNDS) : QUICK ? 1 : 7,
  load: QUICK ? { rounds: 1, seconds: 3, connections: 10 } : { rounds: 5, seconds: 8, connections: 10 },
  arrivalLoad: QUICK ? { rounds: 1, seconds: 3, connections: 1 } : { rounds: 3, seconds: 10, connections: 1 },
  arrivalSamples: QUICK ? 100 : 500,
  confirmations: QUICK ? 1 : 5,
  startups: QUICK ? 1 : 3,
  memoryRequests: QUICK ? 2_000 : 10_000,
};

/** What a browser's load of a document asks for (Chromium's Accept): proxy.ts fills a screen's template only for such a load. */
const DOCUMENT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

// The benchmark's own ports (never in use by the end-to-end suite at the same time); not 6000,
// which browsers and fetch refuse (X11).
const BENCH_PORT_OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const PORTS = {
  app: 6010 + BENCH_PORT_OFFSET,
  bareNext: 6011 + BENCH_PORT_OFFSET,
  static: 6012 + BENCH_PORT_OFFSET,
  backend: 6013 + BENCH_PORT_OFFSET,
  bareNextWithProxy: 6014 + BENCH_PORT_OFFSET,
  identityProvider: 6015 + BENCH_PORT_OFFSET,
  identityProviderGeneric: 6016 + BENCH_PORT_OFFSET,
  markupFloor: 6017 + BENCH_PORT_OFFSET,
  freshApp: 6018 + BENCH_PORT_OFFSET,
  nginx: 6019 + BENCH_PORT_OFFSET,
  browserFront: 6020 + BENCH_PORT_OFFSET,
};
/** An app's METRICS_PORT lies this far above its port: 6110 and 6118, clear of the ports above. */
const METRICS_PORT_DISTANCE = 100;

/**
 * `npm run bench -- --only sign-in`: only the whole sign-ins (bench/whole-sign-in.ts), written to
 * reports/BENCHMARKS.sign-in.md. `--only first-paint`: only each screen's first paint beside its
 * plain HTML, for the screens BENCH_SCREENS names (all without it, comma-separated), written to
 * reports/BENCHMARKS.first-paint.md. Either builds nothing but the app.
 */
const { only: ONLY } = parseArgs({ options: { only: { type: 'string' } } }).values;
if (ONLY !== undefined && ONLY !== 'sign-in' && ONLY !== 'first-paint') throw new Error(`--only ${ONLY}: only "sign-in" or "first-paint" can run alone`);
const SCREEN_NAMES = process.env.BENCH_SCREENS?.split(',').map((name) => name.trim());
/** BENCH_SIGN_IN_ROUNDS: fewer (or more) rounds of whole sign-ins, each some minutes on a busy machine. */
const SIGN_IN_ROUNDS = process.env.BENCH_SIGN_IN_ROUNDS ? Number(process.env.BENCH_SIGN_IN_ROUNDS) : undefined;
/** BENCH_SIGN_INS_PER_BATCH: more (or fewer) sign-ins side by side, to see whether a sign-in costs less where they come densely. */
const SIGN_INS_PER_BATCH = process.env.BENCH_SIGN_INS_PER_BATCH ? Number(process.env.BENCH_SIGN_INS_PER_BATCH) : undefined;
// The polls row waits with this many browsers: one alone costs less than the idle rate around it, which appCpuMs refuses.
if (SIGN_INS_PER_BATCH !== undefined && !(Number.isInteger(SIGN_INS_PER_BATCH) && SIGN_INS_PER_BATCH >= 2)) {
  throw new Error(`BENCH_SIGN_INS_PER_BATCH=${process.env.BENCH_SIGN_INS_PER_BATCH}: a whole number of at least 2`);
}
const WHOLE_SIGN_IN = {
  settings: {
    ...(QUICK ? { rounds: SIGN_IN_ROUNDS ?? 1, signInsPerBatch: SIGN_INS_PER_BATCH ?? 2, idleMs: 3_000 } : { rounds: SIGN_IN_ROUNDS ?? 5, signInsPerBatch: SIGN_INS_PER_BATCH ?? 4, idleMs: 5_000 }),
    // The app's own serving of them, as before the shipped site served them itself, doubles the part's time.
    staticFrom: process.env.BENCH_STATIC_FROM_APP === '1' ? (['app', 'nginx'] as const) : (['nginx'] as const),
  },
  // The fleet of two instances and the Redis they share (metrics ports 6121 and 6122).
  ports: { firstSignInApp: 6021 + BENCH_PORT_OFFSET, secondSignInApp: 6022 + BENCH_PORT_OFFSET, signInRedis: 6023 + BENCH_PORT_OFFSET },
};
// As `npm run dev`: browsers resolve *.localhost to this machine and treat it as secure, so the
// app's Secure cookies work over plain http without a TLS proxy in front.
const DOMAIN = 'desk.localhost';
const BROWSER_APP_ORIGIN = `http://web.${DOMAIN}:${PORTS.browserFront}`;
const SESSION_SECRET = 'benchmark-secret-of-at-least-32-characters';
const SSO_CLIENTS = {
  GOOGLE_CLIENT_ID: 'bench-google-client',
  GOOGLE_CLIENT_SECRET: 'bench-google-secret',
  MICROSOFT_CLIENT_ID: 'bench-microsoft-client',
  MICROSOFT_CLIENT_SECRET: 'bench-microsoft-secret',
};
/** The login page as the web app links to it after signing out: prerendered, no arrival, so no backend call. */
const FROM_WEB = '/login/en?from=web';
/** The markup floor is built from that page of the app. */
const MARKUP_FLOOR_SOURCE = FROM_WEB;
/** Seconds of load on the app under `node --cpu-prof` (bench/profile.ts). */
const PROFILE_SECONDS = QUICK ? 5 : 20;

const OUTPUT = join(process.cwd(), QUICK ? 'reports/BENCHMARKS.quick.md' : 'BENCHMARKS.md');

/** A screen's plain HTML as a file of the compressing front (bench/nginx.ts). */
function plainHtmlFile(screenName: string): string {
  return `${screenName.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.html`;
}

function log(message: string) {
  console.log(`bench: ${message}`);
}

async function timed<T>(label: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** The first visit must ask the backend's orgs/me about the client's address (a check before its load). */
async function expectNetworkLookup(backendOrigin: string, target: LoadTarget): Promise<void> {
  const calls = async () => (await (await fetch(`${backendOrigin}/__dev/calls`)).json()) as { path: string; forwardedFor?: string }[];
  const before = (await calls()).length;
  await (await fetch(target.url, { headers: target.headers, redirect: 'manual' })).arrayBuffer();
  const made = (await calls()).slice(before);
  if (!made.some((call) => call.path === '/api/v1/flw/orgs/me' && call.forwardedFor === CLIENT_ADDRESS)) {
    throw new Error(`${target.name}: the arrival did not ask orgs/me about ${CLIENT_ADDRESS} (calls: ${made.map((call) => call.path).join(', ') || 'none'})`);
  }
}

/** Whether the app answered with a prerendered page (its policy admits scripts by hash, not by a nonce). */
async function expectPrerendered(target: LoadTarget, prerendered: boolean): Promise<void> {
  const response = await fetch(target.url, { headers: target.headers, redirect: 'manual' });
  await response.arrayBuffer();
  const policy = response.headers.get('content-security-policy') ?? '';
  if (policy.includes("'nonce-") === prerendered) throw new Error(`${target.name}: ${prerendered ? 'rendered per request' : 'prerendered'}, not ${prerendered ? 'prerendered' : 'rendered per request'}`);
}

function commandOutput(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

const machine: Machine = {
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

const SKIP_BUILD = process.env.BENCH_SKIP_BUILD === '1';
// 1. Build: the app as deployed, and the framework floor. The markup floor needs the app running.
if (!SKIP_BUILD) {
  await timed('app built (npm run build)', () => execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] }));
}
if (!SKIP_BUILD && !ONLY) {
  await timed('bare Next.js page built', buildBareNext);
  await timed('bare Next.js page with an empty proxy built', buildBareNextWithProxy);
}

const servers: Server[] = [];
let browser: Browser | undefined;
const scratch = mkdtempSync(join(tmpdir(), 'desk-login-bench-'));
const plainDirectory = join(scratch, 'plain');

/**
 * Two app instances sharing a Redis, as a fleet runs, behind the site front on the browsers' port
 * (bench/nginx.ts), static files served by the app and by nginx in turn; stopped afterwards.
 */
async function wholeSignInsOfAFleet(backend: Server, appServer: (port: number) => NodeServerOptions): Promise<WholeSignIns> {
  const { ports, settings } = WHOLE_SIGN_IN;
  const redis = await startRedis(ports.signInRedis);
  const fleet: Server[] = [];
  const signInBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const port of [ports.firstSignInApp, ports.secondSignInApp]) {
      const options = appServer(port);
      const profiled = process.env.BENCH_SIGN_IN_PROFILE ? { nodeArgs: [...(options.nodeArgs ?? []), '--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SIGN_IN_PROFILE], stopSignal: 'SIGTERM' as const } : {};
      fleet.push(await startServer({ ...options, ...profiled, name: `app ${fleet.length + 1} of the fleet`, env: { ...options.env, REDIS_URL: redis.url } }));
    }
    return await measureWholeSignIns({
      browser: signInBrowser,
      origins: { app: BROWSER_APP_ORIGIN, backend: backend.origin, organisationDomain: DOMAIN },
      measured: { apps: fleet, backend },
      startFront: (staticFrom) =>
        startSiteFront({ port: PORTS.browserFront, appPorts: fleet.map((app) => Number(new URL(app.origin).port)), mainWebAppPort: PORTS.backend, staticFrom, staticDirectory: '.next/static' }),
      settings,
      pollIntervalMs: pollIntervalMs(),
      log,
      failures: join(process.cwd(), 'reports', 'whole-sign-in-failures'),
    });
  } finally {
    await signInBrowser.close();
    await Promise.all(fleet.map((app) => app.stop()));
    await redis.stop();
  }
}

/** Every response of a page load in `activeBrowser`, the screen's state (cookie, form) as `visit` gives it. */
async function loadedScreen(activeBrowser: Browser, url: string, visit: Visit = { path: '' }): Promise<ScreenBytes> {
  const context = await newBrowserContext(activeBrowser, visit.cookie ? { cookie: visit.cookie } : {});
  try {
    const page = await context.newPage();
    const email = visit.submitEmail;
    const resources = await loadedResources(page, url, email ? (submitting) => submitting.evaluate(submitFormWithoutScript, { email }) : undefined);
    // A screen whose state went missing redirects elsewhere: that would be measured silently.
    if (page.url() !== url) throw new Error(`${url} ended on ${page.url()}`);
    const heading = visit.heading ? await page.evaluate(firstHeading) : undefined;
    if (heading !== visit.heading) throw new Error(`${url}: the heading is "${heading}", not "${visit.heading}"`);
    return { html: sizesOf(resources, 'html'), js: sizesOf(resources, 'js'), css: sizesOf(resources, 'css'), other: sizesOf(resources, 'other'), resources };
  } finally {
    await context.close();
  }
}

/** How a report of a part run alone begins: when, on what, and how it was called. */
function partHeading(part: string, settings: string): string {
  return `Measured ${machine.date}, commit ${machine.commit}, ${machine.cores} shared cores (${machine.cpu}), ${machine.chromium}; \`${settings}${SETTINGS.command} -- --only ${part}\`.`;
}

/**
 * A screen's document as the app sent it, as plain HTML with its stylesheets on the compressing
 * front (where its first paint is measured) and in the static server's folder; what it weighs.
 */
async function writePlainHtml(screenName: string, rendered: string, appOrigin: string, frontDirectory: string): Promise<{ html: ScreenBytes['html']; css: ScreenBytes['css'] }> {
  const plain = Buffer.from(plainHtml(rendered));
  const css = await Promise.all(
    stylesheetPaths(rendered).map(async (path) => {
      const body = Buffer.from(await (await fetch(`${appOrigin}${path}`)).arrayBuffer());
      mkdirSync(dirname(join(plainDirectory, path)), { recursive: true });
      writeFileSync(join(plainDirectory, path), body);
      return { url: path, kind: 'css' as const, ...compressedSizes(body) };
    }),
  );
  writeFileSync(join(frontDirectory, plainHtmlFile(screenName)), plain);
  // The login page's plain HTML is served as a page of its own (throughput, Lighthouse).
  if (screenName === '/login/en') {
    mkdirSync(join(plainDirectory, 'login/en'), { recursive: true });
    writeFileSync(join(plainDirectory, 'login/en/index.html'), plain);
  }
  return { html: sizesOf([{ url: screenName, kind: 'html', ...compressedSizes(plain) }], 'html'), css: sizesOf(css, 'css') };
}

/** A screen reached afresh for each run (a run must not inherit the previous one's state), for Lighthouse. */
function lighthouseTarget(screen: Screen, activeBrowser: Browser): () => Promise<LighthouseTarget> {
  return async () => {
    const visit = await screen.visit(activeBrowser);
    return {
      url: `${BROWSER_APP_ORIGIN}${visit.path}`,
      headers: { ...FORWARDED_HEADERS, ...(visit.cookie ? { cookie: visit.cookie } : {}) },
      submitEmail: visit.submitEmail,
      heading: visit.heading,
    };
  };
}

/**
 * The screen's first paint and its plain HTML's under applied throttling, alternately
 * (bench/first-paint.ts). A form's answer is compared with its plain HTML as the answer to the
 * same post, from the same page loaded the same way: a page load would start on a cold
 * connection where the post reuses the page's.
 */
async function againstPlainHtml(screen: Screen, activeBrowser: Browser): Promise<{ applied: LighthouseRun[]; plain: LighthouseRun[] }> {
  const target = lighthouseTarget(screen, activeBrowser);
  const plainPath = `${PLAIN_HTML_PATH}/${plainHtmlFile(screen.name)}`;
  const plainTarget = async (): Promise<LighthouseTarget> => {
    const screenTarget = await target();
    return screenTarget.submitEmail ? { ...screenTarget, postTo: plainPath } : { url: `${BROWSER_APP_ORIGIN}${plainPath}` };
  };
  const [applied, plain] = await lighthouseRounds(SETTINGS.lcpRounds, [target, plainTarget], 'devtools');
  return { applied: applied ?? [], plain: plain ?? [] };
}

async function shutDown() {
  await browser?.close();
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(scratch, { recursive: true, force: true });
}

// --only sign-in leaves after its part (`break measurements`), through the finally below.
measurements: try {
  // 2. The app with what it talks to: the development backend, and the local identity provider
  // (HTTPS, with a throw-away certificate authority the app trusts) for single sign-on.
  const tls = ensureDevCertificates(join(scratch, 'tls'), []);
  const backend = await startServer({
    name: 'development backend',
    script: 'dev/backend/server.ts',
    port: PORTS.backend,
    env: { DEV_BACKEND_PORT: String(PORTS.backend), LOGIN_LINK_ORIGIN: BROWSER_APP_ORIGIN, DEV_APP_DOMAIN: DOMAIN },
    readyPath: '/__dev/fault',
  });
  servers.push(backend);
  const identityProvider = await startServer({
    name: 'identity provider',
    script: 'dev/identity-provider/server.ts',
    port: PORTS.identityProvider,
    env: {
      ...SSO_CLIENTS,
      IDP_PORT: String(PORTS.identityProvider),
      IDP_GENERIC_PORT: String(PORTS.identityProviderGeneric),
      IDP_REDIRECT_ORIGINS: BROWSER_APP_ORIGIN,
      IDP_CERTIFICATE_DIRECTORY: dirname(tls.caCertificate),
    },
    readyPath: '/__dev/health',
    https: { ca: readFileSync(tls.caCertificate, 'utf8') },
  });
  servers.push(identityProvider);
  const appServer = (port: number): NodeServerOptions => ({
    name: 'app',
    script: '.next/standalone/server.js',
    nodeArgs: [...SERVER_NODE_FLAGS],
    port,
    env: {
      NEXT_TELEMETRY_DISABLED: '1',
      BACKEND_URL: backend.origin,
      APP_DOMAINS: DOMAIN,
      SESSION_SECRET,
      ...SSO_CLIENTS,
      GOOGLE_ISSUER: `${identityProvider.origin}/google`,
      MICROSOFT_AUTHORITY: `${identityProvider.origin}/microsoft/organizations/v2.0`,
      NODE_EXTRA_CA_CERTS: tls.caCertificate,
      // The app and the fresh one run side by side: each needs a metrics port of its own.
      METRICS_PORT: String(port + METRICS_PORT_DISTANCE),
    },
    readyPath: '/login/api/health',
  });
  const app = await startServer(appServer(PORTS.app));
  servers.push(app);
  const startBrowserFront = () => startCompressingFront({ port: PORTS.browserFront, upstreamPort: PORTS.app, readyPath: '/login/api/health' });
  let front = await startBrowserFront();
  servers.push(front);

  if (ONLY === 'first-paint') {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const activeBrowser = browser;
    const screens = appScreens(BROWSER_APP_ORIGIN).filter((screen) => !SCREEN_NAMES || SCREEN_NAMES.includes(screen.name));
    const unknown = SCREEN_NAMES?.filter((name) => !screens.some((screen) => screen.name === name)) ?? [];
    if (unknown.length > 0) throw new Error(`BENCH_SCREENS: no screen is called ${unknown.join(', ')}`);
    const lighthouse: Pick<Measurements['lighthouse'], 'applied' | 'plainApplied'> = { applied: new Map(), plainApplied: new Map() };
    for (const screen of screens) {
      const visit = await screen.visit(activeBrowser);
      const rendered = (await loadedScreen(activeBrowser, `${BROWSER_APP_ORIGIN}${visit.path}`, visit)).resources.find((resource) => resource.kind === 'html')?.body?.toString('utf8');
      if (!rendered) throw new Error(`${screen.name}: no document arrived`);
      await writePlainHtml(screen.name, rendered, app.origin, front.plainDirectory);
      log(`${screen.name} beside its plain HTML x${SETTINGS.lcpRounds} applied, alternately`);
      const { applied, plain } = await againstPlainHtml(screen, activeBrowser);
      lighthouse.applied.set(screen.name, applied);
      lighthouse.plainApplied.set(screen.name, plain);
    }
    const output = join(process.cwd(), 'reports/BENCHMARKS.first-paint.md');
    const settings = `${process.env.BENCH_SCREENS ? `BENCH_SCREENS=${process.env.BENCH_SCREENS} ` : ''}${process.env.BENCH_LCP_ROUNDS ? `BENCH_LCP_ROUNDS=${process.env.BENCH_LCP_ROUNDS} ` : ''}`;
    writeFileSync(output, [partHeading('first-paint', settings), ...firstPaintAgainstPlainSection(screens.map((screen) => screen.name), lighthouse, SETTINGS.lcpRounds)].join('\n') + '\n');
    log(`wrote ${output}`);
    break measurements;
  }

  // 2½. A whole sign-in per CPU-second: the site front takes the browsers' port for the while.
  const wholeSignIns = await timed('whole sign-ins', async () => {
    await front.stop();
    try {
      return await wholeSignInsOfAFleet(backend, appServer);
    } finally {
      if (!ONLY) {
        front = await startBrowserFront();
        servers.push(front);
      }
    }
  });
  if (ONLY) {
    const output = join(process.cwd(), 'reports/BENCHMARKS.sign-in.md');
    writeFileSync(output, [partHeading('sign-in', ''), '', ...wholeSignInSection(wholeSignIns)].join('\n'));
    log(`wrote ${output}`);
    break measurements;
  }

  // 3. The markup floor: the app's own HTML of the login page, as static JSX on bare Next.js.
  if (!SKIP_BUILD || !existsSync(join(MARKUP_FLOOR_STANDALONE, 'server.js'))) {
    await timed(`markup floor built from ${MARKUP_FLOOR_SOURCE}`, () =>
      buildMarkupFloor({ appOrigin: app.origin, path: MARKUP_FLOOR_SOURCE, floorPagePath: 'en' }),
    );
  }
  const startStandalone = async (name: string, cwd: string, port: number) => {
    const server = await startServer({ name, script: 'server.js', nodeArgs: [...SERVER_NODE_FLAGS], cwd, port, env: { NEXT_TELEMETRY_DISABLED: '1' }, readyPath: BARE_NEXT_PAGE_PATH });
    servers.push(server);
    return server;
  };
  const bareNext = await startStandalone('bare Next.js', BARE_NEXT_STANDALONE, PORTS.bareNext);
  const bareNextWithProxy = await startStandalone('bare Next.js with an empty proxy', BARE_NEXT_WITH_PROXY_STANDALONE, PORTS.bareNextWithProxy);
  const markupFloor = await startStandalone('markup floor', MARKUP_FLOOR_STANDALONE, PORTS.markupFloor);

  // 4. Reports: a fresh app process's time to its first answers, and its memory under requests.
  log(`start-up of a fresh app process x${SETTINGS.startups}, then its memory over ${SETTINGS.memoryRequests} requests`);
  const startup = await startupAndMemory(appServer(PORTS.freshApp), {
    paths: ['/login/api/health', '/login/en'],
    runs: SETTINGS.startups,
    loadPath: FROM_WEB,
    requests: SETTINGS.memoryRequests,
  });

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const activeBrowser = browser;
  const screens = appScreens(BROWSER_APP_ORIGIN);

  // 5. Bytes a browser loads, each screen reached afresh; the same documents as plain HTML.
  log('measuring bytes');
  const bytes = new Map<string, ScreenBytes>();
  const plainBytes: Measurements['plainBytes'] = new Map();
  for (const screen of screens) {
    const visit = await screen.visit(activeBrowser);
    bytes.set(screen.name, await loadedScreen(activeBrowser, `${BROWSER_APP_ORIGIN}${visit.path}`, visit));

    const rendered = bytes.get(screen.name)?.resources.find((resource) => resource.kind === 'html')?.body?.toString('utf8');
    if (!rendered) throw new Error(`${screen.name}: no document arrived`);
    plainBytes.set(screen.name, await writePlainHtml(screen.name, rendered, app.origin, front.plainDirectory));
  }
  bytes.set(BARE_PAGE, await loadedScreen(activeBrowser, `${bareNext.origin}${BARE_NEXT_PAGE_PATH}`));
  bytes.set(MARKUP_FLOOR, await loadedScreen(activeBrowser, `${markupFloor.origin}${BARE_NEXT_PAGE_PATH}`));

  const staticServer = await startServer({
    name: 'plain Node static server',
    script: 'bench/static-server.ts',
    args: [plainDirectory],
    port: PORTS.static,
    readyPath: '/login/en',
  });
  servers.push(staticServer);

  // 6. Link confirmation to redirect: same browser (BroadcastChannel), another browser (polling).
  log('timing link confirmations');
  const origins = { app: BROWSER_APP_ORIGIN, backend: backend.origin, organisationDomain: DOMAIN };
  const sameBrowser: number[] = [];
  const otherBrowser: number[] = [];
  let lastLoginCookie: string | undefined;
  let accessToken: string | undefined;
  for (let run = 0; run < SETTINGS.confirmations; run += 1) {
    sameBrowser.push((await timeConfirmation(activeBrowser, origins, 'same-browser')).milliseconds);
    const polled = await timeConfirmation(activeBrowser, origins, 'other-browser');
    otherBrowser.push(polled.milliseconds);
    lastLoginCookie ??= polled.setCookies.find((cookie) => cookie.startsWith('__Host-lastLogin='));
    accessToken ??= polled.setCookies.find((cookie) => cookie.startsWith('acmeAccessToken='))?.split('=')[1];
  }
  if (!lastLoginCookie || !accessToken) throw new Error('the signed-in status answer set no lastLogin or access token cookie');

  // 7. Server CPU (issue 33): every kind of request to the app against the bare Next.js page, and
  // the limits, side by side in one alternating run. App requests carry what nginx adds.
  log('load: the app (prerendered page, first visit, returning browser, screens rendered per request), bare Next.js, nginx');
  const pid = (server: Server) => server.child.pid ?? 0;
  const appHeaders = (cookie?: string): Record<string, string> => (cookie ? { ...BEHIND_NGINX_HEADERS, cookie } : BEHIND_NGINX_HEADERS);
  const appTarget = (name: string, path: string, status = 200, cookie?: string): LoadTarget => ({
    name,
    url: `${app.origin}${path}`,
    headers: appHeaders(cookie),
    status,
    pids: [pid(app), pid(backend)],
  });
  const fromWeb = appTarget('app-from-web', FROM_WEB);
  const firstVisit = appTarget('app-first-visit', '/login/en');
  // The first visit must really ask the backend about the client's network, and both must get
  // the prerendered page (a policy of hashes, no nonce); a screen, a page rendered for it.
  await expectNetworkLookup(backend.origin, firstVisit);
  for (const target of [fromWeb, firstVisit]) await expectPrerendered(target, true);
  const fromWebAnswer = await fetch(fromWeb.url, { headers: fromWeb.headers });
  await fromWebAnswer.arrayBuffer();
  const nginxHeaders = copiedHeaders(fromWebAnswer.headers);
  // A browser revalidating its copy of the page (Cache-Control: no-cache): proxy.ts answers 304.
  const etag = fromWebAnswer.headers.get('etag');
  if (!etag) throw new Error(`${FROM_WEB} came without an ETag`);
  const heldCopy: LoadTarget = { ...appTarget('app-held-copy', FROM_WEB, 304), headers: { ...appHeaders(), 'if-none-match': etag } };
  const nginx = await startNginx({ port: PORTS.nginx, path: '/login/en', html: PRERENDERED_LOGIN_HTML, headers: nginxHeaders });
  servers.push(nginx);
  const screenTargets: LoadTarget[] = [];
  const filledScreens = new Set<string>();
  for (const screen of screens.filter((candidate) => candidate.renderedPerRequest)) {
    const visit = await screen.visit(activeBrowser);
    // State cookies and an e-mailed link's timestamp expire within minutes: made anew for each round.
    const renew = async () => {
      const fresh = await screen.visit(activeBrowser);
      return { url: `${app.origin}${fresh.path}`, headers: appHeaders(fresh.cookie) };
    };
    if (!screen.fromTemplate) {
      screenTargets.push({ ...appTarget(`screen:${screen.name}`, visit.path, 200, visit.cookie), renew });
      continue;
    }
    // Filled from its template for a document load, which names HTML in Accept (proxy.ts); before and
    // after in one run: the same screen as Next renders it for a request that does not.
    const filled = appTarget(`screen:${screen.name}`, visit.path, 200, visit.cookie);
    filledScreens.add(filled.name);
    screenTargets.push(
      { ...filled, headers: { ...filled.headers, accept: DOCUMENT_ACCEPT }, renew: async () => {
          const fresh = await renew();
          return { ...fresh, headers: { ...fresh.headers, accept: DOCUMENT_ACCEPT } };
        } },
      { ...appTarget(`screen:${screen.name}${RENDERED_PER_REQUEST}`, visit.path, 200, visit.cookie), renew },
    );
  }
  for (const target of screenTargets) await expectPrerendered(target, filledScreens.has(target.name));
  const pageLoad = await alternatingLoad(
    [
      fromWeb,
      { name: 'bare', url: `${bareNext.origin}${BARE_NEXT_PAGE_PATH}`, status: 200, pids: [pid(bareNext)] },
      firstVisit,
      heldCopy,
      // A returning browser: proxy.ts asks the organisation's users/me and redirects.
      appTarget('app-returning', '/login/en', 303, lastLoginCookie),
      // What Next.js charges for any request through a proxy: the bare app's trivial route behind one that does nothing.
      { name: 'bare-proxy-health', url: `${bareNextWithProxy.origin}/login/api/health`, status: 200, pids: [pid(bareNextWithProxy)] },
      ...screenTargets,
      { name: 'nginx', url: `${nginx.origin}/login/en`, status: 200, pids: [nginx.workerPid] },
      { name: 'markup-floor', url: `${markupFloor.origin}${BARE_NEXT_PAGE_PATH}`, status: 200, pids: [pid(markupFloor)] },
      { name: 'static', url: `${staticServer.origin}/login/en`, status: 200, pids: [pid(staticServer)] },
      { name: 'bare-proxy', url: `${bareNextWithProxy.origin}${BARE_NEXT_PAGE_PATH}`, status: 200, pids: [pid(bareNextWithProxy)] },
      // Where the difference goes: the proxy alone.
      { ...appTarget('app-health', '/login/api/health'), pids: [pid(app)] },
      { name: 'bare-health', url: `${bareNext.origin}/login/api/health`, status: 200, pids: [pid(bareNext)] },
    ],
    SETTINGS.load,
  );

  // 8. The arrival redirect of a returning user against the backend call it waits for.
  log('load: arrival redirect against users/me');
  const arrivalTargets: LoadTarget[] = [
    { name: 'arrival', url: `${app.origin}/login/en`, headers: { cookie: lastLoginCookie }, status: 303, pids: [pid(app), pid(backend)] },
    { name: 'users/me', url: `${backend.origin}/api/v1/flw/users/me`, headers: { authorization: `Bearer ${accessToken}` }, status: 200, pids: [pid(backend)] },
  ];
  const [arrival] = arrivalTargets as [LoadTarget];
  const arrivalLocation = (await fetch(arrival.url, { headers: arrival.headers, redirect: 'manual' })).headers.get('location');
  const arrivalLoad = await alternatingLoad(arrivalTargets, SETTINGS.arrivalLoad);
  const arrivalLatencies = await interleavedLatencies(arrivalTargets, SETTINGS.arrivalSamples);

  // 9. Where the prerendered page's CPU goes: a fresh app process under --cpu-prof (bench/profile.ts).
  log(`profile: GET ${FROM_WEB} for ${PROFILE_SECONDS} s under node --cpu-prof`);
  const profile = await profileUnderLoad(appServer(PORTS.freshApp), { path: FROM_WEB, seconds: PROFILE_SECONDS, connections: SETTINGS.load.connections, headers: BEHIND_NGINX_HEADERS });

  // 10. Lighthouse, last: the slowest part, and the one that most needs a quiet machine. Each
  // target under both of its throttlings, one after the other (bench/lighthouse.ts).
  const lighthouse: Measurements['lighthouse'] = { simulated: new Map(), applied: new Map(), plainApplied: new Map() };
  const measureLighthouse = async (name: string, target: () => Promise<LighthouseTarget>) => {
    log(`Lighthouse ${name} x${SETTINGS.lighthouseRuns}, simulated and applied throttling`);
    lighthouse.simulated.set(name, await lighthouseRuns(SETTINGS.lighthouseRuns, target, 'simulate'));
    lighthouse.applied.set(name, await lighthouseRuns(SETTINGS.lighthouseRuns, target, 'devtools'));
  };
  for (const screen of screens) {
    log(`Lighthouse ${screen.name} x${SETTINGS.lighthouseRuns} simulated; beside its plain HTML x${SETTINGS.lcpRounds} applied, alternately`);
    lighthouse.simulated.set(screen.name, await lighthouseRuns(SETTINGS.lighthouseRuns, lighthouseTarget(screen, activeBrowser), 'simulate'));
    const { applied, plain } = await againstPlainHtml(screen, activeBrowser);
    lighthouse.applied.set(screen.name, applied);
    lighthouse.plainApplied.set(screen.name, plain);
  }
  // The same conditions for the floors and the limit: what no change to the app can beat.
  await measureLighthouse(BARE_PAGE, async () => ({ url: `${bareNext.origin}${BARE_NEXT_PAGE_PATH}` }));
  await measureLighthouse(MARKUP_FLOOR, async () => ({ url: `${markupFloor.origin}${BARE_NEXT_PAGE_PATH}` }));

  writeFileSync(
    OUTPUT,
    report(
      { screens, bytes, plainBytes, lighthouse, pageLoad, arrivalLoad, arrivalLatencies, arrivalLocation, sameBrowser, otherBrowser, startup, profile, nginxHeaders, wholeSignIns },
      {
        machine,
        settings: SETTINGS,
        ports: { ...PORTS, ...WHOLE_SIGN_IN.ports },
        browserAppOrigin: BROWSER_APP_ORIGIN,
        chromiumPath: CHROMIUM_PATH,
        markupFloorSource: MARKUP_FLOOR_SOURCE,
        fromWeb: FROM_WEB,
        clientAddress: CLIENT_ADDRESS,
        prerenderedHtml: PRERENDERED_LOGIN_HTML,
      },
    ) + readFileSync(join(process.cwd(), 'bench/measured-by-the-suite.md'), 'utf8'),
  );
  log(`wrote ${OUTPUT}`);
} finally {
  await shutDown();
}

