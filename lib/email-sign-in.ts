import { z } from 'zod';
import { isValidId, type LinkCheck } from '@/lib/backend/auth';
import { clearCookie, EMAIL_SIGN_IN_LIFETIME_SECONDS, sealedCookie, type CookieWriter } from '@/lib/cookies';
import { handOffToOrganisation } from '@/lib/hand-off';
import type { RequestHost } from '@/lib/hosts';
import { requestLogger } from '@/lib/logger';
import { requestContext } from '@/lib/request/context';

/**
 * The sign-in by e-mail link, from the form to the hand-off: its state between requests, its
 * rules, and the wait for the link to be opened.
 */

const emailSignInState = z.object({
  uuid: z.string(),
  email: z.string(),
  /** When the newest link was sent: "send again" is locked after it, and the wait ends after it. */
  sentAt: z.number(),
  fromSignUp: z.boolean(),
  /** Minted when the link was requested; sent with every call of this sign-in. */
  deviceId: z.string(),
});
export type EmailSignInState = z.infer<typeof emailSignInState>;
const emailSignInCookie = sealedCookie('emailSignIn', 'email-sign-in', emailSignInState);

/** The sign-in this browser waits for, if any: the link's uuid, the address, when it was sent. */
export const readEmailSignIn = emailSignInCookie.read;

/**
 * A link is on its way: from here the browser waits on the mail-sent view. Every step that sends
 * one (the form, "send again", sign-up, an invitation) starts the wait here, afresh.
 */
export async function startWaitingForLink(
  writer: CookieWriter,
  host: RequestHost,
  link: Omit<EmailSignInState, 'sentAt'>,
): Promise<void> {
  await emailSignInCookie.write(writer, host, { ...link, sentAt: Date.now() });
}

/** A new user's sign-up under way: the address and the backend's token to create the account with. */
const signUpState = z.object({ email: z.string(), autoAddToken: z.string(), deviceId: z.string() });
export type SignUpState = z.infer<typeof signUpState>;
export const { read: readSignUp, write: writeSignUp } = sealedCookie('signUp', 'sign-up', signUpState);

/** "Use another e-mail address": the sign-in and any sign-up under way are forgotten. */
export function forgetEmailSignIn(writer: CookieWriter, host: RequestHost): void {
  clearCookie(writer, 'emailSignIn', host);
  clearCookie(writer, 'signUp', host);
}

/** The send-again button stays locked this long after a link was sent. */
export const SEND_AGAIN_LOCK_MS = 30_000;

/** How long ago the link was sent, by this server's clock, which also wrote `sentAt`: the browser's may be set differently. */
export function linkSentAgoMs(pending: Pick<EmailSignInState, 'sentAt'>): number {
  return Math.max(0, Date.now() - pending.sentAt);
}

/** The mail-sent view asks whether the link was opened this often. */
export const SIGN_IN_POLL_INTERVAL_MS = 5_000;

const required = z.string().min(1).max(2048);
const optional = z.string().max(2048).default('');

/** The query of an e-mailed sign-in link, `/validatelink?email=…&uuid=…&signature=…&timestamp=…`. */
export const signInLinkQuery = z.object({
  email: required,
  uuid: required,
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
  | { state: 'signed-in'; location: string };

/**
 * Asks the backend whether the link sent to this browser's pending sign-in has been opened
 * (on any device). Once it has, hands the browser off to the organisation.
 */
export async function checkEmailSignIn(): Promise<EmailSignInStatus> {
  const { host, received, cookies } = await requestContext();
  const pending = await readEmailSignIn(received);
  if (!pending || Date.now() - pending.sentAt > EMAIL_SIGN_IN_LIFETIME_SECONDS * 1000) {
    return { state: 'expired' };
  }

  const result = await isValidId(pending.uuid, pending.deviceId);
  // isValidId already counts a 404 as pending; any other failure means the backend cannot tell.
  if (!result.ok) return { state: 'unavailable' };
  if (!result.value.confirmed) return { state: 'pending' };

  const { subDomain, authToken } = result.value;
  const location = await handOffToOrganisation(cookies, host, { subDomain, authToken, email: pending.email, deviceId: pending.deviceId, method: 'email' });
  clearCookie(cookies, 'emailSignIn', host);
  (await requestLogger()).info({ outcome: 'signed-in' }, 'email sign-in completed');
  return { state: 'signed-in', location };
}
