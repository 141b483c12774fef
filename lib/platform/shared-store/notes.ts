import type { SharedLimitName } from '@/lib/platform/observability/metrics';
import { answered, fleetStore, makeRoom, storedKey, unanswered, withinCallTimeout } from './store';

type Note = { value: string; expiresAt: number };

/**
 * The notes of a name kept in this process, one map for the whole process: proxy.ts is bundled
 * apart from the pages and actions, which write what it reads (as observability/metrics.ts does).
 */
function processNotes(name: SharedLimitName): Map<string, Note> {
  const holder = globalThis as { [key: symbol]: Map<string, Note> | undefined };
  return (holder[Symbol.for(`desk-login:notes:${name}`)] ??= new Map());
}

/**
 * A short fact of the fleet, such as when and from what kind of device a link was asked for: kept
 * `ttlSeconds` in Redis (per process while Redis does not answer), read by whichever instance
 * serves the next step. Never a secret: the value is readable by anyone who can read Redis.
 */
export function sharedNotes(name: SharedLimitName, ttlSeconds: number) {
  const local = processNotes(name);

  function remember(key: string, value: string): void {
    makeRoom(local, (note) => note.expiresAt <= Date.now());
    local.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
  }
  function recall(key: string): string | undefined {
    const note = local.get(key);
    return note && note.expiresAt > Date.now() ? note.value : undefined;
  }

  return {
    async write(subject: string, value: string): Promise<void> {
      const { redis } = fleetStore();
      const key = storedKey(name, subject);
      if (!redis) return remember(key, value);
      try {
        await withinCallTimeout(redis.set(`${name}:${key}`, value, 'EX', ttlSeconds));
        answered();
      } catch (error) {
        unanswered(name, 'per-process', error);
        remember(key, value);
      }
    },
    async read(subject: string): Promise<string | undefined> {
      const { redis } = fleetStore();
      const key = storedKey(name, subject);
      if (!redis) return recall(key);
      try {
        const value = await withinCallTimeout(redis.get(`${name}:${key}`));
        answered();
        return value ?? recall(key);
      } catch (error) {
        unanswered(name, 'per-process', error);
        return recall(key);
      }
    },
  };
}
