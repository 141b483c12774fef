import { NextResponse, type NextRequest } from 'next/server';
import { defaultLanguage, isLanguage } from '@/lib/i18n/routing';

/** Until single sign-on is configured, its start routes lead back to the login with a message. */
export function providerNotConfigured(request: NextRequest): NextResponse {
  const requested = request.nextUrl.searchParams.get('lang');
  const language = isLanguage(requested) ? requested : defaultLanguage;
  const url = request.nextUrl.clone();
  url.pathname = `/${language}`;
  url.search = '?error=provider-not-configured';
  return NextResponse.redirect(url, 303);
}
