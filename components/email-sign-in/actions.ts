'use server';

import { verifyUser } from '@/lib/platform/backend/auth';
import { verifyUserOutcome, type BackendFailure } from '@/lib/platform/backend/error-catalogue';
import { clearCookie, mintDeviceId } from '@/lib/platform/cookies';
import { releaseLinkLock, SEND_AGAIN_LOCK_MS, takeLinkLock } from '@/lib/flows/email-sign-in/link-lock';
import { readSignUp, writeSignUp } from '@/lib/flows/email-sign-in/sign-up';
import { checkEmailSignIn, continueWithLinkCode, forgetEmailSignIn, keepAddress, readEmailSignIn, startWaitingForLink } from '@/lib/flows/email-sign-in/wait';
import { redirect as redirectOutside } from 'next/navigation';
import { formField, formLanguage } from '@/lib/platform/request/form-fields';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { errorText } from '@/lib/platform/backend/error-text';
import { requestContext } from '@/lib/platform/request/context';
import { requestLogger } from '@/lib/platform/observability/logger';
import { countSignInFailure, countSignInStep, countThrottled, failureReasonOf } from '@/lib/platform/observability/metrics';
import { isValidEmail } from '@/lib/vocabulary/validation';
import type { Language } from '@/lib/platform/i18n/routing';
import { LINK_CODE_FIELD } from './confirmation-field';
import { rateLimitText } from './rate-limit-text';
import type { RateLimitText } from './rate-limit-view';

/**
 * What the e-mail form shows after an answer. The rate-limit view comes with its words, translated
 * here, so the login page, sent to everyone, does not carry them. Only plain values: a post made
 * before script ran hands this state to the page as JSON, and an element in it (the trial-ended
 * view's rich text) would break that page's hydration, so that view's words stay with the page.
 */
export type EmailFormState =
  | { status: 'idle'; email: string }
  /** `message` is the error, translated here: the island holds no dictionary of errors. */
  | { status: 'error'; email: string; message: string }
  /** `retryAfterMs`: how long until another try can work, where this app or the backend knows. */
  | { status: 'rate-limited'; email: string; retryAfterMs?: number; text: RateLimitText }
  | { status: 'trial-expired'; email: string };

async function rateLimited(language: Language, email: string, retryAfterMs: number | undefined): Promise<EmailFormState> {
  const text = await rateLimitText(language);
  return retryAfterMs === undefined ? { status: 'rate-limited', email, text } : { status: 'rate-limited', email, retryAfterMs, text };
}


/** The e-mail form: sends a sign-in link, or leads to sign-up, or says what went wrong. */
export async function requestSignInLink(_previous: EmailFormState, form: FormData): Promise<EmailFormState> {
  const locale = formLanguage(form);
  const email = formField(form, 'email').trim();
  // Never the address itself: only what became of the request.
  const log = await requestLogger();
  if (!isValidEmail(email)) {
    log.info({ outcome: 'address-refused' }, 'email sign-in requested');
    countSignInFailure('email', 'invalid_address');
    return { status: 'error', email, message: await errorText(locale, 'emailNotValid') };
  }

  const lockedForMs = await takeLinkLock(email);
  if (lockedForMs > 0) {
    log.info({ outcome: 'address-locked' }, 'email sign-in requested');
    countThrottled('link_lock');
    countSignInFailure('email', 'throttled');
    return await rateLimited(locale, email, lockedForMs);
  }
  countSignInStep('email', 'started');
  const { host, cookies } = await requestContext();
  const deviceId = mintDeviceId();
  const result = await verifyUser(email, deviceId);
  if (!result.ok || result.value.next !== 'linkSent') await releaseLinkLock(email);
  if (!result.ok) countEmailFailure(result.failure);
  log.info(
    result.ok
      ? { outcome: result.value.next === 'signUp' ? 'sign-up' : 'link-sent' }
      : { outcome: 'failed', shows: verifyUserOutcome(result.failure).show, ...(result.failure.kind === 'code' ? { errorCode: result.failure.code } : { failure: result.failure.kind }) },
    'email sign-in requested',
  );

  if (result.ok) {
    const answer = result.value;
    if (answer.next === 'signUp') {
      await writeSignUp(cookies, host, { email, autoAddToken: answer.autoAddToken, deviceId });
      return await redirectToPage('/signup', locale);
    }
    await startWaitingForLink(cookies, host, { uuid: answer.uuid, email, fromSignUp: false, deviceId }, locale);
    return await redirectToPage('/mail-sent', locale);
  }

  const outcome = verifyUserOutcome(result.failure);
  switch (outcome.show) {
    case 'oneTimeCodePage':
      return await redirectToPage('/totp', locale);
    case 'rateLimitView':
      return await rateLimited(locale, email, outcome.retryAfterMs);
    case 'trialExpiredView':
      return { status: 'trial-expired', email };
    case 'message':
      return { status: 'error', email, message: await errorText(locale, outcome.message) };
  }
}

function countEmailFailure(failure: BackendFailure): void {
  const reason = failureReasonOf(failure);
  countSignInFailure('email', reason);
  if (reason === 'throttled') countThrottled('backend');
}

export type SendAgainState = { status: 'idle' | 'sent' | 'locked' } | { status: 'error'; message: string };

/** "Send again" on the mail-sent view: a new link for the same address, at most every 30 s. */
export async function sendLinkAgain(_previous: SendAgainState, form: FormData): Promise<SendAgainState> {
  const locale = formLanguage(form);
  const { host, received, cookies } = await requestContext();
  const pending = await readEmailSignIn(received);
  if (!pending) return await redirectToPage('/', locale);
  if (Date.now() - pending.sentAt < SEND_AGAIN_LOCK_MS || (await takeLinkLock(pending.email)) > 0) return { status: 'locked' };
  countSignInStep('email', 'started');

  const result = await verifyUser(pending.email, pending.deviceId);
  if (!result.ok || result.value.next !== 'linkSent') await releaseLinkLock(pending.email);
  if (result.ok && result.value.next === 'linkSent') {
    await startWaitingForLink(cookies, host, { uuid: result.value.uuid, email: pending.email, fromSignUp: pending.fromSignUp, deviceId: pending.deviceId }, locale);
    return { status: 'sent' };
  }
  if (!result.ok) countEmailFailure(result.failure);
  const outcome = result.ok ? undefined : verifyUserOutcome(result.failure);
  return { status: 'error', message: await errorText(locale, outcome?.show === 'message' ? outcome.message : 'somethingWrong') };
}

/** Without JavaScript the mail-sent view cannot poll: a button asks once instead. */
export async function continueEmailSignIn(form: FormData): Promise<void> {
  const locale = formLanguage(form);
  const status = await checkEmailSignIn();
  if (status.state === 'signed-in') redirectOutside(status.location);
  if (status.state === 'expired') await redirectToPage({ pathname: '/', query: { error: 'link-expired' } }, locale);
  if (status.state === 'declined') await redirectToPage({ pathname: '/', query: { error: 'link-declined' } }, locale);
  // Still waiting, or now asking for the code: the mail-sent view is shown again, from its new state.
  await redirectToPage('/mail-sent', locale);
}

export type LinkCodeState = { status: 'idle' | 'malformed' | 'unchecked' } | { status: 'wrong'; triesLeft: number } | { status: 'signed-in'; location: string };

/** The code from the browser where the link was confirmed, typed in the one that asked for it. */
export async function enterLinkCode(_previous: LinkCodeState, form: FormData): Promise<LinkCodeState> {
  const locale = formLanguage(form);
  const outcome = await continueWithLinkCode(formField(form, LINK_CODE_FIELD));
  switch (outcome.state) {
    case 'signed-in':
      // Without JavaScript nobody is left to follow a returned location: redirect right away.
      if (formField(form, 'noScript')) redirectOutside(outcome.location);
      return { status: 'signed-in', location: outcome.location };
    case 'wrong':
      return { status: 'wrong', triesLeft: outcome.triesLeft };
    case 'malformed':
      return { status: 'malformed' };
    case 'unavailable':
      return { status: 'unchecked' };
    case 'ended':
      return await redirectToPage({ pathname: '/', query: { error: 'link-code-attempts' } }, locale);
    case 'expired':
      return await redirectToPage({ pathname: '/', query: { error: 'link-expired' } }, locale);
    case 'declined':
      return await redirectToPage({ pathname: '/', query: { error: 'link-declined' } }, locale);
  }
}

/**
 * The kept address is in the field: the browser forgets it. The proxy does this for a page load;
 * after "Use another e-mail address" with script, the login page comes in the action's own answer.
 */
export async function forgetKeptAddress(): Promise<void> {
  const { host, cookies } = await requestContext();
  clearCookie(cookies, 'keptAddress', host);
}

/**
 * "Use another e-mail address", from the mail-sent view or sign-up: forgets the sign-in under way
 * and goes back to the form, with the address in it to correct.
 */
export async function chooseAnotherAddress(form: FormData): Promise<void> {
  const { host, cookies, received } = await requestContext();
  const email = (await readEmailSignIn(received))?.email ?? (await readSignUp(received))?.email;
  forgetEmailSignIn(cookies, host);
  if (email) await keepAddress(cookies, host, { email });
  await redirectToPage('/', formLanguage(form));
}
