import { z } from 'zod';
import { subDomainSchema } from '@/lib/platform/backend/client';
import type { Language } from '@/lib/platform/i18n/routing';
import { INVITATION_FIELDS_SET_BY_APP, INVITATION_FORWARDED_FIELDS_MAX } from '@/lib/platform/settings/schema';
import { BASE_PATH } from '@/lib/vocabulary/base-path';
import { isValidEmail } from '@/lib/vocabulary/validation';

/**
 * What the invitation page reads from an invitation link's query, which is whatever its holder
 * made of it: nothing of it is shown unless it has a shape that can say nothing else, and nothing
 * of it reaches the backend unless the deployment names it (docs/decisions.md, Invitations).
 */

/** Without an address an invitation cannot be accepted: the page says the link is incomplete. */
export function isCompleteInvitation(fields: Record<string, string>): boolean {
  return invitationOfForm.shape.email.safeParse(fields.email ?? '').success;
}

/** As long as the longest link the confirming pages read: a longer value is no invitation's. */
export const FORWARDED_FIELD_MAX_LENGTH = 2_048;

const setByApp = new Set(INVITATION_FIELDS_SET_BY_APP.map((name) => name.toLowerCase()));

/**
 * The link's fields that addUser receives (INVITATION_FORWARDED_FIELDS): only those the allowlist
 * names, each a string of at most FORWARDED_FIELD_MAX_LENGTH, and never one the app sets itself.
 */
export function forwardedInvitationFields(link: Record<string, string>, allowlist: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    allowlist.flatMap((name) => {
      const value = Object.hasOwn(link, name) ? link[name] : undefined;
      const forwarded = typeof value === 'string' && value.length <= FORWARDED_FIELD_MAX_LENGTH && !setByApp.has(name.toLowerCase());
      return forwarded ? [[name, value]] : [];
    }),
  );
}

/** An address as long as any can be (RFC 5321: 254 in a path), with room for spaces around it. */
const INVITED_ADDRESS_MAX_LENGTH = 320;

/**
 * What the invitation's form needs of its link, as the page and the form's action read it from
 * the link's query: the address and the forwarded fields, each held to these limits.
 */
export const invitationOfForm = z.strictObject({
  email: z.string().trim().min(1).max(INVITED_ADDRESS_MAX_LENGTH),
  forwarded: z
    .record(z.string().max(64), z.string().max(FORWARDED_FIELD_MAX_LENGTH))
    .refine((fields) => Object.keys(fields).length <= INVITATION_FORWARDED_FIELDS_MAX, { error: `at most ${INVITATION_FORWARDED_FIELDS_MAX} forwarded fields` }),
});
export type InvitationOfForm = z.infer<typeof invitationOfForm>;

/** The invitation a link's query makes, or undefined for a link without an address. */
export function invitationOfLink(fields: Record<string, string>, allowlist: readonly string[]): InvitationOfForm | undefined {
  const parsed = invitationOfForm.safeParse({ email: fields.email ?? '', forwarded: forwardedInvitationFields(fields, allowlist) });
  return parsed.success ? parsed.data : undefined;
}

/** The invited address, shown only when the link's text has the form of one. */
export function invitedAddressShown(fields: Record<string, string>): string | undefined {
  return fields.email && isValidEmail(fields.email) ? fields.email : undefined;
}

/**
 * The organisation that invites, as the organisation picker names one: its sub-domain, only when
 * the link's `subDomain` (or else `domain`) is a single DNS label. Free text is never shown: it
 * could tell the reader anything in our page's voice.
 */
export function invitingOrganisation(fields: Record<string, string>): string | undefined {
  for (const value of [fields.subDomain, fields.domain]) {
    const label = subDomainSchema.safeParse(value);
    if (label.success) return label.data;
  }
  return undefined;
}

/**
 * Where the invitation's form posts before its script runs (useActionState's permalink): the
 * invitation's own address with the query it keeps (`keptQuery`), where the action reads it; also
 * the key React matches a post's answer by, the same wherever the form's page was rendered.
 */
export function invitationPermalink(language: Language, kept: string): string {
  return `${BASE_PATH}/${language}/invite-user?${kept}`;
}
