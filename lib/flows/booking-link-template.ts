import type { ReceivedCookies } from '@/lib/platform/cookies';
import type { Language } from '@/lib/platform/i18n/routing';
import { logger } from '@/lib/platform/observability/logger';
import { keptQueryHoles, keptQueryValues } from '@/lib/platform/pages/kept-query-in-template';
import { keptQuery, LANGUAGE_CHOICE_PARAMETER } from '@/lib/platform/pages/language-routing';
import { asPageRoute, FLIGHT_INLINE_STRING_MAX, fillTemplate, flightString, htmlText, inFlightScript, readPrerenderedHtml, splitTemplate, templatesReadOnce, type FilledPage } from '@/lib/platform/pages/screen-templates';
import { TEMPLATE_FOLDER } from '@/lib/vocabulary/base-path';
import { bookingLinkPermalink, isUserAction, openAppHrefOf, USER_ACTIONS, type UserAction } from './booking-link';

/**
 * The booking link's screen as a template (docs/decisions.md, Screens from templates):
 * prerendered once per language, action (extend or cancel) and whether it extends at once, with a
 * sentinel in place of the link's query (lib/platform/pages/kept-query-in-template.ts) and of the
 * "open the app" address, filled per request.
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

/** The "open the app" address a template is rendered with: no address anyone links to (`.invalid` is reserved, RFC 2606). */
export const OPEN_APP_SENTINEL = 'https://open-app.sentinel.invalid/';

/** The "open the app" address, in the HTML and in the Flight payload. */
function openAppWritten(href: string): { 'openApp.html': string; 'openApp.flight': string } {
  return { 'openApp.html': `href="${htmlText(href)}"`, 'openApp.flight': inFlightScript(`"openAppHref":${flightString(href)}`) };
}

const templateOf = templatesReadOnce((key) => {
  const [language, segment] = key.split('/') as [Language, string];
  const prerendered = readPrerenderedHtml(`/${language}/${TEMPLATE_FOLDER}/bookings-extend/${segment}`);
  if (prerendered === undefined) return undefined;
  const html = asPageRoute(prerendered, ['', language, TEMPLATE_FOLDER, 'bookings-extend', segment], [{ folder: TEMPLATE_FOLDER }, { parameter: 'variant' }], ['', language, 'bookings-extend']);
  const openApp = openAppWritten(OPEN_APP_SENTINEL);
  const split =
    html &&
    splitTemplate(html, {
      ...keptQueryHoles((kept) => bookingLinkPermalink(language, kept)),
      'openApp.html': { sentinel: openApp['openApp.html'], occurrences: 1 },
      'openApp.flight': { sentinel: openApp['openApp.flight'], occurrences: 1 },
    });
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
  const kept = keptQueryValues((value) => bookingLinkPermalink(language, value), keptQuery(`/${language}/bookings-extend`, query));
  const openApp = openAppHrefOf(request, language);
  if (!template || !kept || openApp.length >= FLIGHT_INLINE_STRING_MAX) return undefined;
  return fillTemplate(template, { ...kept, ...openAppWritten(openApp) });
}
