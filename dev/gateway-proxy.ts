// What the development gateway does with a request (dev/gateway.ts listens): the stand-in for the
// production reverse proxy (docs/decisions.md, Where the app runs). /login goes to the Next dev
// server, everything else to the development backend.
import { request } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export type Upstream = { name: string; port: number };

export type GatewaySettings = {
  gatewayPort: number;
  devDomain: string;
  loginApp: Upstream;
  backend: Upstream;
  log: (line: string) => void;
  /**
   * The sample app (dev/README.md): the redirect_uri values it admits, and what to do with each
   * address the app sends the browser to there. A browser cannot open a custom scheme, so the
   * gateway, which sees the redirect, hands the address on to the mailbox.
   */
  sampleApp?: { redirectUris: string[]; opened: (address: string) => void };
};

/**
 * The address the login app sends the browser to: `Location` of a redirect, or what a server
 * action called by script answers in `x-action-redirect` (`<address>;push`).
 */
export function redirectAddressOf(headers: IncomingHttpHeaders): string | undefined {
  const location = headers.location ?? headers['x-action-redirect'];
  if (typeof location !== 'string') return undefined;
  return headers.location ? location : location.replace(/;(?:push|replace)$/, '');
}

/** Whether an address is the sample app's: one of its custom-scheme redirect_uri values, never a web page. */
export function isSampleAppAddress(address: string, redirectUris: string[]): boolean {
  return !/^https?:/i.test(address) && redirectUris.some((uri) => uri !== '' && address.startsWith(uri));
}

const upstreamHost = '127.0.0.1';

// Headers that describe one connection, not the message; a proxy must not pass them on.
const hopByHopHeaders = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

function clientAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = { ...headers };
  for (const name of hopByHopHeaders) delete kept[name];
  return kept;
}

// The original Host stays. Like nginx's $proxy_add_x_forwarded_for, the peer's address is appended
// to whatever X-Forwarded-For the client wrote. The app trusts only the entries its trusted proxies
// wrote (lib/platform/request/client-address.ts): in production that is nginx's alone, so a client's own entry is
// ignored; `npm run dev` trusts two hops (TRUSTED_PROXY_HOPS=2), so that one entry a developer
// writes stands for a CDN's and can pose as an office network (dev/README.md). Development only.
function forwardedHeaders(req: IncomingMessage, isUpgrade: boolean): OutgoingHttpHeaders {
  const headers = withoutHopByHop(req.headers);
  if (isUpgrade) {
    headers.connection = 'Upgrade';
    headers.upgrade = req.headers.upgrade;
  }
  const earlier = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = earlier ? `${String(earlier)}, ${clientAddress(req)}` : clientAddress(req);
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  return headers;
}

function badGatewayText(upstream: Upstream): string {
  return `Bad gateway: ${upstream.name} (http://${upstreamHost}:${upstream.port}) is not answering.\n`;
}

/** The same request, sent on to the server behind this gateway. */
function requestUpstream(req: IncomingMessage, port: number, upgrade: boolean) {
  return request({ host: upstreamHost, port, method: req.method, path: req.url, headers: forwardedHeaders(req, upgrade) });
}

function writeHead(socket: Duplex, status: number, statusMessage: string, headerLines: string[]): void {
  socket.write([`HTTP/1.1 ${status} ${statusMessage}`, ...headerLines, '', ''].join('\r\n'));
}

function headerLines(rawHeaders: string[], keep: (name: string) => boolean): string[] {
  const lines: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index] ?? '';
    if (keep(name.toLowerCase())) lines.push(`${name}: ${rawHeaders[index + 1]}`);
  }
  return lines;
}

// nginx's site refuses the app's former metrics path however it is spelled (deploy/nginx/desk-booking.conf,
// `location ~* "^/login[/\x5c]+api[/\x5c]+metrics"`), matched against the path it has decoded and
// tidied: slashes merged, dot segments resolved. The same here, so development answers as production.
const refusedPath = /^\/login[/\\]+api[/\\]+metrics/i;

export function isRefusedByProxy(target: string | undefined): boolean {
  const path = (target ?? '/').split('?')[0]!.replace(/^[/\\]+/, '/');
  let tidied: string;
  try {
    tidied = decodeURIComponent(new URL(path, 'http://gateway').pathname);
  } catch {
    tidied = path;
  }
  return refusedPath.test(tidied) || refusedPath.test(path);
}

export function createGateway({ gatewayPort, devDomain, loginApp, backend, log, sampleApp }: GatewaySettings) {
  // Browsers refuse cookies for Domain=localhost, so development runs on web.desk.localhost
  // (every browser resolves *.localhost to this machine). A bare localhost is sent there.
  function redirectToWebHost(req: IncomingMessage, res: ServerResponse): boolean {
    const hostname = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (hostname !== 'localhost' && hostname !== '127.0.0.1') return false;
    res.writeHead(302, { location: `http://web.${devDomain}:${gatewayPort}${req.url ?? '/'}` });
    res.end();
    return true;
  }

  // next/font serves its files from /__nextjs_font/ in development, outside the base path.
  function upstreamFor(target: string | undefined): Upstream {
    const path = (target ?? '/').split('?')[0] ?? '/';
    return path === '/login' || path.startsWith('/login/') || path.startsWith('/__nextjs_font/') ? loginApp : backend;
  }

  function handleRequest(req: IncomingMessage, res: ServerResponse): void {
    if (redirectToWebHost(req, res)) return;
    if (isRefusedByProxy(req.url)) return void res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    const upstream = upstreamFor(req.url);
    const upstreamRequest = requestUpstream(req, upstream.port, false);

    upstreamRequest.on('response', (upstreamResponse) => {
      const address = upstream === loginApp && sampleApp ? redirectAddressOf(upstreamResponse.headers) : undefined;
      if (address && isSampleAppAddress(address, sampleApp!.redirectUris)) sampleApp!.opened(address);
      res.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.statusMessage, withoutHopByHop(upstreamResponse.headers));
      upstreamResponse.pipe(res);
      upstreamResponse.on('error', () => res.destroy());
    });
    let clientGone = false;
    upstreamRequest.on('error', (error: NodeJS.ErrnoException) => {
      // The browser gave up (a tab closed, a poll replaced): nothing failed, and nobody reads an answer.
      if (clientGone) return;
      if (res.headersSent) return void res.destroy();
      log(`${req.method} ${(req.url ?? '/').split('?')[0]} 502 (${upstream.name}: ${error.code ?? error.message})`);
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(badGatewayText(upstream));
    });
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      upstreamRequest.destroy();
    });
    req.pipe(upstreamRequest);
  }

  // WebSocket hand-shakes (Next's hot reload, /login/_next/hmr in Next 16): after the upstream's
  // 101 the two sockets are simply joined.
  function handleUpgrade(req: IncomingMessage, clientSocket: Duplex, head: Buffer): void {
    const upstream = upstreamFor(req.url);
    const upstreamRequest = requestUpstream(req, upstream.port, true);
    clientSocket.on('error', () => upstreamRequest.destroy());

    upstreamRequest.on('upgrade', (upstreamResponse, upstreamSocket, upstreamHead) => {
      const lines = headerLines(upstreamResponse.rawHeaders, () => true);
      writeHead(clientSocket, upstreamResponse.statusCode ?? 101, upstreamResponse.statusMessage ?? 'Switching Protocols', lines);
      if (upstreamHead.length > 0) clientSocket.write(upstreamHead);
      if (head.length > 0) upstreamSocket.write(head);
      upstreamSocket.on('error', () => clientSocket.destroy());
      clientSocket.on('error', () => upstreamSocket.destroy());
      upstreamSocket.pipe(clientSocket).pipe(upstreamSocket);
    });
    // Upgrade refused: pass the answer on, its body ended by closing the connection.
    upstreamRequest.on('response', (upstreamResponse) => {
      const lines = headerLines(upstreamResponse.rawHeaders, (name) => !hopByHopHeaders.includes(name) && name !== 'content-length');
      writeHead(clientSocket, upstreamResponse.statusCode ?? 502, upstreamResponse.statusMessage ?? '', [...lines, 'connection: close']);
      upstreamResponse.pipe(clientSocket);
    });
    upstreamRequest.on('error', () => {
      const text = badGatewayText(upstream);
      clientSocket.end(
        `HTTP/1.1 502 Bad Gateway\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
      );
    });
    upstreamRequest.end();
  }

  return { handleRequest, handleUpgrade };
}
