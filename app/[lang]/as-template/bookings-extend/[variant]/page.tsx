import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { bookingLinkMetadata, BookingLinkScreen } from '@/components/bookings/booking-link-screen';
import { bookingLinkPermalink } from '@/lib/flows/booking-link';
import { BOOKING_LINK_TEMPLATES, bookingTemplateOfSegment, bookingTemplateSegment, OPEN_APP_SENTINEL } from '@/lib/flows/booking-link-template';
import { KEPT_QUERY_SENTINEL } from '@/lib/platform/pages/kept-query-in-template';
import type { Language } from '@/lib/platform/i18n/routing';

/**
 * The booking link's templates, prerendered once per language, action and whether it extends at
 * once, with sentinels where the link's query and the "open the app" address go
 * (lib/flows/booking-link-template.ts), filled per request by proxy.ts; the path itself is never
 * served to a browser that asks for it.
 */
export const dynamicParams = false;
export const dynamic = 'force-static';

type TemplateProps = { params: Promise<{ lang: Language; variant: string }> };

export function generateStaticParams() {
  return BOOKING_LINK_TEMPLATES.map((template) => ({ variant: bookingTemplateSegment(template) }));
}

export async function generateMetadata({ params }: TemplateProps): Promise<Metadata> {
  return bookingLinkMetadata(bookingTemplateOfSegment((await params).variant)?.userAction ?? 'retain', params);
}

export default async function BookingLinkTemplatePage({ params }: TemplateProps) {
  const { lang, variant } = await params;
  const template = bookingTemplateOfSegment(variant);
  if (!template) notFound();
  setRequestLocale(lang);
  return <BookingLinkScreen {...template} permalink={bookingLinkPermalink(lang, KEPT_QUERY_SENTINEL)} openAppHref={OPEN_APP_SENTINEL} />;
}
