import { readCookie, type ReceivedCookies } from '@/lib/platform/cookies';
import { isMobileRequest } from '@/lib/platform/request/user-agent';
import { getConfig } from '@/lib/platform/settings/config';
import { BASE_PATH, loginPagePath } from '@/lib/vocabulary/base-path';
import type { Language } from '@/lib/platform/i18n/routing';

/**
 * A booking link, `/bookings-extend?userAction=retain|cancel&…`, from a booking e-mail: its query
 * is its credential, passed on to the backend as it came, by the action that runs after the page
 * has loaded (a mail scanner's GET changes nothing).
 */

export const USER_ACTIONS = ['retain', 'cancel'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export function isUserAction(value: unknown): value is UserAction {
  return (USER_ACTIONS as readonly unknown[]).includes(value);
}

/**
 * Where the "open the app" button of a booking link leads: the mobile app on a phone, else the
 * organisation's web app for a browser that is signed in, else the login page.
 */
export function openAppHref({ mobile, signedIn, language }: { mobile: boolean; signedIn: boolean; language: Language }): string {
  if (mobile) return getConfig().links.mobileApp;
  return signedIn ? '/' : loginPagePath(language);
}

/** The same, for the request at hand: its device, and whether the browser signed in here before. */
export function openAppHrefOf(request: { headers: { get(name: string): string | null }; received: ReceivedCookies }, language: Language): string {
  return openAppHref({ mobile: isMobileRequest(request.headers), signedIn: readCookie(request.received, 'lastLogin') !== undefined, language });
}

/**
 * Where the booking form posts before its script runs (useActionState's permalink): the link's
 * own address with the query it keeps (`keptQuery`), so that the action finds it there. Said the
 * same by the page rendered after that post, which matches its answer to the form by it, wherever
 * the form's page was rendered (a template's route is not the page's).
 */
export function bookingLinkPermalink(language: Language, kept: string): string {
  return `${BASE_PATH}/${language}/bookings-extend?${kept}`;
}
