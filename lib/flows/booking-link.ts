import { getConfig } from '@/lib/platform/settings/config';
import { loginPagePath } from '@/lib/vocabulary/base-path';
import type { Language } from '@/lib/platform/i18n/routing';

/**
 * Where the "open the app" button of a booking link leads: the mobile app on a phone, else the
 * organisation's web app for a browser that is signed in, else the login page.
 */
export function openAppHref({ mobile, signedIn, language }: { mobile: boolean; signedIn: boolean; language: Language }): string {
  if (mobile) return getConfig().links.mobileApp;
  return signedIn ? '/' : loginPagePath(language);
}
