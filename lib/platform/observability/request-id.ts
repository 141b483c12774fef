/**
 * One id per request, in every log line and on the response, so an operator can follow a
 * complaint from the browser through nginx to the backend calls. An id from the reverse proxy
 * is kept when it cannot break a log line; anything else is replaced.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(headers: { get(name: string): string | null }): string {
  const incoming = headers.get(REQUEST_ID_HEADER);
  return incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}
