import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { expect } from '@playwright/test';
import { DOMAIN, metricsPortOf, SERVER_LOG_DIRECTORY, serverLog, SESSION_SECRET } from './environment.ts';

/**
 * One more instance of the app as production runs it (the standalone server, only environment
 * variables), pointed at a backend made for the spec; it shares the suite's secret, so cookies
 * made through the real topology open here too. No provider is configured unless `environment`
 * says so. Resolves once the instance answers.
 */
export async function startStandaloneApp(options: { port: number; backendUrl: string; nodeArguments?: string[]; environment?: Record<string, string> }): Promise<ChildProcess> {
  // Its output in a file, as the suite's servers' (shown when the run fails: server-logs-reporter.ts).
  mkdirSync(SERVER_LOG_DIRECTORY, { recursive: true });
  const output = openSync(serverLog(`standalone-${options.port}`), 'w');
  const app = spawn(process.execPath, [...(options.nodeArguments ?? []), '.next/standalone/server.js'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(options.port),
      METRICS_PORT: String(metricsPortOf(options.port)),
      HOSTNAME: '127.0.0.1',
      NEXT_TELEMETRY_DISABLED: '1',
      BACKEND_URL: options.backendUrl,
      APP_DOMAINS: DOMAIN,
      SESSION_SECRET,
      ...options.environment,
    } as NodeJS.ProcessEnv,
    stdio: ['ignore', output, output],
  });
  closeSync(output);
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${options.port}/login/api/health`).catch(() => undefined))?.status ?? 0, { timeout: 20_000 })
    .toBe(200);
  return app;
}
