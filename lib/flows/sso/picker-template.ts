import type { ReceivedCookies } from '@/lib/platform/cookies';
import type { RequestHost } from '@/lib/platform/hosts';
import type { Language } from '@/lib/platform/i18n/routing';
import { logger } from '@/lib/platform/observability/logger';
import { asPageRoute, FLIGHT_INLINE_STRING_MAX, fillTemplate, flightString, htmlText, inFlightScript, readPrerenderedHtml, splitTemplate, templatesReadOnce, type FilledPage, type SplitTemplate } from '@/lib/platform/pages/screen-templates';
import { TEMPLATE_FOLDER } from '@/lib/vocabulary/base-path';
import { readSsoOrganisations } from './flow-state';
import { organisationLabel } from './organisation-picker';

/**
 * The organisation picker as a template (docs/decisions.md, Screens from templates): prerendered
 * once per language and provider with one sentinel organisation, whose row is written once for
 * each organisation of the sign-in, in the HTML and in the Flight payload.
 */

/** The organisation a template is rendered with: no sub-domain or name of the backend's. */
export const PICKER_SENTINEL = { subDomain: 'templateorganisation', label: 'templateorganisationlabel' } as const;

type Row = { subDomain: string; label: string };
type Hole = 'html' | 'flight';
type PickerTemplate = { split: SplitTemplate<Hole>; buttonClass: string };

/** A row as components/sso/organisation-picker-page.tsx renders it to HTML. */
function rowHtml({ subDomain, label }: Row, buttonClass: string): string {
  // React writes a button's name after its other attributes.
  return `<li><button type="submit" value="${htmlText(subDomain)}" class="${buttonClass}" name="organisation">${htmlText(label)}</button></li>`;
}

/** The same row in React Flight's JSON, keyed by its sub-domain. */
function rowFlight({ subDomain, label }: Row, buttonClass: string): string {
  return `["$","li",${flightString(subDomain)},{"children":["$","button",null,{"type":"submit","name":"organisation","value":${flightString(subDomain)},"className":${JSON.stringify(buttonClass)},"children":${flightString(label)}}]}]`;
}

const ROW_CLASS = new RegExp(`<li><button type="submit" value="${PICKER_SENTINEL.subDomain}" class="([^"]*)" name="organisation">`);

const templateOf = templatesReadOnce((key): PickerTemplate | undefined => {
  const [language, provider] = key.split('/') as [Language, string];
  const prerendered = readPrerenderedHtml(`/${language}/${TEMPLATE_FOLDER}/${provider}/organisations`);
  if (prerendered === undefined) return undefined;
  const html = asPageRoute(prerendered, ['', language, TEMPLATE_FOLDER, provider, 'organisations'], [{ folder: TEMPLATE_FOLDER }], ['', language, provider, 'organisations']);
  const buttonClass = html && ROW_CLASS.exec(html)?.[1];
  const split =
    html &&
    buttonClass !== undefined &&
    splitTemplate<Hole>(html, {
      html: { sentinel: rowHtml(PICKER_SENTINEL, buttonClass), occurrences: 1 },
      flight: { sentinel: inFlightScript(rowFlight(PICKER_SENTINEL, buttonClass)), occurrences: 1 },
    });
  if (!split || buttonClass === undefined) {
    // The picker changed and its writers here did not follow: every load is rendered per request, at its cost.
    logger().warn({ template: key }, 'picker template not used: it did not read as expected');
    return undefined;
  }
  return { split, buttonClass };
});

/**
 * The picker for this browser's single sign-on, filled from its template: undefined without the
 * sign-in's organisations (the page redirects as before), with a value no template carries, or
 * without a template (a server without a build): then the page is rendered per request.
 */
export async function pickerFromTemplate(language: Language, provider: string, received: ReceivedCookies, host: RequestHost): Promise<FilledPage | undefined> {
  const offered = await readSsoOrganisations(received);
  if (!offered) return undefined;
  const rows = offered.organisations.map((organisation) => ({ subDomain: organisation.subDomain, label: organisationLabel(organisation, host) }));
  if (rows.some((row) => row.label.length >= FLIGHT_INLINE_STRING_MAX)) return undefined;
  const template = templateOf(`${language}/${provider}`);
  if (!template) return undefined;
  return fillTemplate(template.split, {
    html: rows.map((row) => rowHtml(row, template.buttonClass)).join(''),
    flight: inFlightScript(rows.map((row) => rowFlight(row, template.buttonClass)).join(',')),
  });
}
