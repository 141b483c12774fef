import { languages, type Language } from '@/lib/platform/i18n/routing';
import { languageLinkHref } from './language-routing';
import { FLIGHT_INLINE_STRING_MAX, flightString, htmlText, inFlightScript, type TemplateHole } from './screen-templates';

/**
 * The query of a view of an e-mailed link (`keptQuery`: a booking link, an invitation) in the
 * view's template (docs/decisions.md, Screens from templates): where the view names it, as it
 * writes it there. Its form's permalink, which is the form's `action` and the key React matches a
 * post's answer by (`p` and the permalink, createPostbackActionStateKey), and the language links.
 * `keptQuery` writes only letters, digits and `%+=&*-._`; each place escapes it all the same.
 */

/** The query a template's permalink is rendered with: no field of any link. */
export const KEPT_QUERY_SENTINEL = 'templatekeptquerysentinel';

export type KeptQueryHole = `${'permalink' | 'actionKey'}.html` | 'permalink.flight' | `${Language}.${'html' | 'flight'}`;

/** A view's permalink for a kept query, e.g. `/login/en/bookings-extend?…`. */
export type PermalinkOf = (kept: string) => string;

function written(permalink: string, languageLinkQuery: string): Record<KeptQueryHole, string> {
  const places: Partial<Record<KeptQueryHole, string>> = {
    'permalink.html': `action="${htmlText(permalink)}"`,
    'actionKey.html': `value="p${htmlText(permalink)}"`,
    'permalink.flight': inFlightScript(`"permalink":${flightString(permalink)}`),
  };
  for (const language of languages) {
    const href = languageLinkHref(languageLinkQuery, language);
    places[`${language}.html`] = `href="${htmlText(href)}"`;
    places[`${language}.flight`] = inFlightScript(`"href":${flightString(href)}`);
  }
  return places as Record<KeptQueryHole, string>;
}

/** The holes as a template shows them: its permalink has the sentinel; a prerendered page keeps no query, so its language links have none. */
export function keptQueryHoles(permalinkOf: PermalinkOf): Record<KeptQueryHole, TemplateHole> {
  const sentinels = written(permalinkOf(KEPT_QUERY_SENTINEL), '');
  return Object.fromEntries(Object.entries(sentinels).map(([hole, sentinel]) => [hole, { sentinel, occurrences: 1 }])) as Record<KeptQueryHole, TemplateHole>;
}

/** What goes into those holes for a request's kept query; undefined where Flight would write one of its strings as a row of its own. */
export function keptQueryValues(permalinkOf: PermalinkOf, kept: string): Record<KeptQueryHole, string> | undefined {
  const longest = Math.max(permalinkOf(kept).length, ...languages.map((language) => languageLinkHref(kept, language).length));
  return longest < FLIGHT_INLINE_STRING_MAX ? written(permalinkOf(kept), kept) : undefined;
}
