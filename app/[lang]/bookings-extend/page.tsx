import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { setRequestLocale } from 'next-intl/server';
import { performBooking } from '@/components/bookings/actions';
import { BookingAction, type UserAction } from '@/components/bookings/booking-action';
import { parseCookieHeader, readCookie } from '@/lib/platform/cookies';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { openAppHref } from '@/lib/flows/booking-link';
import { islandText } from '@/lib/platform/i18n/island-text';
import { firstValues, type LanguagePageProps } from '@/lib/platform/request/search-params';
import { LANGUAGE_CHOICE_PARAMETER } from '@/lib/platform/pages/language-routing';
import { isMobileRequest } from '@/lib/platform/request/user-agent';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';

// The link's query is its credential: no referrer to other sites.
const bookingTitle = headingAsTitle('bookings', 'heading', { referrer: 'same-origin' });
const cancelTitle = headingAsTitle('bookings', 'cancelHeading', { referrer: 'same-origin' });

/** Titled as the page's first heading: the cancel link asks its question there too. */
export async function generateMetadata({ params, searchParams }: LanguagePageProps): Promise<Metadata> {
  return (firstValues(await searchParams).userAction === 'cancel' ? cancelTitle : bookingTitle)({ params });
}

/** `/bookings-extend?userAction=retain|cancel&…`: the links in booking e-mails. */
export default async function BookingLinkPage({ params, searchParams }: LanguagePageProps) {
  const { lang } = await params;
  setRequestLocale(lang);
  const { [LANGUAGE_CHOICE_PARAMETER]: languageChosen, ...linkQuery } = firstValues(await searchParams);
  const userAction = linkQuery.userAction;
  if (userAction !== 'retain' && userAction !== 'cancel') return await redirectToPage('/', lang);
  // Reached by a language link, the view has extended the booking already, in the other language.
  const extendAtOnce = languageChosen === undefined;

  const headerList = await headers();
  const openApp = openAppHref({
    mobile: isMobileRequest(headerList),
    signedIn: readCookie(parseCookieHeader(headerList.get('cookie')), 'lastLogin') !== undefined,
    language: lang,
  });

  const text = {
    ...(await islandText('bookings', [
      'heading',
      'extending',
      'extended',
      'cancelHeading',
      'cancelBody',
      'confirmCancel',
      'cancelling',
      'cancelledBody',
      'cancelledHeading',
      'expired',
      'invalid',
      'extend',
      'openApp',
    ])),
    ...(await islandText('errors', ['serviceUnavailable', 'somethingWrong'])),
  };

  return (
    <BookingAction
      userAction={userAction satisfies UserAction}
      extendAtOnce={extendAtOnce}
      action={performBooking.bind(null, linkQuery)}
      openAppHref={openApp}
      text={text}
    />
  );
}
