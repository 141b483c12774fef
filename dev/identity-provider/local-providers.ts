// The local oidc-provider instances: Google, Microsoft Entra ID, a Keycloak-style realm and a
// provider at a bare origin. All do the authorization code flow only, with PKCE S256 required.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Provider, interactionPolicy } from 'oidc-provider';
import type { Configuration, OidcContext } from 'oidc-provider';
import { claimsFor, emailForAccountId } from './accounts.ts';
import { createMemoryStore } from './memory-store.ts';
import { renderErrorPage } from './pages.ts';
import { identityProviderSettings } from './settings.ts';
import type { ClientSettings, SiteKind } from './settings.ts';
import { newSigningKey } from './signing-keys.ts';
import { additionalPublishedKeys, idTokenForCase, unusableKeys } from './relying-party-cases.ts';
import type { SigningJwk } from './signing-keys.ts';

/** The request as server.ts hands it on: which of the site's mount paths it came in under. */
export type MountedRequest = IncomingMessage & { originalUrl?: string; mountPath?: string };

export type LocalProvider = {
  kind: SiteKind;
  /** Where the site answers; the first is its issuer's path. */
  mountPaths: string[];
  /** `generic` has the listener on its own port to itself, at the root. */
  listener: 'main' | 'generic';
  provider: Provider;
  // oidc-provider's request handler; it expects the path below the mount path (see server.ts).
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  clients: ClientSettings[];
  /** Published keys, the first signs. */
  signingKeys: SigningJwk[];
  routes: Record<string, string>;
  /** How often the app read the discovery document and the key set (GET /__dev/keys). */
  reads: { discovery: number; jwks: number };
};

// Paths under each issuer. Google's mirror the paths of its real endpoints (which live on several
// hosts); Entra's and Keycloak's are theirs, found through discovery like any others.
const routes: Record<SiteKind, Record<string, string>> = {
  google: { authorization: '/o/oauth2/v2/auth', token: '/token', jwks: '/oauth2/v3/certs', userinfo: '/v1/userinfo' },
  microsoft: { authorization: '/oauth2/v2.0/authorize', token: '/oauth2/v2.0/token', jwks: '/discovery/v2.0/keys', userinfo: '/oidc/userinfo' },
  keycloak: {
    authorization: '/protocol/openid-connect/auth',
    token: '/protocol/openid-connect/token',
    jwks: '/protocol/openid-connect/certs',
    userinfo: '/protocol/openid-connect/userinfo',
  },
  generic: { authorization: '/authorize', token: '/token', jwks: '/jwks', userinfo: '/userinfo' },
};

// Which claims each scope releases. The ID token carries them (conformIdTokenClaims: false), as
// Google's and Entra's do in the code flow. Entra has no email_verified; xms_edov is its optional
// "e-mail domain owner verified" claim.
const standardClaims = { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] };
const claims: Record<SiteKind, Record<string, string[]>> = {
  google: { openid: ['sub'], email: ['email', 'email_verified', 'hd'], profile: ['name'] },
  microsoft: { openid: ['sub', 'tid', 'oid'], email: ['email', 'xms_edov'], profile: ['name', 'preferred_username'] },
  keycloak: standardClaims,
  generic: standardClaims,
};

// Seconds. An interaction (the picker) may stay open as long as the app's flow cookie lives.
const lifetimes = {
  AccessToken: 3600,
  AuthorizationCode: 60,
  Grant: 3600,
  IdToken: 3600,
  Interaction: 600,
  RefreshToken: 86_400,
  Session: 600,
};

// Google grants refresh tokens through access_type=offline, not a scope; the others through offline_access.
const scopes: Record<SiteKind, string[]> = {
  google: ['openid', 'email', 'profile'],
  microsoft: ['openid', 'email', 'profile', 'offline_access'],
  keycloak: ['openid', 'email', 'profile', 'offline_access'],
  generic: ['openid', 'email', 'profile', 'offline_access'],
};

export function sessionCookieNameOf(kind: SiteKind): string {
  return `_${kind}_session`;
}

// Every sign-in shows the picker (or follows login_hint), and prompt=select_account, which both
// real providers accept, is accepted too rather than refused as unsupported.
function signInPolicy() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 1);
  return policy;
}

// Consent is implied: the grant covers whatever OpenID scopes the client asked for.
async function grantRequestedScopes(ctx: OidcContext) {
  const { oidc } = ctx;
  const accountId = oidc.session?.accountId;
  if (!accountId || !oidc.client || !oidc.result?.login) return undefined;
  const grant = new oidc.provider.Grant({ accountId, clientId: oidc.client.clientId });
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  await grant.save();
  return grant;
}

// Kept across a key rotation (which builds the site's Provider anew): sign-ins under way go on.
const stores = new Map<SiteKind, ReturnType<typeof createMemoryStore>>();
const cookieKeys = new Map<SiteKind, string[]>();

function clientsOf(kind: SiteKind): ClientSettings[] {
  const { clients } = identityProviderSettings;
  if (kind === 'google') return [clients.google];
  if (kind === 'microsoft') return [clients.microsoft];
  // A realm or a bare provider may stand behind any of the app's buttons.
  return Object.values(clients);
}

function issuerOf(kind: SiteKind): string {
  const settings = identityProviderSettings;
  if (kind === 'generic') return settings.genericIssuer;
  return `${settings.origin}${settings.mountPaths[kind][0]}`;
}

function configurationFor(kind: SiteKind, signingKeys: SigningJwk[]): Partial<Configuration> {
  const defaultMount = identityProviderSettings.mountPaths[kind][0]!;
  if (!stores.has(kind)) stores.set(kind, createMemoryStore());
  // New at every start: a restart only ends the sign-ins that were under way.
  if (!cookieKeys.has(kind)) cookieKeys.set(kind, [randomBytes(32).toString('base64url')]);
  return {
    adapter: stores.get(kind)!,
    clients: clientsOf(kind).map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      client_name: `Desk Booking sign-in (${client.clientId})`,
      // Plain http to web.desk.localhost: oidc-provider refuses http redirect URIs only for
      // the implicit flow and for native clients, so a web client of the code flow may use them.
      redirect_uris: client.redirectUris,
      response_types: ['code'],
      grant_types: scopes[kind].includes('offline_access') ? ['authorization_code', 'refresh_token'] : ['authorization_code'],
      // What google-auth-library and MSAL send; oidc-provider accepts client_secret_basic as well.
      token_endpoint_auth_method: 'client_secret_post',
      id_token_signed_response_alg: 'RS256',
    })),
    claims: claims[kind],
    clientAuthMethods: ['client_secret_post', 'client_secret_basic'],
    clientBasedCORS: () => false,
    conformIdTokenClaims: false,
    cookies: {
      names: { session: sessionCookieNameOf(kind), interaction: `_${kind}_interaction`, resume: `_${kind}_interaction_resume` },
      keys: cookieKeys.get(kind)!,
    },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    features: {
      // The account picker of this folder replaces oidc-provider's own development pages.
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
    },
    async findAccount(_ctx, accountId) {
      const email = emailForAccountId(kind, accountId);
      return email === undefined ? undefined : { accountId, claims: () => claimsFor(kind, email) };
    },
    interactions: {
      policy: signInPolicy(),
      // Under the mount path the request came in by (Entra: /<tenant> or /organizations).
      url: (ctx, interaction) => `${(ctx.req as MountedRequest).mountPath ?? defaultMount}/interaction/${interaction.uid}`,
    },
    jwks: { keys: [...signingKeys, ...additionalPublishedKeys] as typeof signingKeys },
    loadExistingGrant: grantRequestedScopes,
    pkce: { required: () => true },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderErrorPage(kind, 'The sign-in request was refused', `${out.error}: ${out.error_description ?? ''}`);
    },
    responseTypes: ['code'],
    routes: routes[kind],
    scopes: scopes[kind],
    ttl: lifetimes,
  };
}

// Entra's multi-tenant discovery (/organizations, /common) names the issuer with a placeholder,
// https://login.microsoftonline.com/{tenantid}/v2.0, while each token names its own tenant.
function templatedTenantIssuer(provider: Provider): void {
  const multiTenantMount = identityProviderSettings.mountPaths.microsoft[1];
  provider.use(async (ctx, next) => {
    await next();
    const mounted = (ctx.req as MountedRequest).mountPath;
    if (mounted === multiTenantMount && ctx.path === '/.well-known/openid-configuration' && ctx.body && typeof ctx.body === 'object') {
      const body = ctx.body as { issuer: string };
      body.issuer = `${identityProviderSettings.origin}/microsoft/{tenantid}/v2.0`;
    }
  });
}

/**
 * The discovery document sends browsers to the authorization endpoint over http, on the same
 * port (server.ts): a page on loopback over http shows no certificate warning, whereas our local
 * authority is unknown to browsers. Everything the app's server calls (discovery, token, keys)
 * stays https, as a real provider's does.
 */
function withBrowserFacingAuthorization(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/.well-known/openid-configuration' && ctx.body && typeof ctx.body === 'object') {
      const body = ctx.body as { authorization_endpoint?: string };
      body.authorization_endpoint = body.authorization_endpoint?.replace(/^https:/, 'http:');
    }
  });
}

// Accounts `rp-<case>.…@…` receive the ID token of a relying-party case (relying-party-cases.ts).
function relyingPartyCaseTokens(provider: Provider, kind: SiteKind, signingKeys: SigningJwk[]): void {
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== routes[kind].token || !ctx.body || typeof ctx.body !== 'object') return;
    const body = ctx.body as { id_token?: unknown };
    if (typeof body.id_token === 'string') body.id_token = await idTokenForCase(body.id_token, signingKeys[0]!);
  });
}

// oidc-provider would refuse them in its own key set: they are added to what it publishes.
function unusableKeysInKeySet(provider: Provider, kind: SiteKind): void {
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== routes[kind].jwks || !ctx.body || typeof ctx.body !== 'object') return;
    const body = ctx.body as { keys?: unknown[] };
    if (Array.isArray(body.keys)) body.keys = [...body.keys, ...unusableKeys];
  });
}

function buildProvider(kind: SiteKind, signingKeys: SigningJwk[]): Provider {
  const provider = new Provider(issuerOf(kind), configurationFor(kind, signingKeys));
  logProviderErrors(kind, provider);
  if (kind === 'microsoft') templatedTenantIssuer(provider);
  withBrowserFacingAuthorization(provider);
  relyingPartyCaseTokens(provider, kind, signingKeys);
  unusableKeysInKeySet(provider, kind);
  return provider;
}

/**
 * A key rotation as Keycloak's "rotate now" does it: a new key signs from now on, the old one is
 * still published. The app has never seen the new key when the next token arrives.
 */
export function rotateSigningKey(site: LocalProvider): SigningJwk {
  const key = newSigningKey();
  site.signingKeys = [key, ...site.signingKeys].slice(0, 3);
  site.provider = buildProvider(site.kind, site.signingKeys);
  site.handle = site.provider.callback();
  return key;
}

function logProviderErrors(kind: SiteKind, provider: Provider): void {
  for (const event of ['authorization.error', 'grant.error', 'server_error'] as const) {
    provider.on(event, (ctx, error) => {
      // The app's reachability probe (lib/flows/sso/providers/provider-probe.ts): a bare GET, answered 400 on purpose.
      if (event === 'authorization.error' && ctx.method === 'GET' && ctx.querystring === '') return;
      const detail = (error as Error & { error_description?: string }).error_description;
      console.error(`${kind}: ${event}: ${error.message}${detail ? ` (${detail})` : ''}`);
    });
  }
}

export function createLocalProviders(signingKeys: Record<SiteKind, SigningJwk>): LocalProvider[] {
  const { mountPaths } = identityProviderSettings;
  return (['google', 'microsoft', 'keycloak', 'generic'] as const).map((kind) => {
    const provider = buildProvider(kind, [signingKeys[kind]]);
    return {
      kind,
      mountPaths: mountPaths[kind],
      listener: kind === 'generic' ? 'generic' : 'main',
      provider,
      handle: provider.callback(),
      clients: clientsOf(kind),
      signingKeys: [signingKeys[kind]],
      routes: routes[kind],
      reads: { discovery: 0, jwks: 0 },
    };
  });
}
