import autocannon from 'autocannon';
import { residentMemory, spawnServer, statusOf, type ServerOptions } from './processes.ts';

/**
 * Reports, not budgets (issue 14): how long a fresh app process takes to answer, and how much
 * memory it holds before and after a run of requests.
 */

export type StartupRun = {
  /** Milliseconds from spawning the process to the first 200 of each path, polled side by side. */
  firstOkMs: Record<string, number>;
};

export type MemoryReport = { requests: number; before: { rss: number; peak: number }; after: { rss: number; peak: number } };

const POLL_EVERY_MS = 10;
const GIVE_UP_AFTER_MS = 180_000;

async function firstOk(url: string, spawnedAt: number, exited: () => boolean): Promise<number> {
  for (;;) {
    if (exited()) throw new Error(`the app exited before ${url} answered 200`);
    if ((await statusOf(url)) === 200) return performance.now() - spawnedAt;
    if (performance.now() - spawnedAt > GIVE_UP_AFTER_MS) throw new Error(`${url} never answered 200`);
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
}

/**
 * Starts the app `runs` times, each a new process on the same port, and times its first 200 on
 * each path; every path is polled every 10 ms from the spawn on, all at once (a poll waits for
 * its answer before the next). The last process then answers `requests` GETs of `loadPath` at
 * 10 connections, its VmRSS read before and after.
 */
export async function startupAndMemory(
  server: ServerOptions,
  options: { paths: string[]; runs: number; loadPath: string; requests: number },
): Promise<{ runs: StartupRun[]; memory: MemoryReport }> {
  const origin = `http://127.0.0.1:${server.port}`;
  const runs: StartupRun[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    const spawnedAt = performance.now();
    const child = spawnServer(server);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const times = await Promise.all(options.paths.map((path) => firstOk(`${origin}${path}`, spawnedAt, () => child.exitCode !== null)));
      runs.push({ firstOkMs: Object.fromEntries(options.paths.map((path, index) => [path, times[index] ?? Number.NaN])) });
      if (run < options.runs - 1) continue;

      const pid = child.pid ?? 0;
      const before = residentMemory(pid);
      const result = await autocannon({ url: `${origin}${options.loadPath}`, connections: 10, amount: options.requests });
      if (result.errors > 0 || result.timeouts > 0 || result['2xx'] !== result.requests.total) {
        throw new Error(`memory run: ${result.errors} errors, ${result.timeouts} timeouts, ${result.requests.total - result['2xx']} answers other than 200`);
      }
      return { runs, memory: { requests: result.requests.total, before, after: residentMemory(pid) } };
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    }
  }
  throw new Error('startupAndMemory needs at least one run');
}
