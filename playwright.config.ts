import { readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import type { EngineName } from './tests/e2e/engines/engine';
import { DEDICATED_HTTPS_PORTS, dedicatedOrigin } from './tests/e2e/support/dedicated-deployment';
import { SERVER_NODE_FLAGS } from './deploy/server-node-flags';
import { cpuAvailable } from './tests/e2e/support/machine-cpu';
import {
  APP_ENVIRONMENT,
  APP_PORTS,
  BACKEND_ORIGIN,
  BACKEND_PORT,
  backendEnvironment,
  CHROMIUM_ARGS,
  CHROMIUM_SHELL_PATH,
  HTTPS_PORT,
  IDENTITY_PROVIDER_GENERIC_PORT,
  IDENTITY_PROVIDER_ORIGIN,
  IDENTITY_PROVIDER_PORT,
  identityProviderEnvironment,
  LOGIN_ORIGIN,
  metricsPortOf,
  RUN_DIRECTORY,
  SESSION_SECRET,
  serverLog,
} from './tests/e2e/support/environment';

/** Written by tests/e2e/support/prepare.ts, which runs first. */
function preparedValue(name: string, fallback: string): string {
  try {
    return readFileSync(`${RUN_DIRECTORY}${name}`, 'utf8').trim();
  } catch {
    return fallback;
  }
}

const nginxPath = preparedValue('nginx-path', 'nginx');

/**
 * A server's output goes to reports/servers/<name>.log, not to the terminal: a green run shows
 * progress and totals only. A server that ends by itself prints the end of its log
 * (tests/run-logged.mjs); when the run fails, tests/e2e/support/server-logs-reporter.ts shows what the
 * servers wrote while each failing test ran.
 */
function logged(name: string, command: string): string {
  return `node tests/run-logged.mjs ${JSON.stringify(serverLog(name))} -- ${command}`;
}

/** The app as it runs in production: the standalone server, its heap flags and only environment variables. */
const appServers = APP_PORTS.map((port) => ({
  command: logged(`app-${port}`, `node ${SERVER_NODE_FLAGS.join(' ')} .next/standalone/server.js`),
  url: `http://127.0.0.1:${port}/login/en`,
  env: {
    ...APP_ENVIRONMENT,
    PORT: String(port),
    METRICS_PORT: String(metricsPortOf(port)),
    SESSION_SECRET,
    NODE_EXTRA_CA_CERTS: preparedValue('node-extra-ca-certs-path', ''),
  },
  reuseExistingServer: false,
  timeout: 60_000,
}));

export default defineConfig<object, { engine: EngineName }>({
  testDir: './tests/e2e',
  outputDir: './test-results',
  fullyParallel: true,
  // Two lanes per core: a test spends much of its time waiting (a timeout that must pass, a
  // deployment of its own starting, a fault's deadline), and on two cores four lanes ended the
  // run after 418 to 448 s where three took 464 to 524 s (docs/testing.md). A CPU quota counts,
  // not the machine's cores.
  workers: Math.max(2, Math.round(2 * cpuAvailable().usable)),
  // A test that fails runs once more, with its trace recorded (below); one that then passes is
  // reported as flaky, not hidden. Under CI's load WebKitGTK's driver once dropped its session
  // mid-command (1 run in 6).
  retries: 1,
  // A test that hangs still fails within a minute; a slow, shared machine still finishes the
  // ones that drive three languages or two browsers. Speed is the benchmarks' to show.
  timeout: 60_000,
  // faults.spec.ts is slow by design (one test after another, each waiting out a fault): no advice about it in every run.
  reportSlowTests: null,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }], ['./tests/e2e/support/server-logs-reporter.ts'], ['./tests/e2e/support/slowest-files-reporter.ts']],
  use: {
    baseURL: `${LOGIN_ORIGIN}/login/`,
    ignoreHTTPSErrors: true,
    locale: 'en-GB',
    // A failing test's retry keeps a trace: every action with the page's DOM before and after it.
    // Recording it for every first run cost 12% of the suite's CPU time (docs/testing.md); the
    // film strip of screenshots is left out, and a failure's own screenshot is still taken.
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_SHELL_PATH, args: CHROMIUM_ARGS },
  },
  // Lanes take the projects' tests in this order. The faults and the other two engines start
  // first, a lane each, so that Chromium's many short tests fill every lane to the end of the run.
  projects: [
    // Backend faults and provider outages, on a deployment with a backend and a provider of its own.
    // Its tests run one after another, mostly waiting out faults.
    { name: 'faults', workers: 1, use: { browserName: 'chromium' }, testMatch: /\/faults\.spec\.ts$/ },
    // The flows of tests/e2e/engines in the other two engines, over the same servers (tests/e2e/engines/README.md).
    { name: 'firefox', workers: 1, use: { engine: 'firefox' }, testMatch: /\/engines\/.*\.spec\.ts$/ },
    // WebKitGTK's session alone may take 50 s to start under the suite's load (engines/webkit.ts).
    { name: 'webkit', workers: 1, timeout: 90_000, use: { engine: 'webkit' }, testMatch: /\/engines\/.*\.spec\.ts$/ },
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /\/faults\.spec\.ts$/ },
  ],
  webServer: [
    {
      command: logged('identity-provider', 'node dev/identity-provider/server.ts'),
      url: `${IDENTITY_PROVIDER_ORIGIN}/__dev/health`,
      ignoreHTTPSErrors: true,
      // The provider at a bare origin (tests/e2e/sso-shapes.spec.ts) listens on a port of its own. It
      // accepts returns to the suite's origin and to those of the specs that run a deployment of their own.
      env: identityProviderEnvironment(IDENTITY_PROVIDER_PORT, IDENTITY_PROVIDER_GENERIC_PORT, [
        LOGIN_ORIGIN,
        ...Object.values(DEDICATED_HTTPS_PORTS).map(dedicatedOrigin),
      ]),
      reuseExistingServer: false,
    },
    {
      command: logged('backend', 'node dev/backend/server.ts'),
      url: `${BACKEND_ORIGIN}/__dev/fault`,
      env: backendEnvironment(BACKEND_PORT, LOGIN_ORIGIN),
      reuseExistingServer: false,
    },
    ...appServers,
    {
      command: logged('nginx', `${nginxPath} -p ${RUN_DIRECTORY}nginx -c ${RUN_DIRECTORY}nginx/nginx.conf -g "daemon off;"`),
      url: `https://127.0.0.1:${HTTPS_PORT}/login/en`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
    },
  ],
});
