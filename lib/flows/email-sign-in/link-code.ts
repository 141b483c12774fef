import { timingSafeEqual } from 'node:crypto';
import { EMAIL_SIGN_IN_LIFETIME_SECONDS } from '@/lib/platform/cookies';
import { digests } from '@/lib/platform/sealed';
import { sharedLimit } from '@/lib/platform/shared-store/store';

/**
 * The six digits that carry a link confirmed in one browser over to the browser that asked for
 * it, and the tries the fleet allows for them.
 */

/** Wrong codes a wait survives; the fifth ends it. */
export const LINK_CODE_ATTEMPTS = 5;

/**
 * The codes tried for each wait, by its link, in the whole fleet: a replayed cookie, or another
 * instance, gains no try. Counted before the code is compared, so that tries sent at once cannot
 * all pass the count. Without the store no code is compared at all.
 */
const codeTries = sharedLimit('code_tries', { points: LINK_CODE_ATTEMPTS, durationSeconds: EMAIL_SIGN_IN_LIFETIME_SECONDS + 60, whenUnreachable: 'fail-closed' });

/** How many codes were tried for this link in the fleet, at least `known`. */
export async function codeTriesOf(uuid: string, known: number): Promise<number> {
  return Math.max(known, await codeTries.spent(uuid));
}

/** Counts one more try for this link, before the code is compared; how many were tried now. */
export async function spendCodeTry(uuid: string): Promise<number> {
  return (await codeTries.spend(uuid)).spent;
}

/**
 * The six digits that carry a link confirmed in one browser over to the browser that asked for it:
 * under SESSION_SECRET, and during a rotation under the former secret too, but only for a link
 * asked while that was in force (`askedUnder`, the wait's), which an instance not yet rotated may
 * have shown. A link lives fifteen minutes, so the former code is taken at most that long after
 * the rotation, not for as long as the former secret stays configured (issue 48).
 */
function linkCodesFor(uuid: string, askedUnder?: string): string[] {
  return digests('link-code', uuid, askedUnder).map((digest) => String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0'));
}

/** The code the confirming browser shows: only whoever holds the link can learn it. */
export function linkCodeFor(uuid: string): string {
  return linkCodesFor(uuid)[0]!;
}

/** Whether `typed` is the link's code; `askedUnder` names the secret in force when the link was asked for (a wait from before issue 48 names none). */
export function isLinkCode(uuid: string, typed: string, askedUnder: string | undefined): boolean {
  return linkCodesFor(uuid, askedUnder).some((code) => timingSafeEqual(Buffer.from(code), Buffer.from(typed)));
}
