import type { NextRequest } from 'next/server';
import { BASE_PATH } from '@/lib/action-redirect';
import { defaultLanguage, isLanguage } from '@/lib/i18n/routing';

/** Until single sign-on is configured, its start routes lead back to the login with a message. */
export function providerNotConfigured(request: NextRequest): Response {
  const requested = request.nextUrl.searchParams.get('lang');
  const language = isLanguage(requested) ? requested : defaultLanguage;
  // A relative Location: the host the browser used is the right one, whatever Next thinks it is.
  return new Response(null, {
    status: 303,
    headers: { location: `${BASE_PATH}/${language}?error=provider-not-configured` },
  });
}
