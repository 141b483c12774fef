import autocannon from 'autocannon';
import { cpuMilliseconds } from './processes.ts';

/**
 * Throughput and latency of servers compared side by side: the targets take turns, round after
 * round, so that a neighbour's build slowing the machine down hits them all alike.
 */

export type LoadTarget = {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** The status every answer must have; anything else makes the measurement void. */
  status: number;
  /** Processes whose CPU time is charged to this target (the server, and what it calls). */
  pids: number[];
  /**
   * The address and headers made anew before the warm-up and each round (a screen's state cookies
   * and an e-mailed link's timestamp, which expire within minutes): made outside the measurement,
   * and checked like the first ones.
   */
  renew?: () => Promise<{ url: string; headers: Record<string, string> }>;
};

export type LoadRound = { requestsPerSecond: number; p50Ms: number; p99Ms: number; cpuMsPerRequest: number[] };

async function checkAnswer(target: LoadTarget): Promise<void> {
  const response = await fetch(target.url, { headers: target.headers, redirect: 'manual' });
  await response.arrayBuffer();
  if (response.status !== target.status) throw new Error(`${target.name}: ${target.url} answered ${response.status}, not ${target.status}`);
}

export async function alternatingLoad(
  targets: LoadTarget[],
  options: { rounds: number; seconds: number; connections: number },
): Promise<Map<string, LoadRound[]>> {
  const rounds = new Map<string, LoadRound[]>(targets.map((target) => [target.name, []]));
  const renewed = async (target: LoadTarget): Promise<LoadTarget> => {
    if (!target.renew) return target;
    return { ...target, ...(await target.renew()) };
  };
  for (const listed of targets) {
    const target = await renewed(listed);
    await checkAnswer(target);
    // Warm-up: JIT and caches, not measured.
    await autocannon({ url: target.url, headers: target.headers, connections: options.connections, duration: 2 });
  }
  for (let round = 0; round < options.rounds; round += 1) {
    // Alternate the order too, so that no target always runs right after the same neighbour.
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const listed of order) {
      const target = await renewed(listed);
      if (target.renew) await checkAnswer(target);
      const cpuBefore = target.pids.map(cpuMilliseconds);
      const result = await autocannon({ url: target.url, headers: target.headers, connections: options.connections, duration: options.seconds });
      const cpuAfter = target.pids.map(cpuMilliseconds);
      const answered = result.requests.total;
      const expected = target.status >= 300 && target.status < 400 ? result['3xx'] : result['2xx'];
      if (result.errors > 0 || result.timeouts > 0 || expected !== answered) {
        throw new Error(`${target.name}: ${result.errors} errors, ${result.timeouts} timeouts, ${answered - expected} answers other than ${target.status}`);
      }
      rounds.get(target.name)?.push({
        requestsPerSecond: answered / result.duration,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        cpuMsPerRequest: cpuAfter.map((after, index) => (after - (cpuBefore[index] ?? 0)) / answered),
      });
    }
  }
  return rounds;
}

/**
 * Latency with sub-millisecond resolution: one request at a time, the targets interleaved
 * request by request, over a kept-alive connection each.
 */
export async function interleavedLatencies(targets: LoadTarget[], samples: number): Promise<Map<string, number[]>> {
  const latencies = new Map<string, number[]>(targets.map((target) => [target.name, []]));
  for (const target of targets) await checkAnswer(target);
  for (let sample = 0; sample < samples; sample += 1) {
    const order = sample % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      const started = performance.now();
      const response = await fetch(target.url, { headers: target.headers, redirect: 'manual' });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== target.status) throw new Error(`${target.name}: answered ${response.status}, not ${target.status}`);
      latencies.get(target.name)?.push(elapsed);
    }
  }
  return latencies;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
