import type { IncomingMessage } from 'node:http';

type ProductCall = {
  method: string;
  path: string;
  queryKeys: string[];
  headers: { deviceid: boolean; 'add-user-token': boolean; 'long-lived-token': boolean; authorization: boolean };
  body?: unknown;
};

const calls: ProductCall[] = [];

export function recordCall(req: IncomingMessage, url: URL, body: unknown): void {
  const has = (name: string): boolean => req.headers[name] !== undefined;
  calls.push({
    method: req.method ?? 'GET',
    path: url.pathname,
    queryKeys: [...new Set(url.searchParams.keys())],
    headers: {
      deviceid: has('deviceid'),
      'add-user-token': has('add-user-token'),
      'long-lived-token': has('long-lived-token'),
      authorization: has('authorization'),
    },
    ...(req.method === 'POST' ? { body: body ?? null } : {}),
  });
}

export function listCalls(): ProductCall[] {
  return calls;
}

export function forgetCalls(): void {
  calls.length = 0;
}
