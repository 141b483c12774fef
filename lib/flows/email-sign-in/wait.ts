import { setTimeout as sleep } from 'node:timers/promises';
import { cache } from 'react';
import { z } from 'zod';
import { isValidId, type LinkConfirmation } from '@/lib/platform/backend/auth';
import type { BackendResult } from '@/lib/platform/backend/client';
import { clearCookie, EMAIL_SIGN_IN_LIFETIME_SECONDS, sealedCookie, type CookieWriter } from '@/lib/platform/cookies';
import { handOffToOrganisation } from '@/lib/flows/hand-off';
import type { RequestHost } from '@/lib/platform/hosts';
import type { Language } from '@/lib/platform/i18n/routing';
import { requestLogger } from '@/lib/platform/observability/logger';
import { countSignInFailure, countThrottled } from '@/lib/platform/observability/metrics';
import { receivedCookies, requestContext } from '@/lib/platform/request/context';
import { secretName } from '@/lib/platform/sealed';
import { sharedLimit, SharedStateUnavailable } from '@/lib/platform/shared-store/store';
import { countSignInStepOnce } from '@/lib/platform/sign-in-funnel';
import { codeTriesOf, isLinkCode, LINK_CODE_ATTEMPTS, spendCodeTry } from './link-code';
import { isLinkConfirmed, isLinkDeclined, linkId, noteLinkRequest } from './link-requests';
import { rememberSignedInWithLink } from './opened-link';

/**
 * The wait of the browser that asked for an e-mailed link, from the link sent to the hand-off:
 * its state between requests, the poll that asks the backend whether the link was opened, and
 * the code that carries a link confirmed in another browser over to this one.
 */

const linkConfirmation = z.object({ subDomain: z.string(), authToken: z.string() });
type ConfirmedLink = z.infer<typeof linkConfirmation>;

const emailSignInState = z.object({
  uuid: linkId,
  email: z.string(),
  /** When the newest link was sent: "send again" is locked after it, and the wait ends after it. */
  sentAt: z.number(),
  /** Which SESSION_SECRET was in force then (its secretName): the link's code is taken under that one or the current one. */
  askedUnder: z.string().max(32).optional(),
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
  language?: Language,
): Promise<void> {
  const sentAt = Date.now();
  await emailSignInCookie.write(writer, host, { ...link, sentAt, askedUnder: secretName() });
  await noteLinkRequest(link.uuid, sentAt, language);
  await countSignInStepOnce('email', 'link_sent', link.uuid);
}

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

/** How long ago the link was sent, by this server's clock, which also wrote `sentAt`: the browser's may be set differently. */
export function linkSentAgoMs(pending: Pick<EmailSignInState, 'sentAt'>): number {
  return Math.max(0, Date.now() - pending.sentAt);
}

/** The mail-sent view asks whether the link was opened this often; a held request looks this often. */
export const SIGN_IN_POLL_INTERVAL_MS = 5_000;

/**
 * How long a request for the status is held while the wait has no news. The view asks again as
 * soon as it is answered, so a typical wait of 20 s costs the app one request instead of four,
 * each of which paid Next's whole way through a request (issue 50).
 */
export const SIGN_IN_HOLD_MS = 20_000;

/**
 * The status route's query field by which the mail-sent view asks to be held, naming what it
 * shows: `?hold=pending` in its wait, `?hold=code-needed` in its code entry.
 */
export const HOLD_PARAMETER = 'hold';

/** What a view may show while it asks to be held: the wait, or the code entry of a link confirmed elsewhere. */
export const HELD_STATES = ['pending', 'code-needed'] as const;
export type HeldState = (typeof HELD_STATES)[number];

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

/** A wait asks the backend at most once in this long, however often, and wherever, it is polled. */
const POLL_COALESCING_MS = 3_000;
const backendChecks = sharedLimit('backend_checks', { points: 1, durationSeconds: POLL_COALESCING_MS / 1000, whenUnreachable: 'per-process' });

/** This instance's latest backend check of each wait, shared by the polls that arrive within a few seconds. */
const recentChecks = new Map<string, { at: number; answer: Promise<BackendResult<LinkConfirmation>> }>();

function isOver(pending: EmailSignInState | undefined): pending is undefined {
  return !pending || Date.now() - pending.sentAt > EMAIL_SIGN_IN_LIFETIME_SECONDS * 1000;
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
    if ((await codeTriesOf(pending.uuid, pending.wrongCodes ?? 0)) >= LINK_CODE_ATTEMPTS) return { state: 'expired' };
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

/**
 * The status as checkEmailSignIn says it; while that is what the view shows (`shown`: its wait,
 * or its code entry of a link confirmed elsewhere), the request is held for up to SIGN_IN_HOLD_MS
 * and the wait looked at every poll interval. Anything else is answered at once: a tab still
 * showing the wait must hear that another tab was sent to the code entry. Looked at, not checked:
 * a held request carries the cookies it came with, which the link's own tab in this browser may
 * since have changed, so it writes nothing and decides nothing. On news it answers what it
 * checked, at once, and the view asks again with its cookies as they are now. It also answers
 * when the browser hangs up (`signal`) and when this instance is told to stop, so that the view
 * asks another.
 */
export async function emailSignInNews(signal: AbortSignal, shown: HeldState, timing = { holdMs: SIGN_IN_HOLD_MS, lookEveryMs: SIGN_IN_POLL_INTERVAL_MS }): Promise<EmailSignInStatus> {
  const pending = await readEmailSignIn(await receivedCookies());
  const status = await checkEmailSignIn();
  if (status.state !== shown) return status;
  const held = AbortSignal.any([signal, stopping(), AbortSignal.timeout(timing.holdMs)]);
  while (pending && !held.aborted) {
    await sleep(timing.lookEveryMs, undefined, { signal: held }).catch(() => undefined);
    if (held.aborted || (await hasNews(pending, shown))) break;
  }
  return status;
}

/**
 * Whether the wait has moved on from what the view shows: any failure too, which the next check
 * reports. A look reads the shared store and never asks the backend: the request that follows
 * news does, through the fleet's coalescing, which a look's own call would have spent. (It did:
 * with two instances, each look's answer stayed at its instance and the request after it, at the
 * other, was coalesced into "pending", look after look.) To a view that waits, a page's
 * confirmation is news whenever a look sees it: a check that said "pending" did not see it, even
 * when the mark was set first, since the check may have shared an older one (a second tab, a
 * request at another instance). The view asks again at once, so it asks at most once a look. To
 * the code entry the mark is no news: it is what the code entry shows.
 */
async function hasNews(pending: EmailSignInState, shown: HeldState): Promise<boolean> {
  try {
    if (isOver(pending) || (await isLinkDeclined(pending.uuid))) return true;
    return shown === 'pending' && (await isLinkConfirmed(pending.uuid));
  } catch {
    return true;
  }
}

let stopSignal: AbortSignal | undefined;

/** Aborted once SIGTERM reaches this instance: held requests answer, and the drain need not wait for them. */
function stopping(): AbortSignal {
  if (!stopSignal) {
    const controller = new AbortController();
    process.once('SIGTERM', () => controller.abort());
    stopSignal = controller.signal;
  }
  return stopSignal;
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
    tries = Math.max((pending.wrongCodes ?? 0) + 1, await spendCodeTry(pending.uuid));
  } catch (error) {
    if (!(error instanceof SharedStateUnavailable)) throw error;
    (await requestLogger()).warn({ outcome: 'unavailable' }, 'sign-in link code not checked');
    return { state: 'unavailable' };
  }
  if (tries <= LINK_CODE_ATTEMPTS && isLinkCode(pending.uuid, code, pending.askedUnder)) {
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
