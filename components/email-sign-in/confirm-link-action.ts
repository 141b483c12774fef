'use server';

import { headers } from 'next/headers';
import { redirect as redirectOutside } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { isValidId, isValidLink } from '@/lib/platform/backend/auth';
import type { LinkConfirmationError } from '@/lib/platform/backend/error-catalogue';
import { mintDeviceId } from '@/lib/platform/cookies';
import { linkCodeFor } from '@/lib/flows/email-sign-in/link-code';
import { declineLinkOfTicket, isLinkDeclined, linkRequestOf, noteLinkConfirmed, type LinkRequest } from '@/lib/flows/email-sign-in/link-requests';
import { rememberSignedInWithLink, signInLinkQuery } from '@/lib/flows/email-sign-in/opened-link';
import { timedFromWait, readEmailSignIn, rememberLinkConfirmedHere } from '@/lib/flows/email-sign-in/wait';
import { handOffToOrganisation } from '@/lib/flows/hand-off';
import { VIEW_QUERY_HEADER, viewQueryFields } from '@/lib/platform/pages/language-routing';
import { formField } from '@/lib/platform/request/form-fields';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { defaultLanguage, isLanguage, type Language } from '@/lib/platform/i18n/routing';
import { requestLogger } from '@/lib/platform/observability/logger';
import { countSignInFailure, failureReasonOf } from '@/lib/platform/observability/metrics';
import { countSignInStepOnce } from '@/lib/platform/sign-in-funnel';
import { requestContext } from '@/lib/platform/request/context';
import { browserNames, systemNames } from '@/lib/platform/request/user-agent';
import { CONFIRM_FIELD } from './confirmation-field';

export type LinkConfirmationState =
  | { status: 'checking' }
  | { status: 'ask' }
  | { status: 'signed-in'; location: string }
  | { status: 'confirmed' }
  /**
   * Confirmed in a browser that did not ask: the code that lets the one that asked continue, this
   * browser's way in if it was signed in, and when and from what kind of device the link was asked
   * for, now that the backend has taken the link as genuine.
   */
  | { status: 'confirmed-elsewhere'; code: string; location?: string; askedAt?: string }
  | { status: 'error'; message: LinkConfirmationError };

/** "Asked for 3 minutes ago, from Firefox on Windows.", in the page's language. */
async function askedAtText(locale: Language, { askedAt, device }: LinkRequest): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'validateLink' });
  const browser = device.browser && browserNames[device.browser];
  const system = device.system && systemNames[device.system];
  const named = browser && system ? t('deviceBoth', { browser, system }) : browser ? browser : system ? t('deviceSystem', { system }) : t('deviceUnknown');
  return t('askedAt', { minutes: Math.max(0, Math.floor((Date.now() - askedAt) / 60_000)), device: named });
}

/**
 * Checks an e-mailed sign-in link and signs this browser in. It runs as an action after the page
 * has loaded, never on the GET itself: mail scanners that fetch links must not use them up. The
 * browser that asked for the link (it holds the matching e-mail sign-in state) goes on at once,
 * and so does its waiting tab. Any other browser, or a scanner that runs script, goes on only
 * after the person's explicit click, and then shows the code without which the browser that
 * asked does not continue: whoever asked may not be the person who owns the address.
 */
export async function confirmSignInLink(language: string, _previous: LinkConfirmationState, form: FormData): Promise<LinkConfirmationState> {
  const locale = isLanguage(language) ? language : defaultLanguage;
  // The link is the address the form was posted to, as proxy.ts names its query; held to the link query's own limits.
  const parsed = signInLinkQuery.safeParse(viewQueryFields((await headers()).get(VIEW_QUERY_HEADER)));
  if (!parsed.success) return await redirectToPage('/invalid', locale);
  const link = parsed.data;
  const log = await requestLogger();
  const { host, received, cookies } = await requestContext();
  const pending = await readEmailSignIn(received);
  const askedHere = pending?.uuid === link.uuid;
  if (await isLinkDeclined(link.uuid)) {
    log.info({ outcome: 'declined-before' }, 'sign-in link opened');
    return await redirectToPage('/validatelink/declined', locale);
  }
  if (!askedHere && formField(form, CONFIRM_FIELD) !== 'yes') {
    log.info({ outcome: 'confirmation-asked' }, 'sign-in link opened');
    return { status: 'ask' };
  }

  const validity = await isValidLink(link);
  if (!validity.ok) {
    log.info({ outcome: 'check-failed', failure: validity.failure.kind }, 'sign-in link opened');
    countSignInFailure('email', failureReasonOf(validity.failure));
    return { status: 'error', message: validity.failure.kind === 'unavailable' ? 'serviceUnavailable' : 'somethingWrong' };
  }
  if (!validity.value) {
    log.info({ outcome: 'invalid' }, 'sign-in link opened');
    countSignInFailure('email', 'link_invalid');
    return await redirectToPage('/invalid', locale);
  }

  if (askedHere) await rememberLinkConfirmedHere(cookies, host, link.uuid);
  // A browser that did not ask starts a sign-in of its own here: it gets a device id of its own.
  const deviceId = askedHere ? pending.deviceId : mintDeviceId();
  const confirmation = await isValidId(link.uuid, deviceId);
  await noteLinkConfirmed(link.uuid);
  const signedIn = confirmation.ok && confirmation.value.confirmed ? confirmation.value : undefined;
  log.info({ outcome: signedIn ? 'signed-in' : 'confirmed', askedHere }, 'sign-in link opened');
  await countSignInStepOnce('email', 'link_confirmed', link.uuid);
  const location = signedIn
    ? await handOffToOrganisation(cookies, host, {
        subDomain: signedIn.subDomain,
        authToken: signedIn.authToken,
        email: link.email,
        deviceId,
        method: 'email',
        attempt: link.uuid,
        ...(askedHere ? { timed: timedFromWait(pending) } : {}),
      })
    : undefined;
  if (!askedHere) {
    const asked = await linkRequestOf(link.uuid);
    return { status: 'confirmed-elsewhere', code: linkCodeFor(link.uuid), ...(location ? { location } : {}), ...(asked ? { askedAt: await askedAtText(locale, asked) } : {}) };
  }
  if (!location) return { status: 'confirmed' };
  await rememberSignedInWithLink(cookies, host, link.uuid);
  // Without JavaScript nobody is left to follow a returned location: redirect right away.
  if (formField(form, 'noScript')) redirectOutside(location);
  return { status: 'signed-in', location };
}

/**
 * "I did not ask for this", before or after confirming: the link shows and takes no code from now
 * on, in the whole fleet, and the browser that asked for it stops waiting. A form post, never a
 * GET, so that a mail scanner following links declines nothing; it carries the ticket the page
 * sealed for its link (lib/flows/email-sign-in/link-requests.ts), so it declines that link and no other.
 */
export async function declineSignInLink(language: string, ticket: unknown): Promise<void> {
  const locale = isLanguage(language) ? language : defaultLanguage;
  const log = await requestLogger();
  const declined = await declineLinkOfTicket(ticket);
  if (!declined) {
    log.warn({ outcome: 'decline-refused' }, 'sign-in link opened');
    return await redirectToPage('/invalid', locale);
  }
  log.info({ outcome: declined }, 'sign-in link opened');
  // A ticket posted again (a reload, a replay) declines nothing more, and is no second refusal.
  if (declined === 'declined') countSignInFailure('email', 'cancelled');
  await redirectToPage('/validatelink/declined', locale);
}
