import { timingSafeEqual } from 'node:crypto';
import { headers } from 'next/headers';
import { cache } from 'react';
import { z } from 'zod';
import { isValidId, type LinkCheck, type LinkConfirmation } from '@/lib/platform/backend/auth';
import type { BackendResult } from '@/lib/platform/backend/client';
import { clearCookie, EMAIL_SIGN_IN_LIFETIME_SECONDS, sealedCookie, type CookieWriter, type ReceivedCookies } from '@/lib/platform/cookies';
import { addressForBackend } from '@/lib/vocabulary/email-address';
import { handOffToOrganisation } from '@/lib/flows/hand-off';
import type { RequestHost } from '@/lib/platform/request/hosts';
import { requestLogger } from '@/lib/platform/observability/logger';
import { countSignInFailure, countThrottled } from '@/lib/platform/observability/metrics';
import { receivedCookies, requestContext } from '@/lib/platform/request/context';
import { browserNames, deviceFamily, systemNames } from '@/lib/platform/request/user-agent';
import { sharedLimit, sharedNotes, SharedStateUnavailable } from '@/lib/platform/shared-store';
import { digests, seal, unseal } from '@/lib/platform/sealed';
import { countSignInStepOnce } from '@/lib/platform/observability/sign-in-funnel';

/**
 * The sign-in by e-mail link, from the form to the hand-off: its state between requests, its
 * rules, and the wait for the link to be opened.
 */

/** A link's id, as the backend's verifyUser names it (a UUID): bounded wherever a client sends one back. */
export const linkId = z.string().min(1).max(128);

const linkConfirmation = z.object({ subDomain: z.string(), authToken: z.string() });
type ConfirmedLink = z.infer<typeof linkConfirmation>;

const emailSignInState = z.object({
  uuid: linkId,
  email: z.string(),
  /** When the newest link was sent: "send again" is locked after it, and the wait ends after it. */
  sentAt: z.number(),
  fromSignUp: z.boolean(),
  /** Minted when the link was requested; sent with every call of this sign-in. */
  deviceId: z.string(),
  /** The backend's answer once the link was confirmed in another browser: used only with the code shown there. */
  confirmedElsewhere: linkConfirmation.optional(),
  /** Wrong codes typed so far for this wait. */
  wrongCodes: z.number().int().nonnegative().optional(),
});
export type EmailSignInState = z.infer<typeof emailSignInState>;
const emailSignInCookie = sealedCookie('emailSignIn', 'email-sign-in', emailSignInState);

/**
 * Set where the link was confirmed in the browser that asked for it, beside the wait rather than
 * in it: a poll that rewrites the wait at the same moment cannot drop it.
 */
const linkConfirmedHereCookie = sealedCookie('linkConfirmedHere', 'link-confirmed-here', z.object({ uuid: z.string() }));

/**
 * Set where this browser's own wait for a link ended in a sign-in (the link confirmed here, or
 * the code from another browser typed): reopened here, that link is known to be used. It can
 * only ever make a link fail sooner; the backend alone says that a link is valid.
 */
const signedInWithLinkCookie = sealedCookie('signedInWithLink', 'signed-in-with-link', z.object({ uuid: z.string() }));

/** The sign-in this browser waits for, if any: the link's uuid, the address, when it was sent. */
export const readEmailSignIn = emailSignInCookie.read;

/** The same, for the page being rendered: opened once for its metadata and its body. */
export const emailSignInOfPage = cache(async () => readEmailSignIn(await receivedCookies()));

/**
 * A link is on its way: from here the browser waits on the mail-sent view. Every step that sends
 * one (the form, "send again", sign-up, an invitation) starts the wait here, afresh.
 */
export async function startWaitingForLink(
  writer: CookieWriter,
  host: RequestHost,
  link: Pick<EmailSignInState, 'uuid' | 'email' | 'fromSignUp' | 'deviceId'>,
): Promise<void> {
  const sentAt = Date.now();
  await emailSignInCookie.write(writer, host, { ...link, sentAt });
  await linkRequests.write(link.uuid, JSON.stringify({ askedAt: sentAt, device: deviceFamily(await headers()) } satisfies LinkRequest));
  await countSignInStepOnce('email', 'link_sent', link.uuid);
}

/**
 * When and from what kind of device a link was asked for, for the page that confirms it: the
 * person who holds the link can tell whether it was them. Never an address, network or name.
 */
const linkRequest = z.object({
  askedAt: z.number(),
  device: z.object({ browser: z.enum(Object.keys(browserNames) as [keyof typeof browserNames]).optional(), system: z.enum(Object.keys(systemNames) as [keyof typeof systemNames]).optional() }),
});
export type LinkRequest = z.infer<typeof linkRequest>;
const linkRequests = sharedNotes('link_requests', EMAIL_SIGN_IN_LIFETIME_SECONDS + 60);

export async function linkRequestOf(uuid: string): Promise<LinkRequest | undefined> {
  const note = await linkRequests.read(uuid);
  if (note === undefined) return undefined;
  try {
    return linkRequest.parse(JSON.parse(note));
  } catch {
    return undefined;
  }
}

/**
 * Links whose holder said "I did not ask for this", for the whole fleet: no code is shown or taken
 * for them, and the wait of the browser that asked ends. Without Redis, per process.
 */
const declinedLinks = sharedLimit('declined_links', { points: 1, durationSeconds: EMAIL_SIGN_IN_LIFETIME_SECONDS + 60, whenUnreachable: 'replayed' });

/**
 * What "I did not ask for this" posts: sealed by the page that showed the link, so that a decline
 * counts only for that link, never for an id the post names, and only while the link lives.
 */
const declineTicket = z.object({ uuid: linkId });

export async function declineTicketFor(uuid: string): Promise<string> {
  return await seal('link-decline', { uuid }, EMAIL_SIGN_IN_LIFETIME_SECONDS);
}

/** Declines the link the ticket was sealed for; false when the ticket is not one. */
export async function declineLinkOfTicket(ticket: unknown): Promise<boolean> {
  if (typeof ticket !== 'string' || ticket.length > DECLINE_TICKET_MAX_LENGTH) return false;
  const link = await unseal('link-decline', ticket, declineTicket);
  if (!link) return false;
  await declinedLinks.spend(link.uuid);
  return true;
}

/** Far above a sealed uuid's few hundred characters: nothing longer is even opened. */
const DECLINE_TICKET_MAX_LENGTH = 1_024;

export async function isLinkDeclined(uuid: string): Promise<boolean> {
  return (await declinedLinks.spent(uuid)) > 0;
}

/** A new user's sign-up under way: the address and the backend's token to create the account with. */
const signUpState = z.object({ email: z.string(), autoAddToken: z.string(), deviceId: z.string() });
export type SignUpState = z.infer<typeof signUpState>;
export const { read: readSignUp, write: writeSignUp } = sealedCookie('signUp', 'sign-up', signUpState);

/** "Use another e-mail address": the sign-in and any sign-up under way are forgotten. */
export function forgetEmailSignIn(writer: CookieWriter, host: RequestHost): void {
  clearCookie(writer, 'emailSignIn', host);
  clearCookie(writer, 'linkConfirmedHere', host);
  clearCookie(writer, 'signUp', host);
}

/**
 * The address a person leaves the wait or sign-up with, for the login form to show once, so that
 * a typo is corrected rather than typed again. Sealed and HttpOnly: no URL, log line or page
 * script sees it. The proxy expires it when the login page is loaded with it (proxy.ts).
 */
export const { read: readKeptAddress, write: keepAddress } = sealedCookie('keptAddress', 'kept-address', z.object({ email: z.string() }));

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

/** How long ago the link was sent, by this server's clock, which also wrote `sentAt`: the browser's may be set differently. */
export function linkSentAgoMs(pending: Pick<EmailSignInState, 'sentAt'>): number {
  return Math.max(0, Date.now() - pending.sentAt);
}

/** The mail-sent view asks whether the link was opened this often. */
export const SIGN_IN_POLL_INTERVAL_MS = 5_000;

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

/** Where a waiting e-mail sign-in stands, as the mail-sent view shows it. */
export type EmailSignInStatus =
  | { state: 'pending' }
  | { state: 'unavailable' }
  | { state: 'expired' }
  /** Confirmed in another browser: this one continues only with the code shown there. */
  | { state: 'code-needed' }
  /** The link's holder said it was not them: the wait is over, and nothing is to be done here. */
  | { state: 'declined' }
  | { state: 'signed-in'; location: string };

/** Wrong codes a wait survives; the fifth ends it. */
export const LINK_CODE_ATTEMPTS = 5;

/** A wait asks the backend at most once in this long, however often, and wherever, it is polled. */
const POLL_COALESCING_MS = 3_000;
const backendChecks = sharedLimit('backend_checks', { points: 1, durationSeconds: POLL_COALESCING_MS / 1000, whenUnreachable: 'per-process' });

/**
 * The codes tried for each wait, by its link, in the whole fleet: a replayed cookie, or another
 * instance, gains no try. Counted before the code is compared, so that tries sent at once cannot
 * all pass the count. Without the store no code is compared at all.
 */
const codeTries = sharedLimit('code_tries', { points: LINK_CODE_ATTEMPTS, durationSeconds: EMAIL_SIGN_IN_LIFETIME_SECONDS + 60, whenUnreachable: 'fail-closed' });

/** This instance's latest backend check of each wait, shared by the polls that arrive within a few seconds. */
const recentChecks = new Map<string, { at: number; answer: Promise<BackendResult<LinkConfirmation>> }>();

function isOver(pending: EmailSignInState | undefined): pending is undefined {
  return !pending || Date.now() - pending.sentAt > EMAIL_SIGN_IN_LIFETIME_SECONDS * 1000;
}

async function codeTriesOf(pending: EmailSignInState): Promise<number> {
  return Math.max(pending.wrongCodes ?? 0, await codeTries.spent(pending.uuid));
}

const STILL_PENDING: BackendResult<LinkConfirmation> = { ok: true, value: { confirmed: false } };

/**
 * The backend's isValidId for this wait, at most once per few seconds in the fleet: a poll that
 * another instance answered a moment ago is told "not yet", and asks again at its next poll. A
 * browser that just confirmed the link itself asks afresh: it is the one that must not wait.
 */
async function linkConfirmationOf(pending: EmailSignInState, fresh: boolean): Promise<BackendResult<LinkConfirmation>> {
  const now = Date.now();
  const recent = recentChecks.get(pending.uuid);
  if (!fresh && recent && now - recent.at < POLL_COALESCING_MS) return recent.answer;
  if (!fresh && !(await backendChecks.spend(pending.uuid)).allowed) return STILL_PENDING;
  if (recentChecks.size > 1_000) {
    for (const [uuid, check] of recentChecks) if (now - check.at >= POLL_COALESCING_MS) recentChecks.delete(uuid);
  }
  const answer = isValidId(pending.uuid, pending.deviceId);
  recentChecks.set(pending.uuid, { at: now, answer });
  return answer;
}

/** The six digits that carry a link confirmed in one browser over to the browser that asked for it. */
function linkCodesFor(uuid: string): string[] {
  return digests('link-code', uuid).map((digest) => String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0'));
}

/** The code the confirming browser shows: only whoever holds the link can learn it. */
export function linkCodeFor(uuid: string): string {
  return linkCodesFor(uuid)[0]!;
}

function isLinkCode(uuid: string, typed: string): boolean {
  return linkCodesFor(uuid).some((code) => timingSafeEqual(Buffer.from(code), Buffer.from(typed)));
}

/** How long this wait's attempt took, from the link it asked for: by the code from elsewhere, or by the link itself. */
export function timedFromWait(pending: EmailSignInState): { method: 'email_link' | 'email_code'; startedAt: number } {
  return { method: pending.confirmedElsewhere ? 'email_code' : 'email_link', startedAt: pending.sentAt };
}

/** Remembers that the browser that asked for the link confirmed it itself: its wait continues with no code. */
export async function rememberLinkConfirmedHere(writer: CookieWriter, host: RequestHost, uuid: string): Promise<void> {
  await linkConfirmedHereCookie.write(writer, host, { uuid });
}

async function completeEmailSignIn(pending: EmailSignInState, confirmation: ConfirmedLink, how: 'here' | 'code'): Promise<{ state: 'signed-in'; location: string }> {
  const { host, cookies } = await requestContext();
  const { subDomain, authToken } = confirmation;
  const location = await handOffToOrganisation(cookies, host, {
    subDomain,
    authToken,
    email: pending.email,
    deviceId: pending.deviceId,
    method: 'email',
    attempt: pending.uuid,
    timed: timedFromWait(pending),
  });
  clearCookie(cookies, 'emailSignIn', host);
  clearCookie(cookies, 'linkConfirmedHere', host);
  await rememberSignedInWithLink(cookies, host, pending.uuid);
  (await requestLogger()).info({ outcome: 'signed-in', confirmed: how }, 'email sign-in completed');
  return { state: 'signed-in', location };
}

/**
 * Asks the backend whether the link sent to this browser's pending sign-in has been opened. Once
 * it has been confirmed in this browser, hands it off to the organisation; once in another, keeps
 * the answer sealed here until the person types the code that browser shows.
 */
export async function checkEmailSignIn(): Promise<EmailSignInStatus> {
  const { host, received, cookies } = await requestContext();
  const pending = await readEmailSignIn(received);
  if (isOver(pending)) return { state: 'expired' };
  if (await isLinkDeclined(pending.uuid)) {
    forgetEmailSignIn(cookies, host);
    (await requestLogger()).info({ outcome: 'declined' }, 'email sign-in ended');
    return { state: 'declined' };
  }
  try {
    if ((await codeTriesOf(pending)) >= LINK_CODE_ATTEMPTS) return { state: 'expired' };
  } catch (error) {
    if (error instanceof SharedStateUnavailable) return { state: 'unavailable' };
    throw error;
  }

  const confirmedHere = (await linkConfirmedHereCookie.read(received))?.uuid === pending.uuid;
  let confirmation = pending.confirmedElsewhere;
  if (!confirmation) {
    const result = await linkConfirmationOf(pending, confirmedHere);
    // isValidId already counts a 404 as pending; any other failure means the backend cannot tell.
    if (!result.ok) return { state: 'unavailable' };
    if (!result.value.confirmed) return { state: 'pending' };
    confirmation = { subDomain: result.value.subDomain, authToken: result.value.authToken };
  }
  if (confirmedHere) return await completeEmailSignIn(pending, confirmation, 'here');

  if (!pending.confirmedElsewhere) {
    await emailSignInCookie.write(cookies, host, { ...pending, confirmedElsewhere: confirmation });
    (await requestLogger()).info({ outcome: 'code-needed' }, 'sign-in link confirmed in another browser');
  }
  return { state: 'code-needed' };
}

export type LinkCodeOutcome =
  | { state: 'signed-in'; location: string }
  | { state: 'wrong'; triesLeft: number }
  | { state: 'malformed' }
  | { state: 'ended' }
  | { state: 'expired' }
  | { state: 'declined' }
  /** The shared store did not answer: no code is compared until it does. */
  | { state: 'unavailable' };

/**
 * The code typed in the browser that asked for the link, after it was confirmed in another one.
 * Five tries per link in the whole fleet; the fifth wrong one ends the wait.
 */
export async function continueWithLinkCode(typed: string): Promise<LinkCodeOutcome> {
  const { host, received, cookies } = await requestContext();
  const pending = await readEmailSignIn(received);
  if (isOver(pending) || !pending.confirmedElsewhere) return { state: 'expired' };
  const code = typed.replace(/\s/g, '');
  if (!/^\d{6}$/.test(code)) return { state: 'malformed' };
  if (await isLinkDeclined(pending.uuid)) {
    forgetEmailSignIn(cookies, host);
    return { state: 'declined' };
  }

  let tries: number;
  try {
    tries = Math.max((pending.wrongCodes ?? 0) + 1, (await codeTries.spend(pending.uuid)).spent);
  } catch (error) {
    if (!(error instanceof SharedStateUnavailable)) throw error;
    (await requestLogger()).warn({ outcome: 'unavailable' }, 'sign-in link code not checked');
    return { state: 'unavailable' };
  }
  if (tries <= LINK_CODE_ATTEMPTS && isLinkCode(pending.uuid, code)) {
    return await completeEmailSignIn(pending, pending.confirmedElsewhere, 'code');
  }
  const log = await requestLogger();
  countSignInFailure('email', 'code_wrong');
  if (tries >= LINK_CODE_ATTEMPTS) {
    countThrottled('code_attempts');
    forgetEmailSignIn(cookies, host);
    log.warn({ outcome: 'ended', wrongCodes: Math.min(tries, LINK_CODE_ATTEMPTS) }, 'sign-in link code refused');
    return { state: 'ended' };
  }
  await emailSignInCookie.write(cookies, host, { ...pending, wrongCodes: tries });
  log.info({ outcome: 'wrong', wrongCodes: tries }, 'sign-in link code refused');
  return { state: 'wrong', triesLeft: LINK_CODE_ATTEMPTS - tries };
}
