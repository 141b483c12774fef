import type { Language } from '@/lib/platform/i18n/routing';
import { logger } from '@/lib/platform/observability/logger';
import { keptQueryHoles, keptQueryValues, type KeptQueryHole } from '@/lib/platform/pages/kept-query-in-template';
import { keptQuery, viewQueryFields } from '@/lib/platform/pages/language-routing';
import { asPageRoute, fillTemplate, readPrerenderedHtml, splitTemplate, templatesReadOnce, type FilledPage, type SplitTemplate, type TemplateHole } from '@/lib/platform/pages/screen-templates';
import { getConfig } from '@/lib/platform/settings/config';
import { TEMPLATE_FOLDER } from '@/lib/vocabulary/base-path';
import { ADDRESS_MAX_LENGTH, addressHoles, addressValues, fragmentRowOf } from './email-sign-in/address-in-template';
import { invitationOfLink, invitationPermalink, invitedAddressShown, invitingOrganisation } from './invitation';

/**
 * The invitation's screen as a template (docs/decisions.md, Screens from templates): prerendered
 * once per language and what the link names that the screen shows (the inviting organisation,
 * the invited address), with a sentinel in place of each and of the link's query
 * (lib/platform/pages/kept-query-in-template.ts), filled per request. A link without an address
 * (the notice that it is incomplete) and one with more path below `/invite-user` are rendered per
 * request as before.
 */

export type InvitationTemplate = { organisation: boolean; address: boolean };

export const INVITATION_TEMPLATES: readonly InvitationTemplate[] = [false, true].flatMap((organisation) => [false, true].map((address) => ({ organisation, address })));

/** A template as one path segment: `plain`, `organisation`, `address`, `organisation.address`. */
export function invitationTemplateSegment({ organisation, address }: InvitationTemplate): string {
  return [organisation && 'organisation', address && 'address'].filter(Boolean).join('.') || 'plain';
}

export function invitationTemplateOfSegment(segment: string): InvitationTemplate | undefined {
  return INVITATION_TEMPLATES.find((template) => invitationTemplateSegment(template) === segment);
}

/** The organisation a template is rendered with: a DNS label, as every organisation shown is, and no organisation's. */
export const ORGANISATION_SENTINEL = 'templateorganisationsentinel';

/** What the screen shows of an organisation: a DNS label (invitingOrganisation), which neither HTML nor Flight escapes. */
const DNS_LABEL = /^[a-z0-9-]{1,63}$/;

type Hole = KeptQueryHole | 'organisation' | 'address' | 'addressInFlight';
type InvitationTemplateSplit = { split: SplitTemplate<Hole>; fragment: string | undefined };

const templateOf = templatesReadOnce((key): InvitationTemplateSplit | undefined => {
  const [language, segment] = key.split('/') as [Language, string];
  const template = invitationTemplateOfSegment(segment);
  const prerendered = readPrerenderedHtml(`/${language}/${TEMPLATE_FOLDER}/invite-user/${segment}`);
  if (!template || prerendered === undefined) return undefined;
  const html = asPageRoute(prerendered, ['', language, TEMPLATE_FOLDER, 'invite-user', segment], [{ folder: TEMPLATE_FOLDER }, { parameter: 'variant' }], ['', language, 'invite-user']);
  const fragment = html && fragmentRowOf(html);
  const holes: Partial<Record<Hole, TemplateHole>> = keptQueryHoles((kept) => invitationPermalink(language, kept));
  // The organisation in the intro's text and in its Flight payload, written alike.
  if (template.organisation) holes.organisation = { sentinel: ORGANISATION_SENTINEL, occurrences: 2 };
  if (template.address && fragment) Object.assign(holes, addressHoles(fragment, 1));
  const split = html && (!template.address || fragment) ? splitTemplate(html, holes as Record<Hole, TemplateHole>) : undefined;
  if (!split) {
    // The screen changed and its writers here did not follow: every such load is rendered per request, at its cost.
    logger().warn({ template: key }, 'invitation template not used: it did not read as expected');
    return undefined;
  }
  return { split, fragment };
});

/**
 * An invitation's screen for this request, filled from its template: undefined where the page
 * rendered per request answers instead (a link without an address, an address or query too long
 * to write inline, no template: a server without a build).
 */
export function invitationFromTemplate(language: Language, query: URLSearchParams): FilledPage | undefined {
  const fields = viewQueryFields(query.toString());
  if (!invitationOfLink(fields, getConfig().invitationForwardedFields)) return undefined;
  const organisation = invitingOrganisation(fields);
  const email = invitedAddressShown(fields);
  if ((organisation !== undefined && !DNS_LABEL.test(organisation)) || (email !== undefined && email.length > ADDRESS_MAX_LENGTH)) return undefined;
  const template = templateOf(`${language}/${invitationTemplateSegment({ organisation: organisation !== undefined, address: email !== undefined })}`);
  const kept = keptQueryValues((value) => invitationPermalink(language, value), keptQuery(`/${language}/invite-user`, query));
  if (!template || !kept) return undefined;
  const values: Partial<Record<Hole, string>> = { ...kept };
  if (organisation !== undefined) values.organisation = organisation;
  if (email !== undefined && template.fragment) Object.assign(values, addressValues(email, template.fragment));
  return fillTemplate(template.split, values as Record<Hole, string>);
}
