import { NextResponse, type NextRequest } from 'next/server';
import { routeLanguage } from '@/lib/i18n/language-routing';

export function proxy(request: NextRequest) {
  const route = routeLanguage(request.nextUrl.pathname, request.headers.get('accept-language'));
  if (route.action === 'serve') return NextResponse.next();

  const target = request.nextUrl.clone();
  target.pathname = route.pathname;
  return route.action === 'rewrite' ? NextResponse.rewrite(target) : NextResponse.redirect(target, 307);
}

export const config = {
  // The bare base path needs its own entry: Next does not match `/login` against the pattern.
  // Otherwise everything but build assets and files with an extension (logo, icon, dictionaries).
  matcher: ['/', '/((?!_next/|.*\\.[a-z0-9]+$).*)'],
};
