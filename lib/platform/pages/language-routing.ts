import { z } from 'zod';
import { parseCookieHeader, readCookie, type ReceivedCookies } from '@/lib/platform/cookies';
import { providers, startSegment } from '@/lib/vocabulary/providers';
import { isLanguage, languages, preferredLanguage, type Language } from '../i18n/routing';

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

/**
 * `chosen`: the language this browser chose (`readChosenLanguage`), or that an opened link was
 * asked for in; it goes before the browser's Accept-Language.
 */
export function routeLanguage(pathname: string, acceptLanguage: string | null, chosen?: Language): LanguageRoute {
  const language = chosen ?? preferredLanguage(acceptLanguage);
  if (!isDecodable(pathname)) return { action: 'redirect', pathname: `/${language}` };
  const segments = pathname.split('/').filter(Boolean);
  const [first = ''] = segments;
  if (isLanguage(first) || languageFreeSegments.has(first)) return { action: 'serve' };
  if (providerReturnSegments.has(first) && segments.length === 1) return { action: 'serve' };

  if (pagesServedInBrowserLanguage.has(first) || providerReturnSegments.has(first)) {
    return { action: 'redirect', pathname: `/${language}${pathname}` };
  }
  return { action: 'redirect', pathname: `/${language}` };
}

// --- The language links (issue 49) ------------------------------------------------------------

/**
 * The query parameter of a language link: the language chosen for the view the link is on. A link
 * is this very address with the parameter (`?…&chosen-language=de`, relative, so that it is right
 * after a client-side navigation too, which leaves the frame as it was); proxy.ts remembers the
 * choice and sends the browser to the same view in that language (`languageChoice`). A GET that
 * does nothing else: the view's own GET changes nothing either (contracts.md, section 6).
 */
export const LANGUAGE_CHOICE_PARAMETER = 'chosen-language';

/**
 * The views whose state is their address's query: an opened sign-in link, a booking link, an
 * invitation. Every other view holds its state in its flow's cookie, or holds none.
 */
function isViewOfItsQuery([view, ...below]: readonly string[]): boolean {
  return view === 'invite-user' || (below.length === 0 && (view === 'validatelink' || view === 'bookings-extend'));
}

/**
 * The request header in which proxy.ts names the query a view of its query keeps (`keptQuery`):
 * for its language links, and for the actions of the views of an e-mailed link, which read the
 * link from it. Only the proxy writes it: one a client sends is removed.
 */
export const VIEW_QUERY_HEADER = 'x-desk-view-query';

/**
 * The fields of the query a view keeps, as `VIEW_QUERY_HEADER` names it for the request: the
 * first value of each, as a page reads its query. For the actions of the views of an e-mailed
 * link, which pass on the query of the address they were posted to rather than one bound to them.
 */
export function viewQueryFields(kept: string | null): Record<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(kept ?? '')) if (!fields.has(name)) fields.set(name, value);
  return Object.fromEntries(fields);
}

/** Next's own parameter on the requests of a client-side navigation; no part of any view. */
const NEXT_ROUTER_PARAMETER = '_rsc';

/**
 * The query a language link carries over to the other language: a view's own query, without a
 * choice made before; nothing for a view whose state is not in its query. `pathname` below the
 * base path, with its language.
 */
export function keptQuery(pathname: string, query: URLSearchParams): string {
  const [language, ...view] = pathname.split('/').filter(Boolean);
  if (!isLanguage(language) || !isViewOfItsQuery(view)) return '';
  const kept = new URLSearchParams(query);
  kept.delete(LANGUAGE_CHOICE_PARAMETER);
  kept.delete(NEXT_ROUTER_PARAMETER);
  return kept.toString();
}

/** A language link's address, relative to the view it is on. */
export function languageLinkHref(kept: string, language: Language): string {
  return `?${kept ? `${kept}&` : ''}${LANGUAGE_CHOICE_PARAMETER}=${language}`;
}

/**
 * Where a language link leads: the same view in the chosen language, with the query it keeps
 * and the choice, which tells a view that does something as it opens (extending a booking,
 * confirming a link in the browser that asked for it) that it did so already in the other
 * language. Undefined when the address makes no choice, or names the language it chose already.
 */
export function languageChoice(pathname: string, query: URLSearchParams): { language: Language; pathname: string; search: string } | undefined {
  const language = query.get(LANGUAGE_CHOICE_PARAMETER);
  if (!isLanguage(language)) return undefined;
  const [current, ...rest] = pathname.split('/').filter(Boolean);
  if (current === language) return undefined;
  if (!isLanguage(current) || !isDecodable(pathname)) return { language, pathname: `/${language}`, search: '' };
  const view = `/${[language, ...rest].join('/')}`;
  return { language, pathname: view, search: isViewOfItsQuery(rest) ? languageLinkHref(keptQuery(pathname, query), language) : '' };
}

/** One of the app's languages, where a value from outside names one (a cookie, a stored note). */
export const languageSchema = z.enum(languages as [Language, ...Language[]]);

/**
 * The language this browser chose with a language link, or nothing. Not sealed: it is no secret,
 * and anything but one of our languages reads as nothing. It cannot be `__Host-` (its path is the
 * app's), so a sibling host can plant one for the parent domain: that chooses a language and
 * nothing else, and one beside ours reads as nothing (lib/platform/cookies.ts).
 */
export function readChosenLanguage(received: ReceivedCookies): Language | undefined {
  return languageSchema.safeParse(readCookie(received, 'chosenLanguage')).data;
}

/** The language a request's browser chose with a language link, from its Cookie header. */
export function chosenLanguageOf(headers: Headers): Language | undefined {
  return readChosenLanguage(parseCookieHeader(headers.get('cookie')));
}

/** The language of a browser on an address that names none: the one it chose, else its Accept-Language's. */
export function languageOfBrowser(headers: Headers): Language {
  return chosenLanguageOf(headers) ?? preferredLanguage(headers.get('accept-language'));
}
