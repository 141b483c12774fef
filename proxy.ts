import { NextResponse, type NextRequest } from 'next/server';
import { routeLanguage } from '@/lib/i18n/language-routing';

export function proxy(request: NextRequest) {
  const route = routeLanguage(request.nextUrl.pathname, request.headers.get('accept-language'));
  if (route.action === 'serve') return NextResponse.next();

  const url = request.nextUrl.clone();
  url.pathname = route.pathname;
  if (route.action === 'rewrite') return NextResponse.rewrite(url);
  return NextResponse.redirect(url, 307);
}

export const config = {
  // Everything but build assets and files with an extension (logo, icon, dictionaries).
  matcher: ['/', '/((?!_next/|.*\\.[a-z0-9]+$).*)'],
};
