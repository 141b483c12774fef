import type { IncomingMessage } from 'node:http';

type ProductCall = {
  method: string;
  path: string;
  queryKeys: string[];
  /** The query itself: a test tells its own link's calls from those of parallel tests by the uuid. */
  query: Record<string, string>;
  headers: { deviceid: boolean; 'add-user-token': boolean; 'long-lived-token': boolean; authorization: boolean };
  /** The device id the call carried, in a header, the query or the body (tests check which one). */
  deviceId?: string;
  /** X-Forwarded-For as the login app sent it: whose address the backend's rate limits see. */
  forwardedFor?: string;
  /** The W3C trace context the login app sent: the trace a backend joins its own spans and logs to. */
  traceparent?: string;
  body?: unknown;
};

const calls: ProductCall[] = [];

function deviceIdOf(req: IncomingMessage, url: URL, body: unknown): string | undefined {
  const header = req.headers.deviceid;
  if (typeof header === 'string') return header;
  const query = url.searchParams.get('deviceId');
  if (query !== null) return query;
  const field = typeof body === 'object' && body !== null ? (body as { deviceId?: unknown }).deviceId : undefined;
  return typeof field === 'string' ? field : undefined;
}

export function recordCall(req: IncomingMessage, url: URL, body: unknown): void {
  const has = (name: string): boolean => req.headers[name] !== undefined;
  const deviceId = deviceIdOf(req, url, body);
  const forwardedFor = req.headers['x-forwarded-for'];
  const { traceparent } = req.headers;
  calls.push({
    method: req.method ?? 'GET',
    path: url.pathname,
    queryKeys: [...new Set(url.searchParams.keys())],
    query: Object.fromEntries(url.searchParams),
    headers: {
      deviceid: has('deviceid'),
      'add-user-token': has('add-user-token'),
      'long-lived-token': has('long-lived-token'),
      authorization: has('authorization'),
    },
    ...(deviceId === undefined ? {} : { deviceId }),
    ...(typeof forwardedFor === 'string' ? { forwardedFor } : {}),
    ...(typeof traceparent === 'string' ? { traceparent } : {}),
    ...(req.method === 'POST' ? { body: body ?? null } : {}),
  });
}

export function listCalls(): ProductCall[] {
  return calls;
}

export function forgetCalls(): void {
  calls.length = 0;
}
