// The local identity provider: an HTTPS server on loopback that plays Google at /google,
// Microsoft Entra ID at /microsoft/<tenant>/v2.0 and /microsoft/organizations/v2.0, and a
// Keycloak-style realm at /realms/acme, and a second one on the next port that plays a provider
// at a bare origin; each a real OpenID Connect provider (oidc-provider). dev/README.md describes
// it; `node dev/identity-provider/server.ts` runs it.
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createPlainServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { createServer as createSocketServer } from 'node:net';
import { parseJson, readBody, sendJson } from '../backend/http.ts';
import { ensureDevCertificates } from './certificates.ts';
import { handleInteraction } from './interactions.ts';
import { handleOutageHook, isPlayingDead } from './outage.ts';
import type { InteractionAction } from './interactions.ts';
import { createLocalProviders, rotateSigningKey, sessionCookieNameOf } from './local-providers.ts';
import type { LocalProvider, MountedRequest } from './local-providers.ts';
import { identityProviderSettings as settings, localTenantId } from './settings.ts';
import { loadOrCreateSigningKeys } from './signing-keys.ts';
import type { SigningJwk } from './signing-keys.ts';

const certificates = ensureDevCertificates(settings.certificateDirectory, settings.certificateDnsNames);
const sites = createLocalProviders(loadOrCreateSigningKeys(settings.certificateDirectory));

type Listener = LocalProvider['listener'];

function siteFor(listener: Listener, path: string): { site: LocalProvider; mountPath: string; rest: string } | undefined {
  for (const site of sites.filter((candidate) => candidate.listener === listener)) {
    for (const mountPath of site.mountPaths) {
      if (path === mountPath || path.startsWith(`${mountPath}/`)) return { site, mountPath, rest: path.slice(mountPath.length) || '/' };
    }
  }
  return undefined;
}

/**
 * `GET /__dev/keys`: per site, the published key ids (the first signs) and how often the
 * discovery document and the key set were read. `POST /__dev/keys {"site": kind}` rotates that
 * site's signing key: a new key signs from then on, the old stays published.
 */
async function handleKeysHook(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'POST') {
    const body = parseJson(await readBody(req));
    const kind = typeof body === 'object' && body !== null ? (body as { site?: unknown }).site : undefined;
    const site = sites.find((candidate) => candidate.kind === kind);
    if (!site) return sendJson(res, 400, { error: 'expected {"site": "google"|"microsoft"|"keycloak"|"generic"}' });
    const key = rotateSigningKey(site);
    console.log(`${site.kind}: signing key rotated, now ${key.kid}`);
  }
  sendJson(
    res,
    200,
    Object.fromEntries(sites.map((site) => [site.kind, { kids: site.signingKeys.map((key) => key.kid), reads: site.reads }])),
  );
}

// Google's verifyIdToken in google-auth-library reads PEM keys by key id from
// https://www.googleapis.com/oauth2/v1/certs; this is that document for our signing key.
function googlePemCertificates(res: ServerResponse, keys: SigningJwk[]): void {
  const pem = (key: SigningJwk) => createPublicKey({ key, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
  sendJson(res, 200, Object.fromEntries(keys.map((key) => [key.kid, pem(key)])));
}

// Without a session every authorization request reaches the picker (or follows login_hint), as
// after prompt=select_account, and signing in as someone else never runs into "log out first".
function withoutSessionCookie(req: IncomingMessage, kind: LocalProvider['kind']): void {
  const sessionCookie = sessionCookieNameOf(kind);
  const kept = (req.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.length > 0 && !pair.startsWith(`${sessionCookie}=`) && !pair.startsWith(`${sessionCookie}.sig=`));
  if (kept.length > 0) req.headers.cookie = kept.join('; ');
  else delete req.headers.cookie;
}

const interactionPattern = /^\/interaction\/([\w-]+)(?:\/(login|cancel))?$/;

function dispatch(listener: Listener, req: IncomingMessage, res: ServerResponse, url: URL): void | Promise<void> {
  if (url.pathname === '/__dev/health') return sendJson(res, 200, { status: 'ok' });
  if (listener === 'main' && url.pathname === '/__dev/outage') return handleOutageHook(req, res);
  if (listener === 'main' && url.pathname === '/__dev/keys') return handleKeysHook(req, res);
  const match = siteFor(listener, url.pathname);
  if (isPlayingDead(match?.site.kind)) {
    req.socket.destroy();
    return;
  }
  if (!match) return sendJson(res, 404, { error: 'not_found', error_description: 'Try /google, /microsoft/<tenant>/v2.0 or /realms/acme.' });
  const { site, rest, mountPath } = match;
  const mounted = req as MountedRequest;
  mounted.mountPath = mountPath;
  if (req.method === 'GET' && rest === '/.well-known/openid-configuration') site.reads.discovery += 1;
  if (req.method === 'GET' && rest === site.routes.jwks) site.reads.jwks += 1;

  const interaction = interactionPattern.exec(rest);
  if (interaction) {
    const action: InteractionAction = (interaction[2] as InteractionAction | undefined) ?? 'show';
    return handleInteraction(site, req, res, interaction[1]!, action);
  }
  if (site.kind === 'google' && rest === '/oauth2/v1/certs' && req.method === 'GET') return googlePemCertificates(res, site.signingKeys);

  // oidc-provider sees the path below its mount point and works out the mount from originalUrl.
  withoutSessionCookie(req, site.kind);
  mounted.originalUrl = req.url;
  req.url = `${rest}${url.search}`;
  return site.handle(req, res);
}

// The log must carry neither e-mail addresses nor codes: no query, and long segments shortened.
function pathForLog(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment === localTenantId ? '{tenant}' : /@|%40/i.test(segment) ? '{email}' : segment.length > 20 ? '{id}' : segment))
    .join('/');
}

function handler(listener: Listener, origin: string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    res.on('close', () => {
      const status = res.writableFinished ? String(res.statusCode) : 'closed without answer';
      const where = listener === 'generic' ? `[${origin}] ` : '';
      if (url.pathname !== '/__dev/health') console.log(`${where}${req.method} ${pathForLog(url.pathname)} ${status}`);
    });
    Promise.resolve(dispatch(listener, req, res, url)).catch((error: unknown) => {
      console.error(`identity provider failed on ${req.method} ${pathForLog(url.pathname)}:`, error instanceof Error ? error.message : error);
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: 'server_error' });
    });
  };
}

const TLS_HANDSHAKE = 0x16;

/**
 * HTTPS and plain HTTP on one port, told apart by a connection's first byte. The app's server
 * speaks HTTPS (MSAL refuses an http authority); browsers are sent to the authorization
 * endpoint over http (withBrowserFacingAuthorization, local-providers.ts), which shows no
 * certificate warning on loopback, and stay on http through the picker.
 */
function serve(listener: Listener, origin: string) {
  const handle = handler(listener, origin);
  const secure = createServer({ cert: readFileSync(certificates.certificate), key: readFileSync(certificates.privateKey) }, handle);
  const plain = createPlainServer(handle);
  return createSocketServer((socket) => {
    socket.once('data', (first) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === TLS_HANDSHAKE ? secure : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
}

function listen(server: ReturnType<typeof serve>, port: number): Promise<void> {
  return new Promise((resolve) => {
    server.on('error', (error: NodeJS.ErrnoException) => {
      console.error(`identity provider cannot listen on ${settings.host}:${port}: ${error.code ?? error.message}`);
      process.exit(1);
    });
    server.listen(port, settings.host, resolve);
  });
}

// The bare-origin provider first: once the main port answers /__dev/health, both do.
await listen(serve('generic', settings.genericOrigin), settings.genericPort);
await listen(serve('main', settings.origin), settings.port);
console.log(`identity provider on ${settings.origin} and ${settings.genericOrigin} (certificate authority: ${certificates.caCertificate})`);
console.log(`  Google issuer:                 ${settings.googleIssuer}`);
console.log(`  Microsoft authority:           ${settings.microsoftAuthority}`);
console.log(`  Microsoft, multi-tenant:       ${settings.microsoftMultiTenantAuthority}`);
console.log(`  Keycloak-style realm issuer:   ${settings.realmIssuer}`);
console.log(`  Bare-origin issuer:            ${settings.genericIssuer}`);
console.log(`  return addresses:    ${[...settings.clients.google.redirectUris, ...settings.clients.microsoft.redirectUris].join(', ')}`);
