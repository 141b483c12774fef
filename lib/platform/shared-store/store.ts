import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getConfig } from '@/lib/platform/settings/config';
import { logger } from '@/lib/platform/observability/logger';
import { countSharedStateOutage, countSharedStateUnavailable, observeSharedStateCall, type SharedLimitName, type WhenUnreachable } from '@/lib/platform/observability/metrics';
import { digest } from '@/lib/platform/sealed';

/**
 * What every instance of one deployment must agree on: the limits and one-time marks of a sign-in
 * (docs/decisions.md, "One truth for the fleet"). With `REDIS_URL` they live in Redis, where one
 * atomic counter serves the whole fleet; without it, in this process's memory, which is the whole
 * truth only for a deployment of one instance.
 */

/**
 * A limit of `points` per key in `durationSeconds`. When Redis does not answer, `fail-closed`
 * refuses (SharedStateUnavailable), for a limit whose whole point is lost per process;
 * `per-process` goes on with this process's memory, for one whose loss only makes the fleet as
 * lenient as one instance times N; `replayed` goes on in memory too and writes what it spent
 * to Redis once it answers, for a one-time mark that must outlive the outage.
 */
export type SharedLimitRule = { points: number; durationSeconds: number; whenUnreachable: WhenUnreachable };

/** The answer of a spend: whether it was within the points, how many are spent, and until when. */
export type Spent = { allowed: boolean; spent: number; msBeforeNext: number };

export class SharedStateUnavailable extends Error {
  constructor(readonly limit: SharedLimitName) {
    super(`the shared store did not answer for ${limit}`);
    this.name = 'SharedStateUnavailable';
  }
}

/**
 * How long one call may take before it counts as unanswered: twice the slowest answer measured
 * from a Redis that was up, on two starved cores (docs/decisions.md, "The shared store's budget").
 */
export const CALL_TIMEOUT_MS = 1_000;

/**
 * The call's answer, or an error once CALL_TIMEOUT_MS have passed. A busy process runs
 * its timers late, in the same turn of the event loop as the I/O that arrived meanwhile, and
 * timers come first: the verdict waits for that I/O (setImmediate runs after it), so that an
 * answer Redis gave in time is never taken for a timeout because this process was slow to look.
 */
export function withinCallTimeout<T>(call: Promise<T>): Promise<T> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          settled = true;
          observeSharedStateCall('timeout', seconds());
          reject(new Error(`Redis did not answer within ${CALL_TIMEOUT_MS} ms`));
        }),
      CALL_TIMEOUT_MS,
    );
    call.then(
      (value) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        observeSharedStateCall('answered', seconds());
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        observeSharedStateCall('failed', seconds());
        reject(error);
      },
    );
  });
}

/** A mark spent in memory while Redis did not answer, to be written to it once it does. */
type PendingMark = { points: number; expiresAt: number };

type FleetStore = {
  redis: Redis | undefined;
  memory: Map<SharedLimitName, RateLimiterMemory>;
  shared: Map<SharedLimitName, RateLimiterRedis>;
  /** By limit, then by stored key: the marks of `replayed` limits that Redis has not seen yet. */
  pending: Map<SharedLimitName, Map<string, PendingMark>>;
  /** Since when Redis has not answered, and how many calls went on without it meanwhile. */
  outage: { since: number; calls: number } | undefined;
};

/** What a process keeps for Redis in memory, per limit or note: beyond it, the expired and then the oldest go. */
const KEPT_IN_MEMORY_MAX = 10_000;

export function makeRoom<T>(kept: Map<string, T>, expired: (value: T) => boolean): void {
  if (kept.size < KEPT_IN_MEMORY_MAX) return;
  for (const [key, value] of kept) if (expired(value)) kept.delete(key);
  for (const key of kept.keys()) {
    if (kept.size < KEPT_IN_MEMORY_MAX) break;
    kept.delete(key);
  }
}

/** One per process, however many bundles of this file Next loads. */
const STORE = Symbol.for('desk-login:fleet-store');

export function fleetStore(): FleetStore {
  const holder = globalThis as { [STORE]?: FleetStore };
  holder[STORE] ??= { redis: connect(), memory: new Map(), shared: new Map(), pending: new Map(), outage: undefined };
  return holder[STORE];
}

function connect(): Redis | undefined {
  const { redis } = getConfig();
  if (!redis) return undefined;
  const client = new Redis(redis.url, {
    keyPrefix: redis.keyPrefix,
    connectTimeout: 2_000,
    // A call queued while the connection is down still ends at its timeout.
    maxRetriesPerRequest: 1,
    // Never more than a second between attempts: the fleet recovers as soon as Redis does.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  // The connection's own errors open an outage as a failed call does, and say nothing more.
  client.on('error', (error: Error) => unreachable(error));
  client.on('ready', () => answered());
  return client;
}

/** One line for the start-up log: where this instance keeps what the fleet must share. */
export function describeFleetState(): string {
  const { redis } = getConfig();
  if (!redis) return 'REDIS_URL is not set: sign-in limits and one-time codes are kept per process, which holds for one instance only';
  // The host alone: the URL may carry a password.
  const { host, protocol } = new URL(redis.url);
  return `sign-in limits and one-time codes are shared through Redis at ${protocol}//${host} (keys under "${redis.keyPrefix}")`;
}

/**
 * The key a subject (an address, a link's id, an app code's id) is stored under: a keyed digest,
 * so that whoever reads the store, a backup of it or its MONITOR learns nothing to sign in with
 * and cannot test a guess. Under SESSION_SECRET alone: a rotation starts the counts afresh, as a
 * restart does.
 */
export function storedKey(name: SharedLimitName, subject: string): string {
  return digest('shared-store', `${name}\u0000${subject}`).toString('base64url');
}

/** Redis did not answer a call, or the connection failed: one warning and one outage counted, however many calls follow. */
function unreachable(error: unknown): void {
  const store = fleetStore();
  if (store.outage) return;
  store.outage = { since: Date.now(), calls: 0 };
  countSharedStateOutage();
  logger().warn(
    { redis: 'unreachable', error: error instanceof Error ? error.message : String(error) },
    'shared store unreachable: code tries refused, app codes not redeemed, other limits kept per process until Redis answers',
  );
}

/** A call went on without Redis: counted by limit, and in the outage it belongs to. */
export function unanswered(name: SharedLimitName, then: WhenUnreachable, error: unknown): void {
  countSharedStateUnavailable(name, then);
  unreachable(error);
  fleetStore().outage!.calls++;
}

/** Redis answered: an outage, if there was one, is over, and what it missed is written. */
export function answered(): void {
  const store = fleetStore();
  if (!store.outage) return;
  const { since, calls } = store.outage;
  store.outage = undefined;
  logger().warn({ redis: 'answering', outageMs: Date.now() - since, callsWithoutRedis: calls }, 'shared store answers again');
  void replayPendingMarks();
}

/** Writes the marks spent in memory during an outage to Redis; what still fails waits for the next answer. */
async function replayPendingMarks(): Promise<void> {
  const store = fleetStore();
  const now = Date.now();
  for (const [name, marks] of store.pending) {
    const limiter = store.shared.get(name);
    if (!limiter) continue;
    for (const [key, mark] of marks) {
      marks.delete(key);
      const secondsLeft = Math.ceil((mark.expiresAt - now) / 1000);
      if (secondsLeft <= 0) continue;
      try {
        await withinCallTimeout(limiter.consume(key, mark.points, { customDuration: secondsLeft }).catch((refused: unknown) => {
          if (!isRefusal(refused)) throw refused;
        }));
      } catch {
        marks.set(key, mark);
        return;
      }
    }
  }
}

function keepPendingMark(name: SharedLimitName, key: string, mark: PendingMark): void {
  const { pending } = fleetStore();
  let marks = pending.get(name);
  if (!marks) pending.set(name, (marks = new Map()));
  makeRoom(marks, (kept) => kept.expiresAt <= Date.now());
  const earlier = marks.get(key);
  marks.set(key, { points: (earlier?.points ?? 0) + mark.points, expiresAt: mark.expiresAt });
}

function memoryLimiter(name: SharedLimitName, rule: SharedLimitRule): RateLimiterMemory {
  const { memory } = fleetStore();
  let limiter = memory.get(name);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.durationSeconds });
    memory.set(name, limiter);
  }
  return limiter;
}

function sharedLimiter(name: SharedLimitName, rule: SharedLimitRule): RateLimiterRedis {
  const { shared, redis } = fleetStore();
  let limiter = shared.get(name);
  if (!limiter) {
    limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: name, points: rule.points, duration: rule.durationSeconds });
    shared.set(name, limiter);
  }
  return limiter;
}

/**
 * A spend beyond the points: rate-limiter-flexible rejects with its result rather than an error.
 * Told by shape as well as class, should two copies of the library ever meet in one process.
 */
function isRefusal(value: unknown): value is RateLimiterRes {
  return value instanceof RateLimiterRes || (typeof value === 'object' && value !== null && 'consumedPoints' in value && 'msBeforeNext' in value);
}

function answerOf(result: RateLimiterRes, points: number): Spent {
  return { allowed: result.consumedPoints <= points, spent: result.consumedPoints, msBeforeNext: result.msBeforeNext };
}

async function spendOn(limiter: RateLimiterAbstract, key: string, points: number, rule: SharedLimitRule): Promise<Spent> {
  try {
    return answerOf(await limiter.consume(key, points), rule.points);
  } catch (refused) {
    if (isRefusal(refused)) return answerOf(refused, rule.points);
    throw refused;
  }
}

async function spentOn(limiter: RateLimiterAbstract, key: string): Promise<number> {
  return (await limiter.get(key))?.consumedPoints ?? 0;
}

/**
 * A limit of the fleet: `spend` counts atomically in the shared store, `spent` reads the count,
 * `forget` takes it back. Every subject is stored under its keyed digest (storedKey).
 */
export function sharedLimit(name: SharedLimitName, rule: SharedLimitRule) {
  /**
   * Runs a call on the shared store; when it fails, on this process's memory or not at all. A
   * spend refused for want of an answer that Redis carries out later is taken back (`undo`): a
   * try that was never compared, or a code that was never redeemed, is never counted.
   */
  async function attempt<T>(call: (limiter: RateLimiterAbstract) => Promise<T>, undo?: (limiter: RateLimiterAbstract) => Promise<unknown>): Promise<T> {
    if (!fleetStore().redis) return await call(memoryLimiter(name, rule));
    const shared = sharedLimiter(name, rule);
    const sent = call(shared);
    try {
      const value = await withinCallTimeout(sent);
      answered();
      return value;
    } catch (error) {
      unanswered(name, rule.whenUnreachable, error);
      if (rule.whenUnreachable === 'fail-closed') {
        if (undo) sent.then(() => undo(shared), () => undefined).catch(() => undefined);
        throw new SharedStateUnavailable(name);
      }
      return await call(memoryLimiter(name, rule));
    }
  }

  return {
    async spend(subject: string, points = 1): Promise<Spent> {
      const key = storedKey(name, subject);
      const spent = await attempt(
        (limiter) => spendOn(limiter, key, points, rule),
        (limiter) => limiter.reward(key, points),
      );
      if (rule.whenUnreachable === 'replayed' && fleetStore().outage) keepPendingMark(name, key, { points, expiresAt: Date.now() + rule.durationSeconds * 1000 });
      return spent;
    },
    async spent(subject: string): Promise<number> {
      const key = storedKey(name, subject);
      const spent = await attempt((limiter) => spentOn(limiter, key));
      // A mark made in memory during an outage counts until Redis holds it too.
      return rule.whenUnreachable === 'replayed' ? Math.max(spent, await spentOn(memoryLimiter(name, rule), key)) : spent;
    },
    async forget(subject: string): Promise<void> {
      const key = storedKey(name, subject);
      await attempt(async (limiter) => void (await limiter.delete(key)));
    },
  };
}

export type SharedLimit = ReturnType<typeof sharedLimit>;
