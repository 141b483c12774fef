import { subDomainSchema } from '@/lib/backend/client';

/**
 * What the invitation page reads from an invitation link's query, which is whatever its holder
 * made of it: nothing of it is shown unless it has a shape that can say nothing else.
 */

/** Without its token and its address an invitation cannot be accepted: the page says the link is incomplete. */
export function isCompleteInvitation(fields: Record<string, string>): boolean {
  return Boolean(fields.inviteToken?.trim() && fields.email?.trim());
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
