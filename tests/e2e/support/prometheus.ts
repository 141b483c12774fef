import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RUN_DIRECTORY } from './environment.ts';

/** Debian's Prometheus (tests/system-packages.txt), as an operator runs it: it scrapes, evaluates the shipped rules, answers queries. */
export const PROMETHEUS_PATH = '/usr/bin/prometheus';
export const PROMTOOL_PATH = '/usr/bin/promtool';

export type Prometheus = {
  origin: string;
  /** An instant query's one value; undefined when it selects nothing. */
  value(query: string): Promise<number | undefined>;
  /** Every metric name Prometheus has stored. */
  metricNames(): Promise<string[]>;
  /** Asks Prometheus to evaluate `query` now; its error when it cannot. */
  queryError(query: string): Promise<string | undefined>;
  stop(): Promise<void>;
};

type QueryAnswer = { status: string; error?: string; data?: { resultType: string; result: { value: [number, string] }[] } };

/**
 * A Prometheus that scrapes `targets` (the instances' metrics ports, METRICS_PORT) every second at
 * /metrics, with the alert rules of deploy/prometheus loaded, as the Kubernetes job `desk-login` would.
 */
export async function startPrometheus(name: string, port: number, targets: string[]): Promise<Prometheus> {
  const directory = join(RUN_DIRECTORY, name, 'prometheus');
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const config = join(directory, 'prometheus.yml');
  writeFileSync(
    config,
    JSON.stringify({
      global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
      rule_files: [resolve('deploy/prometheus/alerts.yml')],
      scrape_configs: [{ job_name: 'desk-login', metrics_path: '/metrics', static_configs: [{ targets }] }],
    }),
  );
  const log = openSync(join(directory, 'prometheus.log'), 'w');
  const child = spawn(
    PROMETHEUS_PATH,
    [`--config.file=${config}`, `--storage.tsdb.path=${join(directory, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'],
    { stdio: ['ignore', log, log] },
  );
  closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, origin);

  const query = async (expression: string): Promise<QueryAnswer> => {
    const response = await fetch(`${origin}/api/v1/query?${new URLSearchParams({ query: expression })}`);
    return (await response.json()) as QueryAnswer;
  };
  return {
    origin,
    value: async (expression) => {
      const answer = await query(expression);
      if (answer.status !== 'success') throw new Error(`${expression}: ${answer.error}`);
      const sample = answer.data?.result[0];
      return sample ? Number(sample.value[1]) : undefined;
    },
    metricNames: async () => ((await (await fetch(`${origin}/api/v1/label/__name__/values`)).json()) as { data: string[] }).data,
    queryError: async (expression) => {
      const answer = await query(expression);
      return answer.status === 'success' ? undefined : (answer.error ?? answer.status);
    },
    stop: () => stopped(child),
  };
}

async function waitUntilReady(child: ChildProcess, origin: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode}`);
    const ready = await fetch(`${origin}/-/ready`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`prometheus did not become ready at ${origin}`);
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
