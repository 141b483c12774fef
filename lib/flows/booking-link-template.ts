import { readCookie, type ReceivedCookies } from '@/lib/platform/cookies';
import { languages, type Language } from '@/lib/platform/i18n/routing';
import { logger } from '@/lib/platform/observability/logger';
import { keptQuery, LANGUAGE_CHOICE_PARAMETER, languageLinkHref } from '@/lib/platform/pages/language-routing';
import { asPageRoute, FLIGHT_INLINE_STRING_MAX, fillTemplate, flightString, htmlText, inFlightScript, readPrerenderedHtml, splitTemplate, templatesReadOnce, type FilledPage } from '@/lib/platform/pages/screen-templates';
import { isMobileRequest } from '@/lib/platform/request/user-agent';
import { TEMPLATE_FOLDER } from '@/lib/vocabulary/base-path';
import { bookingLinkPermalink, isUserAction, openAppHref, USER_ACTIONS, type UserAction } from './booking-link';

/**
 * The booking link's screen as a template (docs/decisions.md, Screens from templates):
 * prerendered once per language, action (extend or cancel) and whether it extends at once, with a
 * sentinel in place of the link's query and of the "open the app" address, filled per request.
 * The query goes where the screen names it: the form's permalink (its `action` and the key React
 * matches a post's answer by) and the language links, each as `keptQuery` writes it, so only
 * letters, digits, `%`, `+`, `=`, `&` and `*-._`.
 */

export type BookingLinkTemplate = { userAction: UserAction; extendAtOnce: boolean };

/** The segment of a view that was reached by a language link, and so does not extend at once. */
const AFTER_CHOICE = 'after-choice';

export const BOOKING_LINK_TEMPLATES: readonly BookingLinkTemplate[] = USER_ACTIONS.flatMap((userAction) => [true, false].map((extendAtOnce) => ({ userAction, extendAtOnce })));

/** A template as one path segment: `retain`, `retain.after-choice`, `cancel`, `cancel.after-choice`. */
export function bookingTemplateSegment({ userAction, extendAtOnce }: BookingLinkTemplate): string {
  return extendAtOnce ? userAction : `${userAction}.${AFTER_CHOICE}`;
}

export function bookingTemplateOfSegment(segment: string): BookingLinkTemplate | undefined {
  const [userAction, choice, ...more] = segment.split('.');
  if (!isUserAction(userAction) || more.length > 0 || (choice !== undefined && choice !== AFTER_CHOICE)) return undefined;
  return { userAction, extendAtOnce: choice === undefined };
}

/** The query a template's permalink is rendered with: no field of any link. */
export const KEPT_QUERY_SENTINEL = 'templatekeptquerysentinel';

/** The "open the app" address a template is rendered with: no address anyone links to (`.invalid` is reserved, RFC 2606). */
export const OPEN_APP_SENTINEL = 'https://open-app.sentinel.invalid/';

type Place = 'html' | 'flight';
type Hole = `${'permalink' | 'actionKey' | 'openApp' | Language}.${Place}`;

/** Each value as the screen writes it, in its HTML and its Flight payload. */
function holesOf(language: Language, values: { permalinkQuery: string; languageLinkQuery: string; openApp: string }): Record<Hole, string> {
  const permalink = bookingLinkPermalink(language, values.permalinkQuery);
  const holes: Partial<Record<Hole, string>> = {
    'permalink.html': `action="${htmlText(permalink)}"`,
    'permalink.flight': inFlightScript(`"permalink":${flightString(permalink)}`),
    // React's key of the form's answer: `p` and the permalink (createPostbackActionStateKey).
    'actionKey.html': `value="p${htmlText(permalink)}"`,
    'openApp.html': `href="${htmlText(values.openApp)}"`,
    'openApp.flight': inFlightScript(`"openAppHref":${flightString(values.openApp)}`),
  };
  for (const other of languages) {
    const href = languageLinkHref(values.languageLinkQuery, other);
    holes[`${other}.html`] = `href="${htmlText(href)}"`;
    holes[`${other}.flight`] = inFlightScript(`"href":${flightString(href)}`);
  }
  return holes as Record<Hole, string>;
}

/** The values of one request: each is a string React writes inline only below Flight's limit. */
function fitsInline(language: Language, kept: string, openApp: string): boolean {
  const longest = Math.max(bookingLinkPermalink(language, kept).length, ...languages.map((other) => languageLinkHref(kept, other).length), openApp.length);
  return longest < FLIGHT_INLINE_STRING_MAX;
}

const templateOf = templatesReadOnce((key) => {
  const [language, segment] = key.split('/') as [Language, string];
  const prerendered = readPrerenderedHtml(`/${language}/${TEMPLATE_FOLDER}/bookings-extend/${segment}`);
  if (prerendered === undefined) return undefined;
  const html = asPageRoute(prerendered, ['', language, TEMPLATE_FOLDER, 'bookings-extend', segment], [{ folder: TEMPLATE_FOLDER }, { parameter: 'variant' }], ['', language, 'bookings-extend']);
  // A prerendered page keeps no query: its language links are rendered without one.
  const sentinels = holesOf(language, { permalinkQuery: KEPT_QUERY_SENTINEL, languageLinkQuery: '', openApp: OPEN_APP_SENTINEL });
  const split = html && splitTemplate(html, Object.fromEntries(Object.entries(sentinels).map(([hole, sentinel]) => [hole, { sentinel, occurrences: 1 }])) as Record<Hole, { sentinel: string; occurrences: number }>);
  // The screen changed and its writers here did not follow: every such load is rendered per request, at its cost.
  if (!split) logger().warn({ template: key }, 'booking link template not used: it did not read as expected');
  return split;
});

/**
 * A booking link's screen for this request, filled from its template: undefined where the page
 * rendered per request answers instead (no action it knows, which it sends to the login page; a
 * query too long to write inline; no template, a server without a build).
 */
export function bookingLinkFromTemplate(language: Language, query: URLSearchParams, request: { headers: { get(name: string): string | null }; received: ReceivedCookies }): FilledPage | undefined {
  const userAction = query.get('userAction');
  if (!isUserAction(userAction)) return undefined;
  const template = templateOf(`${language}/${bookingTemplateSegment({ userAction, extendAtOnce: !query.has(LANGUAGE_CHOICE_PARAMETER) })}`);
  const kept = keptQuery(`/${language}/bookings-extend`, query);
  const openApp = openAppHref({ mobile: isMobileRequest(request.headers), signedIn: readCookie(request.received, 'lastLogin') !== undefined, language });
  if (!template || !fitsInline(language, kept, openApp)) return undefined;
  return fillTemplate(template, holesOf(language, { permalinkQuery: kept, languageLinkQuery: kept, openApp }));
}
