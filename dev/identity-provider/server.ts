// The local identity provider: one HTTPS server on loopback that plays Google at /google and
// Microsoft Entra ID at /microsoft/<tenant>/v2.0, each a real OpenID Connect provider
// (oidc-provider). dev/README.md describes it; `node dev/identity-provider/server.ts` runs it.
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { sendJson } from '../backend/http.ts';
import { ensureDevCertificates } from './certificates.ts';
import { handleInteraction } from './interactions.ts';
import { handleOutageHook, isPlayingDead } from './outage.ts';
import type { InteractionAction } from './interactions.ts';
import { createLocalProviders, sessionCookieNameOf } from './local-providers.ts';
import type { LocalProvider } from './local-providers.ts';
import { identityProviderSettings as settings, localTenantId } from './settings.ts';
import { loadOrCreateSigningKeys } from './signing-keys.ts';
import type { SigningJwk } from './signing-keys.ts';

const certificates = ensureDevCertificates(settings.certificateDirectory, settings.certificateDnsNames);
const signingKeys = loadOrCreateSigningKeys(settings.certificateDirectory);
const sites = createLocalProviders(signingKeys);

function siteFor(path: string): { site: LocalProvider; rest: string } | undefined {
  for (const site of sites) {
    if (path === site.mountPath || path.startsWith(`${site.mountPath}/`)) return { site, rest: path.slice(site.mountPath.length) || '/' };
  }
  return undefined;
}

// Google's verifyIdToken in google-auth-library reads PEM keys by key id from
// https://www.googleapis.com/oauth2/v1/certs; this is that document for our signing key.
function googlePemCertificates(res: ServerResponse, key: SigningJwk): void {
  const pem = createPublicKey({ key, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
  sendJson(res, 200, { [key.kid]: pem });
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

function dispatch(req: IncomingMessage, res: ServerResponse, url: URL): void | Promise<void> {
  if (url.pathname === '/__dev/health') return sendJson(res, 200, { status: 'ok' });
  if (url.pathname === '/__dev/outage') return handleOutageHook(req, res);
  if (isPlayingDead()) {
    req.socket.destroy();
    return;
  }
  const match = siteFor(url.pathname);
  if (!match) return sendJson(res, 404, { error: 'not_found', error_description: 'Try /google or /microsoft/<tenant>/v2.0.' });
  const { site, rest } = match;

  const interaction = interactionPattern.exec(rest);
  if (interaction) {
    const action: InteractionAction = (interaction[2] as InteractionAction | undefined) ?? 'show';
    return handleInteraction(site, req, res, interaction[1]!, action);
  }
  if (site.kind === 'google' && rest === '/oauth2/v1/certs' && req.method === 'GET') return googlePemCertificates(res, signingKeys.google);

  // oidc-provider sees the path below its mount point and works out the mount from originalUrl.
  withoutSessionCookie(req, site.kind);
  const mounted = req as IncomingMessage & { originalUrl?: string };
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

const server = createServer(
  { cert: readFileSync(certificates.certificate), key: readFileSync(certificates.privateKey) },
  (req, res) => {
    const url = new URL(req.url ?? '/', settings.origin);
    res.on('close', () => {
      const status = res.writableFinished ? String(res.statusCode) : 'closed without answer';
      if (url.pathname !== '/__dev/health') console.log(`${req.method} ${pathForLog(url.pathname)} ${status}`);
    });
    Promise.resolve(dispatch(req, res, url)).catch((error: unknown) => {
      console.error(`identity provider failed on ${req.method} ${pathForLog(url.pathname)}:`, error instanceof Error ? error.message : error);
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: 'server_error' });
    });
  },
);

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(`identity provider cannot listen on ${settings.host}:${settings.port}: ${error.code ?? error.message}`);
  process.exit(1);
});

server.listen(settings.port, settings.host, () => {
  console.log(`identity provider on ${settings.origin} (certificate authority: ${certificates.caCertificate})`);
  console.log(`  Google issuer:       ${settings.googleIssuer}`);
  console.log(`  Microsoft authority: ${settings.microsoftAuthority}`);
  console.log(`  return addresses:    ${[...settings.clients.google.redirectUris, ...settings.clients.microsoft.redirectUris].join(', ')}`);
});
