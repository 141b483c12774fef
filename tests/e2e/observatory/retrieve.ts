// Builds the Observatory's `Requests` from real responses of the nginx topology: what its
// retriever (src/retriever/ upstream, not vendored: axios over Node's http and https) collects for
// a site, asked of one route. Differences from a scan of the public site are in README.md.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { CookieJar } from 'tough-cookie';
import {
  HTML_TYPES,
  parseHttpEquivHeaders,
  Requests,
  Site,
  type ObservatoryHeaders,
  type ObservatoryResponse,
  type RedirectEntry,
} from './index.js';

/** Where the public host is served: a name of the certificate, answered by nginx on loopback. */
export type Topology = {
  hostname: string;
  httpPort: number;
  httpsPort: number;
  /** The address the host name resolves to, as Chromium's host-resolver rule does in the suite. */
  address: string;
  /** The certificate authority the certificate is verified against. */
  certificateAuthority: string;
};

// As the retriever sends them (src/retriever/retriever.js, src/config.js).
const STANDARD_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:129.0) Gecko/20100101 Firefox/129.0 Observatory/129.0',
};
/** The Origin of the CORS probe: upstream's is its own public origin; any foreign one will do. */
const CORS_PROBE_ORIGIN = 'https://observatory.invalid';
const REDIRECT_STATUS_CODES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 10;
const REQUEST_TIMEOUT_MS = 20_000;

/** One request and its answer, as sent and as received. */
export type Exchange = { url: URL; status: number; statusText: string; headers: IncomingHttpHeaders; body: string; sent: Record<string, string> };

// Own enumerable properties per header, `get` on the prototype: how the tests read AxiosHeaders.
const headerMethods = {
  get(this: Record<string, string | string[] | undefined>, name: string): string | string[] | null {
    return this[name.toLowerCase()] ?? null;
  },
};

function axiosHeaders(values: Record<string, string | string[] | undefined>): ObservatoryHeaders {
  const headers = Object.create(headerMethods) as ObservatoryHeaders & Record<string, string | string[]>;
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  return headers;
}

function exchange(topology: Topology, method: string, url: URL, headers: Record<string, string>): Promise<Exchange> {
  const sent = { ...headers, host: url.host };
  const options = { method, host: topology.address, port: Number(url.port), path: `${url.pathname}${url.search}`, headers: sent, timeout: REQUEST_TIMEOUT_MS };
  return new Promise((resolve, reject) => {
    const onResponse = (response: import('node:http').IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          url,
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          sent,
        }),
      );
    };
    const request =
      url.protocol === 'https:'
        ? httpsRequest({ ...options, servername: url.hostname, ca: topology.certificateAuthority, rejectUnauthorized: true }, onResponse)
        : httpRequest(options, onResponse);
    request.on('timeout', () => request.destroy(new Error(`${method} ${url.href}: no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end();
  });
}

/**
 * Follows redirects as the retriever's axios session does, but only on the scanned host: a
 * Location elsewhere (the identity provider after a single sign-on start) is not ours to score.
 */
async function follow(topology: Topology, method: string, start: URL, headers: Record<string, string>) {
  const chain: Exchange[] = [];
  let url = start;
  for (;;) {
    const answer = await exchange(topology, method, url, headers);
    chain.push(answer);
    const location = answer.headers.location;
    if (!REDIRECT_STATUS_CODES.has(answer.status) || !location || chain.length > MAX_REDIRECTS) break;
    const next = new URL(location, url);
    if (next.hostname !== topology.hostname) break;
    url = next;
  }
  return chain;
}

function observatoryResponse(answer: Exchange): ObservatoryResponse {
  return {
    status: answer.status,
    statusText: answer.statusText,
    headers: axiosHeaders(answer.headers),
    data: answer.body,
    // Every https request here verifies the chain against the authority; a failure throws.
    verified: true,
    request: { headers: axiosHeaders(answer.sent) },
  };
}

function redirectEntries(chain: Exchange[]): RedirectEntry[] {
  return chain.map((answer) => ({ url: answer.url, status: answer.status }));
}

function setCookies(answer: Exchange): string[] {
  return answer.headers['set-cookie'] ?? [];
}

/**
 * What the Observatory's retriever would collect if it scanned `path` on the public host: the
 * route's own https response (not followed: each route is scored for itself) with its cookies
 * and body, the redirect chain from http://, and a CORS preflight. `headers` go with the https
 * requests only, as the retriever's custom headers do (e.g. a Cookie that reaches a page behind a
 * flow).
 */
export async function retrieveRoute(topology: Topology, path: string, headers: Record<string, string> = {}): Promise<Requests> {
  const httpsUrl = new URL(path, `https://${topology.hostname}:${topology.httpsPort}`);
  const httpUrl = new URL(path, `http://${topology.hostname}:${topology.httpPort}`);
  const httpsHeaders = { ...STANDARD_HEADERS, ...headers };
  const [route, httpChain, preflight] = await Promise.all([
    exchange(topology, 'GET', httpsUrl, httpsHeaders),
    follow(topology, 'GET', httpUrl, STANDARD_HEADERS),
    follow(topology, 'OPTIONS', httpsUrl, { ...httpsHeaders, 'access-control-request-method': 'GET', origin: CORS_PROBE_ORIGIN }),
  ]);
  return assembleRequests(route, httpChain, preflight);
}

/** The `Requests` object from the exchanges, filled as src/retriever/retriever.js fills it. */
export function assembleRequests(route: Exchange, httpChain: Exchange[], preflight: Exchange[]): Requests {
  const requests = new Requests(Site.fromSiteString(`${route.url.host}${route.url.pathname}`));
  const auto = observatoryResponse(route);
  const contentType = String(route.headers['content-type'] ?? '').split(';', 1)[0] ?? '';
  auto.httpEquiv = HTML_TYPES.has(contentType) && route.body ? parseHttpEquivHeaders(route.body, route.url.href) : new Map();
  requests.responses.auto = auto;
  requests.responses.https = auto;
  const httpLanding = httpChain.at(-1);
  requests.responses.http = httpLanding ? observatoryResponse(httpLanding) : null;
  // Upstream fills both from the http session's chain; so do we.
  requests.responses.httpRedirects = redirectEntries(httpChain);
  requests.responses.httpsRedirects = redirectEntries(httpChain);
  requests.resources.path = route.body;

  const jar = new CookieJar();
  for (const cookie of setCookies(route)) jar.setCookieSync(cookie, route.url.href, { ignoreError: true });
  requests.session = { url: route.url, redirectHistory: redirectEntries([route]), jar };

  const preflightLanding = preflight.at(-1);
  requests.responses.cors = preflightLanding ? observatoryResponse(preflightLanding) : null;
  return requests;
}
