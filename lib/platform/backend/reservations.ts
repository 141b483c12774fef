import { z } from 'zod';
import { callBackend, type BackendResult } from './client';

/** Extends or cancels a reservation with the query of the booking e-mail's link, passed on as is. */
export function performBookingAction(linkQuery: Record<string, string>): Promise<BackendResult<unknown>> {
  return callBackend({ path: '/api/v1/flw/reservations/userAction', query: linkQuery }, z.unknown());
}
