import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getConfig } from '@/lib/config';
import { logger } from '@/lib/logger';
import { countSharedStateUnavailable, type SharedLimitName, type WhenUnreachable } from '@/lib/metrics';

/**
 * What every instance of one deployment must agree on: the limits and one-time marks of a sign-in
 * (docs/decisions.md, "One truth for the fleet"). With `REDIS_URL` they live in Redis, where one
 * atomic counter serves the whole fleet; without it, in this process's memory, which is the whole
 * truth only for a deployment of one instance.
 */

/**
 * A limit of `points` per key in `durationSeconds`. When Redis does not answer, `fail-closed`
 * refuses (SharedStateUnavailable), for a limit whose whole point is lost per process;
 * `per-process` goes on with this process's memory, logged and counted, for one whose loss only
 * makes the fleet as lenient as one instance times N.
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
 * How long one call may take. A loopback or in-zone Redis answers in a millisecond or two.
 */
const CALL_TIMEOUT_MS = 150;

/**
 * The call's answer, or an error once CALL_TIMEOUT_MS have passed. A busy process runs
 * its timers late, in the same turn of the event loop as the I/O that arrived meanwhile, and
 * timers come first: the verdict waits for that I/O (setImmediate runs after it), so that an
 * answer Redis gave in time is never taken for a timeout because this process was slow to look.
 */
export function withinCallTimeout<T>(call: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (!settled) reject(new Error(`Redis did not answer within ${CALL_TIMEOUT_MS} ms`));
          settled = true;
        }),
      CALL_TIMEOUT_MS,
    );
    call.then(
      (value) => {
        clearTimeout(timer);
        if (!settled) resolve(value);
        settled = true;
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!settled) reject(error);
        settled = true;
      },
    );
  });
}

type FleetStore = { redis: Redis | undefined; memory: Map<SharedLimitName, RateLimiterMemory>; unreachable: Set<SharedLimitName> };

/** One per process, however many bundles of this file Next loads. */
const STORE = Symbol.for('desk-login:fleet-store');

function fleetStore(): FleetStore {
  const holder = globalThis as { [STORE]?: FleetStore };
  holder[STORE] ??= { redis: connect(), memory: new Map(), unreachable: new Set() };
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
  let lastError = '';
  client.on('error', (error: Error) => {
    if (error.message === lastError) return;
    lastError = error.message;
    logger().warn({ redis: 'unreachable', error: error.message }, 'Redis connection failed');
  });
  client.on('ready', () => {
    if (lastError) logger().info({ redis: 'ready' }, 'Redis connection restored');
    lastError = '';
  });
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

/** Redis answered for this limit: said once after it had not. */
function answered(name: SharedLimitName): void {
  if (fleetStore().unreachable.delete(name)) logger().info({ limit: name }, 'shared limit answered by Redis again');
}

/** Redis did not answer for this limit: counted every time, said once per outage. */
function unanswered(name: SharedLimitName, then: WhenUnreachable, error: unknown): void {
  countSharedStateUnavailable(name, then);
  const { unreachable } = fleetStore();
  if (unreachable.has(name)) return;
  unreachable.add(name);
  logger().warn(
    { limit: name, whenUnreachable: then, error: error instanceof Error ? error.message : String(error) },
    then === 'fail-closed' ? 'shared limit unavailable: refusing until Redis answers' : 'shared limit unavailable: kept per process until Redis answers',
  );
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

/**
 * A limit of the fleet: `spend` counts atomically in the shared store, `spent` reads the count,
 * `forget` takes it back. Keys are digests or random ids, never an address.
 */
export function sharedLimit(name: SharedLimitName, rule: SharedLimitRule) {
  let shared: RateLimiterRedis | undefined;
  function store(): RateLimiterRedis {
    shared ??= new RateLimiterRedis({ storeClient: fleetStore().redis, keyPrefix: name, points: rule.points, duration: rule.durationSeconds });
    return shared;
  }

  /** Runs a call on the shared store; when it fails, on this process's memory or not at all. */
  async function attempt<T>(call: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
    if (!fleetStore().redis) return await call(memoryLimiter(name, rule));
    try {
      const value = await withinCallTimeout(call(store()));
      answered(name);
      return value;
    } catch (error) {
      unanswered(name, rule.whenUnreachable, error);
      if (rule.whenUnreachable === 'fail-closed') throw new SharedStateUnavailable(name);
      return await call(memoryLimiter(name, rule));
    }
  }

  return {
    async spend(key: string, points = 1): Promise<Spent> {
      return attempt(async (limiter) => {
        try {
          return answerOf(await limiter.consume(key, points), rule.points);
        } catch (refused) {
          if (isRefusal(refused)) return answerOf(refused, rule.points);
          throw refused;
        }
      });
    },
    async spent(key: string): Promise<number> {
      return attempt(async (limiter) => (await limiter.get(key))?.consumedPoints ?? 0);
    },
    async forget(key: string): Promise<void> {
      await attempt(async (limiter) => void (await limiter.delete(key)));
    },
  };
}

export type SharedLimit = ReturnType<typeof sharedLimit>;

/**
 * A short fact of the fleet, such as when and from what kind of device a link was asked for: kept
 * `ttlSeconds` in Redis (per process while Redis does not answer), read by whichever instance
 * serves the next step. Never a secret: the value is readable by anyone who can read Redis.
 */
export function sharedNotes(name: SharedLimitName, ttlSeconds: number) {
  type Note = { value: string; expiresAt: number };
  const local = new Map<string, Note>();

  function remember(key: string, value: string): void {
    const now = Date.now();
    if (local.size > 10_000) for (const [seen, note] of local) if (note.expiresAt <= now) local.delete(seen);
    local.set(key, { value, expiresAt: now + ttlSeconds * 1000 });
  }
  function recall(key: string): string | undefined {
    const note = local.get(key);
    return note && note.expiresAt > Date.now() ? note.value : undefined;
  }

  return {
    async write(key: string, value: string): Promise<void> {
      const { redis } = fleetStore();
      if (!redis) return remember(key, value);
      try {
        await withinCallTimeout(redis.set(`${name}:${key}`, value, 'EX', ttlSeconds));
        answered(name);
      } catch (error) {
        unanswered(name, 'per-process', error);
        remember(key, value);
      }
    },
    async read(key: string): Promise<string | undefined> {
      const { redis } = fleetStore();
      if (!redis) return recall(key);
      try {
        const value = await withinCallTimeout(redis.get(`${name}:${key}`));
        answered(name);
        return value ?? recall(key);
      } catch (error) {
        unanswered(name, 'per-process', error);
        return recall(key);
      }
    },
  };
}
