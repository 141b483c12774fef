import type { ReceivedCookies } from '@/lib/platform/cookies';
import type { Language } from '@/lib/platform/i18n/routing';
import { logger } from '@/lib/platform/observability/logger';
import { keptQueryHoles, keptQueryValues, type KeptQueryHole } from '@/lib/platform/pages/kept-query-in-template';
import { keptQuery, LANGUAGE_CHOICE_PARAMETER, viewQueryFields } from '@/lib/platform/pages/language-routing';
import { asPageRoute, FLIGHT_INLINE_STRING_MAX, fillTemplate, inFlightScript, readPrerenderedHtml, splitTemplate, templatesReadOnce, type FilledPage, type SplitTemplate, type TemplateHole } from '@/lib/platform/pages/screen-templates';
import { TEMPLATE_FOLDER } from '@/lib/vocabulary/base-path';
import { ADDRESS_MAX_LENGTH, ADDRESS_SENTINEL, addressFlight, addressHtml, fragmentRowOf } from './address-in-template';
import { declineTicketFor, isLinkDeclined } from './link-requests';
import { linkAddressShown, linkPageAsksFirst, linkPagePermalink, linkVerdictBeforeCheck, signInLinkQuery } from './opened-link';
import { readEmailSignIn } from './wait';

/**
 * An opened sign-in link's screen as a template (docs/decisions.md, Screens from templates):
 * prerendered once per language, whether it asks first or confirms at once (this browser asked
 * for the link), and whether it shows the link's address, with a sentinel in place of the
 * address, of the decline's ticket and of the link's query (kept-query-in-template.ts), filled per
 * request. A link the page would send elsewhere (not a link, used, expired, declined) is left to
 * the page rendered per request, which does.
 */

export type LinkPageTemplate = { askFirst: boolean; address: boolean };

export const LINK_PAGE_TEMPLATES: readonly LinkPageTemplate[] = [true, false].flatMap((askFirst) => [false, true].map((address) => ({ askFirst, address })));

/** A template as one path segment: `ask`, `ask.address`, `at-once`, `at-once.address`. */
export function linkPageTemplateSegment({ askFirst, address }: LinkPageTemplate): string {
  return `${askFirst ? 'ask' : 'at-once'}${address ? '.address' : ''}`;
}

export function linkPageTemplateOfSegment(segment: string): LinkPageTemplate | undefined {
  return LINK_PAGE_TEMPLATES.find((template) => linkPageTemplateSegment(template) === segment);
}

/** The decline's ticket a template is rendered with: no ticket (a sealed one has dots), and in its alphabet, which neither HTML nor Flight escapes. */
export const DECLINE_TICKET_SENTINEL = 'templatedeclineticketsentinel';

/** A sealed ticket's alphabet (a compact JWE: base64url and dots). */
const TICKET_ALPHABET = /^[A-Za-z0-9_.-]+$/;

type Hole = KeptQueryHole | 'address' | 'addressInFlight' | 'ticket';
type LinkPageTemplateSplit = { split: SplitTemplate<Hole>; fragment: string | undefined };

const templateOf = templatesReadOnce((key): LinkPageTemplateSplit | undefined => {
  const [language, segment] = key.split('/') as [Language, string];
  const template = linkPageTemplateOfSegment(segment);
  const prerendered = readPrerenderedHtml(`/${language}/${TEMPLATE_FOLDER}/validatelink/${segment}`);
  if (!template || prerendered === undefined) return undefined;
  const html = asPageRoute(prerendered, ['', language, TEMPLATE_FOLDER, 'validatelink', segment], [{ folder: TEMPLATE_FOLDER }, { parameter: 'variant' }], ['', language, 'validatelink']);
  const fragment = html && fragmentRowOf(html);
  const holes: Partial<Record<Hole, TemplateHole>> = keptQueryHoles((kept) => linkPagePermalink(language, kept));
  // The decline's ticket is bound to its action in the Flight payload, and in the HTML of the decline button where it asks.
  holes.ticket = { sentinel: DECLINE_TICKET_SENTINEL, occurrences: template.askFirst ? 2 : 1 };
  // The address is in the question's props always, and in its HTML only where it asks.
  if (template.address && fragment) {
    holes.address = { sentinel: addressHtml(ADDRESS_SENTINEL), occurrences: template.askFirst ? 1 : 0 };
    holes.addressInFlight = { sentinel: inFlightScript(addressFlight(ADDRESS_SENTINEL, fragment)), occurrences: 1 };
  }
  const split = html && (!template.address || fragment) ? splitTemplate(html, holes as Record<Hole, TemplateHole>) : undefined;
  if (!split) {
    // The screen changed and its writers here did not follow: every such load is rendered per request, at its cost.
    logger().warn({ template: key }, 'link page template not used: it did not read as expected');
    return undefined;
  }
  return { split, fragment };
});

/**
 * An opened link's screen for this request, filled from its template: undefined where the page
 * rendered per request answers instead (not a sign-in link, one this browser can tell is used or
 * expired, a declined one: the page sends each elsewhere; an address or query too long to write
 * inline; no template, a server without a build).
 */
export async function linkPageFromTemplate(language: Language, query: URLSearchParams, received: ReceivedCookies): Promise<FilledPage | undefined> {
  const link = signInLinkQuery.safeParse(viewQueryFields(query.toString()));
  if (!link.success || (await linkVerdictBeforeCheck(received, link.data))) return undefined;
  const { uuid, email } = link.data;
  const shown = linkAddressShown(email);
  if (shown !== undefined && shown.length > ADDRESS_MAX_LENGTH) return undefined;
  const askFirst = linkPageAsksFirst(uuid, { waitingFor: (await readEmailSignIn(received))?.uuid, languageChosen: query.has(LANGUAGE_CHOICE_PARAMETER) });
  const template = templateOf(`${language}/${linkPageTemplateSegment({ askFirst, address: shown !== undefined })}`);
  const kept = keptQueryValues((value) => linkPagePermalink(language, value), keptQuery(`/${language}/validatelink`, query));
  if (!template || !kept || (await isLinkDeclined(uuid))) return undefined;
  const ticket = await declineTicketFor(uuid);
  if (!TICKET_ALPHABET.test(ticket) || ticket.length >= FLIGHT_INLINE_STRING_MAX) return undefined;
  const values: Partial<Record<Hole, string>> = { ...kept, ticket };
  if (shown !== undefined && template.fragment) Object.assign(values, { address: addressHtml(shown), addressInFlight: inFlightScript(addressFlight(shown, template.fragment)) });
  return fillTemplate(template.split, values as Record<Hole, string>);
}
