import { isLanguage, preferredLanguage } from './routing';

/**
 * Where a path without a language goes (specification section 2). Paths are those below the
 * base path. Pages that e-mails and other apps link to without a language are served in the
 * browser's language in place (no extra round trip); anything else unknown goes to the login.
 */
export type LanguageRoute = { action: 'serve' } | { action: 'rewrite'; pathname: string } | { action: 'redirect'; pathname: string };

/** First path segments that are not pages in a language: route handlers and static files. */
const languageFreeSegments = new Set(['api', 'locale', 'start-google', 'start-microsoft', 'google', 'microsoft', '_next']);

/** Pages reachable without a language segment, e.g. `/login/validatelink?...` from an e-mail. */
const pagesServedInBrowserLanguage = new Set(['totp', 'invalid', 'validatelink', 'invite-user', 'bookings-extend', 'signup']);

export function routeLanguage(pathname: string, acceptLanguage: string | null): LanguageRoute {
  const [first = ''] = pathname.split('/').filter(Boolean);
  if (isLanguage(first) || languageFreeSegments.has(first)) return { action: 'serve' };

  const language = preferredLanguage(acceptLanguage);
  if (pagesServedInBrowserLanguage.has(first)) return { action: 'rewrite', pathname: `/${language}${pathname}` };
  return { action: 'redirect', pathname: `/${language}` };
}
