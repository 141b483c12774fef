import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { linkPageMetadata, LinkPageScreen } from '@/components/email-sign-in/link-page-screen';
import { ADDRESS_SENTINEL } from '@/lib/flows/email-sign-in/address-in-template';
import { DECLINE_TICKET_SENTINEL, LINK_PAGE_TEMPLATES, linkPageTemplateOfSegment, linkPageTemplateSegment } from '@/lib/flows/email-sign-in/link-page-template';
import { linkPagePermalink } from '@/lib/flows/email-sign-in/opened-link';
import { KEPT_QUERY_SENTINEL } from '@/lib/platform/pages/kept-query-in-template';
import type { Language } from '@/lib/platform/i18n/routing';

/**
 * The opened link's templates, prerendered once per language, whether it asks first and whether
 * it shows the link's address, with sentinels where the address, the decline's ticket and the
 * link's query go (lib/flows/email-sign-in/link-page-template.ts), filled per request by
 * proxy.ts; the path itself is never served to a browser that asks for it.
 */
export const dynamicParams = false;
export const dynamic = 'force-static';

type TemplateProps = { params: Promise<{ lang: Language; variant: string }> };

export function generateStaticParams() {
  return LINK_PAGE_TEMPLATES.map((template) => ({ variant: linkPageTemplateSegment(template) }));
}

export async function generateMetadata({ params }: TemplateProps): Promise<Metadata> {
  const template = linkPageTemplateOfSegment((await params).variant);
  return template ? await linkPageMetadata(template.askFirst, params) : {};
}

export default async function LinkPageTemplate({ params }: TemplateProps) {
  const { lang, variant } = await params;
  const template = linkPageTemplateOfSegment(variant);
  if (!template) notFound();
  setRequestLocale(lang);
  return (
    <LinkPageScreen
      language={lang}
      askFirst={template.askFirst}
      email={template.address ? ADDRESS_SENTINEL : undefined}
      permalink={linkPagePermalink(lang, KEPT_QUERY_SENTINEL)}
      declineTicket={DECLINE_TICKET_SENTINEL}
    />
  );
}
