import { sendErrorCode, sendJson } from './http.ts';
import type { ApiRequest } from './http.ts';
import { bookingTokens } from './seed.ts';

// Tokens stay usable, so a test can extend or cancel the same booking as often as it likes.
export function userAction({ res, url }: ApiRequest): void {
  const state = bookingTokens.get(url.searchParams.get('token') ?? '');
  if (state === 'valid') return sendJson(res, 200, {});
  if (state === 'expired') return sendErrorCode(res, 410, 'LINK_EXPIRED');
  sendErrorCode(res, 404, 'NOT_FOUND');
}
