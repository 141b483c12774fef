'use server';

import { redirect as redirectOutside } from 'next/navigation';
import { isValidId, isValidLink, type LinkCheck } from '@/lib/backend/auth';
import type { ErrorMessageKey } from '@/lib/backend/error-catalogue';
import { ensureDeviceId, writeOrganisationSignIn } from '@/lib/cookies';
import { organisationUrl } from '@/lib/hosts';
import { formField, stringFields } from '@/lib/action-arguments';
import { redirectToPage } from '@/lib/action-redirect';
import { defaultLanguage, isLanguage } from '@/lib/i18n/routing';
import { requestContext } from '@/lib/request-context';

export type LinkConfirmationState =
  | { status: 'checking' }
  | { status: 'signed-in'; location: string }
  | { status: 'confirmed' }
  | { status: 'error'; message: ErrorMessageKey };

/**
 * Checks an e-mailed sign-in link and signs this browser in. It runs as an action after the page
 * has loaded, never on the GET itself: mail scanners that fetch links must not use them up.
 */
export async function confirmSignInLink(
  language: string,
  boundLink: LinkCheck,
  _previous: LinkConfirmationState,
  form: FormData,
): Promise<LinkConfirmationState> {
  const locale = isLanguage(language) ? language : defaultLanguage;
  const link = stringFields(boundLink) as LinkCheck | undefined;
  if (!link) return await redirectToPage('/invalid', locale);
  const validity = await isValidLink(link);
  if (!validity.ok) {
    return { status: 'error', message: validity.failure.kind === 'unavailable' ? 'serviceUnavailable' : 'somethingWrong' };
  }
  if (!validity.value) return await redirectToPage('/invalid', locale);

  const { host, cookies } = await requestContext();
  const confirmation = await isValidId(link.uuid, ensureDeviceId(cookies, cookies, host));
  if (!confirmation.ok || !confirmation.value.confirmed) return { status: 'confirmed' };

  const { subDomain, authToken } = confirmation.value;
  await writeOrganisationSignIn(cookies, host, { subDomain, authToken, email: link.email });
  const location = organisationUrl(host, subDomain);
  // Without JavaScript nobody is left to follow a returned location: redirect right away.
  if (formField(form, 'noScript')) redirectOutside(location);
  return { status: 'signed-in', location };
}
