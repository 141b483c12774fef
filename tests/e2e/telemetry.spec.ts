import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { backendCalls, latestSignInLink, uniqueAddress, type BackendCall } from './support/backend.ts';
import { DEDICATED_HTTP_PORTS, DEDICATED_HTTPS_PORTS, dedicatedOrigin, startDeployment, type Deployment } from './support/dedicated-deployment.ts';
import { APP_PORTS, DOMAIN, LOGIN_ORIGIN, metricsPortOf, NGINX_ACCESS_LOG, organisationOrigin, serverLog, testPort } from './support/environment.ts';
import { requestLink } from './support/sign-in.ts';
import { PROMTOOL_PATH, startPrometheus, type Prometheus } from './support/prometheus.ts';
import { startTraceCollector, type TraceCollector } from './support/trace-collector.ts';
import { startPath, uniqueSsoAddress } from './support/single-sign-on.ts';
import { FORMER_METRICS_PATHS } from './support/metrics-paths.ts';

/**
 * What operators see (deploy/README.md, Metrics and Traces). A real Prometheus scrapes a
 * deployment of this spec's own every second while its flows run, and is asked, as a dashboard
 * or an alert would ask it, what they moved; nothing else signs in there, so every count is exact,
 * and the tests run one after another. The same deployment exports its traces to a collector
 * here, which is compared with what the development backend received.
 */

test.describe.configure({ mode: 'default' });

const HTTPS_PORT = DEDICATED_HTTPS_PORTS.telemetry;
const ORIGIN = dedicatedOrigin(HTTPS_PORT);
const APP_PORT = testPort(4541);
const METRICS_PORT = metricsPortOf(APP_PORT);
test.use({ baseURL: `${ORIGIN}/login/` });

const COLLECTOR_PORT = testPort(4546);

let deployment: Deployment;
let prometheus: Prometheus;
let collector: TraceCollector;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  collector = await startTraceCollector(COLLECTOR_PORT);
  deployment = await startDeployment('telemetry', {
    httpsPort: HTTPS_PORT,
    httpPort: DEDICATED_HTTP_PORTS.telemetry,
    appPorts: [APP_PORT],
    servers: { backend: testPort(4542), identityProvider: testPort(4543), identityProviderGeneric: testPort(4544) },
    environment: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${COLLECTOR_PORT}/v1/traces`, OTEL_SERVICE_NAME: 'desk-login-e2e' },
  });
  prometheus = await startPrometheus('telemetry', testPort(4545), [`127.0.0.1:${METRICS_PORT}`]);
});
test.afterAll(async () => {
  await prometheus?.stop();
  await deployment?.stop();
  await collector?.stop();
});

/** `sum(<metric>{<labels>})` as Prometheus has it once it has scraped everything counted until now. */
async function scraped(metric: string, labels: Record<string, string>): Promise<number> {
  const asked = Date.now() / 1000;
  await expect.poll(() => prometheus.value('max(timestamp(up{job="desk-login"}))'), { message: 'a scrape after this moment' }).toBeGreaterThan(asked);
  return (await prometheus.value(sumOf(metric, labels))) ?? 0;
}

function sumOf(metric: string, labels: Record<string, string>): string {
  return `sum(${metric}{${Object.entries(labels).map(([name, value]) => `${name}="${value}"`).join(',')}})`;
}

/** Waits until Prometheus shows `metric` at `expected`; fails with the value it last showed. */
async function expectScraped(metric: string, labels: Record<string, string>, expected: number): Promise<void> {
  await expect.poll(async () => (await prometheus.value(sumOf(metric, labels))) ?? 0, { message: sumOf(metric, labels) }).toBe(expected);
}

const STEPS = 'desk_login_sign_in_steps_total';
const FAILURES = 'desk_login_sign_in_failures_total';
const BACKEND_CALLS = 'desk_login_backend_call_duration_seconds_count';
const PROVIDER_CALLS = 'desk_login_identity_provider_call_duration_seconds_count';
/** Time to sign in, from the first step to the hand-off, once per sign-in (issue 42). */
const SIGN_IN_DURATIONS = 'desk_login_sign_in_duration_seconds_count';
const SIGN_IN_SECONDS = 'desk_login_sign_in_duration_seconds_sum';

type Answer = { status: number; body: string; location: string | undefined };

/** A request with the path exactly as written (a browser or fetch would tidy it first): through nginx, or straight to a port of the instance. */
function rawGet(path: string, to: { port: number; tls: boolean } = { port: HTTPS_PORT, tls: true }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port: to.port, path, agent: false, headers: { host: `web.${DOMAIN}:${HTTPS_PORT}` } };
    const answered = (response: IncomingMessage) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, location: response.headers.location }));
    };
    const request = to.tls ? httpsRequest({ ...options, rejectUnauthorized: false, servername: `web.${DOMAIN}` }, answered) : httpRequest(options, answered);
    request.on('error', reject);
    request.end();
  });
}

/** Every answer of the instance's own port to `path`, its redirects followed (Next tidies `//` and `\\` by redirecting). */
async function answersOfAppPort(path: string): Promise<Answer[]> {
  const answers = [await rawGet(path, { port: APP_PORT, tls: false })];
  while (answers.length < 5 && answers.at(-1)!.location) {
    const next = new URL(answers.at(-1)!.location!, `http://127.0.0.1:${APP_PORT}`);
    answers.push(await rawGet(`${next.pathname}${next.search}`, { port: APP_PORT, tls: false }));
  }
  return answers;
}

test('the metrics: on METRICS_PORT at /metrics, in the Prometheus text format, and nowhere else', async () => {
  const own = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
  expect(own.status).toBe(200);
  expect(own.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await own.text();
  expect(text).toContain('# TYPE desk_login_sign_in_steps_total counter');
  expect(text).toContain('process_cpu_seconds_total');
  // The metrics port answers nothing but its one path: not the app's pages, not the former path.
  for (const path of ['/login/api/metrics', '/login/api/health', '/login/en', '/metrics/']) {
    const answer = await rawGet(path, { port: METRICS_PORT, tls: false });
    expect.soft(answer.status, `${path} on METRICS_PORT`).toBe(404);
    expect.soft(answer.body, `${path} on METRICS_PORT`).not.toContain('desk_login_');
  }

  // The app's own port, as the proxy (and any pod the policy failed to stop) reaches it: the former
  // path is a 404, and no spelling of it, nor /metrics, leads to a metric.
  for (const path of ['/login/api/metrics', '/login/api/metrics?format=prometheus', '/login/api/%6Detrics', '/login/en/../api/metrics', '/login/./api/metrics']) {
    expect.soft((await rawGet(path, { port: APP_PORT, tls: false })).status, `${path} on the app's port`).toBe(404);
  }
  for (const path of [...FORMER_METRICS_PATHS, '/metrics', '/login/metrics']) {
    for (const answer of await answersOfAppPort(path)) expect.soft(answer.body, `${path} on the app's port`).not.toContain('desk_login_');
  }
  // nginx in front of it, however the path is spelled.
  for (const path of FORMER_METRICS_PATHS) {
    const answer = await rawGet(path);
    expect.soft(answer.status, `${path} through nginx`).toBe(404);
    expect.soft(answer.body, `${path} through nginx`).not.toContain('desk_login_');
  }
  // Positive control: the same requests reach the app, directly and through nginx, for its health check.
  for (const answer of [await rawGet('/login/api/health', { port: APP_PORT, tls: false }), await rawGet('/login/api/health')]) {
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"ok"');
  }
});

test('an e-mail sign-in moves started, link sent, link confirmed and handed off by one each, and times its backend calls', async ({ page }) => {
  const step = async (name: string) => scraped(STEPS, { method: 'email', step: name });
  const before = { started: await step('started'), sent: await step('link_sent'), confirmed: await step('link_confirmed'), handedOff: await step('handed_off') };
  const verifyUser = { operation: '/api/v1/flw/auth/:email/verifyUser', outcome: 'ok' };
  const verifyUserBefore = await scraped(BACKEND_CALLS, verifyUser);

  const email = uniqueAddress('anna@acme.test');
  await page.goto('en');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expectScraped(STEPS, { method: 'email', step: 'link_sent' }, before.sent + 1);
  await expectScraped(STEPS, { method: 'email', step: 'handed_off' }, before.handedOff);

  await page.goto(await latestSignInLink(page.request, email, deployment.backendOrigin));
  await expect(page).toHaveURL(`${organisationOrigin('acme', HTTPS_PORT)}/`);
  await expectScraped(STEPS, { method: 'email', step: 'started' }, before.started + 1);
  await expectScraped(STEPS, { method: 'email', step: 'link_confirmed' }, before.confirmed + 1);
  await expectScraped(STEPS, { method: 'email', step: 'handed_off' }, before.handedOff + 1);
  await expectScraped(BACKEND_CALLS, verifyUser, verifyUserBefore + 1);
  // The histogram's buckets add up to its count, so a latency quantile can be read from them.
  expect(await prometheus.value(`sum(desk_login_backend_call_duration_seconds_bucket{operation="${verifyUser.operation}",le="+Inf"})`)).toBe(verifyUserBefore + 1);
});

test('one link signed in in two tabs, the link\'s and the waiting one, moves handed off by one: the funnel counts sign-ins, not tabs', async ({ page, context }) => {
  const step = async (name: string) => scraped(STEPS, { method: 'email', step: name });
  const before = { started: await step('started'), sent: await step('link_sent'), confirmed: await step('link_confirmed'), handedOff: await step('handed_off') };
  const timed = { count: await scraped(SIGN_IN_DURATIONS, { method: 'email_link' }), seconds: await scraped(SIGN_IN_SECONDS, { method: 'email_link' }) };
  const timedByCode = await scraped(SIGN_IN_DURATIONS, { method: 'email_code' });

  const email = uniqueAddress('anna@acme.test');
  const asked = Date.now();
  await page.goto('en');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const linkTab = await context.newPage();
  await linkTab.goto(await latestSignInLink(page.request, email, deployment.backendOrigin));
  // Both tabs are handed off: the link's at once, the waiting one when it hears of it.
  await expect(linkTab).toHaveURL(`${organisationOrigin('acme', HTTPS_PORT)}/`);
  await expect(page).toHaveURL(`${organisationOrigin('acme', HTTPS_PORT)}/`);
  const arrived = Date.now();

  // Read from a scrape after both hand-offs: not a count caught between them.
  expect(await step('handed_off')).toBe(before.handedOff + 1);
  // One time to sign in, under the link confirmed in the browser that asked, from the form's post to the first hand-off.
  expect(await scraped(SIGN_IN_DURATIONS, { method: 'email_link' })).toBe(timed.count + 1);
  expect(await scraped(SIGN_IN_DURATIONS, { method: 'email_code' })).toBe(timedByCode);
  const seconds = (await scraped(SIGN_IN_SECONDS, { method: 'email_link' })) - timed.seconds;
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual((arrived - asked) / 1000);
  expect(await step('started')).toBe(before.started + 1);
  expect(await step('link_sent')).toBe(before.sent + 1);
  expect(await step('link_confirmed')).toBe(before.confirmed + 1);
});

test('a Google sign-in moves Google\'s started and handed off, and times the token exchange at the provider', async ({ page }) => {
  const google = async (name: string) => scraped(STEPS, { method: 'google', step: name });
  const before = { started: await google('started'), handedOff: await google('handed_off') };
  const timed = await scraped(SIGN_IN_DURATIONS, { method: 'google' });
  const tokenCalls = { provider: 'google', call: 'token', outcome: 'ok' };
  const tokenCallsBefore = await scraped(PROVIDER_CALLS, tokenCalls);

  await page.goto('en');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: /sso-one@acme\.test/ }).click();
  await expect(page).toHaveURL(`${organisationOrigin('acme', HTTPS_PORT)}/`);

  await expectScraped(STEPS, { method: 'google', step: 'started' }, before.started + 1);
  await expectScraped(STEPS, { method: 'google', step: 'handed_off' }, before.handedOff + 1);
  await expectScraped(SIGN_IN_DURATIONS, { method: 'google' }, timed + 1);
  await expectScraped(PROVIDER_CALLS, tokenCalls, tokenCallsBefore + 1);
});

test('a refused sign-in is counted by its reason, and hands nobody off', async ({ page }) => {
  const refused = { method: 'microsoft', reason: 'org_not_found' };
  const microsoft = async (name: string) => scraped(STEPS, { method: 'microsoft', step: name });
  const before = { refused: await scraped(FAILURES, refused), started: await microsoft('started'), handedOff: await microsoft('handed_off') };

  // An account the backend knows no organisation for: ssoLogin answers ORG_NOT_FOUND.
  await page.goto(startPath('microsoft', { login_hint: uniqueSsoAddress('sso-refused') }, ORIGIN));
  await expect(page).toHaveURL(/\/login\/en\?error=sso-user-not-found$/);

  await expectScraped(STEPS, { method: 'microsoft', step: 'started' }, before.started + 1);
  await expectScraped(FAILURES, refused, before.refused + 1);
  // Counted after the failure, in the same scrape or a later one: no hand-off came of it.
  expect(await microsoft('handed_off')).toBe(before.handedOff);
});

test('a Microsoft sign-in left at the organisation picker moves picker shown and not picker chosen, and its Back counts as cancelled', async ({ page }) => {
  const microsoft = async (name: string) => scraped(STEPS, { method: 'microsoft', step: name });
  const cancelled = { method: 'microsoft', reason: 'cancelled' };
  const before = { started: await microsoft('started'), shown: await microsoft('picker_shown'), chosen: await microsoft('picker_chosen'), handedOff: await microsoft('handed_off'), cancelled: await scraped(FAILURES, cancelled) };

  // An account of several organisations: the picker. One left unused, one left by its Back.
  await page.goto(startPath('microsoft', { login_hint: 'sso-many@acme.test' }, ORIGIN));
  await expect(page.getByRole('heading', { name: 'Choose your organisation' })).toBeVisible();
  await page.goto(startPath('microsoft', { login_hint: 'sso-many@acme.test' }, ORIGIN));
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/login\/en\?error=user-close$/);

  await expectScraped(STEPS, { method: 'microsoft', step: 'picker_shown' }, before.shown + 2);
  await expectScraped(STEPS, { method: 'microsoft', step: 'started' }, before.started + 2);
  await expectScraped(FAILURES, cancelled, before.cancelled + 1);
  expect(await microsoft('picker_chosen')).toBe(before.chosen);
  expect(await microsoft('handed_off')).toBe(before.handedOff);

  // Positive control: a choice moves chosen and handed off.
  await page.goto(startPath('microsoft', { login_hint: 'sso-many@acme.test' }, ORIGIN));
  await page.getByRole('button', { name: 'Globex', exact: true }).click();
  await expect(page).toHaveURL(`${organisationOrigin('globex', HTTPS_PORT)}/`);
  await expectScraped(STEPS, { method: 'microsoft', step: 'picker_chosen' }, before.chosen + 1);
  await expectScraped(STEPS, { method: 'microsoft', step: 'handed_off' }, before.handedOff + 1);
});

test('the alert rules load in Prometheus, pass promtool\'s check, and fire in their unit tests only when they should', async () => {
  const run = promisify(execFile);
  const check = await run(PROMTOOL_PATH, ['check', 'rules', 'deploy/prometheus/alerts.yml']);
  expect(check.stdout).toContain('SUCCESS');
  const unitTests = await run(PROMTOOL_PATH, ['test', 'rules', 'deploy/prometheus/alerts.test.yml']);
  expect(unitTests.stdout).toContain('SUCCESS');

  const loaded = (await (await fetch(`${prometheus.origin}/api/v1/rules?type=alert`)).json()) as { data: { groups: { name: string; rules: { name: string; health: string }[] }[] } };
  const rules = loaded.data.groups.flatMap((group) => group.rules);
  expect(rules.length).toBeGreaterThan(0);
  const shipped = [...readFileSync('deploy/prometheus/alerts.yml', 'utf8').matchAll(/^\s*- alert: (\w+)/gm)].map((match) => match[1]);
  expect(rules.map((rule) => rule.name).sort()).toEqual(shipped.sort());
  expect(rules.filter((rule) => rule.health === 'err')).toEqual([]);
});

/** Every PromQL expression of a Grafana dashboard, with Grafana's variables as a query would have them. */
function dashboardQueries(dashboard: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'expr' && typeof value === 'string' && value.trim()) found.push(value);
        else visit(value);
      }
    }
  };
  visit(dashboard);
  return found.map((query) => query.replaceAll(/\$__(?:rate_interval|interval|range)/g, '5m').replaceAll(/\$\{?\w+\}?/g, '.*'));
}

const METRIC_NAME = /\b(?:desk_login_\w+|process_\w+|nodejs_\w+|up)\b(?!\s*\()/g;

test('every query of the Grafana dashboard is one Prometheus answers, about metrics the app exports', async () => {
  const queries = dashboardQueries(JSON.parse(readFileSync('deploy/grafana/desk-login.json', 'utf8')));
  expect(queries.length).toBeGreaterThan(5);
  const exported = new Set(await prometheus.metricNames());
  expect(exported).toContain('desk_login_sign_in_steps_total');
  for (const query of queries) {
    expect.soft(await prometheus.queryError(query), query).toBeUndefined();
    for (const name of query.match(METRIC_NAME) ?? []) expect.soft(exported.has(name), `${name} in ${query}`).toBe(true);
  }
  // Positive control: a misspelt name or a broken query is caught.
  expect(exported.has('desk_login_sign_in_step_total')).toBe(false);
  expect(await prometheus.queryError('sum(rate(desk_login_sign_in_steps_total[5m])')).toBeDefined();
});

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

/** Asks this spec's deployment for a sign-in link to a new address: the verifyUser call it made. */
async function askForLink(page: Page): Promise<BackendCall | undefined> {
  const email = uniqueAddress('anna@acme.test');
  await page.goto('en');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  return (await backendCalls(page.request, deployment.backendOrigin)).find((call) => call.path.endsWith(`/${encodeURIComponent(email)}/verifyUser`));
}

test('a sign-in can be followed from this app into the backend: its calls carry a traceparent, its log lines the same trace id, and the spans reach the collector', async ({ page }) => {
  const verifyUser = await askForLink(page);
  expect(verifyUser?.traceparent).toMatch(TRACEPARENT);
  const [, traceId] = TRACEPARENT.exec(verifyUser!.traceparent!)!;
  const logged = deployment.instances[0]!.logLines().filter((line) => line.traceId === traceId);
  expect(logged.map((line) => line.msg)).toEqual(expect.arrayContaining(['backend call', 'email sign-in requested']));
  await expect.poll(() => collector.traceIds(), { message: 'the request\'s spans at the collector', timeout: 15_000 }).toContain(traceId);
  expect(collector.serviceNames()).toContain('desk-login-e2e');

  // Another request, another trace.
  await page.context().clearCookies();
  await askForLink(page);
  const traceIds = (await backendCalls(page.request, deployment.backendOrigin)).filter((call) => call.path.endsWith('/verifyUser')).map((call) => TRACEPARENT.exec(call.traceparent ?? '')?.[1]);
  expect(new Set(traceIds).size).toBe(traceIds.length);
});

test('a traceparent the client wrote is dropped at nginx: the trace starts there, not with a trace id of the client\'s choosing', async ({ page }) => {
  const chosen = `00-${'c0ffee'.repeat(5)}00-${'1'.repeat(16)}-01`;
  await page.setExtraHTTPHeaders({ traceparent: chosen, tracestate: 'attacker=1' });
  const verifyUser = await askForLink(page);
  // Positive control: the call carries a trace context, only not the client's.
  expect(verifyUser?.traceparent).toMatch(TRACEPARENT);
  expect(verifyUser?.traceparent).not.toContain('c0ffee');
  expect(deployment.instances[0]!.logLines().some((line) => String(line.traceId ?? '').includes('c0ffee'))).toBe(false);

  // The product API behind the same site: nginx drops it there too. Positive control: sent to the
  // backend directly, the header is recorded.
  const probe = (via: string) => `${via}/api/v1/flw/orgs/me?probe=${crypto.randomUUID()}`;
  const throughNginx = probe(ORIGIN);
  const direct = probe(deployment.backendOrigin);
  // From the page (its origin), as a script would send it; the direct one from the test runner.
  await page.evaluate(async ([url, traceparent]) => void (await fetch(url!, { headers: { traceparent: traceparent! } })), [throughNginx, chosen]);
  await page.request.get(direct, { headers: { traceparent: chosen } });
  const recorded = (url: string) => backendCalls(page.request, deployment.backendOrigin).then((calls) => calls.find((call) => call.query.probe === new URL(url).searchParams.get('probe')));
  expect(await recorded(throughNginx)).toBeDefined();
  expect((await recorded(throughNginx))?.traceparent).toBeUndefined();
  expect((await recorded(direct))?.traceparent).toBe(chosen);
});

test('without a collector configured nothing is recorded, and the trace id is nginx\'s request id: in the access log, the app\'s lines and the backend\'s traceparent', async ({ browser }) => {
  // The suite's own deployment, which sets no OTEL_EXPORTER_OTLP_TRACES_ENDPOINT.
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: LOGIN_ORIGIN });
  const page = await context.newPage();
  const email = uniqueAddress('anna@acme.test');
  await requestLink(page, email);
  const verifyUser = (await backendCalls(page.request)).find((call) => call.path.endsWith(`/${encodeURIComponent(email)}/verifyUser`));
  const [, traceId, , flags] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-(0[01])$/.exec(verifyUser?.traceparent ?? '') ?? [];
  expect(traceId).toBeDefined();
  expect(flags, 'not sampled: no span is recorded').toBe('00');
  const lines = readFileSync(serverLog(`app-${APP_PORTS[0]}`), 'utf8')
    .split('\n')
    .filter((line) => line.includes(`"traceId":"${traceId}"`))
    .map((line) => JSON.parse(line) as { requestId: string; msg: string });
  expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['backend call', 'email sign-in requested']));
  expect(new Set(lines.map((line) => line.requestId))).toEqual(new Set([traceId]));
  expect(readFileSync(NGINX_ACCESS_LOG, 'utf8')).toMatch(new RegExp(` ${traceId}$`, 'm'));
  await context.close();
});
