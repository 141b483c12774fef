import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { setRequestLocale } from 'next-intl/server';
import { bookingLinkMetadata, BookingLinkScreen } from '@/components/bookings/booking-link-screen';
import { parseCookieHeader } from '@/lib/platform/cookies';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { bookingLinkPermalink, isUserAction, openAppHrefOf } from '@/lib/flows/booking-link';
import { firstValues, type LanguagePageProps } from '@/lib/platform/request/search-params';
import { LANGUAGE_CHOICE_PARAMETER, VIEW_QUERY_HEADER } from '@/lib/platform/pages/language-routing';

export async function generateMetadata({ params, searchParams }: LanguagePageProps): Promise<Metadata> {
  return bookingLinkMetadata(firstValues(await searchParams).userAction === 'cancel' ? 'cancel' : 'retain', params);
}

/**
 * `/bookings-extend?userAction=retain|cancel&…`: the links in booking e-mails. A browser's load is
 * filled from the screen's template (lib/flows/booking-link-template.ts); rendered here for
 * everything else, and after a form posted without script.
 */
export default async function BookingLinkPage({ params, searchParams }: LanguagePageProps) {
  const { lang } = await params;
  setRequestLocale(lang);
  const { [LANGUAGE_CHOICE_PARAMETER]: languageChosen, userAction } = firstValues(await searchParams);
  if (!isUserAction(userAction)) return await redirectToPage('/', lang);
  const headerList = await headers();
  return (
    <BookingLinkScreen
      userAction={userAction}
      // Reached by a language link, the view has extended the booking already, in the other language.
      extendAtOnce={languageChosen === undefined}
      permalink={bookingLinkPermalink(lang, headerList.get(VIEW_QUERY_HEADER) ?? '')}
      openAppHref={openAppHrefOf({ headers: headerList, received: parseCookieHeader(headerList.get('cookie')) }, lang)}
    />
  );
}
