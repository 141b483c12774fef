import { z } from 'zod';
import type { LinkCheck } from '@/lib/platform/backend/auth';
import { EMAIL_SIGN_IN_LIFETIME_SECONDS, sealedCookie, type CookieWriter, type ReceivedCookies } from '@/lib/platform/cookies';
import type { RequestHost } from '@/lib/platform/hosts';
import type { Language } from '@/lib/platform/i18n/routing';
import { BASE_PATH } from '@/lib/vocabulary/base-path';
import { isValidEmail } from '@/lib/vocabulary/validation';
import { linkId } from './link-requests';

/** An e-mailed link, opened: its query, and what the app can tell of it before the backend. */

/**
 * Set where this browser's own wait for a link ended in a sign-in (the link confirmed here, or
 * the code from another browser typed): reopened here, that link is known to be used. It can
 * only ever make a link fail sooner; the backend alone says that a link is valid.
 */
const signedInWithLinkCookie = sealedCookie('signedInWithLink', 'signed-in-with-link', z.object({ uuid: z.string() }));

const required = z.string().min(1).max(2048);
const optional = z.string().max(2048).default('');

/**
 * When the link says it was sent: the development backend writes milliseconds since 1970; a
 * number too small for that (before 1973) is read as seconds. Anything else says nothing.
 */
function linkSentAt(timestamp: string): number | undefined {
  if (!/^\d{1,16}$/.test(timestamp)) return undefined;
  const value = Number(timestamp);
  return value < 100_000_000_000 ? value * 1000 : value;
}

/** A link is treated as expired only this long after its 15 minutes, for clocks that differ from the backend's. */
const LINK_CLOCK_TOLERANCE_MS = 60_000;

/**
 * What the app can tell about an opened link without asking the backend, which would use it up:
 * `used` when this browser's own wait ended in a sign-in with it, `expired` when the link's own
 * timestamp is past its lifetime. Both only say "not valid" sooner: a timestamp the holder edited
 * to look young still goes to the backend, which decides.
 */
export async function linkVerdictBeforeCheck(received: ReceivedCookies, link: Pick<LinkCheck, 'uuid' | 'timestamp'>): Promise<'used' | 'expired' | undefined> {
  if ((await signedInWithLinkCookie.read(received))?.uuid === link.uuid) return 'used';
  const sentAt = linkSentAt(link.timestamp);
  if (sentAt !== undefined && Date.now() - sentAt > EMAIL_SIGN_IN_LIFETIME_SECONDS * 1000 + LINK_CLOCK_TOLERANCE_MS) return 'expired';
  return undefined;
}

/** This browser signed in with the link of its own wait: reopened here, the link says so at once. */
export async function rememberSignedInWithLink(writer: CookieWriter, host: RequestHost, uuid: string): Promise<void> {
  await signedInWithLinkCookie.write(writer, host, { uuid });
}

/** The query of an e-mailed sign-in link, `/validatelink?email=…&uuid=…&signature=…&timestamp=…`. */
export const signInLinkQuery = z.object({
  email: required,
  uuid: linkId,
  signature: required,
  timestamp: required,
  domain: optional,
  userName: optional,
  displayName: optional,
}) satisfies z.ZodType<LinkCheck, unknown>;

/** The link's page for a kept query (`keptQuery`), as its form posts to it without script: `/login/en/validatelink?…`. */
export function linkPagePermalink(language: Language, kept: string): string {
  return `${BASE_PATH}/${language}/validatelink?${kept}`;
}

/**
 * Whether the link's page asks before it confirms: unless this browser is the one that asked for
 * the link (its wait is for the link's uuid) and has not come by a language link, which it follows
 * only after it was on the page in the other language already.
 */
export function linkPageAsksFirst(uuid: string, { waitingFor, languageChosen }: { waitingFor: string | undefined; languageChosen: boolean }): boolean {
  return languageChosen || waitingFor !== uuid;
}

/** The link's address as its page shows it: only one in the form of an address (the link's text is the backend's). */
export function linkAddressShown(email: string): string | undefined {
  return isValidEmail(email) ? email : undefined;
}
