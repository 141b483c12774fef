import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { invitationTitle, InviteScreen } from '@/components/invite/invite-screen';
import { ADDRESS_SENTINEL } from '@/lib/flows/email-sign-in/address-in-template';
import { invitationPermalink } from '@/lib/flows/invitation';
import { INVITATION_TEMPLATES, invitationTemplateOfSegment, invitationTemplateSegment, ORGANISATION_SENTINEL } from '@/lib/flows/invitation-template';
import { KEPT_QUERY_SENTINEL } from '@/lib/platform/pages/kept-query-in-template';
import type { Language } from '@/lib/platform/i18n/routing';

/**
 * The invitation's templates, prerendered once per language and what the link names (an
 * organisation, an address), with sentinels where those and the link's query go
 * (lib/flows/invitation-template.ts), filled per request by proxy.ts; the path itself is never
 * served to a browser that asks for it.
 */
export const dynamicParams = false;
export const dynamic = 'force-static';

export function generateStaticParams() {
  return INVITATION_TEMPLATES.map((template) => ({ variant: invitationTemplateSegment(template) }));
}

export const generateMetadata = invitationTitle;

export default async function InvitationTemplatePage({ params }: { params: Promise<{ lang: Language; variant: string }> }) {
  const { lang, variant } = await params;
  const template = invitationTemplateOfSegment(variant);
  if (!template) notFound();
  setRequestLocale(lang);
  return (
    <InviteScreen
      language={lang}
      organisation={template.organisation ? ORGANISATION_SENTINEL : undefined}
      email={template.address ? ADDRESS_SENTINEL : undefined}
      permalink={invitationPermalink(lang, KEPT_QUERY_SENTINEL)}
    />
  );
}
