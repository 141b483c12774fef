import type { Metadata } from 'next';
import { islandText } from '@/lib/platform/i18n/island-text';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import type { UserAction } from '@/lib/flows/booking-link';
import { performBooking } from './actions';
import { BookingAction } from './booking-action';

// The link's query is its credential: no referrer to other sites.
const titles = {
  retain: headingAsTitle('bookings', 'heading', { referrer: 'same-origin' }),
  cancel: headingAsTitle('bookings', 'cancelHeading', { referrer: 'same-origin' }),
} satisfies Record<UserAction, unknown>;

/** Titled as the screen's first heading: the cancel link asks its question there too. */
export function bookingLinkMetadata(userAction: UserAction, params: Promise<{ lang: string }>): Promise<Metadata> {
  return titles[userAction]({ params });
}

/**
 * A booking link's screen, rendered per request (app/[lang]/bookings-extend) or as its template
 * (app/[lang]/as-template/bookings-extend): the same words and action either way.
 */
export async function BookingLinkScreen({ userAction, extendAtOnce, permalink, openAppHref }: { userAction: UserAction; extendAtOnce: boolean; permalink: string; openAppHref: string }) {
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
  return <BookingAction userAction={userAction} extendAtOnce={extendAtOnce} action={performBooking} permalink={permalink} openAppHref={openAppHref} text={text} />;
}
