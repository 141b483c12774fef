'use server';

import { stringFields } from '@/lib/request/form-fields';
import { isRefusal } from '@/lib/backend/error-catalogue';
import { performBookingAction } from '@/lib/backend/reservations';

/** `unavailable`: no answer; `failed`: an answer that refused nothing (5xx, garbled); both may be retried. */
export type BookingActionState = { status: 'ready' | 'done' | 'expired' | 'unavailable' | 'failed' };

/**
 * Extends or cancels the booking of an e-mailed link. Runs as an action after the page has
 * loaded (a mail scanner's GET changes nothing), with the link's query passed on as it came.
 */
export async function performBooking(boundLinkQuery: Record<string, string>, _previous: BookingActionState): Promise<BookingActionState> {
  const linkQuery = stringFields(boundLinkQuery);
  if (!linkQuery) return { status: 'expired' };
  const result = await performBookingAction(linkQuery);
  if (result.ok) return { status: 'done' };
  if (result.failure.kind === 'unavailable') return { status: 'unavailable' };
  return { status: isRefusal(result.failure) ? 'expired' : 'failed' };
}
