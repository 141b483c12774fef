import { addressForBackend } from '@/lib/vocabulary/email-address';
import { sharedLimit } from '@/lib/platform/shared-store/store';

/** The send-again button stays locked this long after a link was sent. */
export const SEND_AGAIN_LOCK_MS = 30_000;

/**
 * The 30 s between two links to one address, held for the whole fleet: a fresh form post for the
 * same address waits it out as "send again" does, which a new form, or another instance, would bypass.
 */
const linkLocks = sharedLimit('link_lock', { points: 1, durationSeconds: SEND_AGAIN_LOCK_MS / 1000, whenUnreachable: 'per-process' });

/**
 * One lock per address however it is written (Chromium posts an internationalised domain in
 * ASCII, Firefox as typed); the store keeps only its keyed digest (lib/platform/shared-store.ts).
 */
function addressKey(email: string): string {
  return addressForBackend(email.trim()).toLowerCase();
}

/**
 * Takes the lock on sending a link to this address, atomically: 0 when this request holds it now,
 * else how long another still holds it. A request that then sends no link gives it back.
 */
export async function takeLinkLock(email: string): Promise<number> {
  const { allowed, msBeforeNext } = await linkLocks.spend(addressKey(email));
  return allowed ? 0 : Math.max(1, msBeforeNext);
}

export async function releaseLinkLock(email: string): Promise<void> {
  await linkLocks.forget(addressKey(email));
}
