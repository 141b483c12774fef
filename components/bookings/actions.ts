'use server';

import { stringFields } from '@/lib/platform/request/form-fields';
import { isRefusal } from '@/lib/platform/backend/error-catalogue';
import { performBookingAction } from '@/lib/platform/backend/reservations';

/**
 * `invalid`: the backend knows no such booking link (404); `expired`: it refused the link otherwise;
 * `unavailable`: no answer; `failed`: an answer that refused nothing (5xx, garbled); the last two may be retried.
 */
export type BookingActionState = { status: 'ready' | 'done' | 'expired' | 'invalid' | 'unavailable' | 'failed' };

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
  if (result.failure.status === 404) return { status: 'invalid' };
  return { status: isRefusal(result.failure) ? 'expired' : 'failed' };
}
