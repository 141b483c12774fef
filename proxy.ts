import { NextResponse, type NextRequest } from 'next/server';
import { arrive, isArrival } from '@/lib/arrival-proxy';
import { clearCookie } from '@/lib/cookies';
import { getConfig } from '@/lib/config';
import { resolveRequestHost } from '@/lib/hosts';
import { routeLanguage } from '@/lib/i18n/language-routing';

export async function proxy(request: NextRequest) {
  // A returning user goes straight to the organisation: one request, no page.
  const arrival = isArrival(request) ? await arrive(request) : undefined;
  if (arrival?.response) return arrival.response;

  const route = routeLanguage(request.nextUrl.pathname, request.headers.get('accept-language'));
  let response = NextResponse.next();
  if (route.action === 'redirect') {
    const target = request.nextUrl.clone();
    target.pathname = route.pathname;
    response = NextResponse.redirect(target, 307);
  }

  if (arrival?.arrival.kind === 'show-login' && arrival.arrival.forgetLastLogin) {
    clearCookie(response.cookies, 'lastLogin', resolveRequestHost(request.headers, getConfig().appDomains));
  }
  return response;
}

export const config = {
  // The bare base path needs its own entry: Next does not match `/login` against the pattern.
  // Otherwise everything but build assets and files with an extension (logo, icon, dictionaries).
  matcher: ['/', '/((?!_next/|.*\\.[a-z0-9]+$).*)'],
};
