'use server';

import { stringFields } from '@/lib/action-arguments';
import { performBookingAction } from '@/lib/backend/reservations';

export type BookingActionState = { status: 'ready' | 'done' | 'expired' | 'unavailable' };

/**
 * Extends or cancels the booking of an e-mailed link. Runs as an action after the page has
 * loaded (a mail scanner's GET changes nothing), with the link's query passed on as it came.
 */
export async function performBooking(boundLinkQuery: Record<string, string>, _previous: BookingActionState): Promise<BookingActionState> {
  const linkQuery = stringFields(boundLinkQuery);
  if (!linkQuery) return { status: 'expired' };
  const result = await performBookingAction(linkQuery);
  if (result.ok) return { status: 'done' };
  return { status: result.failure.kind === 'unavailable' ? 'unavailable' : 'expired' };
}
