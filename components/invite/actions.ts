'use server';

import { headers } from 'next/headers';
import { addUser, verifyUser } from '@/lib/platform/backend/auth';
import { getConfig } from '@/lib/platform/settings/config';
import { invitationOfLink } from '@/lib/flows/invitation';
import { accountCreationOutcome, verifyUserOutcome, type ErrorMessageKey } from '@/lib/platform/backend/error-catalogue';
import { formField } from '@/lib/platform/request/form-fields';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { mintDeviceId } from '@/lib/platform/cookies';
import { releaseLinkLock, takeLinkLock } from '@/lib/flows/email-sign-in/link-lock';
import { startWaitingForLink } from '@/lib/flows/email-sign-in/wait';
import { defaultLanguage, isLanguage } from '@/lib/platform/i18n/routing';
import { requestContext } from '@/lib/platform/request/context';
import { VIEW_QUERY_HEADER, viewQueryFields } from '@/lib/platform/pages/language-routing';
import { disallowedInviteNameCharacter, isValidDisplayName } from '@/lib/vocabulary/validation';
import { countSignInFailure, countSignInStep, countThrottled, failureReasonOf } from '@/lib/platform/observability/metrics';
import { rateLimitText } from '@/components/email-sign-in/rate-limit-text';
import type { RateLimitText } from '@/components/email-sign-in/rate-limit-view';

export type InviteProblem =
  | { invite: 'nameRequired' | 'invalidInvite' }
  /** The first character the name rule does not allow, so that the message can name it. */
  | { invite: 'nameCharacter'; character: string }
  | { errors: ErrorMessageKey };
export type InviteFormState =
  | { status: 'idle'; name: string }
  | { status: 'error'; name: string; problem: InviteProblem }
  /** A link went to this address moments ago (the e-mail form's 30 s lock): the same wait, in the same words. */
  | { status: 'rate-limited'; name: string; retryAfterMs: number; text: RateLimitText };

/**
 * The invited person's name goes to addUser with the invitation's address and forwarded fields;
 * then a sign-in link. The invitation is the query of the address the form was posted to, as
 * proxy.ts names it, with script or without (the form's permalink), read as the page reads it:
 * bound to nothing, so the page can be filled from a template.
 */
export async function joinInvitation(language: string, _previous: InviteFormState, form: FormData): Promise<InviteFormState> {
  const locale = isLanguage(language) ? language : defaultLanguage;
  const name = formField(form, 'name');
  const invitation = invitationOfLink(viewQueryFields((await headers()).get(VIEW_QUERY_HEADER)), getConfig().invitationForwardedFields);
  if (!invitation) return { status: 'error', name, problem: { invite: 'invalidInvite' } };
  if (name.trim() === '') return { status: 'error', name, problem: { invite: 'nameRequired' } };
  const refused = disallowedInviteNameCharacter(name);
  if (refused) return { status: 'error', name, problem: { invite: 'nameCharacter', character: refused } };
  if (!isValidDisplayName(name)) return { status: 'error', name, problem: { errors: 'nameRejected' } };

  const { email, forwarded } = invitation;
  // Every door to a link takes the same lock: a post within 30 s of the last link to this address asks nothing.
  const lockedForMs = await takeLinkLock(email);
  if (lockedForMs > 0) {
    countThrottled('link_lock');
    countSignInFailure('email', 'throttled');
    return { status: 'rate-limited', name, retryAfterMs: lockedForMs, text: await rateLimitText(locale) };
  }
  const deviceId = mintDeviceId();
  const joined = await addUser({ email, forwarded }, name.trim(), deviceId);
  if (!joined.ok) {
    await releaseLinkLock(email);
    const outcome = accountCreationOutcome(joined.failure);
    if (outcome.show === 'userLimitPage') return await redirectToPage('/user-limit', locale);
    const problem: InviteProblem = outcome.message === 'nameRejected' ? { invite: 'invalidInvite' } : { errors: outcome.message };
    return { status: 'error', name, problem };
  }

  // On to sign-in: the new member gets a link at once instead of typing the address again.
  const { host, cookies } = await requestContext();
  countSignInStep('email', 'started');
  const link = await verifyUser(email, deviceId);
  if (!link.ok || link.value.next !== 'linkSent') await releaseLinkLock(email);
  if (!link.ok) {
    countSignInFailure('email', failureReasonOf(link.failure));
    // Joined, but no link went out: said here, where the same button tries again with the name kept.
    const outcome = verifyUserOutcome(link.failure);
    return { status: 'error', name, problem: { errors: outcome.show === 'message' ? outcome.message : 'somethingWrong' } };
  }
  if (link.value.next === 'linkSent') {
    await startWaitingForLink(cookies, host, { uuid: link.value.uuid, email, fromSignUp: false, deviceId }, locale);
    return await redirectToPage('/mail-sent', locale);
  }
  return await redirectToPage('/', locale);
}
