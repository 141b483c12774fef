import { readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import {
  APP_PORTS,
  BACKEND_ORIGIN,
  BACKEND_PORT,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  DOMAIN,
  HTTPS_PORT,
  LOGIN_ORIGIN,
  RUN_DIRECTORY,
} from './tests/e2e/environment';

const nginxPath = (() => {
  try {
    return readFileSync(`${RUN_DIRECTORY}nginx-path`, 'utf8').trim();
  } catch {
    return 'nginx';
  }
})();

/**
 * The app as it runs in production: the build, started with only environment variables, on all
 * interfaces as by default. (Bound to 127.0.0.1, Next takes the proxy's own rewrites for
 * requests to another origin, because it renames 127.0.0.1 to localhost in one place only.)
 */
const appServers = APP_PORTS.map((port) => ({
  command: `node_modules/.bin/next start --port ${port}`,
  url: `http://127.0.0.1:${port}/login/en`,
  env: {
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    BACKEND_URL: BACKEND_ORIGIN,
    APP_DOMAINS: DOMAIN,
    SESSION_SECRET: 'end-to-end-tests-secret-of-at-least-32-characters',
  },
  reuseExistingServer: false,
  timeout: 60_000,
}));

export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `${LOGIN_ORIGIN}/login/`,
    ignoreHTTPSErrors: true,
    locale: 'en-GB',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'node dev/backend/server.ts',
      url: `${BACKEND_ORIGIN}/__dev/fault`,
      env: {
        DEV_BACKEND_PORT: String(BACKEND_PORT),
        LOGIN_LINK_ORIGIN: LOGIN_ORIGIN,
        DEV_APP_DOMAIN: DOMAIN,
      },
      reuseExistingServer: false,
    },
    ...appServers,
    {
      command: `${nginxPath} -p ${RUN_DIRECTORY}nginx -c ${RUN_DIRECTORY}nginx/nginx.conf -g "daemon off;"`,
      url: `https://127.0.0.1:${HTTPS_PORT}/login/en`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
    },
  ],
});
