import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseJson, readBody, sendJson } from '../backend/http.ts';
import type { SiteKind } from './settings.ts';

// While down, the provider accepts connections and drops every request unanswered, as a
// provider behind a failing load balancer does; only /__dev keeps answering. One site can play
// dead alone ({"down": true, "site": "keycloak"}), so that a spec which owns that site does not
// take the others down with it.
let down = false;
const sitesDown = new Set<string>();
const siteNames = new Set<string>(['google', 'microsoft', 'keycloak', 'generic']);

export function isPlayingDead(site?: SiteKind): boolean {
  return down || (site !== undefined && sitesDown.has(site));
}

/** `GET /__dev/outage` shows the state; `POST /__dev/outage {"down": true|false, "site"?: kind}` switches it. */
export async function handleOutageHook(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'POST') {
    const body = parseJson(await readBody(req));
    const { down: wanted, site } = (typeof body === 'object' && body !== null ? body : {}) as { down?: unknown; site?: unknown };
    if (typeof wanted !== 'boolean' || (site !== undefined && !(typeof site === 'string' && siteNames.has(site)))) {
      return sendJson(res, 400, { error: 'expected {"down": true|false, "site"?: "google"|"microsoft"|"keycloak"|"generic"}' });
    }
    if (typeof site !== 'string') down = wanted;
    else if (wanted) sitesDown.add(site);
    else sitesDown.delete(site);
  }
  sendJson(res, 200, { down, sites: [...sitesDown] });
}
