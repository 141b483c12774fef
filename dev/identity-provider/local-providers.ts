// The two oidc-provider instances: one plays Google, one plays Microsoft Entra ID. Both do the
// authorization code flow only, with PKCE S256 required, for one confidential client each.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Provider, interactionPolicy } from 'oidc-provider';
import type { Configuration, OidcContext } from 'oidc-provider';
import { claimsFor, emailForAccountId } from './accounts.ts';
import { createMemoryStore } from './memory-store.ts';
import { renderErrorPage } from './pages.ts';
import { identityProviderSettings } from './settings.ts';
import type { ClientSettings, ProviderKind } from './settings.ts';
import type { SigningJwk } from './signing-keys.ts';

export type LocalProvider = {
  kind: ProviderKind;
  mountPath: string;
  provider: Provider;
  // oidc-provider's request handler; it expects the path below mountPath (see server.ts).
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  client: ClientSettings;
};

// Paths under each issuer. Google's mirror the paths of its real endpoints (which live on several
// hosts); Entra's endpoints are found through discovery, so theirs only need to be readable.
const routes: Record<ProviderKind, Record<string, string>> = {
  google: { authorization: '/o/oauth2/v2/auth', token: '/token', jwks: '/oauth2/v3/certs', userinfo: '/v1/userinfo' },
  microsoft: { authorization: '/oauth2/v2.0/authorize', token: '/oauth2/v2.0/token', jwks: '/discovery/v2.0/keys', userinfo: '/oidc/userinfo' },
};

// Which claims each scope releases. The ID token carries them (conformIdTokenClaims: false), as
// Google's and Entra's do in the code flow.
const claims: Record<ProviderKind, Record<string, string[]>> = {
  google: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  microsoft: { openid: ['sub', 'tid', 'oid'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
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

// Google grants refresh tokens through access_type=offline, not a scope; Entra through offline_access.
const scopes: Record<ProviderKind, string[]> = {
  google: ['openid', 'email', 'profile'],
  microsoft: ['openid', 'email', 'profile', 'offline_access'],
};

export function sessionCookieNameOf(kind: ProviderKind): string {
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

function configurationFor(kind: ProviderKind, client: ClientSettings, signingKey: SigningJwk): Partial<Configuration> {
  const mountPath = identityProviderSettings.mountPaths[kind];
  return {
    adapter: createMemoryStore(),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        client_name: `Desk Booking sign-in (${client.clientId})`,
        // Plain http to web.desk.localhost: oidc-provider refuses http redirect URIs only for
        // the implicit flow and for native clients, so a web client of the code flow may use them.
        redirect_uris: client.redirectUris,
        response_types: ['code'],
        grant_types: kind === 'microsoft' ? ['authorization_code', 'refresh_token'] : ['authorization_code'],
        // What google-auth-library and MSAL send; oidc-provider accepts client_secret_basic as well.
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    claims: claims[kind],
    clientAuthMethods: ['client_secret_post', 'client_secret_basic'],
    clientBasedCORS: () => false,
    conformIdTokenClaims: false,
    cookies: {
      names: { session: sessionCookieNameOf(kind), interaction: `_${kind}_interaction`, resume: `_${kind}_interaction_resume` },
      // New at every start: a restart only ends the sign-ins that were under way.
      keys: [randomBytes(32).toString('base64url')],
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
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    jwks: { keys: [signingKey] },
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

function logProviderErrors(kind: ProviderKind, provider: Provider): void {
  for (const event of ['authorization.error', 'grant.error', 'server_error'] as const) {
    provider.on(event, (_ctx, error) => {
      const detail = (error as Error & { error_description?: string }).error_description;
      console.error(`${kind}: ${event}: ${error.message}${detail ? ` (${detail})` : ''}`);
    });
  }
}

export function createLocalProviders(signingKeys: Record<ProviderKind, SigningJwk>): LocalProvider[] {
  const { origin, mountPaths, clients } = identityProviderSettings;
  return (['google', 'microsoft'] as const).map((kind) => {
    const provider = new Provider(`${origin}${mountPaths[kind]}`, configurationFor(kind, clients[kind], signingKeys[kind]));
    logProviderErrors(kind, provider);
    return { kind, mountPath: mountPaths[kind], provider, handle: provider.callback(), client: clients[kind] };
  });
}
