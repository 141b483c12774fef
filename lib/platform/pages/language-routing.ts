import { providers, startSegment } from '@/lib/vocabulary/providers';
import { isLanguage, preferredLanguage } from '../i18n/routing';

/**
 * Where a path without a language goes (docs/product.md, Languages). Paths are those below the
 * base path. Pages that e-mails and other apps link to without a language (`/validatelink`,
 * `/totp`, …) keep the rest of their path and query; anything else unknown goes to the login.
 *
 * Always a redirect, never a rewrite: Next takes a proxy's rewrite for a request to another
 * origin whenever the server listens on 127.0.0.1, a setting operators choose behind a local
 * reverse proxy. One extra round trip on opening an e-mailed link is the cheaper price.
 */
export type LanguageRoute = { action: 'serve' } | { action: 'redirect'; pathname: string };

/** First path segments that are not pages in a language: route handlers and static files. */
const languageFreeSegments = new Set(['api', 'locale', '_next', ...providers.map(startSegment)]);

/** `/google`, `/microsoft`, …: the providers' return addresses; below them, the picker pages. */
const providerReturnSegments = new Set<string>(providers.map((provider) => provider.routeSegment));

/** Pages reachable without a language segment, e.g. `/login/validatelink?...` from an e-mail. */
const pagesServedInBrowserLanguage = new Set(['totp', 'invalid', 'validatelink', 'invite-user', 'bookings-extend', 'signup']);

/**
 * Whether every percent-escape of the path decodes to UTF-8. Next answers a path it cannot decode
 * with a bare 500 (vercel/next.js#94278), so such a path is sent to the login page instead.
 */
function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function routeLanguage(pathname: string, acceptLanguage: string | null): LanguageRoute {
  if (!isDecodable(pathname)) return { action: 'redirect', pathname: `/${preferredLanguage(acceptLanguage)}` };
  const segments = pathname.split('/').filter(Boolean);
  const [first = ''] = segments;
  if (isLanguage(first) || languageFreeSegments.has(first)) return { action: 'serve' };
  if (providerReturnSegments.has(first) && segments.length === 1) return { action: 'serve' };

  const language = preferredLanguage(acceptLanguage);
  if (pagesServedInBrowserLanguage.has(first) || providerReturnSegments.has(first)) {
    return { action: 'redirect', pathname: `/${language}${pathname}` };
  }
  return { action: 'redirect', pathname: `/${language}` };
}
