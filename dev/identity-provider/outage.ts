import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseJson, readBody, sendJson } from '../backend/http.ts';

// While down, the provider accepts connections and drops every request unanswered, as a
// provider behind a failing load balancer does; only /__dev keeps answering.
let down = false;

export function isPlayingDead(): boolean {
  return down;
}

/** `GET /__dev/outage` shows the state; `POST /__dev/outage {"down": true|false}` switches it. */
export async function handleOutageHook(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'POST') {
    const body = parseJson(await readBody(req));
    const wanted = typeof body === 'object' && body !== null ? (body as { down?: unknown }).down : undefined;
    if (typeof wanted !== 'boolean') return sendJson(res, 400, { error: 'expected {"down": true|false}' });
    down = wanted;
  }
  sendJson(res, 200, { down });
}
