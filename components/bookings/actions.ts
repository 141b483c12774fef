'use server';

import { performBookingAction } from '@/lib/backend/reservations';

export type BookingActionState = { status: 'ready' | 'done' | 'expired' | 'unavailable' };

/**
 * Extends or cancels the booking of an e-mailed link. Runs as an action after the page has
 * loaded (a mail scanner's GET changes nothing), with the link's query passed on as it came.
 */
export async function performBooking(linkQuery: Record<string, string>, _previous: BookingActionState): Promise<BookingActionState> {
  const result = await performBookingAction(linkQuery);
  if (result.ok) return { status: 'done' };
  return { status: result.failure.kind === 'unavailable' ? 'unavailable' : 'expired' };
}
